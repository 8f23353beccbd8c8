import type { Database } from "../client";
import type { ImportRow } from "../schema";

export async function insertImport(
  db: Database,
  row: { businessProfileId: number; streamId: number; accountId: number | null; format: string; fileName: string | null; bytesTotal: number | null; now: string },
) {
  const { now, ...values } = row;
  return db
    .insertInto("imports")
    .values({ ...values, status: "running", createdAt: now, heartbeatAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateImportProgress(
  db: Database,
  id: number,
  values: Partial<Pick<ImportRow, "status" | "bytesRead" | "lines" | "accepted" | "duplicates" | "rejected" | "errors" | "finishedAt" | "heartbeatAt">>,
) {
  await db.updateTable("imports").set(values).where("id", "=", id).execute();
}

export async function findImport(db: Database, businessProfileId: number, id: number) {
  return db.selectFrom("imports").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

export async function listImports(db: Database, businessProfileId: number, streamId: number, limit: number) {
  return db
    .selectFrom("imports")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("streamId", "=", streamId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** The running import's process is alive (ADR 043): its heartbeat moves on (nothing once it has ended). */
export async function renewImportHeartbeat(db: Database, id: number, now: string) {
  await db.updateTable("imports").set({ heartbeatAt: now }).where("id", "=", id).where("status", "=", "running").execute();
}

/**
 * Imports still "running" whose heartbeat is older than `staleBefore`: the process running them died (a
 * crash, kill -9, a lost machine) or was stopped. One whose process is alive, on this machine or another,
 * keeps renewing its heartbeat and is left alone. (Rows from before migration 0035 count from their start.)
 */
export async function markRunningImportsInterrupted(db: Database, now: string, staleBefore: string) {
  const result = await db
    .updateTable("imports")
    .set({ status: "interrupted", finishedAt: now })
    .where("status", "=", "running")
    .where((eb) => eb(eb.fn.coalesce("heartbeatAt", "createdAt"), "<", staleBefore))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}
