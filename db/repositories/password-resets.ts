import type { Database } from "../client";

export async function insertPasswordReset(
  db: Database,
  row: { accountId: number; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db.insertInto("passwordResets").values({ ...row, usedAt: null }).execute();
}

export async function findPasswordReset(db: Database, tokenHash: string) {
  return db.selectFrom("passwordResets").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

export async function claimPasswordReset(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("passwordResets")
    .set({ usedAt: now })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A new link (or a completed reset) makes the account's earlier links useless. */
export async function expirePasswordResets(db: Database, accountId: number, now: string): Promise<void> {
  await db
    .updateTable("passwordResets")
    .set({ usedAt: now })
    .where("accountId", "=", accountId)
    .where("usedAt", "is", null)
    .execute();
}
