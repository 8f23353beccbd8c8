import type { Kysely } from "kysely";
import { withId } from "./helpers";

// Scheduled e-mail reports (spec analytics §3, §7; issue 25; ADR 039). A report keeps the spec's fields
// word for word and its schedule: `next_run_at` (the next due time, UTC) and a lease (`lease_owner`,
// `lease_until`) that one scheduler takes with a single UPDATE, as the alerts do (ADR 029). Each due time
// (and each "send me a copy now") is one row of email_report_runs, unique per report, due time and kind,
// so that a due time is run once across restarts and processes; each recipient who got a run's e-mail is
// one row of email_report_deliveries, so that a retry never sends it to them again.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("email_reports"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("email_name", "text", (c) => c.notNull())
    .addColumn("brand_name", "text", (c) => c.notNull())
    .addColumn("email_type", "text", (c) => c.notNull().defaultTo("executive"))
    .addColumn("reciver_account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("search_id", "integer", (c) => c.notNull().references("search_items.id").onDelete("cascade"))
    .addColumn("articles_filter_id", "integer", (c) => c.references("filters.id").onDelete("set null"))
    // JSON number[]: weekdays, 0 Sunday … 6 Saturday.
    .addColumn("mail_frequency", "text", (c) => c.notNull())
    .addColumn("deliver_hour", "integer", (c) => c.notNull())
    // Days the report covers, ending at its due time.
    .addColumn("data_from", "integer", (c) => c.notNull())
    .addColumn("articles_url", "text")
    .addColumn("extra_emails", "text", (c) => c.notNull().defaultTo("[]"))
    // JSON number[]: saved search ids shown side by side with search_id.
    .addColumn("competitors", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("articles_limit", "integer", (c) => c.notNull())
    .addColumn("posts_limit", "integer", (c) => c.notNull())
    .addColumn("omit_response", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("min_limitation", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_run_at", "text")
    .addColumn("lease_owner", "text")
    .addColumn("lease_until", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("email_reports_tenant_idx").on("email_reports").columns(["business_profile_id", "id"]).execute();
  await db.schema.createIndex("email_reports_due_idx").on("email_reports").columns(["next_run_at"]).execute();

  await withId(db, db.schema.createTable("email_report_runs"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("email_report_id", "integer", (c) => c.notNull().references("email_reports.id").onDelete("cascade"))
    // scheduled | copy ("send me a copy now": to the caller only)
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("due_at", "text", (c) => c.notNull())
    // JSON string[]: who this run is for.
    .addColumn("recipients", "text", (c) => c.notNull())
    // pending | sent | skipped | failed (failed: given up after the last attempt)
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("mention_count", "integer")
    .addColumn("attempts", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("next_attempt_at", "text")
    .addColumn("lease_until", "text")
    .addColumn("error", "text")
    .addColumn("finished_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addUniqueConstraint("email_report_runs_due_unique", ["email_report_id", "kind", "due_at"])
    .execute();
  await db.schema.createIndex("email_report_runs_pending_idx").on("email_report_runs").columns(["status", "next_attempt_at"]).execute();

  await withId(db, db.schema.createTable("email_report_deliveries"))
    .addColumn("run_id", "integer", (c) => c.notNull().references("email_report_runs.id").onDelete("cascade"))
    .addColumn("recipient", "text", (c) => c.notNull())
    .addColumn("sent_at", "text", (c) => c.notNull())
    .addUniqueConstraint("email_report_deliveries_unique", ["run_id", "recipient"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("email_report_deliveries").ifExists().execute();
  await db.schema.dropTable("email_report_runs").ifExists().execute();
  await db.schema.dropTable("email_reports").ifExists().execute();
}
