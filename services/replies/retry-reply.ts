import { replaceItemActionData } from "../../db/repositories/replies";
import { conflict } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { agentOf, findWorkableItem, outboundTargetOf } from "./access";
import { findReplyAction, sendingInterrupted } from "./reply-actions";
import { deliverReply } from "./send-reply";
import { replyDataOf, replyView, type ReplyData, type ReplyView } from "./reply-view";

/**
 * POST /v1/feed-items/{id}/replies/{action_id}/retry: delivers a failed reply again (or one whose
 * delivery was interrupted). The reply is claimed first (failed → sending, only if unchanged), so two
 * agents retrying at once deliver it once. With no connector any more, it becomes manual.
 */
export async function retryReply(deps: ServiceDeps, actor: Actor, feedItemId: number, actionId: number): Promise<ReplyView> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.write");
  const action = await findReplyAction(deps, actor, item.id, actionId);
  const data = replyDataOf(action);
  const retryable = data.delivery === "failed" || (data.delivery === "sending" && sendingInterrupted(deps, data.attempted_at));
  if (!retryable) throw conflict(data.delivery === "sending" ? MESSAGES.replies.deliveryInProgress : MESSAGES.replies.replyNotRetryable);

  const [agent, target] = await Promise.all([agentOf(deps, actor), outboundTargetOf(deps, item)]);
  const connector = deps.outbound?.connectorFor(target.stream, item) ?? null;
  const { error: _previous, ...rest } = data;
  const claimed: ReplyData = connector ? { ...rest, delivery: "sending", attempted_at: isoNow(deps) } : { ...rest, delivery: "manual" };
  if (!(await replaceItemActionData(deps.db, actor.businessProfileId, action.id, action.data, { ...claimed }))) {
    throw conflict(MESSAGES.replies.deliveryInProgress);
  }
  if (!connector) return replyView(action, claimed);
  return deliverReply(deps, connector, target, action, claimed, agent);
}
