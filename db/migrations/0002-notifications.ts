import type { Kysely } from "kysely";
import { withId } from "./helpers";

export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("notifications"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("social_type", "text")
    .addColumn("entity_name", "text")
    .addColumn("read_at", "text")
    .addColumn("dismissed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex("notifications_account_idx")
    .on("notifications")
    .columns(["business_profile_id", "account_id", "id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("notifications").ifExists().execute();
}
