import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Saved searches, their folders, topics and topic groups (issue 5, ADR 012). A definition's `query` is
// the JSON list of must / must-not groups; visibility follows spec §4 (entity_type 1 Only Me, 2 Everyone,
// 3 Teams, with entity_ids the user, the business profile or the chosen teams). Backfill columns show the
// progress of applying a new or edited definition to the stored mentions.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("search_folders"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull()) // brand | my | team
    .addColumn("owner_account_id", "integer", (c) => c.references("accounts.id").onDelete("set null"))
    .addColumn("entity_type", "integer", (c) => c.notNull())
    .addColumn("entity_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_folders_tenant_idx").on("search_folders").columns(["business_profile_id", "category"]).execute();

  await withId(db, db.schema.createTable("search_items"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("folder_id", "integer", (c) => c.references("search_folders.id").onDelete("set null"))
    .addColumn("owner_account_id", "integer", (c) => c.references("accounts.id").onDelete("set null"))
    .addColumn("entity_type", "integer", (c) => c.notNull())
    .addColumn("entity_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("query", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("logo_src", "text")
    .addColumn("alerts_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backfill_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backfill_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backfill_finished_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("search_items_tenant_idx").on("search_items").columns(["business_profile_id", "category"]).execute();

  await withId(db, db.schema.createTable("topic_groups"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_by", "integer", (c) => c.references("accounts.id").onDelete("set null"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("topic_groups_tenant_idx").on("topic_groups").column("business_profile_id").execute();

  await withId(db, db.schema.createTable("topics"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    // Lower-cased name: unique per tenant whatever the case.
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("topic_group_id", "integer", (c) => c.references("topic_groups.id").onDelete("set null"))
    .addColumn("keywords", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("query", "text")
    .addColumn("category", "text")
    .addColumn("logo_src", "text")
    .addColumn("alerts_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("owner_account_id", "integer", (c) => c.references("accounts.id").onDelete("set null"))
    .addColumn("entity_type", "integer", (c) => c.notNull().defaultTo(2))
    .addColumn("entity_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("backfill_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backfill_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("backfill_finished_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("topics_name_unique", ["business_profile_id", "name_key"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["topics", "topic_groups", "search_items", "search_folders"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
