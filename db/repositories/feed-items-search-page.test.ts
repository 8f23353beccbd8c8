import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { feedItemRow } from "../../tests/support/feed-item-row";
import { createWorkspace } from "../../services/workspace/create-workspace";
import type { SearchExpr } from "../token-match";
import { countFeedItemsUpTo, insertFeedItems, listFeedItems, type FeedItemOrder, type NewFeedItem } from "./feed-items";
import { insertFtsTokens } from "./search-index";

// A search's page and capped counts over more mentions than a page's worth of an order's index (ADR 044):
// terms found among the first rows of the order and terms found only far past them (the planner walks
// the order's index or sorts the matches) give the same pages as the order itself, muted mentions left out.
const COUNT = 6_200;

function tokensOf(i: number): string[] {
  const tokens = ["common", `n${i}`];
  if (i < 20) tokens.push("rare");
  if (i % 50 === 0) tokens.push("mid");
  if (i % 7 === 0) tokens.push("seventh");
  return tokens;
}

const mutedAt = (i: number) => i % 11 === 3;

describe.each(testEngines({ engineSpecific: true }))("a search's page over many mentions on %s", (engine) => {
  let database: TestDatabase;
  let tenant: number;
  const indexOf = new Map<number, number>();

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    tenant = (await createWorkspace(database.db, { name: "Walk", members: [] })).businessProfile.id;
    const rows: NewFeedItem[] = [];
    for (let i = 0; i < COUNT; i++) {
      rows.push({
        ...feedItemRow(tenant, {
          socialType: "twitter",
          externalId: `x${i}`,
          description: tokensOf(i).join(" "),
          sentiment: (i % 3) - 1,
          // Engagement and impact rise with i, time falls with it: the orders disagree.
          totalEngagements: i,
          impactScore: i / 10,
          authorUsername: "a",
          muted: mutedAt(i) ? 1 : 0,
          createdAt: new Date(Date.UTC(2026, 0, 1) - i * 60_000).toISOString(),
          ingestedAt: "2026-01-01T00:00:00.000Z",
        }),
        searchTokens: tokensOf(i),
      });
    }
    const inserted = await insertFeedItems(database.db, rows);
    for (const r of inserted) indexOf.set(Number(r.id), Number(r.externalId.slice(1)));
    await insertFtsTokens(
      database.db,
      inserted.map((r) => ({ id: Number(r.id), tokens: tokensOf(Number(r.externalId.slice(1))) })),
    );
  }, 60_000);
  afterAll(() => database?.cleanup());

  const term = (token: string): SearchExpr => ({ kind: "term", token, prefix: false });

  /** The indexes the page should hold: the order over every unmuted match. */
  function expected(token: string, order: FeedItemOrder, direction: "asc" | "desc", offset: number, limit: number) {
    const matches = Array.from({ length: COUNT }, (_, i) => i).filter((i) => tokensOf(i).includes(token) && !mutedAt(i));
    // Engagement and impact rise with i; time falls with it (ties: none).
    const ascending = order === "created_at" ? (a: number, b: number) => b - a : (a: number, b: number) => a - b;
    matches.sort(direction === "asc" ? ascending : (a, b) => ascending(b, a));
    return matches.slice(offset, offset + limit);
  }

  async function page(token: string, order: FeedItemOrder, direction: "asc" | "desc", offset: number, limit = 15) {
    const rows = await listFeedItems(database.db, tenant, { search: term(token) }, { orderBy: order, direction, offset, limit });
    return rows.map((r) => indexOf.get(Number(r.id)));
  }

  it.each([
    ["common", "counts.total_engagements", "desc", 0],
    ["common", "counts.total_engagements", "desc", 300],
    ["rare", "counts.total_engagements", "desc", 0],
    ["rare", "counts.total_engagements", "desc", 10],
    ["mid", "counts.total_engagements", "desc", 0],
    ["mid", "counts.total_engagements", "desc", 100],
    ["seventh", "impact_score", "desc", 0],
    ["rare", "impact_score", "desc", 0],
    ["mid", "created_at", "desc", 0],
    ["rare", "created_at", "asc", 0],
    ["common", "created_at", "desc", 30],
    ["rare", "counts.total_engagements", "asc", 0],
    ["mid", "counts.total_engagements", "asc", 5],
  ] as const)("%s by %s %s from %i", async (token, order, direction, offset) => {
    expect(await page(token, order, direction, offset)).toEqual(expected(token, order, direction, offset, 15));
  });

  it("counts at most the cap", async () => {
    const rare = await countFeedItemsUpTo(database.db, tenant, { search: term("rare") }, 10_000);
    expect(rare.capped).toBe(false);
    expect(rare.rows.reduce((n, r) => n + r.count, 0)).toBe(expected("rare", "created_at", "asc", 0, COUNT).length);
    const common = await countFeedItemsUpTo(database.db, tenant, { search: term("common") }, 1_000);
    expect(common.capped).toBe(true);
    expect(common.rows.reduce((n, r) => n + r.count, 0)).toBe(1_000);
  });
});
