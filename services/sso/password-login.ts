import { findSamlConfiguration } from "../../db/repositories/saml";
import type { AccountRow } from "../../db/schema";
import { ROLES, type Role } from "../../domain/roles";
import type { ServiceDeps } from "../context";

/**
 * While a profile's single sign-on is on, its agents and guests sign in only through the identity
 * provider; admins and system admins keep their password, the way back in when the identity provider
 * is down or its certificate changed (ADR 041).
 */
export async function isPasswordLoginOpen(deps: ServiceDeps, account: AccountRow): Promise<boolean> {
  if ((account.role as Role) <= ROLES.admin) return true;
  return (await findSamlConfiguration(deps.db, account.businessProfileId))?.isActive !== 1;
}
