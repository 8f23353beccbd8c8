import { listInboxItems, type InboxOrder } from "../../db/repositories/inbox";
import type { InboxSort } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import type { FeedItemPageResponseSchema } from "../../domain/schemas/feed-items";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { feedItemViews } from "./feed-item-view";
import { inboxQuery, type InboxListFilters } from "./inbox-query";

/** A page of the inbox as the API answers it (ADR 027): the items and whether more follow. */
export type FeedItemPage = FromWire<typeof FeedItemPageResponseSchema>;

/** Which page is asked for (the request; the answer is FeedItemPage). */
export interface InboxPage {
  sortBy: InboxSort;
  order: "asc" | "desc";
  offset: number;
  limit: number;
}

const ORDER_COLUMN: Record<InboxSort, InboxOrder> = { created_at: "createdAt", engagement: "totalEngagements" };

/**
 * GET /v1/feed-items: a page of the inbox. One row more than the page is read to tell whether more
 * follow (no count: a count reads every match, a page stops early).
 */
export async function findFeedItems(
  deps: ServiceDeps,
  actor: Actor,
  filters: InboxListFilters,
  page: InboxPage,
): Promise<FeedItemPage> {
  requireInbox(actor, "inbox.items.read");
  const query = await inboxQuery(deps, actor, filters);
  const rows = await listInboxItems(deps.db, actor.businessProfileId, query, {
    order: ORDER_COLUMN[page.sortBy],
    direction: page.order,
    offset: page.offset,
    limit: page.limit + 1,
  });
  const hasMore = rows.length > page.limit;
  return { data: await feedItemViews(deps, actor, rows.slice(0, page.limit)), hasMore };
}
