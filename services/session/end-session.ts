import { findSessionByCookieHash, revokeSession } from "../../db/repositories/auth-sessions";
import type { ServiceDeps } from "../context";
import { hashToken } from "../security/tokens";

/** DELETE /v1/session: the caller's session and all its tokens stop working at once. */
export async function endSession(deps: ServiceDeps, sessionId: string): Promise<void> {
  await revokeSession(deps.db, sessionId, deps.now().toISOString(), "logout");
}

/** GET accounts/logout: the same, found through the API session cookie. */
export async function endSessionByCookie(deps: ServiceDeps, sessionCookie: string | undefined): Promise<void> {
  if (!sessionCookie) return;
  const session = await findSessionByCookieHash(deps.db, hashToken(sessionCookie));
  if (session) await endSession(deps, session.id);
}
