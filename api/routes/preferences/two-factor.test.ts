import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const BASE = "/api/v1/accounts/preferences/security/two_factor_authentication";
const CODE_NOT_VALID = MESSAGES.codeNotValid;
const INVALID_OTP = MESSAGES.invalidOtpCode;
const TOO_MANY = MESSAGES.tooManyAttempts;
const STEP = 30 * 1000;

describe.each(testEngines({ engineSpecific: true }))("two-factor login on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let spare: TenantFixture;
  // Forward only: each TOTP step is used at most once per account.
  let clock = Date.now();

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(clock) });
    [tenant, spare] = await Promise.all([fx.createTenant(), fx.createTenant()]);
  });
  afterAll(() => fx.cleanup());

  function totp(secret: string, at = clock): string {
    return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30 }).generate({
      timestamp: at,
    });
  }

  /** Moves the clock to the start of the next TOTP step. */
  function nextStep() {
    clock = (Math.floor(clock / STEP) + 1) * STEP + 1000;
  }

  function login(email: string, otpCode?: string, password = TEST_PASSWORD) {
    const body: Record<string, string> = { email, password };
    if (otpCode !== undefined) body.otp_code = otpCode;
    return fx.request("POST", "/api/v1/session", { body });
  }

  function setup(auth: SignedIn) {
    return fx.request("POST", `${BASE}/setup`, { auth });
  }

  function activate(auth: SignedIn, otpCode: string) {
    return fx.request("POST", `${BASE}/activate`, { auth, body: { otp_code: otpCode } });
  }

  function regenerate(auth: SignedIn) {
    return fx.request("POST", `${BASE}/regenerate_backup_codes`, { auth });
  }

  function disable(auth: SignedIn, password: string) {
    return fx.request("POST", "/api/accounts/two_factor_authentications", { auth, body: { password } });
  }

  /** Signs in, sets up and activates two-factor login. */
  async function enable(email: string) {
    const auth = await fx.signIn(email);
    const set = await setup(auth);
    expect(set.status).toBe(200);
    const secret: string = set.json.secret;
    const on = await activate(auth, totp(secret));
    expect(on.status).toBe(200);
    return { auth, secret, backupCodes: on.json.backup_codes as string[] };
  }

  it("setup answers a secret, an otpauth URI with the issuer, and an SVG QR code; login needs no code yet", async () => {
    const email = tenant.accounts.agent.email;
    const auth = await fx.signIn(email);
    const res = await setup(auth);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({
      secret: expect.any(String),
      otpauth_uri: expect.any(String),
      qr_code_svg: expect.any(String),
    });
    expect(res.json.secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(res.json.otpauth_uri.startsWith("otpauth://totp/")).toBe(true);
    const uri = new URL(res.json.otpauth_uri);
    expect(uri.searchParams.get("issuer")).toBe("Earshot");
    expect(uri.searchParams.get("secret")).toBe(res.json.secret);
    expect(decodeURIComponent(uri.pathname)).toContain(email);
    expect(/^(<svg|<\?xml)/.test(res.json.qr_code_svg)).toBe(true);

    // Not on until a code proves the app has the secret.
    expect((await login(email)).status).toBe(201);
    const me = await fx.request("GET", "/api/accounts", { auth });
    expect(me.json.preferences.security.two_factor_authorization.otp_enabled).toBe(false);
  });

  it("activate refuses a wrong or malformed code with 422 on otp_code and stays off", async () => {
    const email = tenant.accounts.guest.email;
    const auth = await fx.signIn(email);
    const { json } = await setup(auth);
    const right = totp(json.secret);
    const wrong = right === "000000" ? "111111" : "000000";
    for (const code of [wrong, "12", "abcdef"]) {
      const res = await activate(auth, code);
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ otp_code: [CODE_NOT_VALID] });
    }
    expect((await login(email)).status).toBe(201);
  });

  it("activate with the app's code answers 10 distinct backup codes; login then needs a code", async () => {
    const email = tenant.accounts.admin.email;
    const { auth, secret, backupCodes } = await enable(email);
    expect(backupCodes).toHaveLength(10);
    expect(new Set(backupCodes).size).toBe(10);
    const me = await fx.request("GET", "/api/accounts", { auth });
    expect(me.json.preferences.security.two_factor_authorization.otp_enabled).toBe(true);
    expect(me.json).not.toHaveProperty("otp_secret");

    const without = await login(email);
    expect(without.status).toBe(401);
    expect(without.json).toEqual({ error_message: INVALID_OTP, otp_token: expect.any(String) });
    const wrong = await login(email, totp(secret) === "000000" ? "111111" : "000000");
    expect(wrong.status).toBe(401);
    expect(wrong.json).toEqual({ error_message: CODE_NOT_VALID });
    // A wrong password is still only 'incorrect', whatever the code.
    const badPassword = await login(email, totp(secret), "Wrong-pass1");
    expect(badPassword.status).toBe(401);
    expect(badPassword.json).toEqual({ error_message: "Email or password is incorrect" });

    // The code used for activation is spent; the next step's code works.
    expect((await login(email, totp(secret))).status).toBe(401);
    nextStep();
    const ok = await login(email, totp(secret));
    expect(ok.status).toBe(201);
    expect(ok.json.account.id).toBe(tenant.accounts.admin.id);

    // Setup again while on is refused.
    expect((await setup(auth)).status).toBe(409);
  });

  it("accepts a TOTP code once only at login, and no older code after it", async () => {
    const email = tenant.accounts.systemAdmin.email;
    const { secret } = await enable(email);
    nextStep();
    const code = totp(secret);
    expect((await login(email, code)).status).toBe(201);
    const replay = await login(email, code);
    expect(replay.status).toBe(401);
    expect(replay.json).toEqual({ error_message: CODE_NOT_VALID });

    // One step later the previous code is still inside the drift window, but it was used.
    clock += STEP;
    expect((await login(email, code)).status).toBe(401);
    expect((await login(email, totp(secret))).status).toBe(201);
  });

  it("accepts one fresh TOTP code once even when two logins race with it", async () => {
    const email = spare.accounts.admin.email;
    const { secret } = await enable(email);
    nextStep();
    const code = totp(secret);
    const results = await Promise.all([login(email, code), login(email, code), login(email, code)]);
    expect(results.map((r) => r.status).sort()).toEqual([201, 401, 401]);
  });

  it("a backup code works once; codes are stored hashed", async () => {
    const email = spare.accounts.agent.email;
    const { backupCodes } = await enable(email);
    const [first, second] = backupCodes as [string, string];

    const rows = await fx.db
      .selectFrom("backupCodes")
      .selectAll()
      .where("accountId", "=", spare.accounts.agent.id)
      .execute();
    expect(rows).toHaveLength(10);
    const stored = JSON.stringify(rows);
    for (const code of backupCodes) {
      expect(stored).not.toContain(code);
      expect(stored).not.toContain(code.replace("-", ""));
    }

    const ok = await login(email, first);
    expect(ok.status).toBe(201);
    const again = await login(email, first);
    expect(again.status).toBe(401);
    expect(again.json).toEqual({ error_message: CODE_NOT_VALID });
    // Another one still works (typed in capitals, without the dash).
    expect((await login(email, second.replace("-", "").toUpperCase())).status).toBe(201);
    expect((await login(email, second)).status).toBe(401);
  });

  it("regenerate_backup_codes replaces the codes: old ones fail, new ones work", async () => {
    const email = spare.accounts.guest.email;
    const { auth, backupCodes } = await enable(email);
    const res = await regenerate(auth);
    expect(res.status).toBe(200);
    const fresh: string[] = res.json.backup_codes;
    expect(fresh).toHaveLength(10);
    expect(new Set(fresh).size).toBe(10);
    expect(fresh.filter((c) => backupCodes.includes(c))).toEqual([]);

    const old = await login(email, backupCodes[0]!);
    expect(old.status).toBe(401);
    expect(old.json).toEqual({ error_message: CODE_NOT_VALID });
    expect((await login(email, fresh[0]!)).status).toBe(201);
  });

  it("regenerate_backup_codes without two-factor on is refused", async () => {
    const auth = await fx.signIn(tenant.accounts.agent.email);
    const res = await regenerate(auth);
    expect(res.status).toBe(400);
  });

  it("disabling needs the password: wrong → 422, right → off, and login needs no code again", async () => {
    const t = await fx.createTenant();
    const email = t.accounts.agent.email;
    const { auth, backupCodes } = await enable(email);

    const wrong = await disable(auth, "Wrong-pass1");
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({ password: ["The current password is not correct."] });
    expect((await login(email)).status).toBe(401);

    const empty = await disable(auth, "");
    expect(empty.status).toBe(422);
    expect(empty.json.errors).toEqual({ password: ["Should not be empty!"] });

    const res = await disable(auth, TEST_PASSWORD);
    expect(res.status).toBe(200);
    expect(res.json).toEqual({ otp_enabled: false });
    const plain = await login(email);
    expect(plain.status).toBe(201);
    // The backup codes went with it.
    const left = await fx.db
      .selectFrom("backupCodes")
      .selectAll()
      .where("accountId", "=", t.accounts.agent.id)
      .execute();
    expect(left).toEqual([]);
    expect(backupCodes).toHaveLength(10);
  });

  describe("ends the account's other sessions, as a password change does (issue 31)", () => {
    function me(auth: SignedIn) {
      return fx.request("GET", "/api/accounts", { auth });
    }
    function refresh(auth: SignedIn) {
      return fx.request("PUT", "/api/v1/session", { headers: { authorization: `Bearer ${auth.refreshToken}` } });
    }

    it("turning two-factor on: the other session's access and refresh tokens answer 401; this one stays", async () => {
      const own = await fx.createTenant();
      const email = own.accounts.agent.email;
      const other = await fx.signIn(email);
      const { auth } = await enable(email);
      expect((await me(other)).status).toBe(401);
      expect((await refresh(other)).status).toBe(401);
      expect((await me(auth)).status).toBe(200);
      // Another account's session is untouched.
      const neighbour = await fx.signIn(own.accounts.guest.email);
      expect((await me(neighbour)).status).toBe(200);
    });

    it("turning two-factor off: the other session ends too; this one stays", async () => {
      const own = await fx.createTenant();
      const email = own.accounts.agent.email;
      const { auth, secret } = await enable(email);
      nextStep();
      const second = await login(email, totp(secret));
      expect(second.status).toBe(201);
      const other = { ...auth, accessToken: second.json.access_token, refreshToken: second.json.refresh_token };
      expect((await me(other)).status).toBe(200);
      expect((await disable(auth, TEST_PASSWORD)).status).toBe(200);
      expect((await me(other)).status).toBe(401);
      expect((await me(auth)).status).toBe(200);
    });
  });

  it("throttles code attempts per account: 5 wrong codes lock the login, even with the right code", async () => {
    const t = await fx.createTenant();
    const email = t.accounts.guest.email;
    const { secret } = await enable(email);
    nextStep();
    const right = totp(secret);
    const wrong = right === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await login(email, wrong);
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error_message: CODE_NOT_VALID });
    }
    const locked = await login(email, right);
    expect(locked.status).toBe(429);
    expect(locked.json).toEqual({ error_message: TOO_MANY });
  });

  it("needs a signed-in caller and the CSRF token", async () => {
    expect((await fx.request("POST", `${BASE}/setup`)).status).toBe(401);
    const auth = await fx.signIn(spare.accounts.systemAdmin.email);
    const res = await fx.request("POST", `${BASE}/setup`, { auth, csrf: null });
    expect(res.status).toBe(403);
  });
});
