import type { Owner } from "../../db/repositories/helper";
import { forbidden } from "../../domain/errors";
import { hasPermission } from "../../domain/permissions";
import type { Actor } from "../context";

/**
 * Who may use the helper (ADR 042): `helper.index.read` to read one's chats, pinned questions and
 * settings, `helper.index.write` to ask, pin, vote and recover (agents and above by default, ADR 035).
 * Everything is the asker's own: another member's or tenant's chat is not found (404).
 */
export function requireHelper(actor: Actor, action: "read" | "write"): void {
  if (!hasPermission(actor.permissions, `helper.index.${action}`)) throw forbidden();
}

export function ownerOf(actor: Actor): Owner {
  return { businessProfileId: actor.businessProfileId, accountId: actor.accountId };
}
