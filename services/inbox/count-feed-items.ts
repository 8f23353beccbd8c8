import { countInboxItems } from "../../db/repositories/inbox";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { inboxQuery, type InboxListFilters } from "./inbox-query";

/** GET /v1/feed-items/count: how many items the list's source and filters hold. */
export async function countFeedItems(deps: ServiceDeps, actor: Actor, filters: InboxListFilters): Promise<{ count: number }> {
  requireInbox(actor, "inbox.items.read");
  return { count: await countInboxItems(deps.db, actor.businessProfileId, await inboxQuery(deps, actor, filters)) };
}
