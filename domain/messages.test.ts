import { describe, it, expect } from "vitest";
import {
  MESSAGES,
  baseErrorText,
  fieldErrorText,
} from "./messages";

describe("MESSAGES", () => {
  it("holds every string exactly once (groups of a screen included)", () => {
    const seen = new Map<string, string>();
    const duplicates: string[] = [];
    const walk = (entries: Record<string, unknown>, prefix: string) => {
      for (const [key, value] of Object.entries(entries)) {
        if (value !== null && typeof value === "object") {
          walk(value as Record<string, unknown>, `${prefix}${key}.`);
          continue;
        }
        // Formatters get a placeholder for each parameter they declare.
        const text =
          typeof value === "function"
            ? (value as (...a: string[]) => string)(...Array<string>(Math.max(1, value.length)).fill("{x}"))
            : value;
        expect(typeof text).toBe("string");
        const other = seen.get(text as string);
        if (other) duplicates.push(`${other} / ${prefix}${key}: ${String(text)}`);
        seen.set(text as string, `${prefix}${key}`);
      }
    };
    walk(MESSAGES, "");
    expect(duplicates).toEqual([]);
  });

  it("has no empty entries", () => {
    for (const value of Object.values(MESSAGES)) {
      if (typeof value === "string") expect(value.trim()).not.toBe("");
    }
  });

  it("copies the spec's form messages verbatim", () => {
    expect(MESSAGES.required).toBe("Should not be empty!");
    expect(MESSAGES.minLength).toBe("It is too short!");
    expect(MESSAGES.maxLength).toBe("It is too long!");
    expect(MESSAGES.email).toBe("Email address is not valid!");
    expect(MESSAGES.emails).toBe("One or more email addresses are invalid.");
    expect(MESSAGES.notNegative).toBe("It can not be negative number!");
    expect(MESSAGES.sameAsPassword).toBe("Must be the same as password!");
    expect(MESSAGES.codeNotValid).toBe("Code is not valid.");
    expect(MESSAGES.reviewAuthFailed).toBe(
      "Could not authenticate. Please review the business name and try again.",
    );
  });

  it("copies the spec's typos verbatim", () => {
    expect(MESSAGES.templateUnpinned).toBe(
      "Template was unpined successfully!",
    );
    expect(MESSAGES.confirmMessage).toBe("Do you want to deleted this item?");
    expect(MESSAGES.markAllReadFailed).toBe(
      "We were not able to mark all notification as read.",
    );
  });

  it("copies toasts and UI texts verbatim", () => {
    expect(MESSAGES.templateDeleted).toBe("Template was deleted successfully");
    expect(MESSAGES.operationInProgress).toBe("Operation in progress...");
    expect(MESSAGES.unsavedText).toBe(
      "Your changes will be lost if you don't save them.",
    );
    expect(MESSAGES.dontSave).toBe("Don't save");
    expect(MESSAGES.invalidOtpCode).toBe("Invalid otp code");
    expect(MESSAGES.emailOrPasswordIncorrect).toBe(
      "Email or password is incorrect",
    );
  });

  it("formats parameterised messages", () => {
    expect(MESSAGES.templateUpdated("Greeting")).toBe(
      "Template 'Greeting' successfully updated",
    );
    expect(MESSAGES.templateCreated("Greeting")).toBe(
      "Template 'Greeting' successfully created",
    );
    expect(MESSAGES.notificationsCount(3)).toBe("3 notifications");
    expect(MESSAGES.chosenCount(2)).toBe("2 chosen");
    expect(MESSAGES.templateDeleteConfirm("Hi")).toBe(
      'Are you sure you want to delete template "Hi"? This action cannot be undone.',
    );
  });
});

describe("fieldErrorText / baseErrorText", () => {
  it("shows '{field} {first message}'", () => {
    expect(
      fieldErrorText("name", ["has already been taken", "is too long"]),
    ).toBe("name has already been taken");
  });

  it("gives '' when there is no message", () => {
    expect(fieldErrorText("name", [])).toBe("");
  });

  it("shows a base error as-is and falls back to the generic text", () => {
    expect(baseErrorText("Boom")).toBe("Boom");
    expect(baseErrorText("")).toBe("Something went wrong");
    expect(baseErrorText(undefined)).toBe("Something went wrong");
  });
});
