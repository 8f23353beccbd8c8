import type { Kysely } from "kysely";
import { engineOf } from "../client";

// Business profiles administered from /admin (issue 26, ADR 040). A profile's logo is kept in the database
// beside it (one row per profile, its bytes and the content type its content was recognised as), so that
// creating a profile with its logo is one transaction: a refused logo leaves neither the profile nor the
// file. The name is unique (the service compares case-insensitively; the index guards races on the exact
// spelling: createWorkspace already refused an existing name, so no install holds two).
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("business_profile_logos")
    .addColumn("business_profile_id", "integer", (c) => c.primaryKey().references("business_profiles.id").onDelete("cascade"))
    .addColumn("content_type", "text", (c) => c.notNull())
    .addColumn("bytes", engineOf(db) === "postgres" ? "bytea" : "blob", (c) => c.notNull())
    .addColumn("byte_size", "integer", (c) => c.notNull())
    .addColumn("sha256", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("business_profiles_name_unique").on("business_profiles").column("name").unique().execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex("business_profiles_name_unique").execute();
  await db.schema.dropTable("business_profile_logos").execute();
}
