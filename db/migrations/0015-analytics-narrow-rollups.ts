import { sql, type CreateTableBuilder, type Kysely } from "kysely";
import { engineOf } from "../client";

// Narrow rollups instead of the wide one (ADR 017). analytics_hourly kept one row per hour × network ×
// sentiment × language × country: at a few hundred mentions an hour that is nearly a row per mention, so a
// 30-day read summed hundreds of thousands of rows. The dashboard's reads group by at most one dimension:
// per hour and sentiment (series, sums, scores, first replies) and per hour, dimension value and sentiment
// (networks, languages, countries). These tables hold exactly that; they are filled from analytics_hourly
// here, which then goes (nothing reads it, and keeping it up to date was most of the rollups' ingest cost).
export async function up(db: Kysely<unknown>): Promise<void> {
  const measure = engineOf(db) === "postgres" ? "double precision" : "real";
  let sentiment: CreateTableBuilder<string, string> = db.schema
    .createTable("analytics_hourly_sentiment")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("sentiment", "integer", (c) => c.notNull());
  let dimensions: CreateTableBuilder<string, string> = db.schema
    .createTable("analytics_hourly_dimensions")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("dimension", "text", (c) => c.notNull())
    .addColumn("bucket", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("sentiment", "integer", (c) => c.notNull());
  for (const column of ["mentions", "replied", "first_reply_count"]) {
    sentiment = sentiment.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
    dimensions = dimensions.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  }
  for (const column of ["likes", "comments", "shares", "views", "total_engagements", "reach", "impact_sum", "first_reply_seconds"]) {
    sentiment = sentiment.addColumn(column, sql.raw(measure), (c) => c.notNull().defaultTo(0));
    dimensions = dimensions.addColumn(column, sql.raw(measure), (c) => c.notNull().defaultTo(0));
  }
  await sentiment
    .addPrimaryKeyConstraint("analytics_hourly_sentiment_pk", ["business_profile_id", "context_type", "context_id", "bucket", "sentiment"])
    .execute();
  // The dimension leads the bucket: a read of one dimension over a period is one contiguous range.
  await dimensions
    .addPrimaryKeyConstraint("analytics_hourly_dimensions_pk", [
      "business_profile_id",
      "context_type",
      "context_id",
      "dimension",
      "bucket",
      "value",
      "sentiment",
    ])
    .execute();

  // An install that ran 0011 has the wide table filled: the narrow rows are its sums. One that skipped it
  // (upgrading from 0010) has nothing counted yet: migration 0016 counts everything afresh.
  await sumWideRollups(db);
  await db.schema.dropTable("analytics_hourly").execute();
}

async function sumWideRollups(db: Kysely<unknown>): Promise<void> {
  const sums = sql.raw(
    "sum(mentions), sum(likes), sum(comments), sum(shares), sum(views), sum(total_engagements), sum(reach), sum(impact_sum), sum(replied), sum(first_reply_count), sum(first_reply_seconds)",
  );
  const columns = sql.raw(
    "mentions, likes, comments, shares, views, total_engagements, reach, impact_sum, replied, first_reply_count, first_reply_seconds",
  );
  await sql`insert into analytics_hourly_sentiment (business_profile_id, context_type, context_id, bucket, sentiment, ${columns})
    select business_profile_id, context_type, context_id, bucket, sentiment, ${sums}
    from analytics_hourly where mentions <> 0
    group by business_profile_id, context_type, context_id, bucket, sentiment`.execute(db);
  for (const dimension of ["network", "language", "country"]) {
    await sql`insert into analytics_hourly_dimensions (business_profile_id, context_type, context_id, dimension, bucket, value, sentiment, ${columns})
      select business_profile_id, context_type, context_id, ${sql.lit(dimension)}, bucket, ${sql.ref(dimension)}, sentiment, ${sums}
      from analytics_hourly where mentions <> 0
      group by business_profile_id, context_type, context_id, bucket, ${sql.ref(dimension)}, sentiment`.execute(db);
  }
}

/** Back to migration 0011's table, empty: `analytics:rebuild` of that version refills it. */
export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("analytics_hourly_dimensions").execute();
  await db.schema.dropTable("analytics_hourly_sentiment").execute();
  const measure = engineOf(db) === "postgres" ? "double precision" : "real";
  let wide: CreateTableBuilder<string, string> = db.schema.createTable("analytics_hourly");
  for (const column of ["business_profile_id", "context_type", "context_id", "sentiment", "mentions", "replied", "first_reply_count"])
    wide = wide.addColumn(column, "integer", (c) => c.notNull().defaultTo(0));
  for (const column of ["bucket", "network", "language", "country"]) wide = wide.addColumn(column, "text", (c) => c.notNull());
  for (const column of ["likes", "comments", "shares", "views", "total_engagements", "reach", "impact_sum", "first_reply_seconds"])
    wide = wide.addColumn(column, sql.raw(measure), (c) => c.notNull().defaultTo(0));
  await wide
    .addPrimaryKeyConstraint("analytics_hourly_pk", ["business_profile_id", "context_type", "context_id", "bucket", "network", "sentiment", "language", "country"])
    .execute();
}
