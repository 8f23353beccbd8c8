import { appendItemAction, replaceItemActionData } from "../../db/repositories/replies";
import { conflict } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { agentOf, findWorkableItem } from "./access";
import { findReplyAction } from "./reply-actions";
import { replyDataOf, replyView, type ReplyData, type ReplyView } from "./reply-view";

/**
 * POST /v1/feed-items/{id}/replies/{action_id}/sent: the agent posted a manual (or failed) reply on the
 * network by hand. The reply becomes 'sent' with who did it, and a `sent_by` action joins the history,
 * in one transaction; a reply already sent (or being delivered) answers 409.
 */
export async function markReplySent(deps: ServiceDeps, actor: Actor, feedItemId: number, actionId: number): Promise<ReplyView> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.write");
  const action = await findReplyAction(deps, actor, item.id, actionId);
  const data = replyDataOf(action);
  if (data.delivery === "sending") throw conflict(MESSAGES.replies.deliveryInProgress);
  if (data.delivery !== "manual" && data.delivery !== "failed") throw conflict(MESSAGES.replies.replyNotManual);

  const agent = await agentOf(deps, actor);
  const now = isoNow(deps);
  const { error: _previous, ...rest } = data;
  const sent: ReplyData = { ...rest, delivery: "sent", sent_by: { account_id: actor.accountId, name: agent.name, at: now } };
  await deps.db.transaction().execute(async (trx) => {
    // Only if nobody changed it since it was read: two agents marking it at once record one sent_by.
    if (!(await replaceItemActionData(trx, actor.businessProfileId, action.id, action.data, { ...sent }))) {
      throw conflict(MESSAGES.replies.replyNotManual);
    }
    await appendItemAction(trx, {
      businessProfileId: actor.businessProfileId,
      feedItemId: item.id,
      actionType: "sent_by",
      accountId: actor.accountId,
      actorName: agent.name,
      data: { reply_id: action.id, text: data.text },
      createdAt: now,
    });
  });
  return replyView(action, sent);
}
