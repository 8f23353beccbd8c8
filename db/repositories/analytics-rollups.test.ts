import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestPorts } from "../../ingest";
import { backfillsSettled, forgetContext, percolateItems, requestBackfill } from "../../services/queries/backfill";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { createSearchTenant, ingestItems, insertSearchItem, insertTopic, keywordsGroups, testDeps, type SearchTenant } from "../../tests/support/search";
import type { ServiceDeps } from "../../services/context";
import { sql } from "kysely";
import { compactDailyRollups } from "./analytics-daily";
import { adjustItems, listTenantRollups, rebuildAllRollups, rebuildTenantRollups } from "./analytics-rollups";
import { setItemsMuted } from "./feed-items";

const WORDS = ["refund", "great app", "terrible crash", "login", "thanks"];
const at = (i: number) => new Date(Date.UTC(2026, 2, 1, i % 30, (i * 7) % 60, i % 60)).toISOString();

function rounded<T extends object>(rows: T[]): T[] {
  return rows.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, typeof v === "number" ? Math.round(v * 1000) / 1000 : v])) as T);
}

type Rollups = Awaited<ReturnType<typeof listTenantRollups>>;
type DailyRow = Rollups["daily"][number];
const MEASURES = ["mentions", "likes", "comments", "shares", "views", "totalEngagements", "reach", "impactSum", "replied", "firstReplyCount", "firstReplySeconds"] as const;

/** The daily rows the hourly ones make: per context, dimension (sentiment too), UTC day, value and sentiment. */
function dailyOf(rollups: Rollups): DailyRow[] {
  const out = new Map<string, DailyRow>();
  const add = (row: Omit<DailyRow, "bucket"> & { bucket: string }) => {
    const bucket = `${row.bucket.slice(0, 10)}T00:00:00.000Z`;
    const key = [row.contextType, row.contextId, row.dimension, bucket, row.value, row.sentiment].join("|");
    const sum = out.get(key) ?? { ...row, bucket, ...Object.fromEntries(MEASURES.map((m) => [m, 0])) };
    for (const m of MEASURES) sum[m] += row[m];
    out.set(key, sum);
  };
  for (const row of rollups.dimensions) add(row);
  for (const row of rollups.sentiment) add({ ...row, dimension: "sentiment", value: "" });
  return [...out.values()].filter((r) => r.mentions !== 0);
}

