import { findAssigneeNames, setAssignment } from "../../db/repositories/inbox";
import type { Actor, ServiceDeps } from "../context";
import { actorName, findItemOrThrow, recordHistory, requireInbox } from "./access";
import { feedItemView, type FeedItemView } from "./feed-item-view";

/** POST /v1/feed-items/{id}/unassign: the item has no assignee any more (a history row says whose it was). */
export async function unassignFeedItem(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: { message?: string },
): Promise<FeedItemView> {
  requireInbox(actor, "inbox.items.assign");
  await findItemOrThrow(deps.db, actor, id);
  const name = await actorName(deps, actor);
  const message = input.message?.trim() || null;
  const row = await deps.db.transaction().execute(async (trx) => {
    const item = await findItemOrThrow(trx, actor, id);
    if (item.assignedToType === null || item.assignedToId === null) return item;
    const names = await findAssigneeNames(trx, actor.businessProfileId, {
      accountIds: item.assignedToType === "account" ? [item.assignedToId] : [],
      teamIds: item.assignedToType === "team" ? [item.assignedToId] : [],
    });
    await setAssignment(trx, actor.businessProfileId, id, null);
    await recordHistory(trx, deps, actor, name, id, "unassignment", {
      previous: {
        type: item.assignedToType,
        id: item.assignedToId,
        name: (item.assignedToType === "team" ? names.teams : names.accounts).get(item.assignedToId) ?? null,
      },
      message,
    });
    return findItemOrThrow(trx, actor, id);
  });
  return feedItemView(deps, actor, row);
}
