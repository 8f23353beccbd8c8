import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFeedItems } from "../../../db/repositories/feed-items";
import { replaceSearchTokens } from "../../../db/repositories/search-index";
import { rebuildTenantRollups } from "../../../db/repositories/analytics-rollups";
import { clearDashboardCache } from "../../../services/analytics/cache";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { feedItemRow } from "../../../tests/support/feed-item-row";

// Issue 31: a shared link did not pin its contexts: an anonymous viewer sent another query (or none) for
// the link's context, or a wider period, and read mentions outside what was shared. The server takes the
// contexts' queries, the period and the zone from the stored link, never from the request.

const NOW = "2026-03-10T00:00:00.000Z";
const SHARED = { from: "2026-03-03T00:00:00.000Z", to: "2026-03-04T00:00:00.000Z" };
const WIDE = { from: "2026-03-01T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" };

const ITEMS = [
  { key: 1, at: "2026-03-03T10:00:00.000Z", text: "alpha launch went well" },
  { key: 2, at: "2026-03-03T11:00:00.000Z", text: "alpha pricing is fair" },
  { key: 3, at: "2026-03-03T12:00:00.000Z", text: "confidential beta leak" },
  { key: 4, at: "2026-03-06T10:00:00.000Z", text: "alpha later, outside the shared day" },
];

