import { sql, type Transaction } from "kysely";
import type { Database } from "../client";
import type { DatabaseSchema } from "../schema";
import type { AlertFiringRow, AlertRow, AlertFiringTable } from "./alerts-schema";
import type { Insertable } from "kysely";
import { claimRows } from "./leases";

// The alerts' evaluation (issue 24, ADR 029): claims (a lease taken by one UPDATE, so that of several
// evaluators, in one process or many, exactly one holds an alert or a firing's e-mail at a time), the
// window counts read from the stored matches (query_matches, by the mention's time), and the writes that
// are only made while the lease is still held.

type Db = Database | Transaction<DatabaseSchema>;

/** Context types of query_matches (ADR 012): 1 saved search item, 2 topic. */
const SEARCH_CONTEXT = 1;
const TOPIC_CONTEXT = 2;

/**
 * Takes the lease of up to `limit` active alerts not evaluated since `evaluatedBefore` whose lease is free
 * or ran out, and returns them.
 * One claim of leases.ts (ADR 043): two evaluators never get the same alert.
 */
export async function claimDueAlerts(
  db: Database,
  input: { owner: string; now: string; leaseUntil: string; limit: number; evaluatedBefore: string },
): Promise<AlertRow[]> {
  const rows = await claimRows<AlertRow>(db, {
    table: "alerts",
    key: "id",
    orderBy: "id",
    limit: input.limit,
    set: sql`lease_owner = ${input.owner}, lease_until = ${input.leaseUntil}`,
    due: sql`is_active = 1 and (lease_until is null or lease_until < ${input.now})
      and (last_evaluated_at is null or last_evaluated_at < ${input.evaluatedBefore})`,
  });
  return rows.sort((a, b) => a.id - b.id);
}

/** Gives the leases back (the end of a round), so that the next round need not wait for them to run out. */
export async function releaseAlerts(db: Database, owner: string, ids: readonly number[]): Promise<void> {
  if (!ids.length) return;
  await db
    .updateTable("alerts")
    .set({ leaseOwner: null, leaseUntil: null })
    .where("leaseOwner", "=", owner)
    .where("id", "in", [...ids])
    .execute();
}

/**
 * Counts the alert's matching mentions in consecutive windows, newest first: window i is
 * [bounds[i + 1], bounds[i]), except the newest, which has no upper bound (a mention dated a little
 * ahead of this clock counts now). One indexed range read of the context's matches.
 */
export async function countWindows(
  db: Db,
  alert: Pick<AlertRow, "businessProfileId" | "searchId" | "topicId">,
  bounds: readonly string[],
): Promise<number[]> {
  const windows = bounds.length - 1;
  const columns = [];
  for (let i = 0; i < windows; i++) {
    const upper = i === 0 ? sql`` : sql` and item_created_at < ${bounds[i]}`;
    columns.push(
      sql`sum(case when item_created_at >= ${bounds[i + 1]}${upper} then 1 else 0 end) as ${sql.ref(`w${i}`)}`,
    );
  }
  const [contextType, contextId] =
    alert.searchId !== null ? [SEARCH_CONTEXT, alert.searchId] : [TOPIC_CONTEXT, alert.topicId!];
  const result = await sql<Record<string, number | string | null>>`
    select ${sql.join(columns)} from query_matches
    where business_profile_id = ${alert.businessProfileId} and context_type = ${contextType} and context_id = ${contextId}
      and item_created_at >= ${bounds[windows]}`.execute(db);
  const row = result.rows[0] ?? {};
  return Array.from({ length: windows }, (_, i) => Number(row[`w${i}`] ?? 0));
}

