import type { Database } from "../client";

export async function replaceBackupCodes(db: Database, accountId: number, codeHashes: string[], now: string) {
  await db.deleteFrom("backupCodes").where("accountId", "=", accountId).execute();
  if (codeHashes.length === 0) return;
  await db
    .insertInto("backupCodes")
    .values(codeHashes.map((codeHash) => ({ accountId, codeHash, usedAt: null, createdAt: now })))
    .execute();
}

/** Uses one unused backup code with this hash; false when there is none. */
export async function claimBackupCode(db: Database, accountId: number, codeHash: string, now: string) {
  const row = await db
    .selectFrom("backupCodes")
    .select("id")
    .where("accountId", "=", accountId)
    .where("codeHash", "=", codeHash)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  if (!row) return false;
  const result = await db
    .updateTable("backupCodes")
    .set({ usedAt: now })
    .where("id", "=", row.id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
