import { sql, type Insertable, type Transaction } from "kysely";
import { engineOf, type Database } from "../client";
import type { DatabaseSchema } from "../schema";
import type { EmailReportRow, EmailReportRunRow } from "./email-reports-schema";

// E-mail reports (issue 25, ADR 039): the tenant's reports, and their schedule's storage: the claims (a
// lease taken by one UPDATE, as the alerts take theirs, ADR 029), the runs (one per report, kind and due
// time: the unique key makes a due time run once) and the recipients each run reached.

type Db = Database | Transaction<DatabaseSchema>;

export type EmailReportValues = Omit<Insertable<DatabaseSchema["emailReports"]>, "id" | "businessProfileId" | "createdAt" | "updatedAt" | "leaseOwner" | "leaseUntil">;

export async function listEmailReports(db: Db, businessProfileId: number): Promise<EmailReportRow[]> {
  return db.selectFrom("emailReports").selectAll().where("businessProfileId", "=", businessProfileId).orderBy("id").execute();
}

export async function findEmailReport(db: Db, businessProfileId: number, id: number): Promise<EmailReportRow | undefined> {
  return db.selectFrom("emailReports").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

export async function insertEmailReport(db: Db, businessProfileId: number, values: EmailReportValues, now: string): Promise<EmailReportRow> {
  return db
    .insertInto("emailReports")
    .values({ ...values, businessProfileId, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateEmailReport(db: Db, businessProfileId: number, id: number, values: Partial<EmailReportValues>, now: string): Promise<void> {
  await db.updateTable("emailReports").set({ ...values, updatedAt: now }).where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

export async function deleteEmailReport(db: Db, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("emailReports").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

/** The newest run of each report (any kind), for the list. */
export async function latestRuns(db: Db, businessProfileId: number, reportIds: readonly number[]): Promise<Map<number, EmailReportRunRow>> {
  if (!reportIds.length) return new Map();
  const rows = await db
    .selectFrom("emailReportRuns")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", (qb) =>
      qb.selectFrom("emailReportRuns").select((eb) => eb.fn.max("id").as("id")).where("emailReportId", "in", [...reportIds]).groupBy("emailReportId"),
    )
    .execute();
  return new Map(rows.map((r) => [r.emailReportId, r]));
}

/**
 * Takes the lease of up to `limit` reports whose next run is due and whose lease is free or ran out.
 * SQLite runs the statement under its single writer lock; PostgreSQL skips rows another scheduler's
 * statement holds (FOR UPDATE SKIP LOCKED): two schedulers never get the same report.
 */
export async function claimDueReports(db: Database, input: { owner: string; now: string; leaseUntil: string; limit: number }): Promise<EmailReportRow[]> {
  const lock = engineOf(db) === "postgres" ? sql`for update skip locked` : sql``;
  const due = sql`next_run_at is not null and next_run_at <= ${input.now} and (lease_until is null or lease_until < ${input.now})`;
  const result = await sql<Record<string, unknown>>`
    update email_reports set lease_owner = ${input.owner}, lease_until = ${input.leaseUntil}
    where id in (select id from email_reports where ${due} order by next_run_at, id limit ${input.limit} ${lock}) and ${due}
    returning *`.execute(db);
  // Raw SQL bypasses nothing of the CamelCasePlugin: rows come back camel-cased.
  return (result.rows as unknown as EmailReportRow[]).sort((a, b) => a.id - b.id);
}

/**
 * While this scheduler still holds the report's lease: records the due time's run (once: a second
 * insert of the same report, kind and due time does nothing), moves the report to its next run and
 * gives the lease back. False when the lease was lost (another scheduler took over).
 */
export async function scheduleRun(
  trx: Transaction<DatabaseSchema>,
  input: { report: EmailReportRow; owner: string; dueAt: string; nextRunAt: string | null; recipients: readonly string[]; now: string },
): Promise<boolean> {
  const moved = await trx
    .updateTable("emailReports")
    .set({ nextRunAt: input.nextRunAt, leaseOwner: null, leaseUntil: null })
    .where("id", "=", input.report.id)
    .where("leaseOwner", "=", input.owner)
    .where("nextRunAt", "=", input.dueAt)
    .executeTakeFirst();
  if (Number(moved.numUpdatedRows) !== 1) return false;
  await trx
    .insertInto("emailReportRuns")
    .values({
      businessProfileId: input.report.businessProfileId,
      emailReportId: input.report.id,
      kind: "scheduled",
      dueAt: input.dueAt,
      recipients: JSON.stringify(input.recipients),
      status: "pending",
      createdAt: input.now,
    })
    .onConflict((oc) => oc.columns(["emailReportId", "kind", "dueAt"]).doNothing())
    .execute();
  return true;
}

/** Gives a lease back without moving the report (its run could not be recorded). */
export async function releaseReport(db: Db, id: number, owner: string): Promise<void> {
  await db.updateTable("emailReports").set({ leaseOwner: null, leaseUntil: null }).where("id", "=", id).where("leaseOwner", "=", owner).execute();
}

export async function setNextRun(db: Db, businessProfileId: number, id: number, nextRunAt: string | null): Promise<void> {
  await db.updateTable("emailReports").set({ nextRunAt }).where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

/** "Send me a copy now": a run of its own, for the caller only. */
export async function insertCopyRun(db: Db, report: EmailReportRow, input: { dueAt: string; recipient: string; now: string }): Promise<number> {
  const row = await db
    .insertInto("emailReportRuns")
    .values({
      businessProfileId: report.businessProfileId,
      emailReportId: report.id,
      kind: "copy",
      dueAt: input.dueAt,
      recipients: JSON.stringify([input.recipient]),
      status: "pending",
      createdAt: input.now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/**
 * Takes the lease of pending runs due for an attempt (or of the one run named), counting the attempt.
 * One UPDATE, as claimDueReports: two senders never hold the same run.
 */
export async function claimPendingRuns(
  db: Database,
  input: { now: string; leaseUntil: string; limit: number; runId?: number },
): Promise<EmailReportRunRow[]> {
  const lock = engineOf(db) === "postgres" ? sql`for update skip locked` : sql``;
  const only = input.runId !== undefined ? sql` and id = ${input.runId}` : sql``;
  const due = sql`status = 'pending' and (next_attempt_at is null or next_attempt_at <= ${input.now})
      and (lease_until is null or lease_until < ${input.now})${only}`;
  const result = await sql<Record<string, unknown>>`
    update email_report_runs set lease_until = ${input.leaseUntil}, attempts = attempts + 1
    where id in (select id from email_report_runs where ${due} order by id limit ${input.limit} ${lock}) and ${due}
    returning *`.execute(db);
  return (result.rows as unknown as EmailReportRunRow[]).sort((a, b) => a.id - b.id);
}

export async function findRun(db: Db, id: number): Promise<EmailReportRunRow | undefined> {
  return db.selectFrom("emailReportRuns").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The recipients a run already reached. */
export async function listDelivered(db: Db, runId: number): Promise<Set<string>> {
  const rows = await db.selectFrom("emailReportDeliveries").select("recipient").where("runId", "=", runId).execute();
  return new Set(rows.map((r) => r.recipient));
}

export async function recordDelivery(db: Db, runId: number, recipient: string, now: string): Promise<void> {
  await db
    .insertInto("emailReportDeliveries")
    .values({ runId, recipient, sentAt: now })
    .onConflict((oc) => oc.columns(["runId", "recipient"]).doNothing())
    .execute();
}

/** A run done: sent (every recipient reached) or skipped (too few mentions). */
export async function finishRun(db: Db, id: number, input: { status: "sent" | "skipped"; mentionCount: number; now: string }): Promise<void> {
  await db
    .updateTable("emailReportRuns")
    .set({ status: input.status, mentionCount: input.mentionCount, finishedAt: input.now, leaseUntil: null, error: null })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (`failed`) when that is null. */
export async function failRun(db: Db, id: number, input: { error: string; nextAttemptAt: string | null; now: string }): Promise<void> {
  await db
    .updateTable("emailReportRuns")
    .set({
      status: input.nextAttemptAt === null ? "failed" : "pending",
      error: input.error.slice(0, 1000),
      nextAttemptAt: input.nextAttemptAt,
      leaseUntil: null,
      ...(input.nextAttemptAt === null ? { finishedAt: input.now } : {}),
    })
    .where("id", "=", id)
    .where("status", "=", "pending")
    .execute();
}
