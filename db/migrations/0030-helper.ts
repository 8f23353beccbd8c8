import type { Kysely } from "kysely";
import { withId } from "./helpers";

// The helper chat (spec analytics §3, §4, §7; issue 27; ADR 042). Everything belongs to one business
// profile and one account: a chat and its messages are the asker's own, as are the pinned questions
// and the helper's default settings. A message is one question with its answer: the answer's text, its
// blocks (figures, chart, table, links) and the structured record of every tool result it was made
// from (so that every number of the text can be traced to a result), and the asker's vote.
export async function up(db: Kysely<unknown>): Promise<void> {
  await withId(db, db.schema.createTable("helper_chats"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("title", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("helper_chats_owner_idx").on("helper_chats").columns(["business_profile_id", "account_id", "updated_at"]).execute();

  await withId(db, db.schema.createTable("helper_messages"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull())
    .addColumn("chat_id", "integer", (c) => c.notNull().references("helper_chats.id").onDelete("cascade"))
    .addColumn("question", "text", (c) => c.notNull())
    // answered | cannot_answer | refused
    .addColumn("status", "text", (c) => c.notNull())
    .addColumn("answer_text", "text", (c) => c.notNull())
    // JSON: the answer's blocks (figures, chart, table, links) and its plan.
    .addColumn("answer", "text", (c) => c.notNull())
    // JSON: [{ tool, args, result }] in call order.
    .addColumn("tool_results", "text", (c) => c.notNull())
    // builtin | model
    .addColumn("planner", "text", (c) => c.notNull())
    .addColumn("language", "text")
    // -1 down, 0 none, 1 up
    .addColumn("vote", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("vote_reason", "text")
    .addColumn("voted_at", "text")
    .addColumn("recovered_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("helper_messages_chat_idx").on("helper_messages").columns(["chat_id", "id"]).execute();
  await db.schema.createIndex("helper_messages_votes_idx").on("helper_messages").columns(["business_profile_id", "vote"]).execute();

  await withId(db, db.schema.createTable("helper_pinned_questions"))
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    .addColumn("text", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("helper_pinned_owner_idx").on("helper_pinned_questions").columns(["business_profile_id", "account_id"]).execute();

  await db.schema
    .createTable("helper_settings")
    .addColumn("business_profile_id", "integer", (c) => c.notNull().references("business_profiles.id"))
    .addColumn("account_id", "integer", (c) => c.notNull().references("accounts.id").onDelete("cascade"))
    // A dashboard context token ('6-0' every mention, '1-12' a saved search, '2-5' a topic).
    .addColumn("default_context", "text", (c) => c.notNull())
    // A period preset id of the dashboard (domain/dashboard.ts PERIOD_PRESETS, not custom).
    .addColumn("default_period", "text", (c) => c.notNull())
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addPrimaryKeyConstraint("helper_settings_pk", ["business_profile_id", "account_id"])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable("helper_settings").ifExists().execute();
  await db.schema.dropTable("helper_pinned_questions").ifExists().execute();
  await db.schema.dropTable("helper_messages").ifExists().execute();
  await db.schema.dropTable("helper_chats").ifExists().execute();
}