function sortedDaily(rows: DailyRow[]): DailyRow[] {
  const key = (r: DailyRow) => [r.contextType, r.contextId, r.dimension, r.bucket, r.value, r.sentiment].join("|");
  return [...rows].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

describe.each(testEngines({ engineSpecific: true }))("analytics rollups on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps & { errors: unknown[] };
  let tenant: SearchTenant;
  let other: SearchTenant;
  let searchId: number;
  let topicId: number;

  /** The rollups as maintained equal a recount from feed_items and query_matches. */
  async function expectRecount(t: SearchTenant = tenant) {
    // The days every write marked changed are made again: then each day's rows sum its hours (a write that
    // failed to mark its days would leave them stale here).
    await compactDailyRollups(deps.db, t.businessProfileId, new Date("2100-01-01T00:00:00.000Z"));
    const kept = await listTenantRollups(deps.db, t.businessProfileId);
    expect(kept.daily.length).toBeGreaterThan(0);
    expect(sortedDaily(rounded(kept.daily))).toEqual(sortedDaily(rounded(dailyOf(kept))));
    await rebuildTenantRollups(deps.db, t.businessProfileId);
    // The rebuild marks every day changed; made again now, so the next write's own marks are what count.
    await compactDailyRollups(deps.db, t.businessProfileId, new Date("2100-01-01T00:00:00.000Z"));
    const recounted = await listTenantRollups(deps.db, t.businessProfileId);
    expect(sortedDaily(rounded(recounted.daily))).toEqual(sortedDaily(rounded(kept.daily)));
    expect(rounded(kept.sentiment)).toEqual(rounded(recounted.sentiment));
    expect(rounded(kept.dimensions)).toEqual(rounded(recounted.dimensions));
    expect(rounded(kept.firstReplies)).toEqual(rounded(recounted.firstReplies));
    expect(kept.terms).toEqual(recounted.terms);
    // One first-reply row per replied mention and context, holding the same seconds the hourly rows sum.
    const contextOf = (r: { contextType: number; contextId: number }) => `${r.contextType}:${r.contextId}`;
    for (const context of new Set(recounted.sentiment.map(contextOf))) {
      const replies = recounted.firstReplies.filter((r) => contextOf(r) === context);
      const hourly = recounted.sentiment.filter((r) => contextOf(r) === context);
      expect(replies.length).toBe(hourly.reduce((n, r) => n + r.firstReplyCount, 0));
      expect(replies.reduce((n, r) => n + r.seconds, 0)).toBeCloseTo(hourly.reduce((n, r) => n + r.firstReplySeconds, 0), 2);
    }
    // Every dimension splits the same mentions: per context, each sums to the sentiment rows' total.
    const total = (rows: Array<{ contextType: number; contextId: number; mentions: number }>) => {
      const out = new Map<string, number>();
      for (const r of rows) out.set(contextOf(r), (out.get(contextOf(r)) ?? 0) + r.mentions);
      return out;
    };
    for (const dimension of ["network", "language", "country", "rating"])
      expect(total(recounted.dimensions.filter((r) => r.dimension === dimension))).toEqual(total(recounted.sentiment));
    return { ...recounted, hourly: recounted.sentiment };
  }

  const item = (i: number, network: "twitter" | "reddit" = i % 3 ? "twitter" : "reddit") => ({
    network,
    external_id: `m${i}`,
    text: `${WORDS[i % WORDS.length]} number ${i}`,
    created_at: at(i),
    likes: i % 4,
    comments: i % 3,
    shares: i % 2,
    views: i * 10,
    author: { username: `u${i % 5}`, followers: i * 3, country: i % 2 ? "US" : "FR" },
  });

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = testDeps(database.db, createIngestPorts());
    tenant = await createSearchTenant(deps);
    other = await createSearchTenant(deps);
    searchId = await insertSearchItem(deps.db, tenant.businessProfileId, keywordsGroups("refund OR crash"), "Refunds");
    topicId = await insertTopic(deps.db, tenant.businessProfileId, { keywords: ["login"] });
    await ingestItems(deps, tenant, Array.from({ length: 40 }, (_, i) => item(i)));
    await ingestItems(deps, other, [item(1)]);
  }, 60_000);
  afterAll(() => database?.cleanup());

  it("counts every mention, its saved searches and topics at ingestion", async () => {
    const { hourly, terms } = await expectRecount();
    const sum = (ctx: number, id: number) => hourly.filter((r) => r.contextType === ctx && r.contextId === id).reduce((n, r) => n + r.mentions, 0);
    expect(sum(0, 0)).toBe(40);
    expect(sum(1, searchId)).toBe(16); // refund (i % 5 = 0) and crash (i % 5 = 2)
    expect(sum(2, topicId)).toBe(8);
    expect(hourly.reduce((n, r) => n + (r.contextType === 0 ? r.likes : 0), 0)).toBe(Array.from({ length: 40 }, (_, i) => i % 4).reduce((a, b) => a + b, 0));
    expect(terms.length).toBeGreaterThan(0);
    expect(hourly.every((r) => /^\d{4}-\d{2}-\d{2}T\d{2}:00:00\.000Z$/.test(r.bucket))).toBe(true);
    await expectRecount(other);
  });

  it("follows a new saved search's backfill and a definition's deletion", async () => {
    const id = await insertSearchItem(deps.db, tenant.businessProfileId, keywordsGroups("thanks"), "Thanks");
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id });
    await backfillsSettled(deps);
    let { hourly } = await expectRecount();
    expect(hourly.filter((r) => r.contextType === 1 && r.contextId === id).reduce((n, r) => n + r.mentions, 0)).toBe(8);
    await forgetContext(deps, tenant.businessProfileId, { type: 1, id });
    ({ hourly } = await expectRecount());
    expect(hourly.some((r) => r.contextType === 1 && r.contextId === id)).toBe(false);
  });

  it("follows re-percolation (memberships subtracted, then added)", async () => {
    const newTopic = await insertTopic(deps.db, tenant.businessProfileId, { keywords: ["great"] });
    const rows = await deps.db.selectFrom("feedItems").select("id").where("businessProfileId", "=", tenant.businessProfileId).execute();
    await percolateItems(deps, tenant.businessProfileId, rows.map((r) => r.id));
    const { hourly } = await expectRecount();
    expect(hourly.filter((r) => r.contextType === 2 && r.contextId === newTopic).reduce((n, r) => n + r.mentions, 0)).toBe(8);
  });

  it("counts a first reply (an agent reply arriving for a stored mention) and muting", async () => {
    await ingestItems(deps, tenant, [
      { network: "twitter", external_id: "r1", text: "We are on it", created_at: "2026-03-02T05:00:00.000Z", is_agent_reply: true, parent_external_id: "m1", author: { username: "brand" } },
    ]);
    const { hourly } = await expectRecount();
    const all = hourly.filter((r) => r.contextType === 0);
    expect(all.reduce((n, r) => n + r.replied, 0)).toBe(1);
    expect(all.reduce((n, r) => n + r.firstReplyCount, 0)).toBe(1);
    const m1 = await deps.db.selectFrom("feedItems").select(["id", "createdAt"]).where("businessProfileId", "=", tenant.businessProfileId).where("externalId", "=", "m1").executeTakeFirstOrThrow();
    expect(all.reduce((n, r) => n + r.firstReplySeconds, 0)).toBeCloseTo((Date.parse("2026-03-02T05:00:00.000Z") - Date.parse(m1.createdAt)) / 1000, 2);

    await deps.db.transaction().execute((trx) => adjustItems(trx, tenant.businessProfileId, [m1.id], "all", () => setItemsMuted(trx, tenant.businessProfileId, [m1.id], true)));
    const after = await expectRecount();
    expect(after.hourly.filter((r) => r.contextType === 0).reduce((n, r) => n + r.mentions, 0)).toBe(40); // 41 stored, 1 muted
  });

  it("the migration's backfill (an install upgraded with mentions already stored) gives the maintained rollups", async () => {
    const kept = await listTenantRollups(deps.db, tenant.businessProfileId);
    await sql`delete from analytics_hourly_sentiment`.execute(deps.db);
    await sql`delete from analytics_hourly_dimensions`.execute(deps.db);
    await sql`delete from analytics_first_replies`.execute(deps.db);
    await sql`delete from analytics_terms_daily`.execute(deps.db);
    const rebuilt = await rebuildAllRollups(deps.db);
    expect(rebuilt).toEqual(expect.arrayContaining([tenant.businessProfileId, other.businessProfileId]));
    const again = await listTenantRollups(deps.db, tenant.businessProfileId);
    expect(rounded(again.sentiment)).toEqual(rounded(kept.sentiment));
    expect(rounded(again.dimensions)).toEqual(rounded(kept.dimensions));
    expect(rounded(again.firstReplies)).toEqual(rounded(kept.firstReplies));
    expect(again.terms).toEqual(kept.terms);
  });
});
