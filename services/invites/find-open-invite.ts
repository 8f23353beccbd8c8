import type { Database } from "../../db/client";
import { findAccountForSession } from "../../db/repositories/accounts";
import { findInviteByTokenHash } from "../../db/repositories/invites";
import { ACCOUNT_STATE } from "../../domain/constants";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Role } from "../../domain/roles";
import { isAtOrBelow } from "../accounts/authorization";
import type { ServiceDeps } from "../context";
import { hashToken } from "../security/tokens";

/**
 * The invite behind a token while it can still be used (not used, replaced or expired, and its
 * inviter still active and allowed to grant its role); otherwise 404 'This invitation is no longer valid.'
 */
export async function findOpenInvite(db: Database, token: string | undefined, now: Date) {
  const invite = token ? await findInviteByTokenHash(db, hashToken(token)) : undefined;
  if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now.toISOString()) {
    throw notFound(MESSAGES.inviteInvalid);
  }
  // The invite speaks for its inviter: it dies with their account, and never grants more than
  // the inviter may grant now (they may have been demoted since).
  const inviter = await findAccountForSession(db, invite.inviterAccountId);
  if (
    !inviter ||
    inviter.state !== ACCOUNT_STATE.active ||
    inviter.businessProfileId !== invite.businessProfileId ||
    !isAtOrBelow(invite.role as Role, inviter.role as Role)
  ) {
    throw notFound(MESSAGES.inviteInvalid);
  }
  return invite;
}

/** GET /v1/accounts/new: the e-mail an invite was sent to (the sign-up form shows it). */
export async function getInvite(deps: ServiceDeps, token: string | undefined) {
  const invite = await findOpenInvite(deps.db, token, deps.now());
  return { email: invite.email };
}
