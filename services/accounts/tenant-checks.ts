import type { Database } from "../../db/client";
import { listAccounts } from "../../db/repositories/accounts";
import { listTeams } from "../../db/repositories/teams";
import { ACCOUNT_STATE } from "../../domain/constants";
import { validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";

/** Every team id must be a team of this business profile (else 422, nothing written). */
export async function assertTenantTeams(db: Database, businessProfileId: number, teamIds: number[], field = "team_ids") {
  if (teamIds.length === 0) return;
  const known = new Set((await listTeams(db, businessProfileId)).map((t) => t.id));
  if (teamIds.some((id) => !known.has(id))) throw validationError({ [field]: [MESSAGES.unknownTeam] });
}

/** Every account id must be an active, non-system-admin account of this business profile. */
export async function assertTeamMembers(db: Database, businessProfileId: number, accountIds: number[], field = "account_ids") {
  if (accountIds.length === 0) return;
  const accounts = new Map((await listAccounts(db, businessProfileId)).map((a) => [a.id, a]));
  for (const id of accountIds) {
    const account = accounts.get(id);
    if (!account || account.state !== ACCOUNT_STATE.active) throw validationError({ [field]: [MESSAGES.unknownAccount] });
    if (account.role === ROLES.systemAdmin) throw validationError({ [field]: [MESSAGES.systemAdminsNoTeams] });
  }
}

export function uniqueIds(ids: number[]): number[] {
  return [...new Set(ids)];
}
