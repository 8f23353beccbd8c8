import { insertModerationEvent, setModerationDelivery, setModeratedItemState } from "../../db/repositories/moderation-events";
import { appendItemAction } from "../../db/repositories/replies";
import { FEED_ITEM_STATE } from "../../domain/constants";
import { notFound } from "../../domain/errors";
import { MODERATION_ACTIONS } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import type { ModerationFormInput, ModerationResultResponseSchema } from "../../domain/schemas/replies";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { deliveryErrorText } from "../inbox/outbound";
import { agentOf, findWorkableItem, outboundTargetOf } from "../replies/access";
import { moderationEventView } from "./moderation-view";

/**
 * POST /v1/feed-items/{id}/moderation: one of the spec's moderation actions with a reason (analytics §3).
 * In one transaction: the moderation event (agent, user = the item's author, action text, reason, note,
 * post, original text), a `moderation` row in the item's history (an edited post's new text is kept
 * there; the event keeps the original), and for a deleted post the item closed with a `state` row.
 * Then, outside it, delivery through the item's outbound connector when one can moderate; else manual.
 */
export async function moderateItem(
  deps: ServiceDeps,
  actor: Actor,
  feedItemId: number,
  input: ModerationFormInput,
): Promise<FromWire<typeof ModerationResultResponseSchema>> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.write");
  const action = MODERATION_ACTIONS.find((a) => a.code === input.action)!;
  const [agent, target] = await Promise.all([agentOf(deps, actor), outboundTargetOf(deps, item)]);
  const connector = deps.outbound?.connectorFor(target.stream, item) ?? null;
  const moderator = connector?.moderate ? connector : null;
  const now = isoNow(deps);
  const newText = input.text !== undefined && (action.code === "edit_post" || action.code === "edit_bio") ? input.text : null;

  const event = await deps.db.transaction().execute(async (trx) => {
    const row = await insertModerationEvent(trx, {
      businessProfileId: actor.businessProfileId,
      feedItemId: item.id,
      identityId: item.identityId,
      socialType: item.socialType,
      agentAccountId: actor.accountId,
      agentName: agent.name,
      userName: item.authorName || item.authorUsername,
      action: action.event,
      reason: input.reason,
      note: input.note,
      post: item.postUrl ?? item.description,
      // The post's own text for actions on the post; a user's bio or avatar is not stored here.
      originalText: action.target === "post" ? item.description : "",
      delivery: moderator ? "sending" : "manual",
      createdAt: now,
    });
    await appendItemAction(trx, {
      businessProfileId: actor.businessProfileId,
      feedItemId: item.id,
      actionType: "moderation",
      accountId: actor.accountId,
      actorName: agent.name,
      data: {
        event_id: row.id,
        action: action.code,
        action_text: action.event,
        reason: input.reason,
        note: input.note,
        ...(newText !== null ? { text: newText } : {}),
      },
      createdAt: now,
    });
    if (action.code === "delete_post") {
      const state = await setModeratedItemState(trx, actor.businessProfileId, item.id, FEED_ITEM_STATE.closed);
      if (!state) throw notFound();
      if (state.previous !== FEED_ITEM_STATE.closed) {
        await appendItemAction(trx, {
          businessProfileId: actor.businessProfileId,
          feedItemId: item.id,
          actionType: "state",
          accountId: actor.accountId,
          actorName: agent.name,
          data: { from: state.previous, to: FEED_ITEM_STATE.closed, moderation_event_id: row.id },
          createdAt: now,
        });
      }
    }
    return row;
  });

  if (!moderator?.moderate) return { ...moderationEventView(event), deliveryError: null };
  let delivery = "sent";
  let deliveryError: string | null = null;
  try {
    await moderator.moderate(deps, target, {
      eventId: event.id,
      action: action.code,
      actionText: action.event,
      reason: input.reason,
      note: input.note,
      text: newText,
      agent,
      createdAt: now,
    });
  } catch (error) {
    delivery = "failed";
    deliveryError = deliveryErrorText(deps, error);
  }
  await setModerationDelivery(deps.db, actor.businessProfileId, event.id, delivery);
  return { ...moderationEventView({ ...event, delivery }), deliveryError };
}
