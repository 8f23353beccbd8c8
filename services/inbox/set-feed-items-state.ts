import { findItemsByIds, setItemsState } from "../../db/repositories/inbox";
import type { FeedItemState } from "../../domain/constants";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Actor, ServiceDeps } from "../context";
import { actorName, isVisibleItem, recordHistory, requireInbox } from "./access";
import { feedItemViews, type FeedItemView } from "./feed-item-view";

/**
 * POST /v1/feed-items/status/properties/state: open (1), pending (2) or closed (3) for every item named,
 * all or none (an id that is not the caller's tenant's answers 404 and nothing changes). Each item that
 * changes gets a history row.
 */
export async function setFeedItemsState(
  deps: ServiceDeps,
  actor: Actor,
  input: { ids: number[]; state: FeedItemState },
): Promise<FeedItemView[]> {
  requireInbox(actor, "inbox.items.write");
  const ids = [...new Set(input.ids)];
  const name = await actorName(deps, actor);
  const rows = await deps.db.transaction().execute(async (trx) => {
    const items = await findItemsByIds(trx, actor.businessProfileId, ids);
    if (items.length !== ids.length || !items.every((item) => isVisibleItem(actor, item)))
      throw notFound(MESSAGES.inboxActions.itemNotFound);
    const changing = items.filter((item) => item.state !== input.state);
    await setItemsState(
      trx,
      actor.businessProfileId,
      changing.map((item) => item.id),
      input.state,
    );
    for (const item of changing) {
      await recordHistory(trx, deps, actor, name, item.id, "state", { from: item.state, to: input.state });
    }
    return findItemsByIds(trx, actor.businessProfileId, ids);
  });
  return feedItemViews(deps, actor, rows);
}
