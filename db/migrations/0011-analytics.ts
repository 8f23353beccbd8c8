import { sql, type Kysely } from "kysely";
import { engineOf } from "../client";

// The dashboard's store (issue 7, ADR 015): hourly rollups of mentions per context and dimension, and
// daily term counts, both maintained with the mentions they count. Existing installs are backfilled by
// migration 0016 (the hourly table was replaced by narrower ones in 0015; the code that fills them is today's).
export async function up(db: Kysely<unknown>): Promise<void> {
  // PostgreSQL's integer is 32-bit: sums of reach and views need a double (exact up to 2^53).
  const measure = engineOf(db) === "postgres" ? "double precision" : "real";
  await db.schema
    .createTable("analytics_hourly")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("network", "text", (c) => c.notNull())
    .addColumn("sentiment", "integer", (c) => c.notNull())
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("country", "text", (c) => c.notNull())
    .addColumn("mentions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("likes", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("comments", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("shares", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("views", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("total_engagements", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("reach", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("impact_sum", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addColumn("replied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_reply_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_reply_seconds", sql.raw(measure), (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_hourly_pk", [
      "business_profile_id",
      "context_type",
      "context_id",
      "bucket",
      "network",
      "sentiment",
      "language",
      "country",
    ])
    .execute();

  await db.schema
    .createTable("analytics_terms_daily")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("day", "text", (c) => c.notNull())
    .addColumn("term", "text", (c) => c.notNull())
    .addColumn("mentions", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("positive", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("negative", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("analytics_terms_daily_pk", ["business_profile_id", "context_type", "context_id", "day", "term"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_terms_daily").execute();
  await db.schema.dropTable("analytics_hourly").execute();
}
