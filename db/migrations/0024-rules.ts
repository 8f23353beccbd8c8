import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Rules (issue 24, ADR 031): what a rule targets and does, as the API takes it (lists as JSON text), with
// the count of mentions it acted on, why it is broken (null while it runs) and its last "apply to
// existing" run. Names are unique per business profile whatever their case (name_key).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("rules"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("entities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("query", "text")
    .addColumn("exclude_query", "text")
    .addColumn("rule_type", "integer", (c) => c.notNull())
    .addColumn("status_type", "integer", (c) => c.notNull())
    .addColumn("identities", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("label_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("selected_groups", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("assignee_type", "text")
    .addColumn("assignee_id", "integer")
    .addColumn("state", "integer")
    .addColumn("acted_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("broken_reason", "text")
    .addColumn("apply_status", "text")
    .addColumn("apply_done", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("apply_total", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("apply_acted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("apply_finished_at", "text")
    .addColumn("created_by", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("rules_name_key_idx").on("rules").columns(["business_profile_id", "name_key"]).unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("rules").ifExists().execute();
}
