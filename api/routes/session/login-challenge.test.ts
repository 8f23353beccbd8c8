import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateAccount } from "../../../db/repositories/accounts";
import { createApiFixture, TEST_PASSWORD, type ApiFixture, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

// The code step of two-factor login carries a short-lived token instead of the password (ADR 008).
describe.each(testEngines({ engineSpecific: true }))("two-factor code step with a login token on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let now = new Date("2026-11-22T10:00:00.000Z");
  const secret = new OTPAuth.Secret().base32;
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) });
  const codeAt = (date: Date) => totp.generate({ timestamp: date.getTime() });

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => now });
    tenant = await fx.createTenant();
    for (const key of ["agent", "admin"] as const) {
      await updateAccount(fx.db, tenant.businessProfileId, tenant.accounts[key].id, { otpEnabled: 1, otpSecret: secret });
    }
  });
  afterAll(() => fx.cleanup());

  async function passwordStep(email: string) {
    const res = await fx.request("POST", "/api/v1/session", { body: { email, password: TEST_PASSWORD } });
    expect(res.status).toBe(401);
    expect(res.json.error_message).toBe("Invalid otp code");
    return res.json.otp_token as string;
  }

  it("a right password yields a token; token + code sign in without the password, once", async () => {
    const email = tenant.accounts.agent.email;
    const otpToken = await passwordStep(email);
    expect(otpToken.length).toBeGreaterThanOrEqual(43);
    now = new Date(now.getTime() + 30_000);
    const ok = await fx.request("POST", "/api/v1/session", { body: { email, otp_token: otpToken, otp_code: codeAt(now) } });
    expect(ok.status).toBe(201);
    now = new Date(now.getTime() + 30_000);
    const again = await fx.request("POST", "/api/v1/session", { body: { email, otp_token: otpToken, otp_code: codeAt(now) } });
    expect(again.status).toBe(401);
    expect(again.json.error_message).toBe("Email or password is incorrect");
  });

  it("a wrong code keeps the token usable for another try", async () => {
    const email = tenant.accounts.agent.email;
    const otpToken = await passwordStep(email);
    now = new Date(now.getTime() + 30_000);
    const wrong = await fx.request("POST", "/api/v1/session", { body: { email, otp_token: otpToken, otp_code: "000000" } });
    expect(wrong.json.error_message).toBe("Code is not valid.");
    const ok = await fx.request("POST", "/api/v1/session", { body: { email, otp_token: otpToken, otp_code: codeAt(now) } });
    expect(ok.status).toBe(201);
  });

  it("a token works only for its own account and only for 5 minutes", async () => {
    const otpToken = await passwordStep(tenant.accounts.agent.email);
    now = new Date(now.getTime() + 30_000);
    const foreign = await fx.request("POST", "/api/v1/session", {
      body: { email: tenant.accounts.admin.email, otp_token: otpToken, otp_code: codeAt(now) },
    });
    expect(foreign.status).toBe(401);
    expect(foreign.json.error_message).toBe("Email or password is incorrect");
    now = new Date(now.getTime() + 5 * 60_000 + 1);
    const late = await fx.request("POST", "/api/v1/session", {
      body: { email: tenant.accounts.agent.email, otp_token: otpToken, otp_code: codeAt(now) },
    });
    expect(late.status).toBe(401);
    expect(late.json.error_message).toBe("Email or password is incorrect");
  });

  it("a made-up token is refused like a wrong password, and neither password nor token is a 422", async () => {
    const made = await fx.request("POST", "/api/v1/session", {
      body: { email: tenant.accounts.agent.email, otp_token: "nope", otp_code: "123456" },
    });
    expect(made.status).toBe(401);
    const neither = await fx.request("POST", "/api/v1/session", { body: { email: tenant.accounts.agent.email } });
    expect(neither.status).toBe(422);
    expect(neither.json.errors.password).toEqual(["Should not be empty!"]);
  });
});
