import { findAccountForSession } from "../../db/repositories/accounts";
import { findSessionByCookieHash } from "../../db/repositories/auth-sessions";
import { ACCOUNT_STATE } from "../../domain/constants";
import { unauthorized } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import type { SessionTokenResponseSchema } from "../../domain/schemas/session";
import type { ServiceDeps } from "../context";
import { hashToken } from "../security/tokens";
import { issueSessionTokens } from "./session-tokens";

/** GET accounts/token: the API session cookie of a live session mints a fresh pair. */
export async function tokenFromSessionCookie(
  deps: ServiceDeps,
  sessionCookie: string | undefined,
): Promise<FromWire<typeof SessionTokenResponseSchema>> {
  if (!sessionCookie) throw unauthorized();
  const now = deps.now();
  const session = await findSessionByCookieHash(deps.db, hashToken(sessionCookie));
  if (!session || session.revokedAt || session.expiresAt <= now.toISOString()) throw unauthorized();
  const account = await findAccountForSession(deps.db, session.accountId);
  if (!account || account.state !== ACCOUNT_STATE.active) throw unauthorized();
  const { accessToken, refreshToken } = await issueSessionTokens(deps.db, session.id, now);
  return { accessToken, refreshToken, accountId: session.accountId };
}