describe.each(testEngines())("a shared link pins what it shares on %s", (engine) => {
  let fx: ApiFixture;
  let agent: SignedIn;
  let guest: SignedIn;
  let code: string;
  const ids = new Map<number, number>();

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(NOW) });
    const tenant = await fx.createTenant();
    agent = await fx.signIn(tenant.accounts.agent.email);
    guest = await fx.signIn(tenant.accounts.guest.email);
    const stored = await insertFeedItems(
      fx.db,
      ITEMS.map((i) =>
        feedItemRow(tenant.businessProfileId, {
          socialType: "twitter",
          externalId: `p${i.key}`,
          description: i.text,
          createdAt: i.at,
          ingestedAt: NOW,
          impactScore: 10 * i.key,
        }),
      ),
    );
    for (const s of stored) ids.set(Number(s.externalId.slice(1)), s.id);
    await replaceSearchTokens(
      fx.db,
      ITEMS.map((i) => ({ id: ids.get(i.key)!, tokens: i.text.toLowerCase().split(/[^a-z]+/).filter(Boolean) })),
    );
    await rebuildTenantRollups(fx.db, tenant.businessProfileId);
    const link = await fx.request("POST", "/api/v1/dashboard_shared_links", {
      auth: agent,
      body: {
        title: "Alpha on the 3rd",
        non_logged_in_access: true,
        config: {
          contexts: [{ context_type: 6, context_id: 0, properties: { query: "alpha" } }],
          widgets: ["most-impactful-posts", "sentiment"],
          time_range: SHARED,
          time_zone: "UTC",
        },
      },
    });
    expect(link.status, JSON.stringify(link.json)).toBe(201);
    code = link.json.code;
  });
  afterAll(() => fx?.cleanup());

  const keysOf = (items: Array<{ id: number }>) => items.map((s) => [...ids].find(([, id]) => id === s.id)?.[0]).sort();
  const asViewer = (path: string, body: Record<string, unknown>) =>
    fx.request("POST", `/api/v1/dashboard/${path}`, {
      body,
      headers: { "shared-link-code": code, "x-http-method-override": "GET", "cache-control": "no-cache" },
    });

  it("answers the link's query whatever query the request sends for its context, or none", async () => {
    for (const properties of [{ query: "beta" }, { query: "" }, null, undefined]) {
      const res = await asViewer("most-impactful-posts", {
        range: SHARED,
        contexts: [{ context_type: 6, context_id: 0, ...(properties === undefined ? {} : { properties }) }],
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(keysOf(res.json.data[0].items), JSON.stringify(properties)).toEqual([1, 2]);
      expect(JSON.stringify(res.json)).not.toContain("confidential");
    }
    // Top-level properties and no contexts at all: still the link's context and query.
    const bare = await asViewer("most-impactful-posts", { range: SHARED, properties: { query: "beta" } });
    expect(keysOf(bare.json.data[0].items)).toEqual([1, 2]);
  });

  it("keeps the reads inside the link's period, however wide the request's range", async () => {
    const res = await asViewer("most-impactful-posts", { range: WIDE });
    expect(res.status).toBe(200);
    expect(keysOf(res.json.data[0].items)).toEqual([1, 2]);
    const counts = await asViewer("sentiment", { range: WIDE, interval: "day", contexts: [{ context_type: 6, context_id: 0, properties: { query: "beta" } }] });
    expect(counts.status, JSON.stringify(counts.json)).toBe(200);
    const totals = counts.json.data[0].totals;
    expect(totals.negative + totals.neutral + totals.positive).toBe(2);
    const outside = await asViewer("most-impactful-posts", { range: { from: "2026-03-05T00:00:00.000Z", to: "2026-03-07T00:00:00.000Z" } });
    expect(keysOf(outside.json.data[0].items)).toEqual([1, 2]);
  });

  it("never serves the link a member's cached answer to another query of the same context", async () => {
    clearDashboardCache();
    const member = await fx.request("POST", "/api/v1/dashboard/most-impactful-posts", {
      auth: agent,
      body: { range: SHARED, contexts: [{ context_type: 6, context_id: 0, properties: { query: "beta" } }] },
      headers: { "x-http-method-override": "GET" },
    });
    expect(keysOf(member.json.data[0].items)).toEqual([3]);
    const viewer = await fx.request("POST", "/api/v1/dashboard/most-impactful-posts", {
      body: { range: SHARED, contexts: [{ context_type: 6, context_id: 0, properties: { query: "beta" } }] },
      headers: { "shared-link-code": code, "x-http-method-override": "GET" },
    });
    expect(keysOf(viewer.json.data[0].items)).toEqual([1, 2]);
  });

  it("drills down into the link's query and period only, whatever the stored chart point says", async () => {
    const point = await fx.request("POST", "/api/v1/dashboard/feeds/hash", {
      auth: agent,
      body: {
        title: "Everything that week",
        view_type: "sentiment",
        context_type: 6,
        context_id: 0,
        min_created_at: WIDE.from,
        max_created_at: WIDE.to,
        properties: { query: "beta" },
      },
    });
    expect(point.status, JSON.stringify(point.json)).toBe(201);
    const res = await fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${point.json.id}`, { headers: { "shared-link-code": code } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(keysOf(res.json.statuses.data)).toEqual([1, 2]);
    expect(JSON.stringify(res.json.statuses)).not.toContain("confidential");
  });

  // Issue 31: one rule for mention text (domain/permissions.ts mayReadMentionText, inbox.items.read).
  it("refuses a guest mention text on every dashboard path, as /v1/statuses does", async () => {
    const statuses = await fx.request("GET", "/api/v1/statuses", { auth: guest });
    expect(statuses.status).toBe(403);
    const posts = await fx.request("POST", "/api/v1/dashboard/most-impactful-posts", {
      auth: guest,
      body: { range: SHARED },
      headers: { "x-http-method-override": "GET" },
    });
    expect(posts.status).toBe(403);
    expect(JSON.stringify(posts.json)).not.toContain("alpha");
    const point = await fx.request("POST", "/api/v1/dashboard/feeds/hash", {
      auth: agent,
      body: { title: "Day", view_type: "sentiment", context_type: 6, context_id: 0, min_created_at: SHARED.from, max_created_at: SHARED.to, properties: {} },
    });
    const drill = await fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${point.json.id}`, { auth: guest });
    expect(drill.status).toBe(403);
    // Counts are not mention text: the guest's dashboard still shows them.
    const counts = await fx.request("POST", "/api/v1/dashboard/sentiment", {
      auth: guest,
      body: { range: SHARED },
      headers: { "x-http-method-override": "GET" },
    });
    expect(counts.status).toBe(200);
  });

  it("shows a shared link's viewer, anonymous or a guest, the texts the link shares", async () => {
    for (const auth of [undefined, guest]) {
      const res = await fx.request("POST", "/api/v1/dashboard/most-impactful-posts", {
        ...(auth ? { auth } : {}),
        body: { range: SHARED },
        headers: { "shared-link-code": code, "x-http-method-override": "GET" },
      });
      expect(res.status).toBe(200);
      expect(keysOf(res.json.data[0].items)).toEqual([1, 2]);
    }
  });
});
