import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("business_profiles"))
    .addColumn("name", "text", (c) => c.notNull().unique())
    .addColumn("logo_url", "text")
    .addColumn("time_zone", "text", (c) => c.notNull().defaultTo("UTC"))
    .addColumn("copied_business_profile_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("accounts"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("first_name", "text", (c) => c.notNull())
    .addColumn("last_name", "text", (c) => c.notNull())
    .addColumn("role", "integer", (c) => c.notNull())
    .addColumn("state", "integer", (c) => c.notNull().defaultTo(1))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("permissions", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("preferences", "text", (c) => c.notNull().defaultTo("{}"))
    .addColumn("avatar_url", "text")
    .addColumn("otp_secret", "text")
    .addColumn("otp_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("otp_last_used_step", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("accounts_business_profile_idx").on("accounts").column("business_profile_id").execute();

  await withId(db, db.schema.createTable("teams"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addUniqueConstraint("teams_name_unique", ["business_profile_id", "name"])
    .execute();

  await db.schema
    .createTable("team_accounts")
    .addColumn("team_id", "integer", (c) => c.notNull().references("teams.id").onDelete("cascade"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addPrimaryKeyConstraint("team_accounts_pk", ["team_id", "account_id"])
    .execute();

  await db.schema
    .createTable("auth_sessions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("cookie_token_hash", "text", (c) => c.notNull().unique())
    .addColumn("csrf_token_hash", "text", (c) => c.notNull())
    .addColumn("impersonator_account_id", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("last_seen_at", "text", (c) => c.notNull())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("revoked_at", "text")
    .addColumn("revoked_reason", "text")
    .execute();
  await db.schema.createIndex("auth_sessions_account_idx").on("auth_sessions").column("account_id").execute();

  await withId(db, db.schema.createTable("auth_tokens"))
    .addColumn("session_id", "text", (c) => c.notNull().references("auth_sessions.id").onDelete("cascade"))
    .addColumn("kind", "text", (c) => c.notNull())
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("auth_tokens_session_idx").on("auth_tokens").column("session_id").execute();

  await db.schema
    .createTable("login_throttle")
    .addColumn("key", "text", (c) => c.primaryKey())
    .addColumn("failures", "integer", (c) => c.notNull())
    .addColumn("window_started_at", "text", (c) => c.notNull())
    .addColumn("locked_until", "text")
    .execute();

  await withId(db, db.schema.createTable("account_events"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("account_id", "integer", (c) => c.notNull())
    .addColumn("action_type", "text", (c) => c.notNull())
    .addColumn("event_type", "text", (c) => c.notNull())
    .addColumn("action_module", "text", (c) => c.notNull())
    .addColumn("context_id", "integer")
    .addColumn("context_type", "integer")
    .addColumn("social_type", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("account_events_profile_time_idx")
    .on("account_events")
    .columns(["business_profile_id", "created_at"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of [
    "account_events",
    "login_throttle",
    "auth_tokens",
    "auth_sessions",
    "team_accounts",
    "teams",
    "accounts",
    "business_profiles",
  ]) {
    await db.schema.dropTable(table).ifExists().execute();
  }
}