/** The window's most impactful matching mentions (then the newest), for the e-mail. */
export async function topMatchingItems(
  db: Db,
  alert: Pick<AlertRow, "businessProfileId" | "searchId" | "topicId">,
  from: string,
  limit: number,
): Promise<number[]> {
  const [contextType, contextId] =
    alert.searchId !== null ? [SEARCH_CONTEXT, alert.searchId] : [TOPIC_CONTEXT, alert.topicId!];
  const rows = await db
    .selectFrom("queryMatches")
    .innerJoin("feedItems", "feedItems.id", "queryMatches.feedItemId")
    .select("feedItems.id")
    .where("queryMatches.businessProfileId", "=", alert.businessProfileId)
    .where("queryMatches.contextType", "=", contextType)
    .where("queryMatches.contextId", "=", contextId)
    .where("queryMatches.itemCreatedAt", ">=", from)
    .orderBy("feedItems.impactScore", "desc")
    .orderBy("feedItems.id", "desc")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/**
 * Writes the outcome of an evaluation if the lease is still this evaluator's: true when written. A
 * false answer means another evaluator took the alert over (the lease ran out): the caller rolls back.
 */
export async function recordEvaluation(
  trx: Db,
  input: { id: number; owner: string; now: string; armed: boolean; count: number },
): Promise<boolean> {
  const result = await trx
    .updateTable("alerts")
    .set({ armed: input.armed ? 1 : 0, lastEvaluatedAt: input.now, lastCount: input.count })
    .where("id", "=", input.id)
    .where("leaseOwner", "=", input.owner)
    .where("isActive", "=", 1)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function insertFiring(trx: Db, row: Insertable<AlertFiringTable>): Promise<AlertFiringRow> {
  return trx.insertInto("alertFirings").values(row).returningAll().executeTakeFirstOrThrow();
}

/**
 * Claims up to `limit` firings whose e-mail is due: pending ones (first try, or a retry whose time came)
 * and `sending` ones whose lease ran out (their sender stopped mid-send: a takeover). Each is marked
 * `sending` under a new lease before any SMTP conversation, keeps the Message-ID it was first given
 * (`messageIdOf(id)` the first time), and a takeover records when it found the earlier send interrupted.
 * One UPDATE (PostgreSQL: rows locked, others skipped), so two processes never claim the same firing.
 */
export async function claimDueFiringMails(
  db: Database,
  input: { now: string; leaseUntil: string; limit: number; messageIdDomain: string },
): Promise<AlertFiringRow[]> {
  const due = sql`((email_status = 'pending' and (email_next_attempt_at is null or email_next_attempt_at <= ${input.now})
      and (email_lease_until is null or email_lease_until < ${input.now}))
    or (email_status = 'sending' and email_lease_until < ${input.now}))`;
  const messageId = sql`'<alert-firing-' || cast(id as text) || '.' || cast(alert_id as text) || '@' || ${input.messageIdDomain} || '>'`;
  const rows = await claimRows<AlertFiringRow>(db, {
    table: "alert_firings",
    key: "id",
    orderBy: "id",
    limit: input.limit,
    set: sql`email_status = 'sending', email_lease_until = ${input.leaseUntil}, email_attempts = email_attempts + 1,
      email_message_id = coalesce(email_message_id, ${messageId}),
      email_interrupted_at = case when email_status = 'sending' then ${input.now} else email_interrupted_at end`,
    due,
  });
  return rows.sort((a, b) => a.id - b.id);
}

/** The SMTP server accepted the message: sent. Only from `sending` (a taken-over sender's late mark is harmless). */
export async function markFiringMailSent(db: Db, id: number, now: string): Promise<void> {
  await db
    .updateTable("alertFirings")
    .set({ emailStatus: "sent", emailSentAt: now, emailLeaseUntil: null, emailError: null })
    .where("id", "=", id)
    .where("emailStatus", "=", "sending")
    .execute();
}

/** A failed attempt: tried again at `nextAttemptAt`, or given up (`failed`) when that is null. */
export async function markFiringMailFailed(
  db: Db,
  id: number,
  error: string,
  nextAttemptAt: string | null,
): Promise<void> {
  await db
    .updateTable("alertFirings")
    .set({
      emailStatus: nextAttemptAt === null ? "failed" : "pending",
      emailNextAttemptAt: nextAttemptAt,
      emailLeaseUntil: null,
      emailError: error.slice(0, 500),
    })
    .where("id", "=", id)
    .where("emailStatus", "=", "sending")
    .execute();
}

/** What an e-mail shows of each mention. */
export async function findMailItems(db: Db, businessProfileId: number, ids: readonly number[]) {
  if (!ids.length) return [];
  return db
    .selectFrom("feedItems")
    .select(["id", "description", "authorName", "socialType", "createdAt", "postUrl", "impactScore"])
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "in", [...ids])
    .execute();
}
