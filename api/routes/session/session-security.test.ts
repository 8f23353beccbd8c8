import * as OTPAuth from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateAccount } from "../../../db/repositories/accounts";
import {
  createApiFixture,
  TEST_PASSWORD,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const TOO_MANY = MESSAGES.tooManyAttempts;
const INCORRECT = MESSAGES.emailOrPasswordIncorrect;
const CSRF_INVALID = MESSAGES.csrfInvalid;
const MINUTE = 60 * 1000;

let unknownCounter = 0;
/** An e-mail no account has: a failed login that only feeds the throttle. */
function unknownEmail(): string {
  unknownCounter += 1;
  return `nobody-${unknownCounter}-${process.pid}@example.test`;
}

describe.each(testEngines())("session security on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let spare: TenantFixture;
  // A clock the tests move by hand (only forwards); everything else signs in afresh.
  let clock = Date.now();

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(clock) });
    [tenant, spare] = await Promise.all([fx.createTenant(), fx.createTenant()]);
  });
  afterAll(() => fx.cleanup());

  type LoginOptions = { clientIp?: string; headers?: Record<string, string>; otp_code?: string };
  function login(email: string, password: string, options: LoginOptions = {}) {
    const body: Record<string, string> = { email, password };
    if (options.otp_code !== undefined) body.otp_code = options.otp_code;
    return fx.request("POST", "/api/v1/session", { body, clientIp: options.clientIp, headers: options.headers });
  }

  function cookieHeader(auth: Pick<SignedIn, "sessionCookie">) {
    return { cookie: `earshot_api_session=${auth.sessionCookie}` };
  }

  function me(accessToken: string) {
    return fx.request("GET", "/api/accounts", { headers: { authorization: `Bearer ${accessToken}` } });
  }

  function refresh(refreshToken: string) {
    return fx.request("PUT", "/api/v1/session", { headers: { authorization: `Bearer ${refreshToken}` } });
  }

  describe("login throttling", () => {
    it("locks one account after 5 failures, even for the right password, but not its neighbours", async () => {
      const ip = "203.0.113.5";
      // Accounts that get locked are used by no other test.
      const target = spare.accounts.guest.email;
      for (let i = 0; i < 5; i++) {
        const res = await login(target, "Wrong-pass1", { clientIp: ip });
        expect(res.status).toBe(401);
        expect(res.json.error_message).toBe(INCORRECT);
      }
      const locked = await login(target, TEST_PASSWORD, { clientIp: ip });
      expect(locked.status).toBe(429);
      expect(locked.json).toEqual({ error_message: TOO_MANY });
      expect(locked.headers.get("set-cookie")).toBeNull();

      // The lock is per account (e-mail case and spaces do not matter), not per address.
      const variant = await login(`  ${target.toUpperCase()} `, TEST_PASSWORD, { clientIp: ip });
      expect(variant.status).toBe(429);
      const other = await login(spare.accounts.systemAdmin.email, TEST_PASSWORD, { clientIp: ip });
      expect(other.status).toBe(201);
      expect(other.json.account.id).toBe(spare.accounts.systemAdmin.id);
    });

    it("locks a client address after 20 failures across e-mails; X-Forwarded-For cannot escape it without TRUST_PROXY", async () => {
      // The fixture runs with trustProxy: false; the in-process caller binds the real address
      // (clientIp) and every attempt forges a different X-Forwarded-For.
      const realIp = "198.51.100.7";
      // Sent in parallel: every failure must count, however the attempts interleave.
      const failures = await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          login(unknownEmail(), "Wrong-pass1", { clientIp: realIp, headers: { "x-forwarded-for": `10.0.0.${i + 1}` } }),
        ),
      );
      expect(failures.map((r) => r.status)).toEqual(Array(20).fill(401));

      for (const forwarded of [undefined, "10.9.9.9", "198.51.100.8"]) {
        const blocked = await login(tenant.accounts.admin.email, TEST_PASSWORD, {
          clientIp: realIp,
          headers: forwarded ? { "x-forwarded-for": forwarded } : {},
        });
        expect(blocked.status).toBe(429);
        expect(blocked.json).toEqual({ error_message: TOO_MANY });
      }
      // The account itself is not locked: the same login from another address works.
      const elsewhere = await login(tenant.accounts.admin.email, TEST_PASSWORD, { clientIp: "198.51.100.8" });
      expect(elsewhere.status).toBe(201);
    });

    it("lifts the lock after 15 minutes", async () => {
      const email = tenant.accounts.systemAdmin.email;
      const failures = await Promise.all(Array.from({ length: 5 }, () => login(email, "Wrong-pass1")));
      expect(failures.map((r) => r.status)).toEqual(Array(5).fill(401));
      expect((await login(email, TEST_PASSWORD)).status).toBe(429);

      clock += 15 * MINUTE - 1000;
      expect((await login(email, TEST_PASSWORD)).status).toBe(429);
      clock += 1000;
      const after = await login(email, TEST_PASSWORD);
      expect(after.status).toBe(201);
      expect(after.json.account.id).toBe(tenant.accounts.systemAdmin.id);
    });

    it("forgets failures older than 15 minutes and starts afresh after a successful login", async () => {
      const email = spare.accounts.agent.email;
      const fail = (times: number) => Promise.all(Array.from({ length: times }, () => login(email, "Wrong-pass1")));
      expect((await fail(4)).map((r) => r.status)).toEqual(Array(4).fill(401));
      clock += 15 * MINUTE;
      // The window of those four is over: four more still leave the account open.
      expect((await fail(4)).map((r) => r.status)).toEqual(Array(4).fill(401));
      expect((await login(email, TEST_PASSWORD)).status).toBe(201);
      // The success cleared the count: four more failures in the same window do not lock either.
      await fail(4);
      expect((await login(email, TEST_PASSWORD)).status).toBe(201);
    });
  });

  describe("refresh token rotation", () => {
    it("PUT /v1/session trades a refresh token for a new pair; the previous pair stops working", async () => {
      const first = await fx.signIn(tenant.accounts.agent.email);
      const res = await refresh(first.refreshToken);
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ access_token: expect.any(String), refresh_token: expect.any(String) });
      expect(res.json.access_token).not.toBe(first.accessToken);
      expect(res.json.refresh_token).not.toBe(first.refreshToken);

      expect((await me(res.json.access_token)).status).toBe(200);
      const old = await me(first.accessToken);
      expect(old.status).toBe(401);

      // The new refresh token rotates again.
      const again = await refresh(res.json.refresh_token);
      expect(again.status).toBe(200);
      expect((await me(again.json.access_token)).status).toBe(200);
    });

    it("accepts the check_old_ui_authorization body the web client sends", async () => {
      const auth = await fx.signIn(tenant.accounts.agent.email);
      const res = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${auth.refreshToken}` },
        body: { check_old_ui_authorization: true },
      });
      expect(res.status).toBe(200);
    });

    it("revokes the whole session when a used refresh token is presented again", async () => {
      const first = await fx.signIn(tenant.accounts.agent.email);
      const second = await refresh(first.refreshToken);
      expect(second.status).toBe(200);

      const reuse = await refresh(first.refreshToken);
      expect(reuse.status).toBe(401);

      // Every token of the family is dead now, including the newest pair and the session cookie.
      expect((await me(second.json.access_token)).status).toBe(401);
      expect((await refresh(second.json.refresh_token)).status).toBe(401);
      const viaCookie = await fx.request("GET", "/api/accounts/token", { headers: cookieHeader(first) });
      expect(viaCookie.status).toBe(401);

      // Other sessions of the same account are untouched.
      const fresh = await fx.signIn(tenant.accounts.agent.email);
      expect((await me(fresh.accessToken)).status).toBe(200);
    });

    it("answers 401 without a bearer, with an unknown token, or with an access token in place of the refresh token", async () => {
      expect((await fx.request("PUT", "/api/v1/session")).status).toBe(401);
      expect((await refresh("not-a-token")).status).toBe(401);
      const auth = await fx.signIn(tenant.accounts.agent.email);
      const wrongKind = await fx.request("PUT", "/api/v1/session", { auth });
      expect(wrongKind.status).toBe(401);
      // Nothing was rotated: the pair still works.
      expect((await me(auth.accessToken)).status).toBe(200);
      expect((await refresh(auth.refreshToken)).status).toBe(200);
    });

    it("expires the refresh token of a session that ended", async () => {
      const auth = await fx.signIn(tenant.accounts.guest.email);
      expect((await fx.request("DELETE", "/api/v1/session", { auth })).status).toBe(204);
      expect((await refresh(auth.refreshToken)).status).toBe(401);
    });
  });

  describe("API session cookie", () => {
    it("GET /accounts/token mints a fresh pair with the account id; the previous pair stops working", async () => {
      const auth = await fx.signIn(tenant.accounts.admin.email);
      expect(auth.sessionCookie).not.toBe("");
      const res = await fx.request("GET", "/api/accounts/token", { headers: cookieHeader(auth) });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({
        access_token: expect.any(String),
        refresh_token: expect.any(String),
        account_id: tenant.accounts.admin.id,
      });
      const current = await me(res.json.access_token);
      expect(current.status).toBe(200);
      expect(current.json.id).toBe(tenant.accounts.admin.id);
      expect((await me(auth.accessToken)).status).toBe(401);
      expect((await refresh(res.json.refresh_token)).status).toBe(200);
    });

    it("GET /accounts/token answers 401 without the cookie or with a bad one", async () => {
      const none = await fx.request("GET", "/api/accounts/token");
      expect(none.status).toBe(401);
      expect(none.json.error_message).toEqual(expect.any(String));
      const bad = await fx.request("GET", "/api/accounts/token", { headers: { cookie: "earshot_api_session=forged" } });
      expect(bad.status).toBe(401);
    });

    it("GET /accounts/logout revokes the session and clears the cookie", async () => {
      const auth = await fx.signIn(tenant.accounts.admin.email);
      const res = await fx.request("GET", "/api/accounts/logout", { headers: cookieHeader(auth) });
      expect(res.status).toBe(204);
      expect(res.headers.get("set-cookie")).toMatch(/earshot_api_session=;.*Max-Age=0/i);
      expect((await me(auth.accessToken)).status).toBe(401);
      expect((await refresh(auth.refreshToken)).status).toBe(401);
      expect((await fx.request("GET", "/api/accounts/token", { headers: cookieHeader(auth) })).status).toBe(401);
    });

    it("GET /accounts/logout without a cookie changes nothing", async () => {
      const auth = await fx.signIn(tenant.accounts.admin.email);
      expect((await fx.request("GET", "/api/accounts/logout")).status).toBe(204);
      expect((await me(auth.accessToken)).status).toBe(200);
    });

    it("DELETE /v1/session revokes the session cookie too", async () => {
      const auth = await fx.signIn(tenant.accounts.admin.email);
      const res = await fx.request("DELETE", "/api/v1/session", { auth });
      expect(res.status).toBe(204);
      expect(res.headers.get("set-cookie")).toMatch(/earshot_api_session=;/);
      expect((await fx.request("GET", "/api/accounts/token", { headers: cookieHeader(auth) })).status).toBe(401);
    });
  });

  describe("CSRF on DELETE /v1/session", () => {
    it("answers 403 without or with a wrong X-CSRF-Token and keeps the session", async () => {
      const auth = await fx.signIn(tenant.accounts.agent.email);
      const other = await fx.signIn(tenant.accounts.agent.email);
      for (const csrf of [null, "wrong-token", other.csrfToken]) {
        const res = await fx.request("DELETE", "/api/v1/session", { auth, csrf });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: CSRF_INVALID });
        expect(res.headers.get("set-cookie")).toBeNull();
      }
      expect((await me(auth.accessToken)).status).toBe(200);
      expect((await fx.request("GET", "/api/accounts/token", { headers: cookieHeader(auth) })).status).toBe(200);
    });

    it("signs out with the session's own token", async () => {
      const auth = await fx.signIn(tenant.accounts.agent.email);
      expect((await fx.request("DELETE", "/api/v1/session", { auth, csrf: auth.csrfToken })).status).toBe(204);
      expect((await me(auth.accessToken)).status).toBe(401);
    });
  });

  describe("two-factor login", () => {
    let email: string;
    let secret: string;

    function codeAt(timestamp: number, s = secret) {
      return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(s) }).generate({ timestamp });
    }

    beforeAll(async () => {
      email = spare.accounts.admin.email;
      secret = new OTPAuth.Secret().base32;
      await updateAccount(fx.db, spare.businessProfileId, spare.accounts.admin.id, {
        otpEnabled: 1,
        otpSecret: secret,
      });
    });

    it("asks for the code when none is sent", async () => {
      for (const otp_code of [undefined, "", "   "]) {
        const res = await login(email, TEST_PASSWORD, { otp_code });
        expect(res.status).toBe(401);
        expect(res.json).toEqual({ error_message: "Invalid otp code", otp_token: expect.any(String) });
      }
    });

    it("refuses a wrong code", async () => {
      const now = clock;
      const near = new Set([-30_000, 0, 30_000].map((offset) => codeAt(now + offset)));
      const wrong = ["000000", "111111", "222222", "333333"].find((code) => !near.has(code))!;
      const res = await login(email, TEST_PASSWORD, { otp_code: wrong });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error_message: "Code is not valid." });
      // A code of another secret is as wrong.
      const foreign = codeAt(now, new OTPAuth.Secret().base32);
      if (!near.has(foreign)) {
        expect((await login(email, TEST_PASSWORD, { otp_code: foreign })).json.error_message).toBe("Code is not valid.");
      }
    });

    it("does not reveal the second step for a wrong password", async () => {
      const res = await login(email, "Wrong-pass1", { otp_code: codeAt(clock) });
      expect(res.status).toBe(401);
      expect(res.json.error_message).toBe(INCORRECT);
    });

    it("accepts the right code once", async () => {
      const code = codeAt(clock);
      const ok = await login(email, TEST_PASSWORD, { otp_code: code });
      expect(ok.status).toBe(201);
      expect(ok.json.account.email).toBe(email);
      expect(ok.json.account.preferences.security.two_factor_authorization.otp_enabled).toBe(true);
      expect(ok.json.account).not.toHaveProperty("otp_secret");

      const replay = await login(email, TEST_PASSWORD, { otp_code: code });
      expect(replay.status).toBe(401);
      expect(replay.json).toEqual({ error_message: "Code is not valid." });

      // The next time step brings a new code that works.
      clock += 30_000;
      const next = await login(email, TEST_PASSWORD, { otp_code: codeAt(clock) });
      expect(next.status).toBe(201);
    });
  });
});

describe.each(testEngines())("login throttling behind a trusted proxy on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  beforeAll(async () => {
    fx = await createApiFixture(engine, { trustProxy: true });
    tenant = await fx.createTenant();
  });
  afterAll(() => fx.cleanup());

  function login(email: string, password: string, forwardedFor: string) {
    return fx.request("POST", "/api/v1/session", {
      body: { email, password },
      headers: { "x-forwarded-for": forwardedFor },
    });
  }

  it("counts each X-Forwarded-For address on its own, by the entry the proxy appended", async () => {
    const failures = await Promise.all(
      Array.from({ length: 20 }, () => login(unknownEmail(), "Wrong-pass1", "198.51.100.1")),
    );
    expect(failures.map((r) => r.status)).toEqual(Array(20).fill(401));
    const blocked = await login(tenant.accounts.admin.email, TEST_PASSWORD, "198.51.100.1");
    expect(blocked.status).toBe(429);
    expect(blocked.json.error_message).toBe(TOO_MANY);

    const otherAddress = await login(tenant.accounts.admin.email, TEST_PASSWORD, "198.51.100.2");
    expect(otherAddress.status).toBe(201);

    // The proxy appends the peer it saw; entries to its left are whatever the client sent, so
    // forging them does not escape the lock, and a locked address on the left does not lock anyone.
    const forged = await login(tenant.accounts.agent.email, TEST_PASSWORD, "10.1.2.3, 198.51.100.1");
    expect(forged.status).toBe(429);
    const clean = await login(tenant.accounts.agent.email, TEST_PASSWORD, "198.51.100.1, 198.51.100.3");
    expect(clean.status).toBe(201);
  });
});
