import { countPerSearchItem } from "../../db/repositories/inbox";
import { CONTEXT_TYPES } from "../../db/repositories/search-index";
import { listSearchItems } from "../../db/repositories/search-items";
import { FEED_ITEM_STATE } from "../../domain/constants";
import type { FromWire } from "../../domain/key-case";
import type { SearchResultCountsResponseSchema } from "../../domain/schemas/feed-items";
import type { Actor, ServiceDeps } from "../context";
import { canSee, viewerOf } from "../searches/access";
import { requireInbox } from "./access";
import { networkFilter, requireOwnUserId } from "./inbox-query";

/**
 * GET /v1/feed-items/search-results: open items per saved search the caller sees (its stored matches),
 * optionally of one sentiment and some networks; every visible search is listed, 0 included.
 */
export async function countSearchResults(
  deps: ServiceDeps,
  actor: Actor,
  input: { userId?: number; sentiment?: number; networks?: string[] },
): Promise<FromWire<typeof SearchResultCountsResponseSchema>> {
  requireInbox(actor, "inbox.items.read");
  requireOwnUserId(actor, input.userId);
  const viewer = await viewerOf(deps, actor);
  const visible = (await listSearchItems(deps.db, actor.businessProfileId)).filter((item) => canSee(viewer, item));
  const counts = await countPerSearchItem(
    deps.db,
    actor.businessProfileId,
    visible.map((item) => item.id),
    {
      ...networkFilter(actor, input.networks),
      states: [FEED_ITEM_STATE.open],
      sentiments: input.sentiment === undefined ? undefined : [input.sentiment],
    },
    CONTEXT_TYPES.searchItem,
  );
  const byId = new Map(counts.map((c) => [c.searchItemId, c.count]));
  return { data: visible.map((item) => ({ searchItemId: item.id, count: byId.get(item.id) ?? 0 })) };
}
