import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { findAccountByEmail } from "../../../db/repositories/accounts";
import { ROLES } from "../../../domain/roles";
import { COMMANDS } from "../../../server/commands";
import { createApiFixture, TEST_PASSWORD, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

/**
 * Issue 31 (High): the command that starts a workspace made an install-wide system admin, so the first
 * admin of a second business profile could read the first profile's accounts, take over its default
 * account and invite into it. An admin of one profile never reaches another; only a real system admin
 * (made by the operator's explicit create-system-admin) has the install-wide tools.
 */
describe.each(testEngines())("admins of two business profiles on %s", (engine) => {
  let fx: ApiFixture;
  let home: TenantFixture;
  let acmeAdmin: SignedIn;
  let acmeAdminId: number;
  let homeTeamId: number;
  let homeStreamId: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    home = await fx.createTenant();
    const homeAdmin = await fx.signIn(home.accounts.admin.email);
    const team = await fx.request("POST", "/api/v1/teams", { auth: homeAdmin, body: { name: "Home team", account_ids: [] } });
    expect(team.status).toBe(201);
    homeTeamId = team.json.id;
    const stream = await fx.request("POST", "/api/v1/streams", {
      auth: homeAdmin,
      body: { name: "Home stream", social_type: "twitter", category: "streams", source: "api" },
    });
    expect(stream.status).toBe(201);
    homeStreamId = stream.json.id;

    // The second workspace is started as the README says: `node build/cli.js create-admin`.
    await COMMANDS["create-admin"]!(
      ["--email", "first@acme.test", "--password", TEST_PASSWORD, "--business-profile", "Acme"],
      { database: fx.db },
    );
    acmeAdmin = await fx.signIn("first@acme.test");
    acmeAdminId = acmeAdmin.accountId;
  });
  afterAll(() => fx.cleanup());

  it("create-admin makes that workspace's admin (role admin), create-system-admin an install-wide system admin", async () => {
    const written: string[] = [];
    await COMMANDS["create-system-admin"]!(
      ["--email", "ops@operator.test", "--password", TEST_PASSWORD, "--business-profile", "Operator"],
      { database: fx.db, write: (t) => written.push(t) },
    );
    expect((await findAccountByEmail(fx.db, "first@acme.test"))!.role).toBe(ROLES.admin);
    expect((await findAccountByEmail(fx.db, "ops@operator.test"))!.role).toBe(ROLES.systemAdmin);
    expect(written.join("")).toContain("Created system admin ops@operator.test");

    const ops = await fx.signIn("ops@operator.test");
    const list = await fx.request("GET", `/api/v1/accounts?business_profile_id=${home.businessProfileId}`, { auth: ops });
    expect(list.status).toBe(200);
    const takeover = await fx.request("POST", "/api/v1/admin/accounts/takeover", {
      auth: ops,
      body: { business_profile_id: home.businessProfileId },
    });
    expect(takeover.status).toBe(201);
  });

  it("does not let the new profile's admin read the other profile's accounts", async () => {
    const list = await fx.request("GET", `/api/v1/accounts?business_profile_id=${home.businessProfileId}`, { auth: acmeAdmin });
    expect(list.status).toBe(403);
    const own = await fx.request("GET", "/api/v1/accounts", { auth: acmeAdmin });
    expect(own.status).toBe(200);
    expect(own.json.data.map((a: { id: number }) => a.id)).toEqual([acmeAdminId]);
    expect((await fx.request("GET", `/api/v1/accounts/${home.accounts.admin.id}`, { auth: acmeAdmin })).status).toBe(404);
    expect((await fx.request("GET", `/api/v1/admin/accounts/${home.accounts.admin.id}`, { auth: acmeAdmin })).status).toBe(403);
    expect((await fx.request("GET", `/api/v1/admin/business_profiles/${home.businessProfileId}`, { auth: acmeAdmin })).status).toBe(403);
  });

  it("does not let it take over the other profile's default account or any of its accounts", async () => {
    for (const body of [{ business_profile_id: home.businessProfileId }, { account_id: home.accounts.agent.id }]) {
      const res = await fx.request("POST", "/api/v1/admin/accounts/takeover", { auth: acmeAdmin, body });
      expect(res.status).toBe(403);
    }
  });

  it("does not let it invite into the other profile, promote anyone to system admin, or touch the other's members", async () => {
    const intoHomeTeam = await fx.request("POST", "/api/v1/team_member_invites", {
      auth: acmeAdmin,
      body: { email: "mole@acme.test", role: ROLES.agent, team_ids: [homeTeamId] },
    });
    expect([404, 422]).toContain(intoHomeTeam.status);
    const asSystemAdmin = await fx.request("POST", "/api/v1/team_member_invites", {
      auth: acmeAdmin,
      body: { email: "boss@acme.test", role: ROLES.systemAdmin, team_ids: [] },
    });
    expect(asSystemAdmin.status).toBe(422);
    for (const [method, body] of [
      ["PATCH", { role: ROLES.agent }],
      ["DELETE", undefined],
    ] as const) {
      const res = await fx.request(method, `/api/v1/accounts/${home.accounts.agent.id}`, { auth: acmeAdmin, body });
      expect(res.status).toBe(404);
    }
    expect((await findAccountByEmail(fx.db, home.accounts.agent.email))!.role).toBe(ROLES.agent);
  });

  it("does not let it see or change the other profile's teams and streams", async () => {
    expect((await fx.request("PATCH", `/api/v1/teams/${homeTeamId}`, { auth: acmeAdmin, body: { name: "Mine" } })).status).toBe(404);
    expect((await fx.request("DELETE", `/api/v1/teams/${homeTeamId}`, { auth: acmeAdmin })).status).toBe(404);
    const teams = await fx.request("GET", "/api/v1/teams", { auth: acmeAdmin });
    expect(JSON.stringify(teams.json)).not.toContain("Home team");
    expect((await fx.request("GET", `/api/v1/streams/${homeStreamId}`, { auth: acmeAdmin })).status).toBe(404);
    const streams = await fx.request("GET", "/api/v1/streams", { auth: acmeAdmin });
    expect(JSON.stringify(streams.json)).not.toContain("Home stream");
  });

  it("does not give it the install-wide sentiment words or the system-admin-only network", async () => {
    const global = await fx.request("POST", "/api/v1/sentiments/exclude_words", {
      auth: acmeAdmin,
      body: { text_to_exclude: "meh", replace_with: "", languages: ["en"], social_types: ["twitter"], global: true },
    });
    expect(global.status).toBe(403);
    const wixan = await fx.request("POST", "/api/v1/streams", {
      auth: acmeAdmin,
      body: { name: "Wixan", social_type: "wixan", category: "streams", source: "api" },
    });
    expect([403, 422]).toContain(wixan.status);
  });
});
