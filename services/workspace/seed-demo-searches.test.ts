import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDemoCorpus } from "../../jobs/demo-corpus";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../tests/support/api-fixture";
import { seedDemoSearches } from "./seed-demo-searches";

describe("the demo workspace's saved searches and topics", () => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    tenant = await fx.createTenant();
    await seedDemoSearches(fx.deps, tenant.businessProfileId, tenant.accounts.admin.email);
    await loadDemoCorpus(fx.deps, tenant.businessProfileId, { count: 3000, end: new Date("2024-06-01T00:00:00Z") });
    admin = await fx.signIn(tenant.accounts.admin.email);
    agent = await fx.signIn(tenant.accounts.agent.email);
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it("gives the brand a folder of searches, a personal search and a topic group", async () => {
    const items = (await fx.request("GET", "/api/search/items", { auth: admin })).json.data as Array<Record<string, unknown>>;
    expect(items.map((i) => [i.name, i.category]).sort()).toEqual([
      ["Battle pass and seasons", "brand"],
      ["Login outage", "brand"],
      ["Shop orders", "brand"],
      ["Unhappy store reviews", "my"],
    ]);
    const folders = (await fx.request("GET", "/api/search/folders", { auth: admin })).json.data as Array<Record<string, unknown>>;
    expect(folders.map((f) => f.name)).toEqual(["Northwind Play"]);
    const topics = (await fx.request("GET", "/api/v1/topics", { auth: admin })).json.data as Array<Record<string, unknown>>;
    expect(topics.map((t) => t.name).sort()).toEqual(["Controllers", "Play+ subscription", "Servers and login"]);
  });

  it("shows brand searches to the team and keeps My Searches to their owner", async () => {
    const items = (await fx.request("GET", "/api/search/items", { auth: agent })).json.data as Array<Record<string, unknown>>;
    expect(items.map((i) => i.name).sort()).toEqual(["Battle pass and seasons", "Login outage", "Shop orders"]);
  });

  it("fills every search and topic as the demo mentions arrive", async () => {
    const items = (await fx.request("GET", "/api/search/items", { auth: admin })).json.data as Array<{ id: number; name: string }>;
    for (const item of items) {
      const filters = encodeURIComponent(JSON.stringify({ search_item_id: item.id }));
      const counts = await fx.request("GET", `/api/v1/statuses/counts?filters=${filters}`, { auth: admin });
      expect(counts.status).toBe(200);
      expect(counts.json.total, item.name).toBeGreaterThan(0);
    }
    const topics = (await fx.request("GET", "/api/v1/topics", { auth: admin })).json.data as Array<{ id: number; name: string }>;
    for (const topic of topics) {
      const filters = encodeURIComponent(JSON.stringify({ topic_id: topic.id }));
      const counts = await fx.request("GET", `/api/v1/statuses/counts?filters=${filters}`, { auth: admin });
      expect(counts.json.total, topic.name).toBeGreaterThan(0);
    }
  });
});
