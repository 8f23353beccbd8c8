import * as z from "zod";
import { MESSAGES } from "./messages";

/** Role ids (spec §3, §6). A lower number is a more powerful role. */
export const ROLES = { systemAdmin: 0, admin: 1, agent: 2, guest: 4 } as const;

export type Role = (typeof ROLES)[keyof typeof ROLES];

export const ROLE_VALUES: readonly Role[] = [
  ROLES.systemAdmin,
  ROLES.admin,
  ROLES.agent,
  ROLES.guest,
];

export const ROLE_LABELS: Record<Role, string> = {
  0: MESSAGES.roleSystemAdmin,
  1: MESSAGES.roleAdmin,
  2: MESSAGES.roleAgent,
  4: MESSAGES.roleGuest,
};

export function isRole(x: unknown): x is Role {
  return (
    typeof x === "number" && (ROLE_VALUES as readonly number[]).includes(x)
  );
}

/**
 * Accepts the numbers 0, 1, 2 or 4. Form posts carry strings ("1"); coerce them in the form schema
 * (e.g. `z.coerce.number().pipe(RoleSchema)`), not here, so the API contract stays strict.
 */
export const RoleSchema = z.literal([0, 1, 2, 4], {
  error: MESSAGES.wrongFormat,
});

/** True when `role` is at least as powerful as `atLeast` (system admin ≥ admin ≥ agent ≥ guest). */
export function roleAtLeast(role: Role, atLeast: Role): boolean {
  return role <= atLeast;
}
