import { sql } from "kysely";
import { afterEach, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { feedItemRow } from "../../tests/support/feed-item-row";
import { migrateToLatest } from "../migrate";
import { addToRollups, listTenantRollups } from "../repositories/analytics-rollups";
import * as m0017 from "./0017-rollups-without-rowid";

const TABLES = ["analytics_hourly_sentiment", "analytics_hourly_dimensions", "analytics_terms_daily", "analytics_first_replies"];

// Migration 0017 stores the rollup tables of SQLite without a rowid, keeping their rows, indexes and upserts.
describe.each(testEngines({ engineSpecific: true }))("migration 0017 on %s", (engine) => {
  let database: TestDatabase | undefined;
  afterEach(async () => {
    await database?.cleanup();
    database = undefined;
  });

  const definitions = async (db: TestDatabase["db"]) =>
    (await sql<{ name: string; sql: string }>`select name, sql from sqlite_master where name in (${sql.join(TABLES)}) order by name`.execute(db)).rows;

  it("keeps every rollup row and index, and the upserts that maintain them", async () => {
    database = await createTestDatabase(engine, { migratedUpTo: "0016-analytics-first-replies" });
    const { db } = database;
    const { businessProfile } = await createWorkspace(db, { name: "Upgraded", members: [] });
    const bp = businessProfile.id;
    const a = await db
      .insertInto("feedItems")
      .values(feedItemRow(bp, { externalId: "a", socialType: "twitter", createdAt: "2026-03-01T10:15:00.000Z", firstReplyAt: "2026-03-01T10:45:00.000Z", isReplied: 1, keywords: '["refund","late"]' }))
      .returning("id")
      .executeTakeFirstOrThrow();
    // Before 0019 there is no daily table to write.
    await addToRollups(db, bp, { kind: "items", ids: [a.id], contexts: "all" }, 1, { daily: false });
    const before = await listTenantRollups(db, bp, { daily: false });
    expect(before.sentiment).toHaveLength(1);
    expect(before.firstReplies).toHaveLength(1);
    expect(before.terms.length).toBeGreaterThan(0);

    expect(await migrateToLatest(db)).toContain("0017-rollups-without-rowid");
    expect(await listTenantRollups(db, bp, { daily: false })).toEqual(before);
    if (engine === "sqlite") {
      const tables = await definitions(db);
      expect(tables.map((t) => t.name).sort()).toEqual([...TABLES].sort());
      for (const table of tables) expect(table.sql).toMatch(/\) WITHOUT ROWID$/);
      const index = await sql<{ name: string }>`select name from sqlite_master where type = 'index' and name = 'analytics_first_replies_item_idx'`.execute(db);
      expect(index.rows).toHaveLength(1);
    }

    // A second mention in the same hour adds to the rows the migration kept.
    const b = await db
      .insertInto("feedItems")
      .values(feedItemRow(bp, { externalId: "b", socialType: "twitter", createdAt: "2026-03-01T10:20:00.000Z", keywords: '["refund"]' }))
      .returning("id")
      .executeTakeFirstOrThrow();
    await addToRollups(db, bp, { kind: "items", ids: [b.id], contexts: "all" }, 1);
    const after = await listTenantRollups(db, bp);
    expect(after.sentiment.reduce((n, r) => n + r.mentions, 0)).toBe(2);
    expect(after.terms.find((t) => t.term === "refund" && t.contextType === 0)?.mentions).toBe(2);

    if (engine === "sqlite") {
      // Down stores them with a rowid again, rows kept.
      await m0017.down(db as never);
      for (const table of await definitions(db)) expect(table.sql).not.toMatch(/WITHOUT ROWID/i);
      expect(await listTenantRollups(db, bp)).toEqual(after);
    }
  });
});
