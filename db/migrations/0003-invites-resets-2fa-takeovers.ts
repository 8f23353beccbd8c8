import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("team_member_invites"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("inviter_account_id", "integer", (c) => c.notNull().references("accounts.id"))
    .addColumn("email", "text", (c) => c.notNull())
    .addColumn("role", "integer", (c) => c.notNull())
    .addColumn("team_ids", "text", (c) => c.notNull().defaultTo("[]"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("accepted_at", "text")
    .addColumn("revoked_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("invites_email_idx").on("team_member_invites").columns(["business_profile_id", "email"]).execute();

  await withId(db, db.schema.createTable("password_resets"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("backup_codes"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("code_hash", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("backup_codes_account_idx").on("backup_codes").column("account_id").execute();

  await withId(db, db.schema.createTable("takeovers"))
    .addColumn("admin_account_id", "integer", (c) => c.notNull().references("accounts.id"))
    .addColumn("target_account_id", "integer", (c) => c.notNull().references("accounts.id"))
    .addColumn("target_business_profile_id", "integer", (c) => c.notNull())
    .addColumn("session_id", "text", (c) => c.notNull())
    .addColumn("started_at", "text", (c) => c.notNull())
    .addColumn("ended_at", "text")
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["takeovers", "backup_codes", "password_resets", "team_member_invites"]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
