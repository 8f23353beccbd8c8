import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { feedItemRow } from "../../tests/support/feed-item-row";
import { migrateToLatest } from "../migrate";
import { compactDailyRollups } from "../repositories/analytics-daily";
import { addToRollups, listTenantRollups } from "../repositories/analytics-rollups";
import * as m0019 from "./0019-analytics-daily-dimensions";

// Migration 0019 adds the daily rollups and marks every stored day as changed, for the job to make them.
describe.each(testEngines({ engineSpecific: true }))("migration 0019 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it("marks the stored days changed; their daily rows are then made from the hourly ones", async () => {
    database = await createTestDatabase(engine, { migratedUpTo: "0018-matches-by-mention-time" });
    const { db } = database;
    const bp = (await createWorkspace(db, { name: "Upgraded", members: [] })).businessProfile.id;
    const mentions = [
      { externalId: "a", socialType: "twitter", createdAt: "2026-03-01T10:15:00.000Z", language: "en", likes: 3 },
      { externalId: "b", socialType: "twitter", createdAt: "2026-03-01T22:40:00.000Z", language: "fr", likes: 1, sentiment: 1 },
      { externalId: "c", socialType: "trustpilot", createdAt: "2026-03-02T00:05:00.000Z", language: "en", rating: 4, firstReplyAt: "2026-03-02T01:05:00.000Z", isReplied: 1 },
    ];
    const ids: number[] = [];
    for (const m of mentions) ids.push((await db.insertInto("feedItems").values(feedItemRow(bp, m)).returning("id").executeTakeFirstOrThrow()).id);
    await addToRollups(db, bp, { kind: "items", ids, contexts: "all" }, 1, { daily: false });

    expect(await migrateToLatest(db)).toContain("0019-analytics-daily-dimensions");
    // Every stored day is marked changed; the background job then makes its daily rows.
    const changed = async () => (await sql<{ bucket: string }>`select distinct bucket from analytics_daily_changes order by bucket`.execute(db)).rows.map((r) => r.bucket);
    expect(await changed()).toEqual(["2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z"]);
    expect(await compactDailyRollups(db, bp, new Date("2026-03-03T00:00:00.000Z"))).toBe(2);
    expect(await changed()).toEqual([]);
    const daily = (await listTenantRollups(db, bp)).daily;
    const day = (bucket: string, dimension: string) => daily.filter((r) => r.bucket === bucket && r.dimension === dimension && r.contextType === 0);
    // Per day, what the day's hours hold (a rating reads '4.0' where the store keeps it as a real).
    expect(day("2026-03-01T00:00:00.000Z", "sentiment").map((r) => [r.sentiment, r.mentions, r.likes])).toEqual([
      [0, 1, 3],
      [1, 1, 1],
    ]);
    expect(day("2026-03-01T00:00:00.000Z", "network")).toMatchObject([{ value: "twitter", sentiment: 0, mentions: 1 }, { value: "twitter", sentiment: 1, mentions: 1 }]);
    expect(day("2026-03-02T00:00:00.000Z", "rating")).toMatchObject([{ value: expect.stringMatching(/^trustpilot:4(\.0)?$/), mentions: 1, firstReplyCount: 1, firstReplySeconds: 3600 }]);

    await m0019.down(db as never);
    await expect(sql`select count(*) from analytics_daily_dimensions`.execute(db)).rejects.toThrow();
    await expect(sql`select count(*) from analytics_daily_changes`.execute(db)).rejects.toThrow();
  });
});
