import { findAccount, updateAccount } from "../../db/repositories/accounts";
import { revokeSessionsOfAccount } from "../../db/repositories/auth-sessions";
import { setAccountTeams } from "../../db/repositories/teams";
import { ACCOUNT_STATE } from "../../domain/constants";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Role } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { isAtOrBelow, requireManager } from "./authorization";

/**
 * DELETE /v1/accounts/{id}: the account becomes deleted (state 2) and its sessions end; its work
 * (assignments, replies, events) stays, attributed to it.
 */
export async function removeMember(deps: ServiceDeps, actor: Actor, accountId: number): Promise<void> {
  requireManager(actor);
  const account = await findAccount(deps.db, actor.businessProfileId, accountId);
  if (!account) throw notFound();
  if (account.id === actor.accountId) throw forbidden(MESSAGES.cannotChangeSelf);
  if (!isAtOrBelow(account.role as Role, actor.role)) throw forbidden();
  const now = deps.now().toISOString();
  await deps.db.transaction().execute(async (trx) => {
    await updateAccount(trx, actor.businessProfileId, accountId, { state: ACCOUNT_STATE.deleted, updatedAt: now });
    await setAccountTeams(trx, accountId, []);
    await revokeSessionsOfAccount(trx, accountId, now, "account_removed");
  });
}
