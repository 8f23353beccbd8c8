import type { Database } from "../client";
import type { TeamMemberInviteRow } from "../schema";

export async function insertInvite(db: Database, row: Omit<TeamMemberInviteRow, "id">): Promise<TeamMemberInviteRow> {
  return db.insertInto("teamMemberInvites").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function findInviteByTokenHash(db: Database, tokenHash: string) {
  return db.selectFrom("teamMemberInvites").selectAll().where("tokenHash", "=", tokenHash).executeTakeFirst();
}

/** A new invite to the same address replaces the pending ones (only the latest link works). */
export async function revokePendingInvites(db: Database, businessProfileId: number, email: string, now: string) {
  await db
    .updateTable("teamMemberInvites")
    .set({ revokedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("email", "=", email)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .execute();
}

/** Marks an invite used; false when it was used (or revoked) meanwhile. */
export async function claimInvite(db: Database, inviteId: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("teamMemberInvites")
    .set({ acceptedAt: now })
    .where("id", "=", inviteId)
    .where("acceptedAt", "is", null)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
