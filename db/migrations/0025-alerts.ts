import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Alerts on saved searches and topics (spec core §3, issue 24, ADR 029). An alert watches exactly one
// saved search (search_id) or one topic (topic_id) and goes with it (on delete cascade). Besides the
// spec's fields it keeps its evaluation state: `armed` (1 until it fires, 0 while the count stays above
// the threshold, 1 again once it fell back below) and a lease (`lease_owner`, `lease_until`) that one
// evaluator takes with a single UPDATE before it evaluates, so that two processes never evaluate the same
// alert at once. Each firing is a row of alert_firings, with its e-mail's delivery state and its own lease.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("alerts"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("owner_account_id", "integer", (c) => c.references("accounts.id").onDelete("set null"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("is_muted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("is_active", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("trigger", "text", (c) => c.notNull().defaultTo("automatic"))
    .addColumn("send_via", "text", (c) => c.notNull().defaultTo("email"))
    .addColumn("recipient_emails", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("email_description", "text")
    .addColumn("threshold_count_mode", "text", (c) => c.notNull())
    .addColumn("threshold_count_value", "integer", (c) => c.notNull())
    .addColumn("alert_time_span", "integer", (c) => c.notNull())
    .addColumn("search_id", "integer", (c) => c.references("search_items.id").onDelete("cascade"))
    .addColumn("topic_id", "integer", (c) => c.references("topics.id").onDelete("cascade"))
    .addColumn("armed", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("last_evaluated_at", "text")
    .addColumn("last_count", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("alerts_tenant_idx").on("alerts").columns(["business_profile_id", "id"]).execute();
  await db.schema.createIndex("alerts_search_idx").on("alerts").column("search_id").execute();
  await db.schema.createIndex("alerts_topic_idx").on("alerts").column("topic_id").execute();
  await db.schema.createIndex("alerts_due_idx").on("alerts").columns(["is_active", "lease_until"]).execute();

  await withId(db, db.schema.createTable("alert_firings"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("alert_id", "integer", (c) => c.notNull().references("alerts.id").onDelete("cascade"))
    .addColumn("fired_at", "text", (c) => c.notNull())
    .addColumn("window_start", "text", (c) => c.notNull())
    .addColumn("window_end", "text", (c) => c.notNull())
    .addColumn("match_count", "integer", (c) => c.notNull())
    // Spike mode: the average count of the previous windows; null in count mode.
    .addColumn("baseline", "real")
    .addColumn("threshold_count_mode", "text", (c) => c.notNull())
    .addColumn("threshold_count_value", "integer", (c) => c.notNull())
    .addColumn("is_muted", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("top_item_ids", "text", (c) => c.notNull().defaultTo("[]"))
    // pending | sent | muted | failed (failed: given up after the last attempt)
    .addColumn("email_status", "text", (c) => c.notNull())
    .addColumn("email_attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("email_next_attempt_at", "text")
    .addColumn("email_lease_until", "text")
    .addColumn("email_sent_at", "text")
    .addColumn("email_error", "text")
    .execute();
  await db.schema.createIndex("alert_firings_alert_idx").on("alert_firings").columns(["alert_id", "id"]).execute();
  await db.schema.createIndex("alert_firings_mail_idx").on("alert_firings").columns(["email_status", "email_next_attempt_at"]).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("alert_firings").ifExists().execute();
  await db.schema.dropTable("alerts").ifExists().execute();
}
