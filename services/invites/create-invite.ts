import { findAccount, findAccountByEmail } from "../../db/repositories/accounts";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { insertInvite, revokePendingInvites } from "../../db/repositories/invites";
import { notFound, validationError } from "../../domain/errors";
import { INVITE_MAILS_PER_ADDRESS, INVITES_PER_INVITER, MAIL_RATION_WINDOW_MS } from "../../domain/limits";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import type { FromWire } from "../../domain/key-case";
import type { InviteInput, InviteResponseSchema } from "../../domain/schemas/accounts";
import { isAtOrBelow, requireManager } from "../accounts/authorization";
import { assertTenantTeams, uniqueIds } from "../accounts/tenant-checks";
import type { Actor, ServiceDeps } from "../context";
import { inviteEmail } from "../mail/messages";
import { hashToken, randomToken } from "../security/tokens";
import { takeRation } from "../session/login-throttle";
import { assertRoomFor } from "../limits/assert-room-for";

const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

/** POST /v1/team_member_invites: an admin invites a colleague by e-mail with a role and teams. */
export async function createInvite(deps: ServiceDeps, actor: Actor, input: InviteInput): Promise<FromWire<typeof InviteResponseSchema>> {
  requireManager(actor);
  const email = input.email.trim().toLowerCase();
  if (!isAtOrBelow(input.role, actor.role)) throw validationError({ role: [MESSAGES.roleAboveYours] });
  const teamIds = uniqueIds(input.team_ids);
  if (input.role === ROLES.systemAdmin && teamIds.length) throw validationError({ team_ids: [MESSAGES.systemAdminsNoTeams] });
  await assertTenantTeams(deps.db, actor.businessProfileId, teamIds);
  if (await findAccountByEmail(deps.db, email)) throw validationError({ email: [MESSAGES.emailInUse] });

  const [inviter, profile] = await Promise.all([
    findAccount(deps.db, actor.businessProfileId, actor.accountId),
    findBusinessProfile(deps.db, actor.businessProfileId),
  ]);
  if (!inviter || !profile) throw notFound();

  const token = randomToken();
  const now = deps.now();
  // Counted before anything is stored, so a refused invite leaves the previous link working (ADR 026).
  await takeRation(
    deps.db,
    [
      { key: `invite-mail:${email}`, limit: INVITE_MAILS_PER_ADDRESS, windowMs: MAIL_RATION_WINDOW_MS },
      { key: `inviter:${actor.accountId}`, limit: INVITES_PER_INVITER, windowMs: MAIL_RATION_WINDOW_MS },
    ],
    now,
  );
  const invite = await deps.db.transaction().execute(async (trx) => {
    await revokePendingInvites(trx, actor.businessProfileId, email, now.toISOString());
    // Open invitations, and accounts: each open invitation may become one.
    await assertRoomFor(trx, "teamMemberInvites", actor.businessProfileId, now.toISOString());
    await assertRoomFor(trx, "accounts", actor.businessProfileId, now.toISOString());
    return insertInvite(trx, {
      businessProfileId: actor.businessProfileId,
      inviterAccountId: actor.accountId,
      email,
      role: input.role,
      teamIds: JSON.stringify(teamIds),
      tokenHash: hashToken(token),
      expiresAt: new Date(now.getTime() + INVITE_TTL_MS).toISOString(),
      acceptedAt: null,
      revokedAt: null,
      createdAt: now.toISOString(),
    });
  });
  await deps.mailer.send(
    inviteEmail({
      to: email,
      inviterName: `${inviter.firstName} ${inviter.lastName}`.trim(),
      businessName: profile.name,
      productName: deps.settings.productName,
      url: `${deps.settings.publicUrl}/sign-up?tm=${encodeURIComponent(token)}`,
    }),
  );
  return { id: invite.id, email, role: input.role, teamIds, expiresAt: invite.expiresAt };
}
