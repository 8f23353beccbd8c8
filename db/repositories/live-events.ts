import { sql, type Generated } from "kysely";
import type { Database } from "../client";

// Live events shared by every process (ADR 043): the rows of live_events, read by each SQLite process
// after the last one it saw, and on PostgreSQL the NOTIFY that carries an event (or names its row when
// the event is too large for a NOTIFY payload).

interface LiveEventTable {
  id: Generated<number>;
  channel: string;
  payload: string;
  origin: string;
  createdAt: string;
}

declare module "../schema" {
  interface DatabaseSchema {
    liveEvents: LiveEventTable;
  }
}

export interface LiveEventRow {
  id: number;
  channel: string;
  payload: string;
  origin: string;
  createdAt: string;
}

export async function insertLiveEvent(db: Database, row: Omit<LiveEventRow, "id">): Promise<number> {
  const inserted = await db.insertInto("liveEvents").values(row).returning("id").executeTakeFirstOrThrow();
  return inserted.id;
}

/** The events stored after `afterId`, oldest first. */
export async function listLiveEventsAfter(db: Database, afterId: number, limit: number): Promise<LiveEventRow[]> {
  return db.selectFrom("liveEvents").selectAll().where("id", ">", afterId).orderBy("id", "asc").limit(limit).execute();
}

export async function findLiveEvent(db: Database, id: number): Promise<LiveEventRow | undefined> {
  return db.selectFrom("liveEvents").selectAll().where("id", "=", id).executeTakeFirst();
}

/** The newest event's id (0 when none): a process starts reading after it. */
export async function latestLiveEventId(db: Database): Promise<number> {
  const row = await db.selectFrom("liveEvents").select((eb) => eb.fn.max("id").as("id")).executeTakeFirst();
  return Number(row?.id ?? 0);
}

/** Events older than `before` have been read by every live process: they go. */
export async function pruneLiveEvents(db: Database, before: string): Promise<void> {
  await db.deleteFrom("liveEvents").where("createdAt", "<", before).execute();
}

/** PostgreSQL: sends `payload` to every session listening on `channel` (delivered when the caller commits). */
export async function notifyChannel(db: Database, channel: string, payload: string): Promise<void> {
  await sql`select pg_notify(${channel}, ${payload})`.execute(db);
}

/** PostgreSQL: the schema this connection writes to (NOTIFY channels are per database, so they are named after it). */
export async function currentSchemaName(db: Database): Promise<string> {
  const result = await sql<{ schema: string }>`select current_schema() as schema`.execute(db);
  return result.rows[0]?.schema ?? "public";
}
