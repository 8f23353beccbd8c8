import type { Database } from "../client";

export async function insertLoginChallenge(
  db: Database,
  row: { accountId: number; tokenHash: string; expiresAt: string; createdAt: string },
): Promise<void> {
  await db.insertInto("loginChallenges").values({ ...row, usedAt: null }).execute();
}

export async function findLoginChallenge(db: Database, tokenHash: string) {
  return db.selectFrom("loginChallenges").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

export async function claimLoginChallenge(db: Database, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("loginChallenges")
    .set({ usedAt: now })
    .where("id", "=", id)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
