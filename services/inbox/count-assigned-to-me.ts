import { countOpenAssigned } from "../../db/repositories/inbox";
import { FEED_ITEM_STATE } from "../../domain/constants";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { myAssignees, networkFilter } from "./inbox-query";

/**
 * GET /v1/feed-items/assigned-to-me-count: open items assigned to the caller or one of the caller's teams
 * (unmuted, on the networks the caller's role sees). Read from an index per assignee, so it costs what
 * the caller's own work holds, not what the tenant stores.
 */
export async function countAssignedToMe(deps: ServiceDeps, actor: Actor): Promise<{ count: number }> {
  requireInbox(actor, "inbox.items.read");
  const networks = networkFilter(actor, undefined);
  const count = await countOpenAssigned(deps.db, actor.businessProfileId, await myAssignees(deps, actor), {
    state: FEED_ITEM_STATE.open,
    ...(networks.networks ? { networks: networks.networks } : {}),
  });
  return { count };
}
