import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadDemoCorpus } from "../../jobs/demo-corpus";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../tests/support/api-fixture";
import { backfillsSettled } from "../queries/backfill";
import { DEMO_LABELS, seedDemoInboxWork, seedDemoLabels } from "./seed-demo-inbox";

describe("the demo workspace's inbox", () => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let agent: SignedIn;
  let admin: SignedIn;
  const emails = () => ({ admin: tenant.accounts.admin.email, agent: tenant.accounts.agent.email });

  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    tenant = await fx.createTenant();
    await seedDemoLabels(fx.deps, tenant.businessProfileId, tenant.accounts.admin.email);
    await loadDemoCorpus(fx.deps, tenant.businessProfileId, { count: 1500, end: new Date("2024-06-01T00:00:00Z") });
    await seedDemoInboxWork(fx.deps, tenant.businessProfileId, emails());
    agent = await fx.signIn(tenant.accounts.agent.email);
    admin = await fx.signIn(tenant.accounts.admin.email);
  }, 120_000);
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  it("has labels in categories", async () => {
    const labels = (await fx.request("GET", "/api/v1/labels", { auth: agent })).json.data as Array<{ name: string; category: string }>;
    expect(labels.map((l) => [l.name, l.category]).sort()).toEqual(DEMO_LABELS.map((l) => [l.name, l.category]).sort());
  });

  it("labels some of the newest items by what they say, and assigns a few to the agent and the admin", async () => {
    const labels = (await fx.request("GET", "/api/v1/labels", { auth: agent })).json.data as Array<{ id: number; name: string; items_count: number }>;
    expect(labels.reduce((sum, l) => sum + l.items_count, 0)).toBeGreaterThanOrEqual(10);
    for (const [name, words] of [
      ["Billing", /refund|charge|billing|invoice|price|subscription/i],
      ["Bug", /crash|bug|broken|error|503|outage|down|lag|freez/i],
    ] as const) {
      const label = labels.find((l) => l.name === name)!;
      const items = (await fx.request("GET", `/api/v1/feed-items?source_type=label&source_id=${label.id}&limit=100`, { auth: agent })).json.data as Array<{
        title: string | null;
        description: string;
      }>;
      expect(items.length, name).toBe(label.items_count);
      expect(items.length, name).toBeGreaterThan(0);
      for (const item of items) expect(`${item.title ?? ""} ${item.description}`, name).toMatch(words);
    }

    const mine = (await fx.request("GET", "/api/v1/feed-items/assigned-to-me?limit=100", { auth: agent })).json.data as Array<{
      id: number;
      labels: Array<{ name: string }>;
      assigned_to: { name: string };
      state: number;
    }>;
    expect(mine).toHaveLength(4);
    expect(mine.every((i) => i.labels.length > 0 && i.assigned_to.name === "agent Tester")).toBe(true);
    expect(mine.filter((i) => i.state === 2)).toHaveLength(1);
    expect((await fx.request("GET", "/api/v1/feed-items/assigned-to-me-count", { auth: agent })).json).toEqual({ count: 3 });
    const admins = (await fx.request("GET", "/api/v1/feed-items/assigned-to-me", { auth: admin })).json.data as unknown[];
    expect(admins).toHaveLength(2);

    // Each change is in the item's history, as the agent's work.
    const detail = (await fx.request("GET", `/api/v1/feed-items/${mine[0]!.id}`, { auth: agent })).json;
    expect(detail.actions.history.map((h: { action_type: string }) => h.action_type)).toEqual(expect.arrayContaining(["labels", "assignment"]));
  });

  it("rings nobody's bell, and does its work once", async () => {
    const notifications = await fx.db.selectFrom("notifications").select("id").where("businessProfileId", "=", tenant.businessProfileId).execute();
    expect(notifications).toEqual([]);
    const before = await fx.db.selectFrom("feedItemActions").select("id").where("businessProfileId", "=", tenant.businessProfileId).execute();
    await seedDemoLabels(fx.deps, tenant.businessProfileId, tenant.accounts.admin.email);
    await seedDemoInboxWork(fx.deps, tenant.businessProfileId, emails());
    const after = await fx.db.selectFrom("feedItemActions").select("id").where("businessProfileId", "=", tenant.businessProfileId).execute();
    expect(after.length).toBe(before.length);
    const labels = (await fx.request("GET", "/api/v1/labels", { auth: agent })).json.data as unknown[];
    expect(labels).toHaveLength(DEMO_LABELS.length);
  });
});
