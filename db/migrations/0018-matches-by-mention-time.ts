import { sql, type Kysely } from "kysely";
import { engineOf } from "../client";

// A stored membership carries its mention's time (ADR 017, "A context's newest mentions"), indexed per
// context: the text widgets' sample of a context's newest mentions in a period walks that index and
// stops at the sample's size, where it read and set aside every membership of the context before.
// A mention's time never changes, so the copy stays true.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable("query_matches")
    .addColumn("item_created_at", "text", (c) => c.notNull().defaultTo(""))
    .execute();
  if (engineOf(db) === "postgres") {
    await sql`update query_matches q set item_created_at = f.created_at from feed_items f where f.id = q.feed_item_id`.execute(db);
  } else {
    await sql`update query_matches set item_created_at = (select f.created_at from feed_items f where f.id = query_matches.feed_item_id)`.execute(db);
  }
  await db.schema
    .createIndex("query_matches_context_time_idx")
    .on("query_matches")
    .columns(["business_profile_id", "context_type", "context_id", "item_created_at", "feed_item_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("query_matches_context_time_idx").ifExists().execute();
  await db.schema.alterTable("query_matches").dropColumn("item_created_at").execute();
}
