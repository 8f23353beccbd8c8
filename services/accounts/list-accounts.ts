import { listAccounts as listAccountRows } from "../../db/repositories/accounts";
import { forbidden } from "../../domain/errors";
import { ROLES } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { managesUsers, requireStaff } from "./authorization";
import { buildAccountViews, buildMemberViews, type AccountView, type MemberView } from "./account-view";

/**
 * GET /v1/accounts: the accounts of the caller's business profile (agents and above; guests see no
 * member lists, ADR 008): whole to those who manage users, as member views to the others (ADR 019).
 * Only a system admin may name another profile through business_profile_id; anyone else naming a
 * foreign profile is refused.
 */
export async function listAccounts(
  deps: ServiceDeps,
  actor: Actor,
  options: { businessProfileId?: number } = {},
): Promise<AccountView[] | MemberView[]> {
  requireStaff(actor);
  const businessProfileId = options.businessProfileId ?? actor.businessProfileId;
  if (businessProfileId !== actor.businessProfileId && actor.role !== ROLES.systemAdmin) throw forbidden();
  const rows = await listAccountRows(deps.db, businessProfileId);
  return managesUsers(actor) ? buildAccountViews(deps.db, rows) : buildMemberViews(deps.db, rows);
}
