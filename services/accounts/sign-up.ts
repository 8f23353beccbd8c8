import type * as z from "zod";
import { findAccountByEmail, insertAccount } from "../../db/repositories/accounts";
import { claimInvite } from "../../db/repositories/invites";
import { listTeams, setAccountTeams } from "../../db/repositories/teams";
import { ACCOUNT_STATE } from "../../domain/constants";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { defaultPermissionsForRole } from "../../domain/permissions";
import type { Role } from "../../domain/roles";
import type { SignUpAccountSchema } from "../../domain/schemas/accounts";
import type { ServiceDeps } from "../context";
import { findOpenInvite } from "../invites/find-open-invite";
import { hashPassword } from "../security/passwords";
import { buildAccountView, type AccountView } from "./account-view";

/**
 * POST /v1/accounts: sign up from an invite. The invite is bound to its e-mail, works once, and
 * decides the business profile, role and teams; nothing is written when any check fails.
 */
export async function signUp(
  deps: ServiceDeps,
  input: { account: z.infer<typeof SignUpAccountSchema>; teamMemberInviteToken: string },
): Promise<AccountView> {
  const now = deps.now();
  const invite = await findOpenInvite(deps.db, input.teamMemberInviteToken, now);
  const email = input.account.email.trim().toLowerCase();
  if (email !== invite.email) throw validationError({ email: [MESSAGES.inviteEmailMismatch] });
  if (await findAccountByEmail(deps.db, email)) throw validationError({ email: [MESSAGES.emailTaken] });
  const passwordHash = await hashPassword(input.account.password);

  const account = await deps.db.transaction().execute(async (trx) => {
    if (!(await claimInvite(trx, invite.id, now.toISOString()))) throw notFound(MESSAGES.inviteInvalid);
    const created = await insertAccount(trx, {
      businessProfileId: invite.businessProfileId,
      email,
      firstName: input.account.first_name,
      lastName: input.account.last_name,
      role: invite.role,
      state: ACCOUNT_STATE.active,
      passwordHash,
      permissions: JSON.stringify(defaultPermissionsForRole(invite.role as Role)),
      preferences: "{}",
      avatarUrl: null,
      otpSecret: null,
      otpEnabled: 0,
      otpLastUsedStep: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    // Teams deleted since the invite was sent are dropped.
    const existing = new Set((await listTeams(trx, invite.businessProfileId)).map((t) => t.id));
    const teamIds = (JSON.parse(invite.teamIds) as number[]).filter((id) => existing.has(id));
    await setAccountTeams(trx, created.id, teamIds);
    return created;
  });
  return buildAccountView(deps.db, account);
}
