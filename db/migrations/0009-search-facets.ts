import type { Kysely } from "kysely";
import { engineOf } from "../client";

// SQLite: a narrow index of the columns an ad hoc search counts and sorts by, keyed by id (ADR 012). A
// search finds mention ids in FTS5; looking each one up in this index (about 0.7 µs) instead of in the
// wide feed_items rows (about 2 µs) keeps a count over 100,000 matches under 100 ms at a million mentions.
// The repository names it with INDEXED BY. PostgreSQL reads the tsvector's GIN index with bitmap scans.
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") return;
  await db.schema
    .createIndex("feed_items_search_facets")
    .on("feed_items")
    .columns(["id", "business_profile_id", "muted", "sentiment", "social_type", "total_engagements", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") return;
  await db.schema.dropIndex("feed_items_search_facets").ifExists().execute();
}
