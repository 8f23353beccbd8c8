import { findAccount } from "../../db/repositories/accounts";
import { notFound } from "../../domain/errors";
import type { Actor, ServiceDeps } from "../context";
import { managesUsers, requireStaff } from "./authorization";
import { buildAccountView, buildMemberViews, type AccountView, type MemberView } from "./account-view";

/**
 * GET /v1/accounts/{id}: an account of the caller's business profile; others answer 404. Whole to its
 * owner and to those who manage users, as a member view to other staff (ADR 019); guests see only their own.
 */
export async function getAccount(
  deps: ServiceDeps,
  actor: Actor,
  accountId: number,
): Promise<AccountView | MemberView> {
  const row = await findAccount(deps.db, actor.businessProfileId, accountId);
  if (!row) throw notFound();
  if (row.id === actor.accountId || managesUsers(actor)) return buildAccountView(deps.db, row);
  requireStaff(actor); // guests see no colleagues (ADR 008)
  const [member] = await buildMemberViews(deps.db, [row]);
  return member!;
}
