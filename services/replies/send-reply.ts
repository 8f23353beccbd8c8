import { insertAccountEvent } from "../../db/repositories/account-events";
import { adjustItems } from "../../db/repositories/analytics-rollups";
import { dashboardDataChanged } from "../analytics/cache";
import { deleteDraft } from "../../db/repositories/reply-drafts";
import { appendItemAction, countItemReplies, markItemReplied, replaceItemActionData, templateBelongsTo } from "../../db/repositories/replies";
import type { FeedItemActionRow, FeedItemRow } from "../../db/schema";
import { ACCOUNT_EVENT_CONTEXT, INBOX_EVENT_MODULE, INBOX_EVENT_TYPE, type CountedAccountEvent } from "../../domain/account-events";
import { conflict, notFound, validationError, withDetails } from "../../domain/errors";
import { StaleReplyErrorResponseSchema } from "../../domain/schemas/errors";
import { templateCategoryOf } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import type { NetworkId } from "../../domain/networks";
import type { ReplyFormInput, ReplyVisibility } from "../../domain/schemas/replies";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { deliveryErrorText } from "../inbox/outbound";
import type { OutboundAgent, OutboundConnector, OutboundTarget } from "../inbox/outbound-ports";
import { agentOf, findWorkableItem, outboundTargetOf } from "./access";
import { replyView, type ReplyData, type ReplyView } from "./reply-view";

/** The account event a reply records (ADR 014 counters): an answer to a review, or a public / private reply. */
function replyEventType(item: Pick<FeedItemRow, "socialType">, visibility: ReplyVisibility): CountedAccountEvent {
  if (templateCategoryOf(item.socialType as NetworkId) === "review") return "review";
  return visibility === "private" ? "replies_private" : "replies_public";
}

/** A template named by a reply or draft must be the tenant's. */
export async function assertTemplate(deps: ServiceDeps, actor: Actor, templateId: number | undefined): Promise<void> {
  if (templateId !== undefined && !(await templateBelongsTo(deps.db, actor.businessProfileId, templateId))) {
    throw validationError({ template_id: [MESSAGES.wrongFormat] });
  }
}

/**
 * POST /v1/feed-items/{id}/reply. In one transaction: the stale check (more replies than the agent's
 * view showed, and no confirmation: 409, nothing stored), the `replied_by` action, is_replied and the
 * earliest first_reply_at, the agent's draft deleted, the account event. Then, outside it, delivery
 * through the item's outbound connector, whose outcome updates the reply (sent, or failed with the
 * reason); an item without a connector is 'manual' from the start.
 */
export async function sendReply(deps: ServiceDeps, actor: Actor, feedItemId: number, input: ReplyFormInput): Promise<ReplyView> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.write");
  await assertTemplate(deps, actor, input.template_id);
  const [agent, target] = await Promise.all([agentOf(deps, actor), outboundTargetOf(deps, item)]);
  const connector = deps.outbound?.connectorFor(target.stream, item) ?? null;
  const now = isoNow(deps);
  const data: ReplyData = {
    text: input.text,
    visibility: input.visibility,
    template_id: input.template_id ?? null,
    delivery: connector ? "sending" : "manual",
    ...(connector ? { attempted_at: now } : {}),
  };

  const action = await deps.db.transaction().execute(async (trx) => {
    // The update comes first: on PostgreSQL it locks the item, so a concurrent reply waits and then counts this one.
    // The dashboard's rollups (ADR 015) lock it first and count its replied state again around the update.
    const marked = await adjustItems(trx, actor.businessProfileId, [item.id], "all", () => markItemReplied(trx, actor.businessProfileId, item.id, now));
    if (!marked) throw notFound();
    dashboardDataChanged(actor.businessProfileId);
    const replies = await countItemReplies(trx, actor.businessProfileId, item.id);
    if (replies > input.seen_reply_count && input.confirm_stale !== true) {
      throw withDetails(conflict(MESSAGES.replies.replyStale), StaleReplyErrorResponseSchema, { replyCount: replies });
    }
    const row = await appendItemAction(trx, {
      businessProfileId: actor.businessProfileId,
      feedItemId: item.id,
      actionType: "replied_by",
      accountId: actor.accountId,
      actorName: agent.name,
      data: { ...data },
      createdAt: now,
    });
    await deleteDraft(trx, actor.businessProfileId, item.id, actor.accountId);
    await insertAccountEvent(trx, {
      businessProfileId: actor.businessProfileId,
      accountId: actor.accountId,
      actionType: replyEventType(item, input.visibility),
      eventType: INBOX_EVENT_TYPE,
      actionModule: INBOX_EVENT_MODULE,
      contextId: item.id,
      contextType: ACCOUNT_EVENT_CONTEXT.feedItem,
      socialType: item.socialType,
      createdAt: now,
    });
    return row;
  });

  if (!connector) return replyView(action, data);
  return deliverReply(deps, connector, target, action, data, agent);
}

/**
 * Calls the connector and stores its outcome on the reply. The stored data changes only if it is still
 * what this attempt wrote, so a late answer cannot overwrite what happened since.
 */
export async function deliverReply(
  deps: ServiceDeps,
  connector: OutboundConnector<ServiceDeps>,
  target: OutboundTarget,
  action: FeedItemActionRow,
  data: ReplyData,
  agent: OutboundAgent,
): Promise<ReplyView> {
  let outcome: ReplyData;
  try {
    const result = await connector.reply(deps, target, {
      replyId: action.id,
      text: data.text,
      visibility: data.visibility,
      templateId: data.template_id,
      agent,
      createdAt: action.createdAt,
    });
    const { error: _previous, ...rest } = data;
    outcome = { ...rest, delivery: "sent", ...(result.externalId ? { external_id: result.externalId } : {}) };
  } catch (error) {
    outcome = { ...data, delivery: "failed", error: deliveryErrorText(deps, error) };
  }
  await replaceItemActionData(deps.db, action.businessProfileId, action.id, JSON.stringify(data), { ...outcome });
  return replyView(action, outcome);
}
