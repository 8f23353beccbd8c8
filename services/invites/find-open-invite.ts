import type { Database } from "../../db/client";
import { findInviteByTokenHash } from "../../db/repositories/invites";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { ServiceDeps } from "../context";
import { hashToken } from "../security/tokens";

/** The invite behind a token while it can still be used; otherwise 404 'This invitation is no longer valid.' */
export async function findOpenInvite(db: Database, token: string | undefined, now: Date) {
  const invite = token ? await findInviteByTokenHash(db, hashToken(token)) : undefined;
  if (!invite || invite.acceptedAt || invite.revokedAt || invite.expiresAt <= now.toISOString()) {
    throw notFound(MESSAGES.inviteInvalid);
  }
  return invite;
}

/** GET /v1/accounts/new: the e-mail an invite was sent to (the sign-up form shows it). */
export async function getInvite(deps: ServiceDeps, token: string | undefined) {
  const invite = await findOpenInvite(deps.db, token, deps.now());
  return { email: invite.email };
}
