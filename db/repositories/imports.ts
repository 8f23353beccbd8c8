import type { Database } from "../client";
import type { ImportRow } from "../schema";

export async function insertImport(
  db: Database,
  row: { businessProfileId: number; streamId: number; accountId: number | null; format: string; fileName: string | null; bytesTotal: number | null; now: string },
) {
  const { now, ...values } = row;
  return db
    .insertInto("imports")
    .values({ ...values, status: "running", createdAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateImportProgress(
  db: Database,
  id: number,
  values: Partial<Pick<ImportRow, "status" | "bytesRead" | "lines" | "accepted" | "duplicates" | "rejected" | "errors" | "finishedAt">>,
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

/** Imports still "running" when the process starts were cut off by a crash or a restart. */
export async function markRunningImportsInterrupted(db: Database, now: string) {
  const result = await db.updateTable("imports").set({ status: "interrupted", finishedAt: now }).where("status", "=", "running").executeTakeFirst();
  return Number(result.numUpdatedRows);
}
