import { sql, type Kysely } from "kysely";
import { engineOf } from "../client";
import { rebuildAllRollups } from "../repositories/analytics-rollups";

// The first-reply time of every replied mention per context and hour (ADR 017), so the SLA widget's exact
// median reads a context's replied mentions of the period from one narrow range instead of walking its
// mentions in feed_items. Maintained with the other rollups; filled here from feed_items and the stored
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

  const counted = await sql<{ n: number }>`select (select count(*) from (select 1 from analytics_hourly_sentiment limit 1) s)
      + (select count(*) from (select 1 from analytics_terms_daily limit 1) t) as n`.execute(db);
  const stored = await sql<{ n: number }>`select count(*) as n from (select 1 from feed_items limit 1) f`.execute(db);
  if (Number(stored.rows[0]?.n ?? 0) > 0 && Number(counted.rows[0]?.n ?? 0) === 0) {
    await rebuildAllRollups(db);
    return;
  }

  const seconds =
    engineOf(db) === "postgres"
      ? sql`round(extract(epoch from (f.first_reply_at::timestamptz - f.created_at::timestamptz))::numeric, 3)::float8`
      : sql`round((julianday(f.first_reply_at) - julianday(f.created_at)) * 86400.0, 3)`;
  const bucket = sql`substr(f.created_at, 1, 13) || ':00:00.000Z'`;
  await sql`insert into analytics_first_replies (business_profile_id, context_type, context_id, bucket, feed_item_id, seconds)
    select f.business_profile_id, 0, 0, ${bucket}, f.id, ${seconds} from feed_items f
    where f.first_reply_at is not null and f.muted = 0`.execute(db);
  await sql`insert into analytics_first_replies (business_profile_id, context_type, context_id, bucket, feed_item_id, seconds)
    select f.business_profile_id, q.context_type, q.context_id, ${bucket}, f.id, ${seconds}
    from query_matches q join feed_items f on f.id = q.feed_item_id and f.business_profile_id = q.business_profile_id
    where q.context_type in (1, 2) and f.first_reply_at is not null and f.muted = 0`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_first_replies").execute();
}
