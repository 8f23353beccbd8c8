import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listTakeovers } from "../../../db/repositories/takeovers";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const FORBIDDEN = MESSAGES.forbidden;
const NOT_ALLOWED = MESSAGES.takeoverNotAllowed;
const NOT_TAKING_OVER = MESSAGES.notTakingOver;
const TAKEOVER = "/api/v1/admin/accounts/takeover";

describe.each(testEngines({ engineSpecific: true }))("take-over on %s", (engine) => {
  let fx: ApiFixture;
  let home: TenantFixture;
  let other: TenantFixture;
  let systemAdmin: SignedIn;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    [home, other] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    [systemAdmin, admin, agent, guest] = await Promise.all([
      fx.signIn(home.accounts.systemAdmin.email),
      fx.signIn(home.accounts.admin.email),
      fx.signIn(home.accounts.agent.email),
      fx.signIn(home.accounts.guest.email),
    ]);
  });
  afterAll(() => fx.cleanup());

  function start(auth: SignedIn, body: Record<string, unknown>) {
    return fx.request("POST", TAKEOVER, { auth, body });
  }

  /** The take-over answer as a session the fixture's request() can use. */
  function asSession(json: {
    access_token: string;
    refresh_token: string;
    csrf_token: string;
    account: { id: number };
  }): SignedIn {
    return {
      accessToken: json.access_token,
      refreshToken: json.refresh_token,
      csrfToken: json.csrf_token,
      sessionCookie: "",
      accountId: json.account.id,
    };
  }

  async function takeOver(accountId: number, auth = systemAdmin): Promise<SignedIn> {
    const res = await start(auth, { account_id: accountId });
    expect(res.status).toBe(201);
    return asSession(res.json);
  }

  function me(auth: SignedIn) {
    return fx.request("GET", "/api/accounts", { auth });
  }

  describe("GET /v1/admin/accounts/{id} and /v1/admin/business_profiles/{id}", () => {
    it("lets a system admin read an account of any tenant", async () => {
      const res = await fx.request("GET", `/api/v1/admin/accounts/${other.accounts.agent.id}`, { auth: systemAdmin });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: other.accounts.agent.id,
        email: other.accounts.agent.email,
        role: 2,
        business_profile: { id: other.businessProfileId },
      });
      expect(res.json).not.toHaveProperty("password_hash");
      const missing = await fx.request("GET", "/api/v1/admin/accounts/987654", { auth: systemAdmin });
      expect(missing.status).toBe(404);
    });

    it("refuses admins, agents and guests (403)", async () => {
      for (const auth of [admin, agent, guest]) {
        for (const path of [
          `/api/v1/admin/accounts/${other.accounts.agent.id}`,
          `/api/v1/admin/accounts/${home.accounts.agent.id}`,
          `/api/v1/admin/business_profiles/${other.businessProfileId}`,
        ]) {
          const res = await fx.request("GET", path, { auth });
          expect(res.status).toBe(403);
          expect(res.json).toEqual({ error_message: FORBIDDEN });
        }
      }
    });

    it("answers a business profile with its default account (its first admin)", async () => {
      const res = await fx.request("GET", `/api/v1/admin/business_profiles/${other.businessProfileId}`, {
        auth: systemAdmin,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: other.businessProfileId,
        active_accounts_count: 4,
        default_account_id: other.accounts.admin.id,
      });
    });
  });

  describe("POST /v1/admin/accounts/takeover", () => {
    it("signs a system admin in as the account: the target with its own role, is_account_overtaken true", async () => {
      const res = await start(systemAdmin, { account_id: other.accounts.agent.id });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        account: { id: other.accounts.agent.id, role: 2, is_account_overtaken: true },
        csrf_token: expect.any(String),
        access_token: expect.any(String),
        refresh_token: expect.any(String),
      });
      expect(res.headers.get("set-cookie")).toMatch(/earshot_api_session=/);
      const session = asSession(res.json);

      const who = await me(session);
      expect(who.status).toBe(200);
      expect(who.json).toMatchObject({
        id: other.accounts.agent.id,
        email: other.accounts.agent.email,
        role: 2,
        is_account_overtaken: true,
        business_profile: { id: other.businessProfileId },
      });
      // It sees the target's tenant, not the admin's.
      const list = await fx.request("GET", "/api/v1/accounts", { auth: session });
      expect(list.json.data.map((a: { id: number }) => a.id)).toContain(other.accounts.agent.id);
      expect(list.json.data.map((a: { id: number }) => a.id)).not.toContain(home.accounts.systemAdmin.id);
      // The admin's own session is untouched and not overtaken.
      const mine = await me(systemAdmin);
      expect(mine.json).toMatchObject({ id: home.accounts.systemAdmin.id, role: 0, is_account_overtaken: false });

      // Refreshing keeps it a take-over session.
      const refreshed = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${session.refreshToken}` },
      });
      expect(refreshed.status).toBe(200);
      const after = await me({ ...session, accessToken: refreshed.json.access_token });
      expect(after.json).toMatchObject({ id: other.accounts.agent.id, is_account_overtaken: true });
    });

    it("never gives the take-over session admin rights: admin endpoints 403, no nested take-over, no manager actions for an agent", async () => {
      const session = await takeOver(other.accounts.agent.id);
      for (const path of [
        `/api/v1/admin/accounts/${other.accounts.guest.id}`,
        `/api/v1/admin/business_profiles/${other.businessProfileId}`,
      ]) {
        const res = await fx.request("GET", path, { auth: session });
        expect(res.status).toBe(403);
      }
      const nested = await start(session, { account_id: other.accounts.guest.id });
      expect(nested.status).toBe(403);
      // The target's own role: an agent cannot invite or manage teams.
      expect(
        (
          await fx.request("POST", "/api/v1/team_member_invites", {
            auth: session,
            body: { email: "x@example.test", role: 4 },
          })
        ).status,
      ).toBe(403);
      expect(
        (await fx.request("POST", "/api/v1/teams", { auth: session, body: { name: "Nope", account_ids: [] } })).status,
      ).toBe(403);
    });

    it("refuses a nested take-over even from an admin target's session", async () => {
      const session = await takeOver(other.accounts.admin.id);
      expect((await me(session)).json).toMatchObject({
        id: other.accounts.admin.id,
        role: 1,
        is_account_overtaken: true,
      });
      const nested = await start(session, { account_id: other.accounts.guest.id });
      expect(nested.status).toBe(403);
      expect(
        (await fx.request("GET", `/api/v1/admin/accounts/${other.accounts.guest.id}`, { auth: session })).status,
      ).toBe(403);
    });

    it("does not let the take-over session change the target's credentials", async () => {
      const t = await fx.createTenant();
      const session = await takeOver(t.accounts.admin.id);
      const base = "/api/v1/accounts/preferences/security";
      for (const [method, path, body] of [
        ["POST", `${base}/two_factor_authentication/setup`, undefined],
        ["POST", `${base}/two_factor_authentication/activate`, { otp_code: "123456" }],
        ["POST", `${base}/two_factor_authentication/regenerate_backup_codes`, undefined],
        ["POST", "/api/accounts/two_factor_authentications", { password: "Secret-pass1" }],
        [
          "PUT",
          `${base}/password`,
          { current_password: "Secret-pass1", password: "Taken-over1!", password_confirmation: "Taken-over1!" },
        ],
      ] as const) {
        const res = await fx.request(method, path, { auth: session, body });
        expect(res.status, path).toBe(403);
        expect(res.json).toEqual({ error_message: FORBIDDEN });
      }
      const row = await fx.db
        .selectFrom("accounts")
        .select(["otpSecret", "otpEnabled"])
        .where("id", "=", t.accounts.admin.id)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ otpSecret: null, otpEnabled: 0 });
      await fx.signIn(t.accounts.admin.email);
    });

    it("refuses taking over a removed account (403)", async () => {
      const t = await fx.createTenant();
      const tAdmin = await fx.signIn(t.accounts.admin.email);
      expect((await fx.request("DELETE", `/api/v1/accounts/${t.accounts.agent.id}`, { auth: tAdmin })).status).toBe(
        204,
      );
      const res = await start(systemAdmin, { account_id: t.accounts.agent.id });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error_message: NOT_ALLOWED });
    });

    it("refuses taking over a system admin or oneself (403), and records nothing", async () => {
      const before = (await listTakeovers(fx.db, { adminAccountId: home.accounts.systemAdmin.id })).length;
      for (const accountId of [other.accounts.systemAdmin.id, home.accounts.systemAdmin.id]) {
        const res = await start(systemAdmin, { account_id: accountId });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: NOT_ALLOWED });
      }
      expect((await listTakeovers(fx.db, { adminAccountId: home.accounts.systemAdmin.id })).length).toBe(before);
    });

    it("refuses admins, agents and guests (403)", async () => {
      for (const auth of [admin, agent, guest]) {
        const res = await start(auth, { account_id: other.accounts.guest.id });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: FORBIDDEN });
      }
      expect(await listTakeovers(fx.db, { targetAccountId: other.accounts.guest.id })).toEqual([]);
    });

    it("answers 404 for an unknown account or business profile", async () => {
      expect((await start(systemAdmin, { account_id: 987654 })).status).toBe(404);
      expect((await start(systemAdmin, { business_profile_id: 987654 })).status).toBe(404);
    });

    it("answers a malformed id with the catalogue's 'Wrong format!' (422)", async () => {
      for (const body of [{ account_id: -1 }, { account_id: "abc" }, { business_profile_id: 1.5 }]) {
        const res = await start(systemAdmin, body);
        expect(res.status, JSON.stringify(body)).toBe(422);
        expect(Object.values(res.json.errors).flat(), JSON.stringify(body)).toEqual([MESSAGES.wrongFormat]);
      }
    });

    it("takes over a business profile's default account (its first admin)", async () => {
      const res = await start(systemAdmin, { business_profile_id: other.businessProfileId });
      expect(res.status).toBe(201);
      expect(res.json.account).toMatchObject({ id: other.accounts.admin.id, role: 1, is_account_overtaken: true });
      expect((await me(asSession(res.json))).json.id).toBe(other.accounts.admin.id);
    });

    it("records every take-over (admin, target, start) and its end", async () => {
      const t = await fx.createTenant();
      const res = await start(systemAdmin, { account_id: t.accounts.guest.id });
      expect(res.status).toBe(201);
      const [row] = await listTakeovers(fx.db, { targetAccountId: t.accounts.guest.id });
      expect(row).toMatchObject({
        adminAccountId: home.accounts.systemAdmin.id,
        targetAccountId: t.accounts.guest.id,
        targetBusinessProfileId: t.businessProfileId,
        startedAt: expect.any(String),
        endedAt: null,
      });
      expect(Number.isNaN(Date.parse(row!.startedAt))).toBe(false);

      const ended = await fx.request("DELETE", TAKEOVER, { auth: asSession(res.json) });
      expect(ended.status).toBe(200);
      const [after] = await listTakeovers(fx.db, { targetAccountId: t.accounts.guest.id });
      expect(after!.endedAt).toEqual(expect.any(String));
      expect(after!.endedAt! >= after!.startedAt).toBe(true);
    });
  });

  describe("a take-over's fixed lifetime (issue 31)", () => {
    it("ends an hour after it began, however busy: its tokens and its refresh are refused; the admin's own session lives on", async () => {
      let clock = Date.parse("2026-06-01T09:00:00.000Z");
      const timed = await createApiFixture(engine, { now: () => new Date(clock) });
      try {
        const tenant = await timed.createTenant();
        const operator = await timed.signIn(tenant.accounts.systemAdmin.email);
        const res = await timed.request("POST", TAKEOVER, { auth: operator, body: { account_id: tenant.accounts.agent.id } });
        expect(res.status).toBe(201);
        let session = asSession(res.json);
        const meOn = (auth: SignedIn) => timed.request("GET", "/api/accounts", { auth });
        const refresh = (auth: SignedIn) =>
          timed.request("PUT", "/api/v1/session", { headers: { authorization: `Bearer ${auth.refreshToken}` } });

        clock += 59 * 60 * 1000;
        const renewed = await refresh(session);
        expect(renewed.status, "renewed within the hour").toBe(200);
        session = { ...session, accessToken: renewed.json.access_token, refreshToken: renewed.json.refresh_token };
        expect((await meOn(session)).status).toBe(200);

        clock += 2 * 60 * 1000;
        expect((await meOn(session)).status, "a fresh access token dies with the session").toBe(401);
        expect((await refresh(session)).status).toBe(401);

        const operatorRenewed = await refresh(operator);
        expect(operatorRenewed.status).toBe(200);
        expect((await meOn({ ...operator, accessToken: operatorRenewed.json.access_token })).json).toMatchObject({
          id: tenant.accounts.systemAdmin.id,
          is_account_overtaken: false,
        });
      } finally {
        await timed.cleanup();
      }
    });
  });

  describe("DELETE /v1/admin/accounts/takeover", () => {
    it("ends the take-over session: 200 with the admin's id; its tokens stop working; the admin's session lives on", async () => {
      const res = await start(systemAdmin, { account_id: other.accounts.guest.id });
      const session = asSession(res.json);
      const cookie = res.headers.get("set-cookie")?.match(/earshot_api_session=([^;]+)/)?.[1] ?? "";
      expect((await me(session)).status).toBe(200);

      const ended = await fx.request("DELETE", TAKEOVER, { auth: session });
      expect(ended.status).toBe(200);
      expect(ended.json).toEqual({ admin_account_id: home.accounts.systemAdmin.id });

      expect((await me(session)).status).toBe(401);
      const refreshed = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${session.refreshToken}` },
      });
      expect(refreshed.status).toBe(401);
      const minted = await fx.request("GET", "/api/accounts/token", {
        headers: { cookie: `earshot_api_session=${cookie}` },
      });
      expect(minted.status).toBe(401);

      expect((await me(systemAdmin)).json).toMatchObject({
        id: home.accounts.systemAdmin.id,
        is_account_overtaken: false,
      });
      // The target's own sessions are not touched.
      const own = await fx.signIn(other.accounts.guest.email);
      expect((await me(own)).json.is_account_overtaken).toBe(false);
    });

    it("answers 400 'You are not taking over an account.' to a normal session, which keeps working", async () => {
      for (const auth of [systemAdmin, admin]) {
        const res = await fx.request("DELETE", TAKEOVER, { auth });
        expect(res.status).toBe(400);
        expect(res.json).toEqual({ error_message: NOT_TAKING_OVER });
        expect((await me(auth)).status).toBe(200);
      }
    });

    it("needs the take-over session's CSRF token", async () => {
      const session = await takeOver(other.accounts.agent.id);
      const res = await fx.request("DELETE", TAKEOVER, { auth: session, csrf: null });
      expect(res.status).toBe(403);
      expect((await me(session)).status).toBe(200);
    });
  });
});
