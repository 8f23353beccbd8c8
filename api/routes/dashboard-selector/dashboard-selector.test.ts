import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertSearchItem } from "../../../db/repositories/search-items";
import { insertTopic } from "../../../db/repositories/topics";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const NOW = "2026-03-06T00:00:00.000Z";

describe.each(testEngines())("dashboard selector on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let theirAdmin: SignedIn;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(NOW) });
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    ({ admin, agent } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const bp = mine.businessProfileId;
    const team = (await fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Support", account_ids: [agent.accountId] } })).json.id;
    const otherTeam = (await fx.request("POST", "/api/v1/teams", { auth: admin, body: { name: "Sales", account_ids: [] } })).json.id;
    const search = async (key: string, name: string, category: string, owner: number, entityType: number, entityIds: number[], tenant = bp) => {
      ids[key] = (
        await insertSearchItem(fx.db, tenant, { name, category, folderId: null, query: "[]", logoSrc: null, alertsEnabled: false, ownerAccountId: owner, entityType, entityIds }, NOW)
      ).id;
    };
    await search("brand", "Acme", "brand", mine.accounts.admin.id, 2, [bp]);
    await search("brand2", "Beta brand", "brand", mine.accounts.admin.id, 2, [bp]);
    await search("agentMy", "Agent's own", "my", mine.accounts.agent.id, 1, [mine.accounts.agent.id]);
    await search("adminMy", "Admin's own", "my", mine.accounts.admin.id, 1, [mine.accounts.admin.id]);
    await search("supportTeam", "Support queue", "team", mine.accounts.admin.id, 3, [team]);
    await search("salesTeam", "Sales leads", "team", mine.accounts.admin.id, 3, [otherTeam]);
    await search("theirs", "Their brand", "brand", theirs.accounts.admin.id, 2, [theirs.businessProfileId], theirs.businessProfileId);
    ids.topic = (
      await insertTopic(
        fx.db,
        bp,
        { name: "Shipping", nameKey: "shipping", type: "custom", topicGroupId: null, keywords: [], query: null, category: null, logoSrc: null, alertsEnabled: false, ownerAccountId: mine.accounts.admin.id, entityType: 2, entityIds: [bp] },
        NOW,
      )
    ).id;
  });
  afterAll(() => fx?.cleanup());

  const tokens = (json: { contexts: Array<{ id: string }> }) => json.contexts.map((c) => c.id);

  it("offers brands, my searches, team searches and topics as the caller sees them", async () => {
    const res = await fx.request("POST", "/api/v1/dashboard_selector", { auth: agent, body: {} });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(tokens(res.json)).toEqual([`1-${ids.brand}`, `1-${ids.brand2}`, `1-${ids.agentMy}`, `1-${ids.supportTeam}`, `2-${ids.topic}`]);
    expect(res.json.contexts[0]).toEqual({
      id: `1-${ids.brand}`,
      title: "Acme",
      context_id: ids.brand,
      context_type: 1,
      properties: null,
      section: "brands",
      color: "blue",
    });
    expect(res.json.contexts.map((c: { section: string }) => c.section)).toEqual(["brands", "brands", "my_searches", "team_searches", "topics"]);
    expect(res.json.contexts.map((c: { color: string }) => c.color).slice(0, 3)).toEqual(["blue", "purple", "amber"]);
    expect(res.json.sections).toEqual([
      { id: "brands", context_ids: [`1-${ids.brand}`, `1-${ids.brand2}`] },
      { id: "my_searches", context_ids: [`1-${ids.agentMy}`] },
      { id: "team_searches", context_ids: [`1-${ids.supportTeam}`] },
      { id: "topics", context_ids: [`2-${ids.topic}`] },
    ]);
    expect(res.json.categories).toEqual([
      { id: "brand", section: "brands", count: 2 },
      { id: "my", section: "my_searches", count: 1 },
      { id: "team", section: "team_searches", count: 1 },
      { id: "topic", section: "topics", count: 1 },
    ]);

    // The admin sees their own search, not the agent's, and the team searches they own (by name).
    const theirView = await fx.request("POST", "/api/v1/dashboard_selector", { auth: admin, headers: { "x-http-method-override": "GET" }, body: {} });
    expect(tokens(theirView.json)).toEqual([`1-${ids.brand}`, `1-${ids.brand2}`, `1-${ids.adminMy}`, `1-${ids.salesTeam}`, `1-${ids.supportTeam}`, `2-${ids.topic}`]);
    const other = await fx.request("POST", "/api/v1/dashboard_selector", { auth: theirAdmin, body: {} });
    expect(tokens(other.json)).toEqual([`1-${ids.theirs}`]);
    expect((await fx.request("POST", "/api/v1/dashboard_selector", { body: {} })).status).toBe(401);
  });

  it("offers a shared link's viewer only the link's contexts", async () => {
    const link = await fx.request("POST", "/api/v1/dashboard_shared_links", {
      auth: agent,
      body: { title: "Two", non_logged_in_access: true, config: { contexts: [`1-${ids.brand2}`, `2-${ids.topic}`] } },
    });
    expect(link.status).toBe(201);
    const res = await fx.request("POST", "/api/v1/dashboard_selector", { headers: { "shared-link-code": link.json.code }, body: {} });
    expect(res.status).toBe(200);
    expect(tokens(res.json)).toEqual([`1-${ids.brand2}`, `2-${ids.topic}`]);
    expect((await fx.request("POST", "/api/v1/dashboard_selector", { headers: { "shared-link-code": "unknown" }, body: {} })).status).toBe(404);
  });
});
