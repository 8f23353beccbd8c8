import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { feedItemRow } from "../../tests/support/feed-item-row";
import { migrateToLatest } from "../migrate";
import { listTenantRollups } from "../repositories/analytics-rollups";

// Migration 0016 fills analytics_first_replies for an install that has mentions: from feed_items and the
// stored memberships when its rollups are counted, or by counting every rollup afresh when they are not
// (an install upgraded from before 0011).
describe.each(testEngines({ engineSpecific: true }))("migration 0016 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  async function storeMentions() {
    database = await createTestDatabase(engine, { migratedUpTo: "0015-analytics-narrow-rollups" });
    const { db } = database;
    const { businessProfile } = await createWorkspace(db, { name: "Upgraded", members: [] });
    const bp = businessProfile.id;
    const rows = [
      feedItemRow(bp, { externalId: "a", socialType: "twitter", createdAt: "2026-03-01T10:15:00.000Z", firstReplyAt: "2026-03-01T10:45:00.000Z", isReplied: 1 }),
      feedItemRow(bp, { externalId: "b", socialType: "twitter", createdAt: "2026-03-01T11:00:00.000Z" }),
      feedItemRow(bp, { externalId: "c", socialType: "reddit", createdAt: "2026-03-02T09:00:00.000Z", firstReplyAt: "2026-03-02T09:00:30.000Z", isReplied: 1, muted: 1 }),
    ];
    const ids: number[] = [];
    for (const row of rows) ids.push((await db.insertInto("feedItems").values(row).returning("id").executeTakeFirstOrThrow()).id);
    // As stored before 0018 (no mention time yet).
    await sql`insert into query_matches (business_profile_id, context_type, context_id, feed_item_id, created_at)
      values (${bp}, 1, 9, ${ids[0]!}, '2026-03-01T10:15:00.000Z')`.execute(db);
    return { db, bp, ids };
  }

  it("fills the replied, counted mentions' rows from feed_items when the rollups are counted", async () => {
    const { db, bp, ids } = await storeMentions();
    await sql`insert into analytics_hourly_sentiment (business_profile_id, context_type, context_id, bucket, sentiment, mentions)
      values (${bp}, 0, 0, '2026-03-01T10:00:00.000Z', 0, 2)`.execute(db);
    expect(await migrateToLatest(db)).toContain("0016-analytics-first-replies");
    const { firstReplies, sentiment, dimensions } = await listTenantRollups(db, bp);
    expect(firstReplies).toEqual([
      { contextType: 0, contextId: 0, bucket: "2026-03-01T10:00:00.000Z", feedItemId: ids[0], seconds: 1800 },
      { contextType: 1, contextId: 9, bucket: "2026-03-01T10:00:00.000Z", feedItemId: ids[0], seconds: 1800 },
    ]);
    expect(sentiment).toHaveLength(1); // left as it was
    expect(dimensions.map((r) => [r.contextType, r.contextId, r.dimension, r.bucket, r.value, r.mentions])).toEqual([
      [0, 0, "rating", "2026-03-01T10:00:00.000Z", "twitter:", 1],
      [0, 0, "rating", "2026-03-01T11:00:00.000Z", "twitter:", 1],
      [1, 9, "rating", "2026-03-01T10:00:00.000Z", "twitter:", 1],
    ]);
  });

  it("counts every rollup afresh when nothing was counted yet", async () => {
    const { db, bp, ids } = await storeMentions();
    await migrateToLatest(db);
    const { firstReplies, sentiment, dimensions } = await listTenantRollups(db, bp);
    expect(firstReplies.map((r) => [r.contextType, r.contextId, r.feedItemId])).toEqual([
      [0, 0, ids[0]],
      [1, 9, ids[0]],
    ]);
    expect(sentiment.filter((r) => r.contextType === 0).reduce((n, r) => n + r.mentions, 0)).toBe(2); // the muted one is not counted
    expect(dimensions.filter((r) => r.contextType === 1 && r.dimension === "network")).toMatchObject([{ value: "twitter", mentions: 1, firstReplyCount: 1 }]);
  });
});
