import { listAccounts as listAccountRows } from "../../db/repositories/accounts";
import { forbidden } from "../../domain/errors";
import { ROLES } from "../../domain/roles";
import type { Actor, ServiceDeps } from "../context";
import { requireStaff } from "./authorization";
import { buildAccountViews, type AccountView } from "./account-view";

/**
 * GET /v1/accounts: the accounts of the caller's business profile (agents and above; guests see no
 * member lists, ADR 008). Only a system admin may name
 * another profile through business_profile_id; anyone else naming a foreign profile is refused.
 */
export async function listAccounts(
  deps: ServiceDeps,
  actor: Actor,
  options: { businessProfileId?: number } = {},
): Promise<AccountView[]> {
  requireStaff(actor);
  const businessProfileId = options.businessProfileId ?? actor.businessProfileId;
  if (businessProfileId !== actor.businessProfileId && actor.role !== ROLES.systemAdmin) throw forbidden();
  return buildAccountViews(deps.db, await listAccountRows(deps.db, businessProfileId));
}
