import { countInboxItemsUpTo } from "../../db/repositories/inbox";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { inboxQuery, type InboxListFilters } from "./inbox-query";

/**
 * GET /v1/feed-items/count: how many items the list's source and filters hold, counted up to `max`;
 * `capped` says there are more than `count`.
 */
export async function countFeedItems(
  deps: ServiceDeps,
  actor: Actor,
  filters: InboxListFilters,
  max: number,
): Promise<{ count: number; capped: boolean }> {
  requireInbox(actor, "inbox.items.read");
  return countInboxItemsUpTo(deps.db, actor.businessProfileId, await inboxQuery(deps, actor, filters), max);
}
