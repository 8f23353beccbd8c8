import { forbidden } from "../../domain/errors";
import { ROLES, type Role } from "../../domain/roles";
import type { Actor } from "../context";

// Who may do what with users and teams (ADR 008): system admins and admins manage; agents read;
// guests see neither. Nobody grants or touches a role above their own.

export function managesUsers(actor: Actor): boolean {
  return actor.role === ROLES.systemAdmin || actor.role === ROLES.admin;
}

export function requireManager(actor: Actor): void {
  if (!managesUsers(actor)) throw forbidden();
}

export function requireStaff(actor: Actor): void {
  if (actor.role === ROLES.guest) throw forbidden();
}

/** Roles are ordered by number: 0 is the most powerful. */
export function isAtOrBelow(role: Role, actorRole: Role): boolean {
  return role >= actorRole;
}

/** System-admin tools refuse a take-over session: the person behind it is acting as someone else. */
export function requireSystemAdmin(actor: Actor): void {
  if (actor.role !== ROLES.systemAdmin || actor.impersonatorAccountId !== null) throw forbidden();
}

/**
 * Credentials (password, two-factor secret, backup codes) are changed only by their owner: a
 * take-over session sees what the user sees but cannot replace their second factor or lock them out.
 */
export function requireOwnSession(actor: Actor): void {
  if (actor.impersonatorAccountId !== null) throw forbidden();
}
