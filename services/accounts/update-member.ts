import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { setAccountTeams } from "../../db/repositories/teams";
import { ACCOUNT_STATE } from "../../domain/constants";
import { forbidden, notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { defaultPermissionsForRole } from "../../domain/permissions";
import { ROLES, type Role } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { buildAccountView, type AccountView } from "./account-view";
import { isAtOrBelow, requireManager } from "./authorization";
import { assertTenantTeams, uniqueIds } from "./tenant-checks";

/** PATCH /v1/accounts/{id}: role and teams of a member of the caller's business profile. */
export async function updateMember(
  deps: ServiceDeps,
  actor: Actor,
  accountId: number,
  input: { role?: Role; teamIds?: number[] },
): Promise<AccountView> {
  requireManager(actor);
  const account = await findAccount(deps.db, actor.businessProfileId, accountId);
  if (!account) throw notFound();
  if (account.id === actor.accountId) throw forbidden(MESSAGES.cannotChangeSelf);
  if (!isAtOrBelow(account.role as Role, actor.role)) throw forbidden();
  // A removed member stays removed: no role, and no teams (team members are active accounts).
  if (account.state !== ACCOUNT_STATE.active) throw forbidden();
  const role = input.role ?? (account.role as Role);
  if (!isAtOrBelow(role, actor.role)) throw validationError({ role: [MESSAGES.roleAboveYours] });
  const teamIds = input.teamIds === undefined ? undefined : uniqueIds(input.teamIds);
  if (role === ROLES.systemAdmin && teamIds?.length) throw validationError({ team_ids: [MESSAGES.systemAdminsNoTeams] });
  if (teamIds) await assertTenantTeams(deps.db, actor.businessProfileId, teamIds);

  await deps.db.transaction().execute(async (trx) => {
    if (role !== account.role) {
      await updateAccount(trx, actor.businessProfileId, accountId, {
        role,
        permissions: JSON.stringify(defaultPermissionsForRole(role)),
        updatedAt: deps.now().toISOString(),
      });
    }
    // System admins are never placed in teams.
    if (role === ROLES.systemAdmin) await setAccountTeams(trx, accountId, []);
    else if (teamIds) await setAccountTeams(trx, accountId, teamIds);
  });
  const updated = await findAccount(deps.db, actor.businessProfileId, accountId);
  return buildAccountView(deps.db, updated!);
}
