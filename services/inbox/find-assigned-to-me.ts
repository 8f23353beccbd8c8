import type { Actor, ServiceDeps } from "../context";
import { findFeedItems, type FeedItemPage, type InboxPage } from "./find-feed-items";

/** GET /v1/feed-items/assigned-to-me: a page of the items assigned to the caller or the caller's teams. */
export async function findAssignedToMe(
  deps: ServiceDeps,
  actor: Actor,
  page: InboxPage,
): Promise<FeedItemPage> {
  return findFeedItems(deps, actor, { sourceType: "assigned" }, page);
}
