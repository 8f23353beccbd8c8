import { sql, type Kysely } from "kysely";
import { engineOf } from "../client";
import { addDimensionRows, addFirstReplies, rebuildAllRollups } from "../repositories/analytics-rollups";

// The first-reply time of every replied mention per context and hour (ADR 017), so the SLA widget's exact
// median reads a context's replied mentions of the period from one narrow range instead of walking its
// mentions in feed_items; and the 'rating' dimension (network and rating), so the reviews widget reads
// the rollups too. Maintained with the other rollups; filled here from feed_items and the stored
// memberships. An install upgraded from before 0011 has mentions but nothing counted: every rollup is
// counted afresh here, with today's code (which writes this table too).
export async function up(db: Kysely<unknown>): Promise<void> {
  const measure = engineOf(db) === "postgres" ? "double precision" : "real";
  await db.schema
    .createTable("analytics_first_replies")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("feed_item_id", "integer", (c) => c.notNull())
    .addColumn("seconds", sql.raw(measure), (c) => c.notNull())
    .addPrimaryKeyConstraint("analytics_first_replies_pk", ["business_profile_id", "context_type", "context_id", "bucket", "feed_item_id"])
    .execute();
  // A mention's rows, when it changes (a reply, muting, re-matching).
  await db.schema.createIndex("analytics_first_replies_item_idx").on("analytics_first_replies").columns(["business_profile_id", "feed_item_id"]).execute();

  // The most impactful posts of a context walk the tenant's mentions by impact (ADR 017).
  await db.schema
    .createIndex("feed_items_impact_idx")
    .on("feed_items")
    .expression(sql`business_profile_id, muted, impact_score desc, id desc`)
    .execute();

  const counted = await sql<{ n: number }>`select (select count(*) from (select 1 from analytics_hourly_sentiment limit 1) s)
      + (select count(*) from (select 1 from analytics_terms_daily limit 1) t) as n`.execute(db);
  const stored = await sql<{ n: number }>`select count(*) as n from (select 1 from feed_items limit 1) f`.execute(db);
  if (Number(stored.rows[0]?.n ?? 0) > 0 && Number(counted.rows[0]?.n ?? 0) === 0) {
    // Today's code, without the daily tables: migration 0019 makes them (and lists every stored day to be made).
    await rebuildAllRollups(db, { daily: false });
    return;
  }

  // Counted installs: every tenant's first replies, and the reviews' 'rating' rows (new beside the
  // dimensions of 0015), from its mentions and stored memberships.
  const tenants = await sql<{ id: number }>`select id from business_profiles order by id`.execute(db);
  for (const { id } of tenants.rows) {
    await addFirstReplies(db, Number(id), { kind: "tenant" }, 1);
    await addDimensionRows(db, Number(id), { kind: "tenant" }, 1, ["rating"]);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("feed_items_impact_idx").ifExists().execute();
  await db.schema.dropTable("analytics_first_replies").execute();
}
