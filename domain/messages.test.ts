import { describe, it, expect } from "vitest";
import {
  MESSAGES,
  baseErrorText,
  countOf,
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

describe("counts (issue 30: one rule, countOf)", () => {
  it("singular for exactly one, plural otherwise", () => {
    expect(countOf(1, "notification")).toBe("1 notification");
    expect(countOf(0, "notification")).toBe("0 notifications");
    expect(countOf(2, "reply", "replies")).toBe("2 replies");
    expect(MESSAGES.notificationsCount(1)).toBe("1 notification");
    expect(MESSAGES.dashboardUi.comparing(1)).toBe("Comparing 1 context");
    expect(MESSAGES.widgetsUi.starsColumn(1)).toBe("1 star");
  });

  it("no message that takes a count says '1 <things>'", () => {
    const slips: string[] = [];
    const walk = (entries: Record<string, unknown>, prefix: string) => {
      for (const [key, value] of Object.entries(entries)) {
        if (value !== null && typeof value === "object") walk(value as Record<string, unknown>, `${prefix}${key}.`);
        // A formatter whose first parameter is a count (n, count, total, stars, chosen, unread...).
        else if (typeof value === "function" && /^\(?\s*(n|count|total|stars|unread|done)\b/.test(String(value))) {
          const text = (value as (...a: unknown[]) => string)(1, 1, false);
          // "1 items", "1 notifications" (but not "1 is", "Page 1 of", "1 chosen").
          if (/(^|\s)1 (?!is\b|was\b|has\b)[a-z]+[^s]?s\b/.test(text) && !/\b1 (chosen|of)\b/.test(text)) slips.push(`${prefix}${key}: ${text}`);
        }
      }
    };
    walk(MESSAGES as unknown as Record<string, unknown>, "");
    expect(slips).toEqual([]);
  });
});
