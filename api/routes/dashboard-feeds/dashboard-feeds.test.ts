import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertFeedItems } from "../../../db/repositories/feed-items";
import { insertSearchItem } from "../../../db/repositories/search-items";
import { insertQueryMatches } from "../../../db/repositories/search-index";
import { MESSAGES } from "../../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { feedItemRow } from "../../../tests/support/feed-item-row";

const NOW = "2026-03-06T00:00:00.000Z";

interface Item {
  key: number;
  at: string;
  network: string;
  sentiment: number;
  search?: boolean;
}

// Mentions of one day; the saved search holds 1, 2, 3 and 5; 6 is outside the chart point's hour range.
const ITEMS: Item[] = [
  { key: 1, at: "2026-03-03T10:05:00.000Z", network: "twitter", sentiment: -1, search: true },
  { key: 2, at: "2026-03-03T10:30:00.000Z", network: "reddit", sentiment: -1, search: true },
  { key: 3, at: "2026-03-03T10:45:00.000Z", network: "twitter", sentiment: 1, search: true },
  { key: 4, at: "2026-03-03T10:50:00.000Z", network: "twitter", sentiment: -1 },
  { key: 5, at: "2026-03-03T10:55:00.000Z", network: "twitter", sentiment: -1, search: true },
  { key: 6, at: "2026-03-03T12:00:00.000Z", network: "twitter", sentiment: -1, search: true },
];

function row(businessProfileId: number, item: Item) {
  return feedItemRow(businessProfileId, {
    socialType: item.network,
    externalId: `f${item.key}`,
    description: `Mention number ${item.key}`,
    sentiment: item.sentiment,
    authorUsername: `author${item.key}`,
    createdAt: item.at,
    ingestedAt: NOW,
  });
}

describe.each(testEngines({ engineSpecific: true }))("dashboard feed hashes on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let agent: SignedIn;
  let theirAdmin: SignedIn;
  let searchId: number;
  const ids = new Map<number, number>();

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(NOW) });
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    agent = await fx.signIn(mine.accounts.agent.email);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const bp = mine.businessProfileId;
    const stored = await insertFeedItems(fx.db, ITEMS.map((i) => row(bp, i)));
    for (const s of stored) ids.set(Number(s.externalId.slice(1)), s.id);
    searchId = (
      await insertSearchItem(
        fx.db,
        bp,
        { name: "Brand", category: "brand", folderId: null, query: "[]", logoSrc: null, alertsEnabled: false, ownerAccountId: mine.accounts.admin.id, entityType: 2, entityIds: [bp] },
        NOW,
      )
    ).id;
    for (const item of ITEMS.filter((i) => i.search)) {
      await insertQueryMatches(fx.db, bp, [{ contextType: 1, contextId: searchId, feedItemId: ids.get(item.key)! }], NOW);
    }
  });
  afterAll(() => fx?.cleanup());

  const point = (extra: Record<string, unknown> = {}) => ({
    title: "Negative at 10:00",
    view_type: "sentiment",
    context_type: 1,
    context_id: searchId,
    min_created_at: "2026-03-03T10:00:00Z",
    max_created_at: "2026-03-03T11:00:00Z",
    properties: { sentiment: "negative" },
    ...extra,
  });
  const keysOf = (data: Array<{ id: number }>) => data.map((s) => [...ids].find(([, id]) => id === s.id)?.[0]);

  it("stores a chart point and answers its definition and its mentions, page by page", async () => {
    const created = await fx.request("POST", "/api/v1/dashboard/feeds/hash", { auth: agent, body: point() });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    expect(created.json.id).toMatch(/^[A-Za-z0-9_-]{22}$/);

    const res = await fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${created.json.id}`, { auth: agent });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({
      id: created.json.id,
      title: "Negative at 10:00",
      view_type: "sentiment",
      context_type: 1,
      context_id: searchId,
      min_created_at: "2026-03-03T10:00:00.000Z",
      max_created_at: "2026-03-03T11:00:00.000Z",
      properties: { sentiment: "negative" },
      context: { context_type: 1, context_id: searchId, title: "Brand" },
      statuses: { total: 3, page: 1, per_page: 20 },
    });
    // The search's negative mentions of that hour, newest first: not 3 (positive), 4 (not in the search), 6 (later).
    expect(keysOf(res.json.statuses.data)).toEqual([5, 2, 1]);

    const page2 = await fx.request("GET", `/api/v1/dashboard/feeds/hash?feedHash=${created.json.id}&page=2&per_page=2`, { auth: agent });
    expect(keysOf(page2.json.statuses.data)).toEqual([1]);
    expect(page2.json.statuses.total).toBe(3);

    const network = await fx.request("POST", "/api/v1/dashboard/feeds/hash", { auth: agent, body: point({ properties: { social_type: "reddit" } }) });
    const byNetwork = await fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${network.json.id}`, { auth: agent });
    expect(keysOf(byNetwork.json.statuses.data)).toEqual([2]);
  });

  it("answers 404 for unknown codes, other tenants' codes and contexts; a shared link reads only its contexts and cannot store", async () => {
    const code = (await fx.request("POST", "/api/v1/dashboard/feeds/hash", { auth: agent, body: point() })).json.id as string;
    const unknown = await fx.request("GET", "/api/v1/dashboard/feeds/hash?feed_hash=nope", { auth: agent });
    expect(unknown.status).toBe(404);
    expect(unknown.json.error_message).toBe(MESSAGES.dashboardConfig.feedHashNotFound);
    expect((await fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${code}`, { auth: theirAdmin })).status).toBe(404);
    expect((await fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${code}`)).status).toBe(401);
    expect((await fx.request("POST", "/api/v1/dashboard/feeds/hash", { auth: theirAdmin, body: point() })).status).toBe(404);
    const bad = await fx.request("POST", "/api/v1/dashboard/feeds/hash", { auth: agent, body: point({ min_created_at: "soon" }) });
    expect(bad.status).toBe(422);

    const withSearch = await fx.request("POST", "/api/v1/dashboard_shared_links", {
      auth: agent,
      body: { title: "Search", non_logged_in_access: true, config: { contexts: [`1-${searchId}`] } },
    });
    const everything = await fx.request("POST", "/api/v1/dashboard_shared_links", { auth: agent, body: { title: "All", non_logged_in_access: true } });
    const read = (link: string) => fx.request("GET", `/api/v1/dashboard/feeds/hash?feed_hash=${code}`, { headers: { "shared-link-code": link } });
    const shared = await read(withSearch.json.code);
    expect(shared.status).toBe(200);
    expect(shared.json.statuses.total).toBe(3);
    expect((await read(everything.json.code)).status).toBe(404);
    const store = await fx.request("POST", "/api/v1/dashboard/feeds/hash", { headers: { "shared-link-code": withSearch.json.code }, body: point() });
    expect(store.status).toBe(403);
  });
});
