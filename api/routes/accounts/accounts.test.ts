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

const FORBIDDEN = MESSAGES.forbidden;
const CSRF_INVALID = MESSAGES.csrfInvalid;

function idsOf(tenant: TenantFixture): number[] {
  return Object.values(tenant.accounts)
    .map((a) => a.id)
    .sort((a, b) => a - b);
}

function sortedIds(list: Array<{ id: number }>): number[] {
  return list.map((a) => a.id).sort((a, b) => a - b);
}

/** What a member view holds (ADR 019). */
const MEMBER_KEYS = ["avatar_url", "email", "first_name", "id", "last_name", "role", "state", "teams"];

describe.each(testEngines())("accounts API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    [mine, theirs] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    ({ admin, agent, guest, systemAdmin } = await fx.signInRoles(mine));
  });
  afterAll(() => fx.cleanup());

  describe("GET /v1/accounts/{id}", () => {
    it("returns an account of the caller's business profile, without secrets", async () => {
      const res = await fx.request("GET", `/api/v1/accounts/${mine.accounts.agent.id}`, { auth: admin });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: mine.accounts.agent.id,
        email: mine.accounts.agent.email,
        role: 2,
        state: 1,
        first_name: "agent",
        last_name: "Tester",
        business_profile: { id: mine.businessProfileId, active_accounts_count: 4 },
        is_account_overtaken: false,
      });
      for (const secret of ["password_hash", "passwordHash", "otp_secret", "otpSecret", "otp_last_used_step"]) {
        expect(res.json).not.toHaveProperty(secret);
      }
    });

    it("gives an agent a colleague as a member and their own account whole; a guest only their own (ADR 019)", async () => {
      const colleague = await fx.request("GET", `/api/v1/accounts/${mine.accounts.admin.id}`, { auth: agent });
      expect(colleague.status).toBe(200);
      expect(Object.keys(colleague.json).sort()).toEqual(MEMBER_KEYS);
      const own = await fx.request("GET", `/api/v1/accounts/${mine.accounts.agent.id}`, { auth: agent });
      expect(own.json).toHaveProperty("preferences.security.two_factor_authorization.otp_enabled", false);
      expect(own.json).toHaveProperty("permissions");
      const guestOwn = await fx.request("GET", `/api/v1/accounts/${mine.accounts.guest.id}`, { auth: guest });
      expect(guestOwn.status).toBe(200);
      expect(guestOwn.json).toHaveProperty("business_profile.id", mine.businessProfileId);
      const guestColleague = await fx.request("GET", `/api/v1/accounts/${mine.accounts.agent.id}`, { auth: guest });
      expect(guestColleague.status).toBe(403);
      expect(guestColleague.json).toEqual({ error_message: FORBIDDEN });
    });

    it("answers another tenant's account exactly like a missing one", async () => {
      const foreign = await fx.request("GET", `/api/v1/accounts/${theirs.accounts.admin.id}`, { auth: admin });
      const missing = await fx.request("GET", "/api/v1/accounts/987654", { auth: admin });
      expect(foreign.status).toBe(404);
      expect(missing.status).toBe(404);
      expect(foreign.json).toEqual({ error_message: "Not found" });
      expect(foreign.json).toEqual(missing.json);
    });

    it("keeps a system admin inside their own tenant too", async () => {
      const res = await fx.request("GET", `/api/v1/accounts/${theirs.accounts.agent.id}`, { auth: systemAdmin });
      expect(res.status).toBe(404);
    });

    it("answers 401 without a token and 404 (the catalogue's words) for a malformed id", async () => {
      expect((await fx.request("GET", `/api/v1/accounts/${mine.accounts.agent.id}`)).status).toBe(401);
      const bad = await fx.request("GET", "/api/v1/accounts/abc", { auth: admin });
      expect(bad.status).toBe(404);
      expect(bad.json).toEqual({ error_message: MESSAGES.notFound });
    });
  });

  describe("GET /v1/accounts", () => {
    it("refuses guests (no member lists for them, ADR 008)", async () => {
      const res = await fx.request("GET", "/api/v1/accounts", { auth: guest });
      expect(res.status).toBe(403);
    });

    it("lists only the caller's tenant", async () => {
      for (const auth of [admin, agent, systemAdmin]) {
        const res = await fx.request("GET", "/api/v1/accounts", { auth });
        expect(res.status).toBe(200);
        expect(sortedIds(res.json.data)).toEqual(idsOf(mine));
        if (auth === agent) continue; // member views carry no business profile (ADR 019)
        for (const account of res.json.data) expect(account.business_profile.id).toBe(mine.businessProfileId);
      }
    });

    it("gives agents each colleague as a member: no permissions, preferences (two-factor) or profile (ADR 019)", async () => {
      const asAgent = await fx.request("GET", "/api/v1/accounts", { auth: agent });
      expect(asAgent.status).toBe(200);
      for (const account of asAgent.json.data) expect(Object.keys(account).sort()).toEqual(MEMBER_KEYS);
      const colleague = asAgent.json.data.find((account: { id: number }) => account.id === mine.accounts.admin.id);
      expect(colleague).toMatchObject({ email: mine.accounts.admin.email, role: 1, state: 1, first_name: "admin", teams: [] });
      for (const auth of [admin, systemAdmin]) {
        const whole = await fx.request("GET", "/api/v1/accounts", { auth });
        for (const account of whole.json.data) {
          expect(account).toHaveProperty("permissions");
          expect(account).toHaveProperty("preferences.security.two_factor_authorization.otp_enabled");
        }
      }
    });

    it("accepts the caller's own business_profile_id", async () => {
      const res = await fx.request("GET", `/api/v1/accounts?business_profile_id=${mine.businessProfileId}`, { auth: agent });
      expect(res.status).toBe(200);
      expect(sortedIds(res.json.data)).toEqual(idsOf(mine));
    });

    it("refuses another tenant's business_profile_id to admins and agents", async () => {
      for (const auth of [admin, agent, guest]) {
        const res = await fx.request("GET", `/api/v1/accounts?business_profile_id=${theirs.businessProfileId}`, { auth });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: FORBIDDEN });
      }
    });

    it("lets a system admin list another tenant", async () => {
      const res = await fx.request("GET", `/api/v1/accounts?business_profile_id=${theirs.businessProfileId}`, {
        auth: systemAdmin,
      });
      expect(res.status).toBe(200);
      expect(sortedIds(res.json.data)).toEqual(idsOf(theirs));
      for (const account of res.json.data) expect(account.business_profile.id).toBe(theirs.businessProfileId);
    });

    it("answers 401 without a token", async () => {
      expect((await fx.request("GET", "/api/v1/accounts")).status).toBe(401);
    });
  });

  describe("GET via POST (X-HTTP-Method-Override: GET)", () => {
    const override = { "x-http-method-override": "GET" };

    it("is a read: no CSRF token needed, the JSON body becomes the query", async () => {
      const res = await fx.request("POST", "/api/v1/accounts", {
        auth: systemAdmin,
        csrf: null,
        headers: override,
        body: { business_profile_id: theirs.businessProfileId },
      });
      expect(res.status).toBe(200);
      expect(sortedIds(res.json.data)).toEqual(idsOf(theirs));
    });

    it("applies the same rules as the GET it stands for", async () => {
      const refused = await fx.request("POST", "/api/v1/accounts", {
        auth: admin,
        csrf: null,
        headers: override,
        body: { business_profile_id: theirs.businessProfileId },
      });
      expect(refused.status).toBe(403);
      expect(refused.json.error_message).toBe(FORBIDDEN);

      const own = await fx.request("POST", "/api/v1/accounts", { auth: admin, csrf: null, headers: override, body: {} });
      expect(own.status).toBe(200);
      expect(sortedIds(own.json.data)).toEqual(idsOf(mine));

      const anonymous = await fx.request("POST", "/api/v1/accounts", { headers: override, body: {} });
      expect(anonymous.status).toBe(401);
    });

    it("is case-insensitive about the override value", async () => {
      const res = await fx.request("POST", "/api/v1/accounts", {
        auth: admin,
        csrf: null,
        headers: { "x-http-method-override": "get" },
        body: {},
      });
      expect(res.status).toBe(200);
    });

    it("leaves a plain POST a mutation that needs the CSRF token", async () => {
      const res = await fx.request("POST", "/api/v1/accounts", {
        auth: admin,
        csrf: null,
        body: { business_profile_id: mine.businessProfileId },
      });
      expect(res.status).toBe(403);
      expect(res.json.error_message).toBe(CSRF_INVALID);
      // Only GET can be asked for: any other override is still a mutation.
      const other = await fx.request("POST", "/api/v1/accounts", {
        auth: admin,
        csrf: null,
        headers: { "x-http-method-override": "DELETE" },
        body: {},
      });
      expect(other.status).toBe(403);
      expect(other.json.error_message).toBe(CSRF_INVALID);
    });
  });

  describe("deleted accounts (state 2)", () => {
    let doomed: TenantFixture;
    let live: SignedIn;

    beforeAll(async () => {
      doomed = await fx.createTenant();
      live = await fx.signIn(doomed.accounts.agent.email);
      await updateAccount(fx.db, doomed.businessProfileId, doomed.accounts.agent.id, { state: 2 });
    });

    it("cannot sign in, with the same answer as a wrong password", async () => {
      const res = await fx.request("POST", "/api/v1/session", {
        body: { email: doomed.accounts.agent.email, password: TEST_PASSWORD },
      });
      expect(res.status).toBe(401);
      expect(res.json).toEqual({ error_message: "Email or password is incorrect" });
      expect(res.headers.get("set-cookie")).toBeNull();
    });

    it("loses the sessions it had: access, refresh and cookie all answer 401", async () => {
      expect((await fx.request("GET", "/api/accounts", { auth: live })).status).toBe(401);
      const refreshed = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${live.refreshToken}` },
      });
      expect(refreshed.status).toBe(401);
      const minted = await fx.request("GET", "/api/accounts/token", {
        headers: { cookie: `earshot_api_session=${live.sessionCookie}` },
      });
      expect(minted.status).toBe(401);
    });

    it("is still listed for its tenant with state 2, and the others of the tenant still sign in", async () => {
      const auth = await fx.signIn(doomed.accounts.admin.email);
      const res = await fx.request("GET", `/api/v1/accounts/${doomed.accounts.agent.id}`, { auth });
      expect(res.status).toBe(200);
      expect(res.json.state).toBe(2);
      expect(res.json.business_profile.active_accounts_count).toBe(3);
    });
  });
});
