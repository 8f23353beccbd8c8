import { sql, type RawBuilder } from "kysely";
import { engineOf, type Database } from "../client";

// Leases (ADR 043): the one way a process takes work that several processes, on one machine or many,
// could take at once. A lease is a row (or rows) updated by ONE statement whose condition says the work
// is due and nobody holds it (no owner, or the owner's lease ran out): the UPDATE is atomic, so of
// several claimers exactly one gets each row. SQLite runs the statement under its single writer lock;
// on PostgreSQL the inner select also skips rows another claimer's statement has locked (FOR UPDATE SKIP
// LOCKED), so claimers never queue behind each other. Alerts and their e-mails (ADR 029) and the
// scheduler's jobs (job_leases) are claimed through it.

/**
 * Sets `set` on up to `limit` rows of `table` for which `due` holds, in `orderBy` order, and returns them
 * as stored afterwards (camel-cased, as the CamelCasePlugin gives any row). `due` is checked again by the
 * UPDATE itself, so a row changed between the select and the update is never claimed twice.
 */
export async function claimRows<Row>(
  db: Database,
  input: { table: string; key: string; set: RawBuilder<unknown>; due: RawBuilder<unknown>; orderBy: string; limit: number },
): Promise<Row[]> {
  const lock = engineOf(db) === "postgres" ? sql`for update skip locked` : sql``;
  const table = sql.table(input.table);
  const key = sql.ref(input.key);
  const result = await sql<Record<string, unknown>>`
    update ${table} set ${input.set}
    where ${key} in (select ${key} from ${table} where ${input.due} order by ${sql.ref(input.orderBy)} limit ${input.limit} ${lock})
      and ${input.due}
    returning *`.execute(db);
  return result.rows as unknown as Row[];
}

interface JobLeaseTable {
  name: string;
  owner: string | null;
  leaseUntil: string | null;
  dueAt: string;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  runs: number;
}

declare module "../schema" {
  interface DatabaseSchema {
    jobLeases: JobLeaseTable;
  }
}

export interface JobLeaseRow {
  name: string;
  owner: string | null;
  leaseUntil: string | null;
  dueAt: string;
  lastStartedAt: string | null;
  lastFinishedAt: string | null;
  runs: number;
}

/** The job's row, made due at `dueAt` if it has none yet (a first start, or a job added since). */
export async function ensureJobLease(db: Database, name: string, dueAt: string): Promise<void> {
  await db
    .insertInto("jobLeases")
    .values({ name, owner: null, leaseUntil: null, dueAt, lastStartedAt: null, lastFinishedAt: null, runs: 0 })
    .onConflict((oc) => oc.column("name").doNothing())
    .execute();
}

/** Takes the job's lease if the job is due and its lease is free or ran out; the row, or null. */
export async function claimJobLease(
  db: Database,
  input: { name: string; owner: string; now: string; leaseUntil: string },
): Promise<JobLeaseRow | null> {
  const [row] = await claimRows<JobLeaseRow>(db, {
    table: "job_leases",
    key: "name",
    orderBy: "name",
    limit: 1,
    set: sql`owner = ${input.owner}, lease_until = ${input.leaseUntil}, last_started_at = ${input.now}`,
    due: sql`name = ${input.name} and due_at <= ${input.now} and (lease_until is null or lease_until < ${input.now})`,
  });
  return row ?? null;
}

/** Extends a lease still held by `owner`: false when another process has taken the job over. */
export async function renewJobLease(db: Database, input: { name: string; owner: string; leaseUntil: string }): Promise<boolean> {
  const result = await db
    .updateTable("jobLeases")
    .set({ leaseUntil: input.leaseUntil })
    .where("name", "=", input.name)
    .where("owner", "=", input.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/**
 * A run finished: the job is due next at `nextDueAt` and its lease is free. Only the holder can say so
 * (false when the lease was lost: the one that took the job over records its own run).
 */
export async function finishJobLease(db: Database, input: { name: string; owner: string; now: string; nextDueAt: string }): Promise<boolean> {
  const result = await db
    .updateTable("jobLeases")
    .set((eb) => ({
      owner: null,
      leaseUntil: null,
      dueAt: input.nextDueAt,
      lastFinishedAt: input.now,
      runs: eb("runs", "+", 1),
    }))
    .where("name", "=", input.name)
    .where("owner", "=", input.owner)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A run failed or stopped: the lease is given back and the job stays due (the next round retries it). */
export async function releaseJobLease(db: Database, input: { name: string; owner: string }): Promise<void> {
  await db.updateTable("jobLeases").set({ owner: null, leaseUntil: null }).where("name", "=", input.name).where("owner", "=", input.owner).execute();
}

export async function findJobLease(db: Database, name: string): Promise<JobLeaseRow | undefined> {
  return db.selectFrom("jobLeases").selectAll().where("name", "=", name).executeTakeFirst();
}
