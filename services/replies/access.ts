import { findAccount } from "../../db/repositories/accounts";
import { findFeedItem } from "../../db/repositories/feed-items";
import { findStream } from "../../db/repositories/streams";
import type { FeedItemRow, StreamRow } from "../../db/schema";
import { forbidden, notFound } from "../../domain/errors";
import type { NetworkId } from "../../domain/networks";
import { hasPermission } from "../../domain/permissions";
import { networkVisibleTo } from "../../domain/streams";
import type { Actor, ServiceDeps } from "../context";
import type { OutboundAgent, OutboundTarget } from "../inbox/outbound-ports";

// What replies, drafts, presence and moderation share: who may act, on which item, under what name.

export type InboxPermission = "inbox.items.read" | "inbox.items.write";

function requirePermission(actor: Actor, permission: InboxPermission): void {
  if (!hasPermission(actor.permissions, permission)) throw forbidden();
}

/**
 * An item the caller may work on, or 404: another tenant's item and one of a network the role does not
 * see (wixan) answer as a missing one. The permission is checked first (a guest gets 403 either way).
 */
export async function findWorkableItem(deps: ServiceDeps, actor: Actor, feedItemId: number, permission: InboxPermission): Promise<FeedItemRow> {
  requirePermission(actor, permission);
  const item = await findFeedItem(deps.db, actor.businessProfileId, feedItemId);
  if (!item || !networkVisibleTo(item.socialType as NetworkId, actor.role)) throw notFound();
  return item;
}

/** The caller as history rows and deliveries name them ('First Last'). */
export async function agentOf(deps: ServiceDeps, actor: Actor): Promise<OutboundAgent> {
  const account = await findAccount(deps.db, actor.businessProfileId, actor.accountId);
  const name = account ? `${account.firstName} ${account.lastName}`.trim() : "";
  return { accountId: actor.accountId, name: name || (account?.email ?? "") };
}

/** The item with its stream, as the outbound connectors see it. */
export async function outboundTargetOf(deps: ServiceDeps, item: FeedItemRow): Promise<OutboundTarget> {
  const stream: StreamRow | undefined = item.streamId === null ? undefined : await findStream(deps.db, item.businessProfileId, item.streamId);
  return { item, stream: stream ?? null };
}
