import type { Kysely } from "kysely";
import { withId } from "./helpers";

// The dashboard's configuration (issue 7, ADR 015): dashboard templates, shared links and the feed
// hashes of a chart point's drill-down. Configs and properties are JSON text on both engines.
export async function up(db: Kysely<unknown>): Promise<void> {
  // Dashboard templates (spec analytics §3): name, time, time_unit (Days|Hours|Months),
  // config { context_ids, widgets: [{ id, config }] }.
  await withId(db, db.schema.createTable("dashboard_templates"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("created_by", "integer")
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("time", "integer", (c) => c.notNull())
    .addColumn("time_unit", "text", (c) => c.notNull())
    .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("dashboard_templates_tenant_idx").on("dashboard_templates").columns(["business_profile_id", "id"]).execute();

  // Shared links: a random code (128 bits or more, base64url) opens a read-only dashboard; revoking
  // sets revoked_at and takes effect at once.
  await withId(db, db.schema.createTable("dashboard_shared_links"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("non_logged_in_access", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("config", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_by", "integer")
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("dashboard_shared_links_tenant_idx")
    .on("dashboard_shared_links")
    .columns(["business_profile_id", "id"])
    .execute();

  // A chart point's drill-down, addressed by a random code (`feed_hash`).
  await withId(db, db.schema.createTable("dashboard_feed_hashes"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("code", "text", (c) => c.notNull().unique())
    .addColumn("title", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("view_type", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("account_id", "integer")
    .addColumn("context_id", "integer", (c) => c.notNull())
    .addColumn("context_type", "integer", (c) => c.notNull())
    .addColumn("min_created_at", "text", (c) => c.notNull())
    .addColumn("max_created_at", "text", (c) => c.notNull())
    .addColumn("properties", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("created_by", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("dashboard_shared_links_tenant_idx").ifExists().execute();
  await db.schema.dropIndex("dashboard_templates_tenant_idx").ifExists().execute();
  for (const table of ["dashboard_feed_hashes", "dashboard_shared_links", "dashboard_templates"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
