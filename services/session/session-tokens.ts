import crypto from "node:crypto";
import type { Database } from "../../db/client";
import { expireSessionTokens, insertAuthSession, insertAuthToken } from "../../db/repositories/auth-sessions";
import { hashToken, randomToken } from "../security/tokens";

const ACCESS_TOKEN_TTL_MS = 15 * 60 * 1000;
const REFRESH_TOKEN_TTL_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
}

export interface OpenedSession extends IssuedTokens {
  sessionId: string;
  csrfToken: string;
  /** The API session cookie: lets GET accounts/token mint tokens again (spec §8's 401 sequence). */
  sessionCookie: string;
}

/** A new access + refresh pair for the session; the previous pair stops working. */
export async function issueSessionTokens(db: Database, sessionId: string, now: Date): Promise<IssuedTokens> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const createdAt = now.toISOString();
  const accessTokenExpiresAt = new Date(now.getTime() + ACCESS_TOKEN_TTL_MS).toISOString();
  await expireSessionTokens(db, sessionId, createdAt);
  await insertAuthToken(db, {
    sessionId,
    kind: "access",
    tokenHash: hashToken(accessToken),
    expiresAt: accessTokenExpiresAt,
    createdAt,
  });
  await insertAuthToken(db, {
    sessionId,
    kind: "refresh",
    tokenHash: hashToken(refreshToken),
    expiresAt: new Date(now.getTime() + REFRESH_TOKEN_TTL_MS).toISOString(),
    createdAt,
  });
  return { accessToken, refreshToken, accessTokenExpiresAt };
}

export async function openSession(
  db: Database,
  input: { accountId: number; businessProfileId: number; impersonatorAccountId?: number | null },
  now: Date,
  /** How long the session lives (a take-over's is short and fixed); its tokens die with it. */
  lifetimeMs: number = SESSION_TTL_MS,
): Promise<OpenedSession> {
  const sessionId = crypto.randomUUID();
  const csrfToken = randomToken();
  const sessionCookie = randomToken();
  await insertAuthSession(db, {
    id: sessionId,
    accountId: input.accountId,
    businessProfileId: input.businessProfileId,
    cookieTokenHash: hashToken(sessionCookie),
    csrfTokenHash: hashToken(csrfToken),
    impersonatorAccountId: input.impersonatorAccountId ?? null,
    createdAt: now.toISOString(),
    lastSeenAt: now.toISOString(),
    expiresAt: new Date(now.getTime() + lifetimeMs).toISOString(),
    revokedAt: null,
    revokedReason: null,
  });
  const tokens = await issueSessionTokens(db, sessionId, now);
  return { sessionId, csrfToken, sessionCookie, ...tokens };
}
