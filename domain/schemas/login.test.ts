import { describe, it, expect } from "vitest";
import { MESSAGES } from "../messages";
import { LoginSchema } from "./login";

function errors(value: unknown): Record<string, string[]> {
  const r = LoginSchema.safeParse(value);
  const out: Record<string, string[]> = {};
  if (!r.success)
    for (const i of r.error.issues)
      (out[i.path.join(".")] ??= []).push(i.message);
  return out;
}

describe("LoginSchema", () => {
  it("requires email and password (conform sends undefined for empty fields)", () => {
    expect(errors({})).toEqual({
      email: [MESSAGES.required],
      password: [MESSAGES.required],
    });
    expect(errors({ email: "", password: "" })).toEqual({
      email: [MESSAGES.required],
      password: [MESSAGES.required],
    });
  });

  it("validates the e-mail address", () => {
    expect(errors({ email: "nope", password: "x" })).toEqual({
      email: [MESSAGES.email],
    });
  });

  it("applies no strength rules at login and trims the e-mail", () => {
    const r = LoginSchema.parse({ email: " ada@example.com ", password: "x" });
    expect(r).toEqual({ email: "ada@example.com", password: "x" });
  });

  it("treats a blank otp code as absent and trims a given one", () => {
    const blank = LoginSchema.parse({
      email: "a@b.co",
      password: "x",
      otp_code: "  ",
    });
    expect(blank.otp_code).toBeUndefined();
    expect(JSON.stringify(blank)).not.toContain("otp_code");
    expect(
      LoginSchema.parse({
        email: "a@b.co",
        password: "x",
        otp_code: " 123456 ",
      }).otp_code,
    ).toBe("123456");
  });
});
