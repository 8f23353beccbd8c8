import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Mentions and their sources (issue 4, ADR 009). Tenant-owned rows carry business_profile_id; mentions
// are unique per tenant, network and external id, which makes every source idempotent.
export async function up(db: Kysely<unknown>): Promise<void> {
  // The brand's own connected accounts ("users" / profiles in the spec) and their pages, groups, channels.
  await withId(db, db.schema.createTable("social_profiles"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("social_type", "text", (c) => c.notNull())
    .addColumn("external_id", "text")
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("photo_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("social_profiles_tenant_idx").on("social_profiles").columns(["business_profile_id", "social_type"]).execute();

  await withId(db, db.schema.createTable("profile_items"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("profile_id", "integer", (c) => c.notNull().references("social_profiles.id").onDelete("cascade"))
    .addColumn("social_type", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("photo_url", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("profile_items_profile_idx").on("profile_items").column("profile_id").execute();

  await withId(db, db.schema.createTable("streams"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("social_type", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("source", "text", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("ingest_key", "text", (c) => c.notNull().unique())
    .addColumn("profile_id", "integer", (c) => c.references("social_profiles.id").onDelete("set null"))
    .addColumn("created_by", "integer")
    .addColumn("items_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("last_item_at", "text")
    .addColumn("last_success_at", "text")
    .addColumn("last_error", "text")
    .addColumn("last_error_at", "text")
    .addColumn("consecutive_failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_poll_at", "text")
    .addColumn("etag", "text")
    .addColumn("last_modified", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("streams_tenant_idx").on("streams").columns(["business_profile_id", "social_type"]).execute();
  await db.schema.createIndex("streams_poll_idx").on("streams").columns(["source", "next_poll_at"]).execute();

  await withId(db, db.schema.createTable("webhooks"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("stream_id", "integer", (c) => c.notNull().references("streams.id").onDelete("cascade"))
    .addColumn("integration_name", "text", (c) => c.notNull())
    .addColumn("uuid", "text", (c) => c.notNull().unique())
    .addColumn("secret", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await db.schema
    .createTable("webhook_deliveries")
    .addColumn("webhook_id", "integer", (c) => c.notNull().references("webhooks.id").onDelete("cascade"))
    .addColumn("delivery_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("webhook_deliveries_pk", ["webhook_id", "delivery_id"])
    .execute();

  // Authors of mentions (the spec's identities).
  await withId(db, db.schema.createTable("identities"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("social_type", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("username", "text", (c) => c.notNull())
    .addColumn("name", "text")
    .addColumn("photo_url", "text")
    .addColumn("profile_url", "text")
    .addColumn("followers", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("identities_natural_key", ["business_profile_id", "social_type", "external_id"])
    .execute();

  await withId(db, db.schema.createTable("feed_items"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("stream_id", "integer", (c) => c.references("streams.id").onDelete("set null"))
    .addColumn("social_type", "text", (c) => c.notNull())
    .addColumn("external_id", "text", (c) => c.notNull())
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("parent_external_id", "text")
    .addColumn("title", "text")
    .addColumn("description", "text", (c) => c.notNull())
    .addColumn("post_url", "text")
    .addColumn("language", "text", (c) => c.notNull())
    .addColumn("sentiment", "integer", (c) => c.notNull())
    .addColumn("sentiment_score", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("sentiment_drivers", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("keywords", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("impact_score", "real", (c) => c.notNull().defaultTo(0))
    .addColumn("reach", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("likes", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("comments", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("shares", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("views", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("total_engagements", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("rating", "real")
    .addColumn("identity_id", "integer", (c) => c.references("identities.id").onDelete("set null"))
    .addColumn("author_username", "text", (c) => c.notNull())
    .addColumn("author_name", "text")
    .addColumn("author_followers", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("author_country", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("author_photo_url", "text")
    .addColumn("is_agent_reply", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_replied", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("first_reply_at", "text")
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("assigned_to_type", "text")
    .addColumn("assigned_to_id", "integer")
    .addColumn("assigned_message", "text")
    .addColumn("assigned_at", "text")
    .addColumn("assigned_by", "integer")
    .addColumn("translation", "text")
    .addColumn("translation_language", "text")
    .addColumn("muted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("ingested_at", "text", (c) => c.notNull())
    .addUniqueConstraint("feed_items_natural_key", ["business_profile_id", "social_type", "external_id"])
    .execute();
  // The statuses list's default order and its date order, both within a tenant and hiding muted items.
  await db.schema
    .createIndex("feed_items_engagement_idx")
    .on("feed_items")
    .columns(["business_profile_id", "muted", "total_engagements desc", "id desc"])
    .execute();
  await db.schema.createIndex("feed_items_created_idx").on("feed_items").columns(["business_profile_id", "created_at"]).execute();
  await db.schema.createIndex("feed_items_stream_idx").on("feed_items").columns(["stream_id", "created_at"]).execute();
  await db.schema.createIndex("feed_items_identity_idx").on("feed_items").column("identity_id").execute();
  // Reply threads: a mention's replies, and agent replies that arrived before their parent.
  await db.schema
    .createIndex("feed_items_parent_idx")
    .on("feed_items")
    .columns(["business_profile_id", "social_type", "parent_external_id"])
    .execute();

  await withId(db, db.schema.createTable("feed_item_actions"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("feed_item_id", "integer", (c) => c.notNull().references("feed_items.id").onDelete("cascade"))
    .addColumn("action_type", "text", (c) => c.notNull())
    .addColumn("account_id", "integer")
    .addColumn("actor_name", "text")
    .addColumn("data", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("feed_item_actions_item_idx").on("feed_item_actions").column("feed_item_id").execute();

  await withId(db, db.schema.createTable("filters"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("filter_type", "text", (c) => c.notNull())
    .addColumn("value", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("filters_owner_idx").on("filters").columns(["business_profile_id", "account_id"]).execute();

  await withId(db, db.schema.createTable("muted_keywords"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("value", "text", (c) => c.notNull())
    .addColumn("value_key", "text", (c) => c.notNull())
    .addColumn("created_by", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("muted_keywords_unique", ["business_profile_id", "value_key"])
    .execute();

  // business_profile_id null = a global entry (system admins), applied to every tenant.
  await withId(db, db.schema.createTable("sentiment_exclude_words"))
    .addColumn("business_profile_id", "integer", (c) => c.references("business_profiles.id"))
    .addColumn("text_to_exclude", "text", (c) => c.notNull())
    .addColumn("replace_with", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("languages", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("social_types", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("sentiment_exclude_words_tenant_idx").on("sentiment_exclude_words").column("business_profile_id").execute();

  await withId(db, db.schema.createTable("imports"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("stream_id", "integer", (c) => c.notNull().references("streams.id").onDelete("cascade"))
    .addColumn("account_id", "integer")
    .addColumn("format", "text", (c) => c.notNull())
    .addColumn("file_name", "text")
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("bytes_read", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("bytes_total", "bigint")
    .addColumn("lines", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("accepted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("duplicates", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("rejected", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("errors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("finished_at", "text")
    .execute();
  await db.schema.createIndex("imports_stream_idx").on("imports").columns(["business_profile_id", "stream_id"]).execute();

  // Pins are per user (docs/architecture.md): streams now, searches, folders and templates later.
  await db.schema
    .createTable("pins")
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("type", "text", (c) => c.notNull())
    .addColumn("entity_id", "integer", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("pins_pk", ["account_id", "type", "entity_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "pins",
    "imports",
    "sentiment_exclude_words",
    "muted_keywords",
    "filters",
    "feed_item_actions",
    "feed_items",
    "identities",
    "webhook_deliveries",
    "webhooks",
    "streams",
    "profile_items",
    "social_profiles",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
