import type { Database } from "../client";
import type { AuthSessionRow, AuthTokenRow } from "../schema";

export async function insertAuthSession(db: Database, row: AuthSessionRow): Promise<void> {
  await db.insertInto("authSessions").values(row).execute();
}

export async function insertAuthToken(
  db: Database,
  row: Omit<AuthTokenRow, "id" | "usedAt">,
): Promise<void> {
  await db.insertInto("authTokens").values({ ...row, usedAt: null }).execute();
}

export async function findTokenWithSession(db: Database, tokenHash: string, kind: "access" | "refresh") {
  return db
    .selectFrom("authTokens")
    .innerJoin("authSessions", "authSessions.id", "authTokens.sessionId")
    .select([
      "authTokens.id as tokenId",
      "authTokens.expiresAt as tokenExpiresAt",
      "authTokens.usedAt as tokenUsedAt",
      "authSessions.id as sessionId",
      "authSessions.accountId",
      "authSessions.businessProfileId",
      "authSessions.csrfTokenHash",
      "authSessions.impersonatorAccountId",
      "authSessions.expiresAt as sessionExpiresAt",
      "authSessions.revokedAt",
    ])
    .where("authTokens.tokenHash", "=", tokenHash)
    .where("authTokens.kind", "=", kind)
    .executeTakeFirst();
}

export async function findSessionByCookieHash(db: Database, cookieTokenHash: string) {
  return db.selectFrom("authSessions").selectAll().where("cookieTokenHash", "=", cookieTokenHash).executeTakeFirst();
}

/** Marks a refresh token used; false when someone else used it first (a reuse). */
export async function claimToken(db: Database, tokenId: number, usedAt: string): Promise<boolean> {
  const result = await db
    .updateTable("authTokens")
    .set({ usedAt })
    .where("id", "=", tokenId)
    .where("usedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Retires every still-valid token of a session (when new ones replace them). */
export async function expireSessionTokens(db: Database, sessionId: string, now: string): Promise<void> {
  await db
    .updateTable("authTokens")
    .set({ expiresAt: now })
    .where("sessionId", "=", sessionId)
    .where("expiresAt", ">", now)
    .execute();
}

export async function revokeSession(db: Database, sessionId: string, now: string, reason: string): Promise<void> {
  await db
    .updateTable("authSessions")
    .set({ revokedAt: now, revokedReason: reason })
    .where("id", "=", sessionId)
    .where("revokedAt", "is", null)
    .execute();
}

export async function revokeSessionsOfAccount(
  db: Database,
  accountId: number,
  now: string,
  reason: string,
  exceptSessionId?: string,
): Promise<void> {
  let query = db
    .updateTable("authSessions")
    .set({ revokedAt: now, revokedReason: reason })
    .where("accountId", "=", accountId)
    .where("revokedAt", "is", null);
  if (exceptSessionId) query = query.where("id", "!=", exceptSessionId);
  await query.execute();
}

export async function findSession(db: Database, sessionId: string) {
  return db.selectFrom("authSessions").selectAll().where("id", "=", sessionId).executeTakeFirst();
}
