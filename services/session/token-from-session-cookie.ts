import { findAccountForSession } from "../../db/repositories/accounts";
import { findSessionByCookieHash } from "../../db/repositories/auth-sessions";
import { ACCOUNT_STATE } from "../../domain/constants";
import { unauthorized } from "../../domain/errors";
import type { ServiceDeps } from "../context";
import { hashToken } from "../security/tokens";
import { issueSessionTokens, type IssuedTokens } from "./session-tokens";

/** GET accounts/token: the API session cookie of a live session mints a fresh pair. */
export async function tokenFromSessionCookie(
  deps: ServiceDeps,
  sessionCookie: string | undefined,
): Promise<IssuedTokens & { accountId: number }> {
  if (!sessionCookie) throw unauthorized();
  const now = deps.now();
  const session = await findSessionByCookieHash(deps.db, hashToken(sessionCookie));
  if (!session || session.revokedAt || session.expiresAt <= now.toISOString()) throw unauthorized();
  const account = await findAccountForSession(deps.db, session.accountId);
  if (!account || account.state !== ACCOUNT_STATE.active) throw unauthorized();
  const tokens = await issueSessionTokens(deps.db, session.id, now);
  return { ...tokens, accountId: session.accountId };
}
