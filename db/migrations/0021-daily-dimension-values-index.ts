import type { Kysely } from "kysely";

// The inbox's language filter offers the languages of the tenant's mentions (ADR 014 "Refinements"),
// read from the daily rollups. Their key puts the day before the value, so the distinct languages read
// every daily row of the dimension (3,300 rows, 0.9 ms on each inbox page at a million mentions). With
// the values in this order, each language is one index seek (listMentionLanguages).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex("analytics_daily_dimensions_values_idx")
    .on("analytics_daily_dimensions")
    .columns(["business_profile_id", "context_type", "context_id", "dimension", "value"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("analytics_daily_dimensions_values_idx").ifExists().execute();
}
