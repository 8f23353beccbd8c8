import crypto from "node:crypto";
import type { Database } from "../../db/client";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { DASHBOARD_V1_PROFILE_ID } from "../../domain/constants";
import { ROLES, type Role } from "../../domain/roles";
import { createWorkspace } from "./create-workspace";

export const DEMO_BUSINESS_PROFILE_ID = DASHBOARD_V1_PROFILE_ID;

export const DEMO_MEMBERS: ReadonlyArray<{ role: Role; email: string; firstName: string; lastName: string }> = [
  { role: ROLES.systemAdmin, email: "sysadmin@demo.earshot.test", firstName: "Sam", lastName: "Sysadmin" },
  { role: ROLES.admin, email: "admin@demo.earshot.test", firstName: "Ada", lastName: "Admin" },
  { role: ROLES.agent, email: "agent@demo.earshot.test", firstName: "Alex", lastName: "Agent" },
  { role: ROLES.guest, email: "guest@demo.earshot.test", firstName: "Gina", lastName: "Guest" },
];

/** A readable password that satisfies the password rules (digit, lower, upper, special). */
function generateDemoPassword(): string {
  return `Demo-${crypto.randomBytes(6).toString("base64url").replace(/[-_]/g, "x")}7a`;
}

/**
 * The demo workspace (business profile 11, so the spec's profile-11 entries show), created once.
 * Returns the credentials when it created them, null when the workspace was already there.
 */
export async function seedDemoWorkspace(
  db: Database,
  options: { password?: string } = {},
): Promise<Array<{ role: Role; email: string; password: string }> | null> {
  if (await findBusinessProfile(db, DEMO_BUSINESS_PROFILE_ID)) return null;
  const members = DEMO_MEMBERS.map((m) => ({ ...m, password: options.password ?? generateDemoPassword() }));
  await createWorkspace(db, { businessProfileId: DEMO_BUSINESS_PROFILE_ID, name: "Earshot Demo", members });
  return members.map(({ role, email, password }) => ({ role, email, password }));
}
