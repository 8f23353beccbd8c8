import type { Kysely } from "kysely";
import { withId } from "./helpers";

// After a right password on an account with two-factor login, the code step carries this token
// instead of the password (ADR 008).
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("login_challenges"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("expires_at", "text", (c) => c.notNull())
    .addColumn("used_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("login_challenges").ifExists().execute();
}
