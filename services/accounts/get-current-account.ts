import { findAccount } from "../../db/repositories/accounts";
import { notFound } from "../../domain/errors";
import type { Actor, ServiceDeps } from "../context";
import { buildAccountView, type AccountView } from "./account-view";

/** GET /accounts: who the caller is, with profile, teams and preferences. */
export async function getCurrentAccount(deps: ServiceDeps, actor: Actor): Promise<AccountView> {
  const row = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  if (!row) throw notFound();
  return buildAccountView(deps.db, row, { overtaken: actor.impersonatorAccountId !== null });
}
