import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { feedItemRow } from "../../tests/support/feed-item-row";
import { migrateToLatest } from "../migrate";
import { insertQueryMatches } from "../repositories/search-index";
import * as m0018 from "./0018-matches-by-mention-time";

// Migration 0018 gives every stored membership its mention's time, and new memberships get it as stored.
describe.each(testEngines({ engineSpecific: true }))("migration 0018 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  const memberships = async (db: TestDatabase["db"]) =>
    (
      await sql<{ feedItemId: number; contextId: number; itemCreatedAt: string }>`select feed_item_id, context_id, item_created_at
        from query_matches order by feed_item_id, context_id`.execute(db)
    ).rows.map((r) => ({ feedItemId: Number(r.feedItemId), contextId: Number(r.contextId), itemCreatedAt: r.itemCreatedAt }));

  it("fills the mentions' times of stored memberships, and new ones are stored with theirs", async () => {
    database = await createTestDatabase(engine, { migratedUpTo: "0017-rollups-without-rowid" });
    const { db } = database;
    const bp = (await createWorkspace(db, { name: "Upgraded", members: [] })).businessProfile.id;
    const times = ["2026-03-01T10:15:00.000Z", "2026-02-11T08:00:00.000Z"];
    const ids: number[] = [];
    for (const [i, createdAt] of times.entries()) {
      ids.push((await db.insertInto("feedItems").values(feedItemRow(bp, { externalId: `m${i}`, socialType: "twitter", createdAt })).returning("id").executeTakeFirstOrThrow()).id);
    }
    for (const [i, id] of ids.entries()) {
      await sql`insert into query_matches (business_profile_id, context_type, context_id, feed_item_id, created_at)
        values (${bp}, 1, ${i + 1}, ${id}, '2026-04-01T00:00:00.000Z')`.execute(db);
    }

    expect(await migrateToLatest(db)).toContain("0018-matches-by-mention-time");
    expect(await memberships(db)).toEqual([
      { feedItemId: ids[0], contextId: 1, itemCreatedAt: times[0] },
      { feedItemId: ids[1], contextId: 2, itemCreatedAt: times[1] },
    ]);
    await insertQueryMatches(db, bp, [{ contextType: 1, contextId: 3, feedItemId: ids[1]! }], "2026-04-02T00:00:00.000Z");
    expect((await memberships(db)).find((m) => m.contextId === 3)?.itemCreatedAt).toBe(times[1]);
    if (engine === "sqlite") {
      const index = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'query_matches_context_time_idx'`.execute(db);
      expect(index.rows).toHaveLength(1);
    }

    await m0018.down(db as never);
    const columns = await sql<Record<string, unknown>>`select * from query_matches`.execute(db);
    expect(Object.keys(columns.rows[0]!)).not.toContain("itemCreatedAt");
    expect(columns.rows).toHaveLength(3);
  });
});
