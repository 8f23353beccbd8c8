import type { Kysely } from "kysely";
import { withId } from "./helpers";

// The inbox (issue 6, ADR 014): labels, reply templates, reply drafts, moderation events, presence,
// and the indexes the inbox's sources and filters read. feed_item_labels exists since 0008.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Labels (spec core §3): name, category (a group), label_type, context_id / context_type (a label
  // made inside a saved search or stream), owner_account_id. Names are unique per tenant, ignoring case.
  await withId(db, db.schema.createTable("labels"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("name_key", "text", (c) => c.notNull())
    .addColumn("category", "text")
    .addColumn("label_type", "text", (c) => c.notNull().defaultTo("feed_item"))
    .addColumn("context_id", "integer")
    .addColumn("context_type", "integer")
    .addColumn("owner_account_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("labels_name_unique", ["business_profile_id", "name_key"])
    .execute();

  // Reply templates (spec core §3): categories and languages are JSON arrays; visibility as searches'.
  await withId(db, db.schema.createTable("reply_templates"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("message", "text", (c) => c.notNull())
    .addColumn("categories", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("languages", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("entity_type", "integer", (c) => c.notNull())
    .addColumn("entity_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("created_by", "integer")
    .addColumn("updated_by", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("reply_templates_tenant_idx").on("reply_templates").columns(["business_profile_id", "updated_at"]).execute();

  // A reply being written, kept on the server per item and agent (the drafts counter counts them).
  await withId(db, db.schema.createTable("reply_drafts"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("feed_item_id", "integer", (c) => c.notNull().references("feed_items.id").onDelete("cascade"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("template_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("reply_drafts_item_account", ["feed_item_id", "account_id"])
    .execute();
  await db.schema.createIndex("reply_drafts_account_idx").on("reply_drafts").columns(["business_profile_id", "account_id"]).execute();

  // Moderation events (spec analytics §3): one row per action taken, kept when the item goes.
  await withId(db, db.schema.createTable("moderation_events"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("feed_item_id", "integer", (c) => c.references("feed_items.id").onDelete("set null"))
    .addColumn("identity_id", "integer")
    .addColumn("social_type", "text", (c) => c.notNull())
    .addColumn("agent_account_id", "integer")
    .addColumn("agent_name", "text", (c) => c.notNull())
    .addColumn("user_name", "text", (c) => c.notNull())
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("reason", "text", (c) => c.notNull())
    .addColumn("note", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("post", "text")
    .addColumn("original_text", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("delivery", "text", (c) => c.notNull().defaultTo("manual"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("moderation_events_tenant_idx").on("moderation_events").columns(["business_profile_id", "created_at"]).execute();

  // Who is looking at or replying to an item; rows older than the presence window are ignored.
  await db.schema
    .createTable("feed_item_presence")
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("feed_item_id", "integer", (c) => c.notNull().references("feed_items.id").onDelete("cascade"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("mode", "text", (c) => c.notNull())
    .addColumn("seen_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("feed_item_presence_pk", ["feed_item_id", "account_id"])
    .execute();

  // Where a notification leads (an inbox item, the profiles screen), so the popover can link to it.
  await db.schema.alterTable("notifications").addColumn("link", "text").execute();

  // The inbox's sources: 'assigned to me' (and my teams), and the state filter, newest first.
  await db.schema
    .createIndex("feed_items_assignee_idx")
    .on("feed_items")
    .columns(["business_profile_id", "assigned_to_type", "assigned_to_id", "created_at"])
    .execute();
  await db.schema.createIndex("feed_items_state_idx").on("feed_items").columns(["business_profile_id", "state", "created_at"]).execute();
  // A label's items, newest first, without reading every labelled row.
  await db.schema
    .createIndex("feed_item_labels_item_idx")
    .on("feed_item_labels")
    .columns(["business_profile_id", "label_id", "feed_item_id"])
    .execute();
  // Per-type action counts per tenant and period (account events and counters).
  await db.schema
    .createIndex("feed_item_actions_tenant_idx")
    .on("feed_item_actions")
    .columns(["business_profile_id", "action_type", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("feed_item_actions_tenant_idx").ifExists().execute();
  await db.schema.dropIndex("feed_item_labels_item_idx").ifExists().execute();
  await db.schema.dropIndex("feed_items_state_idx").ifExists().execute();
  await db.schema.dropIndex("feed_items_assignee_idx").ifExists().execute();
  await db.schema.alterTable("notifications").dropColumn("link").execute();
  for (const table of ["feed_item_presence", "moderation_events", "reply_drafts", "reply_templates", "labels"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
