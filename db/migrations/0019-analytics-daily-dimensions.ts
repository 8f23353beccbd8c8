import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "../client";
import { withId } from "./helpers";

// Daily rollups beside the hourly ones (ADR 017, "Whole days from daily rows"). A 30-day period of one
// dimension read 720 hours × values × sentiments rows per context (43,000 for a busy saved search's
// networks); a period's whole UTC days now read one row per day instead of 24.
// - analytics_daily_dimensions: analytics_hourly_dimensions' key and measures, its bucket a UTC day
//   ('2026-03-11T00:00:00.000Z'), with 'sentiment' as a dimension of its own (value '') for what
//   analytics_hourly_sentiment holds. Made from the hourly rows in the background, a day at a time.
// - analytics_daily_changes: days whose daily rows are not current, appended to by every write of the
//   hourly rollups (a day may be listed many times). Every day stored so far is listed here, so the first
//   scheduler rounds make them.
const MEASURES = ["mentions", "likes", "comments", "shares", "views", "total_engagements", "reach", "impact_sum", "replied", "first_reply_count", "first_reply_seconds"];

export async function up(db: Kysely<unknown>): Promise<void> {
  const engine = engineOf(db);
  const measure = engine === "postgres" ? "double precision" : "real";
  let table: CreateTableBuilder<string, string> = db.schema
    .createTable("analytics_daily_dimensions")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("sentiment", "integer", (c) => c.notNull());
  for (const column of MEASURES) {
    const integer = column === "mentions" || column === "replied" || column === "first_reply_count";
    table = table.addColumn(column, integer ? "integer" : sql.raw(measure), (c) => c.notNull().defaultTo(0));
  }
  table = table.addPrimaryKeyConstraint("analytics_daily_dimensions_pk", [
    "business_profile_id",
    "context_type",
    "context_id",
    "dimension",
    "bucket",
    "value",
    "sentiment",
  ]);
  // As the hourly tables since 0017: a period is one contiguous range of the primary key.
  await (engine === "sqlite" ? table.modifyEnd(sql`without rowid`) : table).execute();
  // A day's rows of every context, as making the day again replaces them.
  await db.schema.createIndex("analytics_daily_dimensions_day_idx").on("analytics_daily_dimensions").columns(["business_profile_id", "bucket"]).execute();

  await withId(db, db.schema.createTable("analytics_daily_changes"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("analytics_daily_changes_day_idx").on("analytics_daily_changes").columns(["business_profile_id", "bucket"]).execute();
  await sql`insert into analytics_daily_changes (business_profile_id, bucket)
    select distinct business_profile_id, substr(bucket, 1, 10) || 'T00:00:00.000Z' from analytics_hourly_sentiment`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_daily_changes").execute();
  await db.schema.dropTable("analytics_daily_dimensions").execute();
}
