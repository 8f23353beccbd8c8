import { findAccountForSession } from "../../db/repositories/accounts";
import { findTokenWithSession } from "../../db/repositories/auth-sessions";
import { ACCOUNT_STATE } from "../../domain/constants";
import type { Permissions } from "../../domain/permissions";
import type { Role } from "../../domain/roles";
import { safeJson } from "../accounts/account-view";
import type { Actor, ServiceDeps } from "../context";
import { hashToken, safeEqual } from "../security/tokens";

export interface AuthenticatedCaller {
  actor: Actor;
  csrfTokenHash: string;
}

/** Resolves a bearer access token to its caller, or null when it is unknown, expired or revoked. */
export async function authenticateAccessToken(
  deps: ServiceDeps,
  accessToken: string,
): Promise<AuthenticatedCaller | null> {
  const nowIso = deps.now().toISOString();
  const found = await findTokenWithSession(deps.db, hashToken(accessToken), "access");
  if (!found || found.revokedAt || found.tokenExpiresAt <= nowIso || found.sessionExpiresAt <= nowIso) return null;
  const account = await findAccountForSession(deps.db, found.accountId);
  if (!account || account.state !== ACCOUNT_STATE.active) return null;
  return {
    actor: {
      accountId: account.id,
      businessProfileId: account.businessProfileId,
      role: account.role as Role,
      permissions: safeJson(account.permissions) as Permissions,
      sessionId: found.sessionId,
      impersonatorAccountId: found.impersonatorAccountId,
    },
    csrfTokenHash: found.csrfTokenHash,
  };
}

export function csrfTokenMatches(caller: AuthenticatedCaller, presented: string | undefined): boolean {
  return !!presented && safeEqual(hashToken(presented), caller.csrfTokenHash);
}
