import { findAccount } from "../../db/repositories/accounts";
import { notFound } from "../../domain/errors";
import type { Actor, ServiceDeps } from "../context";
import { buildAccountView, type AccountView } from "./account-view";

/** GET /v1/accounts/{id}: an account of the caller's business profile; others answer 404. */
export async function getAccount(deps: ServiceDeps, actor: Actor, accountId: number): Promise<AccountView> {
  const row = await findAccount(deps.db, actor.businessProfileId, accountId);
  if (!row) throw notFound();
  return buildAccountView(deps.db, row);
}
