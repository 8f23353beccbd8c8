import { findAccountForSession } from "../../db/repositories/accounts";
import { claimToken, findTokenWithSession, revokeSession } from "../../db/repositories/auth-sessions";
import { ACCOUNT_STATE } from "../../domain/constants";
import { unauthorized } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import type { TokenPairResponseSchema } from "../../domain/schemas/session";
import type { ServiceDeps } from "../context";
import { hashToken } from "../security/tokens";
import { issueSessionTokens } from "./session-tokens";

/**
 * PUT /v1/session: a refresh token buys a new pair once. Presenting a refresh token that was
 * already used means it leaked: the whole session (the token family) is revoked.
 */
export async function refreshSession(deps: ServiceDeps, refreshToken: string): Promise<FromWire<typeof TokenPairResponseSchema>> {
  const now = deps.now();
  const nowIso = now.toISOString();
  const found = await findTokenWithSession(deps.db, hashToken(refreshToken), "refresh");
  if (!found || found.revokedAt || found.sessionExpiresAt <= nowIso) throw unauthorized();
  if (found.tokenUsedAt) {
    await revokeSession(deps.db, found.sessionId, nowIso, "refresh_token_reused");
    throw unauthorized();
  }
  if (found.tokenExpiresAt <= nowIso) throw unauthorized();
  // A deleted account gets no new tokens (its access tokens are refused already).
  const account = await findAccountForSession(deps.db, found.accountId);
  if (!account || account.state !== ACCOUNT_STATE.active) throw unauthorized();
  const claimed = await claimToken(deps.db, found.tokenId, nowIso);
  if (!claimed) {
    await revokeSession(deps.db, found.sessionId, nowIso, "refresh_token_reused");
    throw unauthorized();
  }
  const pair = await issueSessionTokens(deps.db, found.sessionId, now);
  return { accessToken: pair.accessToken, refreshToken: pair.refreshToken };
}
