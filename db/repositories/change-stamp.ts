import { sql } from "kysely";
import { writesThrough, type Database } from "../client";

/**
 * SQLite: a stamp that differs whenever the data may have changed since it was read (ADR 020, 2026-11-29):
 * the statements this process ran that may change data (db/write-tracking.ts: page views and the other
 * bookkeeping tables aside) and `data_version`, which moves when any other connection committed (another
 * process, a command). One tiny query, so a derived answer can be kept until the stamp moves. Read it
 * before the query whose answer is kept: a change in between moves it again. Null on PostgreSQL (it has
 * no such stamp) and inside a transaction: nothing is kept.
 */
export async function databaseChangeStamp(db: Database): Promise<string | null> {
  const writes = writesThrough(db);
  if (writes === undefined) return null;
  const { rows } = await sql<{ shared: number }>`select data_version as shared from pragma_data_version`.execute(db);
  const row = rows[0];
  return row ? `${writes}:${row.shared}` : null;
}
