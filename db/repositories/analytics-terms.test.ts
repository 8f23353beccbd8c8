import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { feedItemRow } from "../../tests/support/feed-item-row";
import { sampleTermDocs, sampleTextDocs } from "./analytics-terms";
import { insertFeedItems, type FeedItemFilter } from "./feed-items";
import { insertQueryMatches } from "./search-index";

// The text widgets' sample of one context (its newest mentions in the period) walks the context's
// memberships in the mentions' time order (migration 0018): it must pick exactly what testing every
// mention of the period for membership picks, ties on time broken by the highest id.
describe.each(testEngines({ engineSpecific: true }))("the newest mentions of a context on %s", (engine) => {
  let database: TestDatabase;
  let bp: number;
  let theirBp: number;
  const SEARCH = 7;
  const MATCHED_AT = "2026-12-01T00:00:00.000Z";

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    const { db } = database;
    bp = (await createWorkspace(db, { name: "Mine", members: [] })).businessProfile.id;
    theirBp = (await createWorkspace(db, { name: "Theirs", members: [] })).businessProfile.id;
    // 60 mentions over three days, inserted out of time order; 2, 6, 10… share the time of the even one
    // before them (ties in the context); the even ones in the saved search, every seventh muted, one in
    // another network.
    const rows = Array.from({ length: 60 }, (_, i) => {
      const n = (i * 37) % 60;
      const minute = n % 4 === 2 ? n - 2 : n;
      return feedItemRow(bp, {
        externalId: `m${n}`,
        socialType: n === 10 ? "reddit" : "twitter",
        createdAt: new Date(Date.parse("2026-03-01T00:00:00.000Z") + minute * 72 * 60_000).toISOString(),
        keywords: JSON.stringify([`term${n % 5}`]),
        title: n % 4 === 0 ? `Title ${n}` : null,
        muted: n % 7 === 0 ? 1 : 0,
      });
    });
    const stored = await insertFeedItems(db, rows);
    const inSearch = stored.filter((s) => Number(s.externalId.slice(1)) % 2 === 0);
    await insertQueryMatches(db, bp, inSearch.map((s) => ({ contextType: 1, contextId: SEARCH, feedItemId: s.id })), MATCHED_AT);
    // Another tenant's mentions in a context with the same id, newer than all of mine.
    const theirs = await insertFeedItems(db, [feedItemRow(theirBp, { externalId: "t1", socialType: "twitter", createdAt: "2026-03-03T23:00:00.000Z" })]);
    await insertQueryMatches(db, theirBp, [{ contextType: 1, contextId: SEARCH, feedItemId: theirs[0]!.id }], MATCHED_AT);
    // A membership of a mention of another tenant is never stored for mine.
    await insertQueryMatches(db, bp, [{ contextType: 1, contextId: SEARCH, feedItemId: theirs[0]!.id }], MATCHED_AT);
  });
  afterAll(() => database?.cleanup());

  /** The same sample read without the walk: every mention of the period, membership tested in JS. */
  async function expected(filter: FeedItemFilter, limit: number) {
    const { contexts, ...rest } = filter;
    const members = new Set(
      (
        await database.db
          .selectFrom("queryMatches")
          .select("feedItemId")
          .where("businessProfileId", "=", bp)
          .where("contextType", "=", contexts![0]!.contextType)
          .where("contextId", "=", contexts![0]!.contextId)
          .execute()
      ).map((r) => r.feedItemId),
    );
    const all = await sampleTextDocs(database.db, bp, rest, 10_000);
    return all.filter((d) => members.has(d.id)).slice(0, limit);
  }

  const context = { contexts: [{ contextType: 1, contextId: SEARCH }] };
  const cases: Array<[string, FeedItemFilter, number]> = [
    ["the whole period, fewer than the sample", { ...context, from: "2026-03-01T00:00:00.000Z", to: "2026-03-04T00:00:00.000Z" }, 100],
    ["a period cut inside the mentions, sample smaller than the period", { ...context, from: "2026-03-01T12:00:00.000Z", to: "2026-03-02T18:00:00.000Z" }, 5],
    ["no period", context, 7],
    ["with another condition (one network)", { ...context, networks: ["twitter"], from: "2026-03-01T00:00:00.000Z", to: "2026-03-04T00:00:00.000Z" }, 12],
  ];

  it.each(cases)("%s", async (_name, filter, limit) => {
    const want = await expected(filter, limit);
    expect(want.length).toBeGreaterThan(0);
    const text = await sampleTextDocs(database.db, bp, filter, limit);
    expect(text).toEqual(want);
    const terms = await sampleTermDocs(database.db, bp, filter, limit);
    expect(terms).toEqual(want.map(({ text: _text, ...doc }) => doc));
  });

  it("keeps to the tenant: another tenant's membership under the same context id is not read", async () => {
    const docs = await sampleTermDocs(database.db, bp, { ...context }, 1000);
    expect(docs.every((d) => !d.keywords.length || d.keywords[0]!.startsWith("term"))).toBe(true);
    const theirs = await sampleTermDocs(database.db, theirBp, { ...context }, 1000);
    expect(theirs).toHaveLength(1);
    expect(docs.map((d) => d.id)).not.toContain(theirs[0]!.id);
  });
});
