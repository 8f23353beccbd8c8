import crypto from "node:crypto";
import type { Database } from "../../db/client";
import { ROLES, type Role } from "../../domain/roles";
import { createWorkspace } from "../../services/workspace/create-workspace";

export const TENANT_PASSWORD = "Secret-pass1";

export type RoleKey = "systemAdmin" | "admin" | "agent" | "guest";

/** A business profile with one account per role, all with TENANT_PASSWORD. */
export async function createTenantWithRoles(db: Database, options: { businessProfileId?: number; name?: string } = {}) {
  const tag = crypto.randomBytes(4).toString("hex");
  const roles: Record<RoleKey, Role> = {
    systemAdmin: ROLES.systemAdmin,
    admin: ROLES.admin,
    agent: ROLES.agent,
    guest: ROLES.guest,
  };
  const { businessProfile, accounts } = await createWorkspace(db, {
    businessProfileId: options.businessProfileId,
    name: options.name ?? `Tenant ${tag}`,
    members: Object.entries(roles).map(([key, role]) => ({
      role,
      email: `${key.toLowerCase()}-${tag}@example.test`,
      firstName: key,
      lastName: "Tester",
      password: TENANT_PASSWORD,
    })),
  });
  const byRole = Object.fromEntries(
    (Object.keys(roles) as RoleKey[]).map((key, i) => [key, { id: accounts[i]!.id, email: accounts[i]!.email }]),
  ) as Record<RoleKey, { id: number; email: string }>;
  return { businessProfileId: businessProfile.id, accounts: byRole };
}
