import { findAccount } from "../../db/repositories/accounts";
import { findFeedItem, insertFeedItemAction } from "../../db/repositories/feed-items";
import type { Database } from "../../db/client";
import type { FeedItemRow } from "../../db/schema";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { NETWORK_IDS, type NetworkId } from "../../domain/networks";
import { hasPermission } from "../../domain/permissions";
import { networkVisibleTo } from "../../domain/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";

// What every inbox use case checks first (ADR 014): the permission (guests hold none: 403), and that an
// item is the caller's tenant's and of a network the caller's role may see (else 404, like a missing one).

export type InboxPermission = "inbox.items.read" | "inbox.items.write" | "inbox.items.assign";

export function requireInbox(actor: Actor, permission: InboxPermission): void {
  if (!hasPermission(actor.permissions, permission)) throw forbidden();
}

/** The networks the caller's role may see, or undefined when it sees every one. */
export function visibleNetworks(actor: Actor): string[] | undefined {
  const visible = NETWORK_IDS.filter((n) => networkVisibleTo(n, actor.role));
  return visible.length === NETWORK_IDS.length ? undefined : visible;
}

export function isVisibleItem(actor: Actor, row: Pick<FeedItemRow, "socialType">): boolean {
  return networkVisibleTo(row.socialType as NetworkId, actor.role);
}

/** The item, read through `db` (a transaction's, so the row is read where it is changed), or 404. */
export async function findItemOrThrow(db: Database, actor: Actor, id: number): Promise<FeedItemRow> {
  const row = await findFeedItem(db, actor.businessProfileId, id);
  if (!row || !isVisibleItem(actor, row)) throw notFound(MESSAGES.inboxActions.itemNotFound);
  return row;
}

/** The caller's full name, as history rows and notifications show it. */
export async function actorName(deps: ServiceDeps, actor: Actor): Promise<string> {
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  return account ? `${account.firstName} ${account.lastName}`.trim() : "";
}

/** Appends one row to an item's history (inside the caller's transaction). */
export async function recordHistory(
  db: Database,
  deps: ServiceDeps,
  actor: Actor,
  name: string,
  feedItemId: number,
  actionType: string,
  data: Record<string, unknown>,
): Promise<void> {
  await insertFeedItemAction(db, {
    businessProfileId: actor.businessProfileId,
    feedItemId,
    actionType,
    accountId: actor.accountId,
    actorName: name,
    data: JSON.stringify(data),
    createdAt: isoNow(deps),
  });
}

/** The start of an item's text for a notification: one line, at most `max` characters. */
export function excerptOf(row: Pick<FeedItemRow, "title" | "description">, max = 80): string {
  const text = (row.title ? `${row.title} ${row.description}` : row.description).replace(/\s+/g, " ").trim();
  return text.length <= max ? text : `${text.slice(0, max - 1).trimEnd()}…`;
}
