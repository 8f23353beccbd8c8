import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAccountEvents } from "../../../db/repositories/account-events";
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
const CANNOT_CHANGE_SELF = MESSAGES.cannotChangeSelf;
const ROLE_ABOVE = MESSAGES.roleAboveYours;
const UNKNOWN_TEAM = MESSAGES.unknownTeam;
const NO_TEAMS_FOR_SYSTEM_ADMINS = MESSAGES.systemAdminsNoTeams;
const NOT_FOUND = { error_message: MESSAGES.notFound };
const INCORRECT = MESSAGES.emailOrPasswordIncorrect;

describe.each(testEngines())("members API (PATCH/DELETE /v1/accounts/{id}) on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let teamA: number;
  let teamB: number;
  let theirTeam: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    [mine, theirs] = await Promise.all([fx.createTenant(), fx.createTenant()]);
    ({ admin, agent, guest, systemAdmin } = await fx.signInRoles(mine));
    const theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const created = await Promise.all([
      fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Alpha", account_ids: [] } }),
      fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Beta", account_ids: [] } }),
      fx.request("POST", "/api/v1/teams", { auth: theirAdmin, body: { name: "Gamma", account_ids: [] } }),
    ]);
    expect(created.map((r) => r.status)).toEqual([201, 201, 201]);
    [teamA, teamB, theirTeam] = created.map((r) => r.json.id as number) as [number, number, number];
  });
  afterAll(() => fx.cleanup());

  function patch(auth: SignedIn, id: number, body: Record<string, unknown>) {
    return fx.request("PATCH", `/api/v1/accounts/${id}`, { auth, body });
  }

  function remove(auth: SignedIn, id: number) {
    return fx.request("DELETE", `/api/v1/accounts/${id}`, { auth });
  }

  async function stored(id: number) {
    return fx.db.selectFrom("accounts").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  }

  function teamIdsOf(account: { teams: Array<{ id: number }> }): number[] {
    return account.teams.map((t) => t.id).sort((a, b) => a - b);
  }

  describe("PATCH /v1/accounts/{id}", () => {
    it("lets an admin change an agent's role and teams", async () => {
      const t = await fx.createTenant();
      const tAdmin = await fx.signIn(t.accounts.admin.email);
      const team = await fx.request("POST", "/api/v1/teams", { auth: tAdmin, body: { name: "One", account_ids: [] } });
      const res = await patch(tAdmin, t.accounts.agent.id, { role: 4, team_ids: [team.json.id] });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: t.accounts.agent.id, role: 4, state: 1 });
      expect(teamIdsOf(res.json)).toEqual([team.json.id]);
      expect((await stored(t.accounts.agent.id)).role).toBe(4);

      // The changed member now acts with the new role: a guest cannot list teams.
      const asGuest = await fx.signIn(t.accounts.agent.email);
      expect((await fx.request("GET", "/api/v1/teams", { auth: asGuest })).status).toBe(403);
    });

    it("changes only what is sent: teams alone, or role alone", async () => {
      const onlyTeams = await patch(admin, mine.accounts.agent.id, { team_ids: [teamA, teamB] });
      expect(onlyTeams.status).toBe(200);
      expect(onlyTeams.json.role).toBe(2);
      expect(teamIdsOf(onlyTeams.json)).toEqual([teamA, teamB].sort((a, b) => a - b));

      const onlyRole = await patch(admin, mine.accounts.agent.id, { role: 2 });
      expect(onlyRole.status).toBe(200);
      expect(teamIdsOf(onlyRole.json)).toEqual([teamA, teamB].sort((a, b) => a - b));

      const cleared = await patch(admin, mine.accounts.agent.id, { team_ids: [] });
      expect(cleared.status).toBe(200);
      expect(cleared.json.teams).toEqual([]);
    });

    it("refuses an admin changing a system admin (403) and granting role 0 (422)", async () => {
      const onSystemAdmin = await patch(admin, mine.accounts.systemAdmin.id, { role: 2 });
      expect(onSystemAdmin.status).toBe(403);
      expect(onSystemAdmin.json).toEqual({ error_message: FORBIDDEN });
      expect((await stored(mine.accounts.systemAdmin.id)).role).toBe(0);

      const promote = await patch(admin, mine.accounts.guest.id, { role: 0 });
      expect(promote.status).toBe(422);
      expect(promote.json.errors).toEqual({ role: [ROLE_ABOVE] });
      expect((await stored(mine.accounts.guest.id)).role).toBe(4);
    });

    it("refuses changing oneself (403), for admins and system admins", async () => {
      for (const [auth, id] of [
        [admin, mine.accounts.admin.id],
        [systemAdmin, mine.accounts.systemAdmin.id],
      ] as const) {
        const res = await patch(auth, id, { role: 4 });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: CANNOT_CHANGE_SELF });
      }
      expect((await stored(mine.accounts.admin.id)).role).toBe(1);
      expect((await stored(mine.accounts.systemAdmin.id)).role).toBe(0);
    });

    it("answers another tenant's account exactly like a missing one (404)", async () => {
      for (const auth of [admin, systemAdmin]) {
        const foreign = await patch(auth, theirs.accounts.agent.id, { role: 4 });
        const missing = await patch(auth, 987654, { role: 4 });
        expect(foreign.status).toBe(404);
        expect(foreign.json).toEqual(NOT_FOUND);
        expect(missing.json).toEqual(foreign.json);
      }
      expect((await stored(theirs.accounts.agent.id)).role).toBe(2);
    });

    it("refuses agents and guests (403)", async () => {
      for (const auth of [agent, guest]) {
        const res = await patch(auth, mine.accounts.guest.id, { role: 2 });
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: FORBIDDEN });
      }
      expect((await stored(mine.accounts.guest.id)).role).toBe(4);
    });

    it("refuses team ids of another tenant (422) and changes nothing", async () => {
      await patch(admin, mine.accounts.guest.id, { team_ids: [teamA] });
      const res = await patch(admin, mine.accounts.guest.id, { role: 2, team_ids: [teamB, theirTeam] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ team_ids: [UNKNOWN_TEAM] });
      const view = await fx.request("GET", `/api/v1/accounts/${mine.accounts.guest.id}`, { auth: admin });
      expect(view.json.role).toBe(4);
      expect(teamIdsOf(view.json)).toEqual([teamA]);
      await patch(admin, mine.accounts.guest.id, { team_ids: [] });
    });

    it("removes someone made a system admin from their teams; a system admin gets no teams", async () => {
      const t = await fx.createTenant();
      const tSystemAdmin = await fx.signIn(t.accounts.systemAdmin.email);
      const team = await fx.request("POST", "/api/v1/teams", {
        auth: tSystemAdmin,
        body: { name: "Crew", account_ids: [t.accounts.admin.id, t.accounts.agent.id] },
      });
      expect(team.status).toBe(201);

      const promoted = await patch(tSystemAdmin, t.accounts.admin.id, { role: 0 });
      expect(promoted.status).toBe(200);
      expect(promoted.json.role).toBe(0);
      expect(promoted.json.teams).toEqual([]);
      const teams = await fx.request("GET", "/api/v1/teams", { auth: tSystemAdmin });
      expect(teams.json.data.find((x: { id: number }) => x.id === team.json.id).account_ids).toEqual([
        t.accounts.agent.id,
      ]);

      const withTeams = await patch(tSystemAdmin, t.accounts.agent.id, { role: 0, team_ids: [team.json.id] });
      expect(withTeams.status).toBe(422);
      expect(withTeams.json.errors).toEqual({ team_ids: [NO_TEAMS_FOR_SYSTEM_ADMINS] });
      expect((await stored(t.accounts.agent.id)).role).toBe(2);
    });

    it("refuses changing a removed (state 2) member: no role, no teams", async () => {
      const t = await fx.createTenant();
      const tAdmin = await fx.signIn(t.accounts.admin.email);
      const team = await fx.request("POST", "/api/v1/teams", { auth: tAdmin, body: { name: "Live", account_ids: [] } });
      expect((await remove(tAdmin, t.accounts.agent.id)).status).toBe(204);
      const res = await patch(tAdmin, t.accounts.agent.id, { role: 1, team_ids: [team.json.id] });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error_message: FORBIDDEN });
      const row = await stored(t.accounts.agent.id);
      expect([row.role, row.state]).toEqual([2, 2]);
      const teams = await fx.request("GET", "/api/v1/teams", { auth: tAdmin });
      expect(teams.json.data.find((x: { id: number }) => x.id === team.json.id).account_ids).toEqual([]);
    });

    it("answers 422 with catalogue messages for a bad role", async () => {
      const res = await patch(admin, mine.accounts.guest.id, { role: 3 });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ role: ["Wrong format!"] });
    });
  });

  describe("DELETE /v1/accounts/{id}", () => {
    it("removes a member: 204, state 2, sessions end, no sign-in, listed with state 2, events kept", async () => {
      const t = await fx.createTenant();
      const tAdmin = await fx.signIn(t.accounts.admin.email);
      const victim = await fx.signIn(t.accounts.agent.email);
      const team = await fx.request("POST", "/api/v1/teams", {
        auth: tAdmin,
        body: { name: "Squad", account_ids: [t.accounts.agent.id] },
      });
      const event = await fx.request("POST", "/api/v1/account_events", {
        auth: victim,
        body: { action_type: "page_view", event_type: "view", action_module: "/inbox" },
      });
      expect(event.status).toBe(201);

      const res = await remove(tAdmin, t.accounts.agent.id);
      expect(res.status).toBe(204);
      expect(res.json).toBeNull();
      expect((await stored(t.accounts.agent.id)).state).toBe(2);

      // Sessions end: access, refresh and cookie.
      expect((await fx.request("GET", "/api/accounts", { auth: victim })).status).toBe(401);
      const refreshed = await fx.request("PUT", "/api/v1/session", {
        headers: { authorization: `Bearer ${victim.refreshToken}` },
      });
      expect(refreshed.status).toBe(401);
      const minted = await fx.request("GET", "/api/accounts/token", {
        headers: { cookie: `earshot_api_session=${victim.sessionCookie}` },
      });
      expect(minted.status).toBe(401);

      const login = await fx.request("POST", "/api/v1/session", {
        body: { email: t.accounts.agent.email, password: TEST_PASSWORD },
      });
      expect(login.status).toBe(401);
      expect(login.json).toEqual({ error_message: INCORRECT });

      const list = await fx.request("GET", "/api/v1/accounts", { auth: tAdmin });
      const listed = list.json.data.find((a: { id: number }) => a.id === t.accounts.agent.id);
      expect(listed).toMatchObject({ id: t.accounts.agent.id, state: 2 });
      expect(listed.business_profile.active_accounts_count).toBe(3);

      const events = await listAccountEvents(fx.db, t.businessProfileId, { accountIds: [t.accounts.agent.id] });
      expect(events.map((e) => e.id)).toContain(event.json.id);

      // The team no longer counts them as a member.
      const teams = await fx.request("GET", "/api/v1/teams", { auth: tAdmin });
      expect(teams.json.data.find((x: { id: number }) => x.id === team.json.id).account_ids).toEqual([]);
    });

    it("refuses oneself, a system admin (for an admin), agents and guests; another tenant's account is 404", async () => {
      const self = await remove(admin, mine.accounts.admin.id);
      expect(self.status).toBe(403);
      expect(self.json).toEqual({ error_message: CANNOT_CHANGE_SELF });

      const above = await remove(admin, mine.accounts.systemAdmin.id);
      expect(above.status).toBe(403);
      expect(above.json).toEqual({ error_message: FORBIDDEN });

      for (const auth of [agent, guest]) {
        const res = await remove(auth, mine.accounts.guest.id);
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: FORBIDDEN });
      }

      const foreign = await remove(systemAdmin, theirs.accounts.guest.id);
      const missing = await remove(systemAdmin, 987654);
      expect(foreign.status).toBe(404);
      expect(foreign.json).toEqual(NOT_FOUND);
      expect(missing.json).toEqual(foreign.json);

      for (const id of [
        mine.accounts.admin.id,
        mine.accounts.systemAdmin.id,
        mine.accounts.guest.id,
        theirs.accounts.guest.id,
      ]) {
        expect((await stored(id)).state).toBe(1);
      }
    });

    it("needs the CSRF token", async () => {
      const res = await fx.request("DELETE", `/api/v1/accounts/${mine.accounts.guest.id}`, { auth: admin, csrf: null });
      expect(res.status).toBe(403);
      expect((await stored(mine.accounts.guest.id)).state).toBe(1);
    });
  });
});
