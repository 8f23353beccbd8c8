import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { migrateToLatest } from "../migrate";
import { listTenantRollups } from "../repositories/analytics-rollups";

// An install upgraded from 0011–0014 keeps what its wide hourly rollup counted: migration 0015 sums it
// into the narrow tables (per sentiment; per network, language or country) and drops it.
describe.each(testEngines({ engineSpecific: true }))("migration 0015 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  it("sums the wide rows per sentiment and per dimension, skips emptied rows, keeps the terms", async () => {
    database = await createTestDatabase(engine, { migratedUpTo: "0014-inbox-performance" });
    const { db } = database;
    const rows: Array<[number, number, string, string, number, string, string, number, number]> = [
      // context_type, context_id, bucket, network, sentiment, language, country, mentions, reach
      [0, 0, "2026-03-01T10:00:00.000Z", "twitter", 1, "en", "US", 3, 30],
      [0, 0, "2026-03-01T10:00:00.000Z", "twitter", 1, "fr", "FR", 2, 20],
      [0, 0, "2026-03-01T10:00:00.000Z", "reddit", -1, "en", "US", 1, 5],
      [0, 0, "2026-03-01T11:00:00.000Z", "reddit", 0, "en", "", 4, 8],
      [1, 7, "2026-03-01T10:00:00.000Z", "twitter", 1, "en", "US", 2, 12],
      [0, 0, "2026-03-01T12:00:00.000Z", "reddit", 0, "en", "", 0, 0],
    ];
    for (const [contextType, contextId, bucket, network, sentiment, language, country, mentions, reach] of rows) {
      await sql`insert into analytics_hourly (business_profile_id, context_type, context_id, bucket, network, sentiment, language, country, mentions, reach, likes, first_reply_count, first_reply_seconds)
        values (5, ${contextType}, ${contextId}, ${bucket}, ${network}, ${sentiment}, ${language}, ${country}, ${mentions}, ${reach}, ${mentions * 2}, 1, 60)`.execute(db);
    }
    await sql`insert into analytics_terms_daily (business_profile_id, context_type, context_id, day, term, mentions, positive, negative)
      values (5, 0, 0, '2026-03-01', 'refund', 3, 1, 1)`.execute(db);

    expect(await migrateToLatest(db)).toContain("0015-analytics-narrow-rollups");

    const { sentiment, dimensions, terms } = await listTenantRollups(db, 5);
    const pick = <T extends object>(list: T[], keys: Array<keyof T>) => list.map((r) => Object.fromEntries(keys.map((k) => [k, r[k]])));
    expect(pick(sentiment, ["contextType", "contextId", "bucket", "sentiment", "mentions", "reach", "likes", "firstReplyCount", "firstReplySeconds"])).toEqual([
      { contextType: 0, contextId: 0, bucket: "2026-03-01T10:00:00.000Z", sentiment: -1, mentions: 1, reach: 5, likes: 2, firstReplyCount: 1, firstReplySeconds: 60 },
      { contextType: 0, contextId: 0, bucket: "2026-03-01T10:00:00.000Z", sentiment: 1, mentions: 5, reach: 50, likes: 10, firstReplyCount: 2, firstReplySeconds: 120 },
      { contextType: 0, contextId: 0, bucket: "2026-03-01T11:00:00.000Z", sentiment: 0, mentions: 4, reach: 8, likes: 8, firstReplyCount: 1, firstReplySeconds: 60 },
      { contextType: 1, contextId: 7, bucket: "2026-03-01T10:00:00.000Z", sentiment: 1, mentions: 2, reach: 12, likes: 4, firstReplyCount: 1, firstReplySeconds: 60 },
    ]);
    const ofContext0 = (dimension: string) =>
      pick(
        dimensions.filter((r) => r.contextType === 0 && r.dimension === dimension),
        ["bucket", "value", "sentiment", "mentions"],
      );
    expect(ofContext0("network")).toEqual([
      { bucket: "2026-03-01T10:00:00.000Z", value: "reddit", sentiment: -1, mentions: 1 },
      { bucket: "2026-03-01T10:00:00.000Z", value: "twitter", sentiment: 1, mentions: 5 },
      { bucket: "2026-03-01T11:00:00.000Z", value: "reddit", sentiment: 0, mentions: 4 },
    ]);
    expect(ofContext0("language")).toEqual([
      { bucket: "2026-03-01T10:00:00.000Z", value: "en", sentiment: -1, mentions: 1 },
      { bucket: "2026-03-01T10:00:00.000Z", value: "en", sentiment: 1, mentions: 3 },
      { bucket: "2026-03-01T10:00:00.000Z", value: "fr", sentiment: 1, mentions: 2 },
      { bucket: "2026-03-01T11:00:00.000Z", value: "en", sentiment: 0, mentions: 4 },
    ]);
    expect(ofContext0("country").map((r) => r.value)).toEqual(["FR", "US", "US", ""]);
    expect(terms).toEqual([{ contextType: 0, contextId: 0, day: "2026-03-01", term: "refund", mentions: 3, positive: 1, negative: 1 }]);
    await expect(sql`select count(*) from analytics_hourly`.execute(db)).rejects.toThrow();
  });
});
