import { describe, it, expect } from "vitest";
import { MESSAGES } from "../messages";
import { PasswordSchema } from "./password";

function messages(value: unknown): string[] {
  const r = PasswordSchema.safeParse(value);
  return r.success ? [] : r.error.issues.map((i) => i.message);
}

describe("PasswordSchema", () => {
  it("accepts a strong password", () => {
    expect(PasswordSchema.safeParse("Str0ng!pass").success).toBe(true);
  });

  it("reports only 'required' for a missing or empty value", () => {
    expect(messages(undefined)).toEqual([MESSAGES.required]);
    expect(messages("")).toEqual([MESSAGES.required]);
  });

  it("reports each rule with its catalogue message", () => {
    expect(messages("Ab1!")).toEqual([MESSAGES.minLength]);
    expect(messages(`Ab1!${"x".repeat(130)}`)).toEqual([MESSAGES.maxLength]);
    expect(messages("Abcdefg!")).toEqual([MESSAGES.passwordDigit]);
    expect(messages("ABCDEF1!")).toEqual([MESSAGES.passwordLowercase]);
    expect(messages("abcdef1!")).toEqual([MESSAGES.passwordUppercase]);
    expect(messages("Abcdefg1")).toEqual([MESSAGES.passwordSpecial]);
  });

  it("reports failed rules in order", () => {
    expect(messages("abc")).toEqual([
      MESSAGES.minLength,
      MESSAGES.passwordDigit,
      MESSAGES.passwordUppercase,
      MESSAGES.passwordSpecial,
    ]);
  });

  it("rejects non-strings with 'Wrong format!'", () => {
    expect(messages(12345678)).toEqual([MESSAGES.wrongFormat]);
  });
});
