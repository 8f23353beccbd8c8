import { sql, type Kysely } from "kysely";
import { engineOf } from "../client";

// The full-text side of the query language (ADR 012): every mention's tokens (from the one tokenizer in
// domain/query) in FTS5 on SQLite or a tsvector on PostgreSQL, the tenant's vocabulary for fuzzy words,
// and the stored membership of mentions in saved searches, topics and rules (the percolator's output).
export async function up(db: Kysely<unknown>): Promise<void> {
  if (engineOf(db) === "postgres") {
    await sql`alter table feed_items add column search_vector tsvector`.execute(db);
    await sql`create index feed_items_search_idx on feed_items using gin (search_vector)`.execute(db);
  } else {
    // Tokens arrive folded and segmented; the FTS5 tokenizer must only split on the spaces between them.
    await sql`create virtual table feed_items_fts using fts5(tokens, tokenize = "unicode61 remove_diacritics 0 categories 'L* N* Co M*'")`.execute(
      db,
    );
  }

  await db.schema
    .createTable("query_vocabulary")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("token", "text", (c) => c.notNull())
    .addColumn("length", "integer", (c) => c.notNull())
    .addColumn("count", "integer", (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint("query_vocabulary_pk", ["business_profile_id", "token"])
    .execute();
  await db.schema.createIndex("query_vocabulary_length_idx").on("query_vocabulary").columns(["business_profile_id", "length"]).execute();

  await db.schema
    .createTable("query_matches")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("feed_item_id", "integer", (c) => c.notNull().references("feed_items.id").onDelete("cascade"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("query_matches_pk", ["business_profile_id", "context_type", "context_id", "feed_item_id"])
    .execute();
  await db.schema
    .createTable("feed_item_labels")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("feed_item_id", "integer", (c) => c.notNull().references("feed_items.id").onDelete("cascade"))
    .addColumn("label_id", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_item_labels_pk", ["feed_item_id", "label_id"])
    .execute();
  await db.schema.createIndex("feed_item_labels_label_idx").on("feed_item_labels").columns(["business_profile_id", "label_id"]).execute();
  await db.schema.createIndex("query_matches_item_idx").on("query_matches").column("feed_item_id").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("feed_item_labels").ifExists().execute();
  await db.schema.dropTable("query_matches").ifExists().execute();
  await db.schema.dropTable("query_vocabulary").ifExists().execute();
  if (engineOf(db) === "postgres") {
    await sql`alter table feed_items drop column if exists search_vector`.execute(db);
  } else {
    await sql`drop table if exists feed_items_fts`.execute(db);
  }
}
