import { countInboxItems } from "../../db/repositories/inbox";
import { FEED_ITEM_STATE } from "../../domain/constants";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { myAssignees, networkFilter } from "./inbox-query";

/** GET /v1/feed-items/assigned-to-me-count: open items assigned to the caller or one of the caller's teams. */
export async function countAssignedToMe(deps: ServiceDeps, actor: Actor): Promise<{ count: number }> {
  requireInbox(actor, "inbox.items.read");
  const count = await countInboxItems(deps.db, actor.businessProfileId, {
    filter: {
      ...networkFilter(actor, undefined),
      states: [FEED_ITEM_STATE.open],
      assignees: [{ anyOf: await myAssignees(deps, actor) }],
    },
  });
  return { count };
}
