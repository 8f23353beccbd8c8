import { hasPermission } from "../../../domain/permissions";
import type { Account } from "../../lib/api.server";

/**
 * Live Search reads saved searches and mentions: without both permissions (guests, by default) the API
 * refuses every call of the screen, so the screen does not make them.
 */
export function canReadSearches(account: Pick<Account, "permissions">): boolean {
  return hasPermission(account.permissions, "searches.index.read") && hasPermission(account.permissions, "inbox.items.read");
}
