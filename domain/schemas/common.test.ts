import { describe, it, expect } from "vitest";
import { MESSAGES } from "../messages";
import { EMAIL_MAX_LENGTH, emailField, optionalString, requiredString } from "./common";

describe("common schema helpers", () => {
  it("requiredString: missing, null, empty and blank are 'required'; wrong type is 'Wrong format!'", () => {
    const s = requiredString().max(3, { error: MESSAGES.maxLength });
    for (const v of [undefined, null, "", "   "]) {
      const r = s.safeParse(v);
      expect(r.success ? [] : r.error.issues.map((i) => i.message)).toEqual([
        MESSAGES.required,
      ]);
    }
    expect(s.safeParse(5).error?.issues[0]?.message).toBe(MESSAGES.wrongFormat);
    expect(s.safeParse("abcd").error?.issues[0]?.message).toBe(
      MESSAGES.maxLength,
    );
    expect(s.parse(" ab ")).toBe("ab");
    expect(requiredString({ trim: false }).parse(" ab ")).toBe(" ab ");
  });

  it("optionalString: blank becomes undefined", () => {
    expect(optionalString().parse(undefined)).toBeUndefined();
    expect(optionalString().parse(" ")).toBeUndefined();
    expect(optionalString().parse(" a ")).toBe("a");
  });

  it("emailField: required, then valid", () => {
    expect(
      emailField()
        .safeParse("")
        .error?.issues.map((i) => i.message),
    ).toEqual([MESSAGES.required]);
    expect(
      emailField()
        .safeParse("a@")
        .error?.issues.map((i) => i.message),
    ).toEqual([MESSAGES.email]);
    expect(emailField().parse("a@b.co")).toBe("a@b.co");
  });

  it("emailField: longer than SMTP carries (254) is 'too long'", () => {
    const longest = `${"a".repeat(64)}@${"b".repeat(60)}.${"c".repeat(60)}.${"d".repeat(62)}.test`;
    expect(longest).toHaveLength(EMAIL_MAX_LENGTH);
    expect(emailField().safeParse(longest).success).toBe(true);
    expect(emailField().safeParse(`a${longest}`).error?.issues.map((i) => i.message)).toEqual([MESSAGES.maxLength]);
  });
});
