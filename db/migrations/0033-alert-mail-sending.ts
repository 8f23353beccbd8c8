import type { Kysely } from "kysely";

// Alert e-mails sent at least once, never silently twice (issue 24, ADR 029): a firing's e-mail is marked
// `sending` (with its lease) before the SMTP conversation and carries a Message-ID fixed at that moment, so
// a process that takes over a `sending` row whose lease ran out (its sender died, and SMTP may or may not
// have accepted the message) sends it again under the same Message-ID and records that it did.
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("alert_firings").addColumn("email_message_id", "text").execute();
  // When a takeover found the previous send interrupted (the outcome unknown); null when none was.
  await db.schema.alterTable("alert_firings").addColumn("email_interrupted_at", "text").execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable("alert_firings").dropColumn("email_interrupted_at").execute();
  await db.schema.alterTable("alert_firings").dropColumn("email_message_id").execute();
}
