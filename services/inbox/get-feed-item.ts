import { findFeedItemByExternalId, listFeedItemActions, listIdentityItems, listReplies } from "../../db/repositories/feed-items";
import { findIdentity } from "../../db/repositories/identities";
import { findOwnDraft, listItemModerationEvents } from "../../db/repositories/inbox-reads";
import type { FromWire } from "../../domain/key-case";
import type { JsonValue } from "../../domain/schemas/common";
import type { FeedItemDetailResponseSchema } from "../../domain/schemas/feed-items";
import type { Actor, ServiceDeps } from "../context";
import { actionsView, statusView } from "../statuses/status-view";
import { findItemOrThrow, isVisibleItem, requireInbox } from "./access";
import { feedItemView } from "./feed-item-view";

/** How many of the author's latest items the detail pane shows. */
const AUTHOR_RECENT_ITEMS = 10;

/** GET /v1/feed-items/{id} (ADR 027: FeedItemDetailResponseSchema). */
export type FeedItemDetail = FromWire<typeof FeedItemDetailResponseSchema>;

function parseData(json: string): JsonValue {
  try {
    return JSON.parse(json) as JsonValue;
  } catch {
    return {};
  }
}

/** GET /v1/feed-items/{id}: the item with its thread, author, full history, the caller's draft, viewers and moderation. */
export async function getFeedItem(deps: ServiceDeps, actor: Actor, id: number): Promise<FeedItemDetail> {
  requireInbox(actor, "inbox.items.read");
  const row = await findItemOrThrow(deps.db, actor, id);
  const bp = actor.businessProfileId;
  const [view, actions, replies, parent, identity, recent, draft, moderation] = await Promise.all([
    feedItemView(deps, actor, row),
    listFeedItemActions(deps.db, bp, id),
    listReplies(deps.db, bp, row.socialType, row.externalId),
    row.parentExternalId ? findFeedItemByExternalId(deps.db, bp, row.socialType, row.parentExternalId) : undefined,
    row.identityId !== null ? findIdentity(deps.db, bp, row.identityId) : undefined,
    row.identityId !== null ? listIdentityItems(deps.db, bp, row.identityId, AUTHOR_RECENT_ITEMS + 1) : [],
    findOwnDraft(deps.db, bp, id, actor.accountId),
    listItemModerationEvents(deps.db, bp, id),
  ]);
  return {
    ...view,
    thread: {
      parent: parent && isVisibleItem(actor, parent) ? statusView(parent) : null,
      replies: replies.map(statusView),
    },
    author: identity
      ? {
          id: identity.id,
          identityId: identity.externalId,
          socialType: identity.socialType,
          username: identity.username,
          name: identity.name,
          photoUrl: identity.photoUrl,
          profileUrl: identity.profileUrl,
          followers: Number(identity.followers),
          country: identity.country,
          recentItems: recent
            .filter((r) => r.id !== id)
            .slice(0, AUTHOR_RECENT_ITEMS)
            .map(statusView),
        }
      : null,
    actions: {
      ...actionsView(actions),
      history: actions.map((a) => ({
        id: a.id,
        actionType: a.actionType,
        accountId: a.accountId,
        actorName: a.actorName,
        data: parseData(a.data),
        createdAt: a.createdAt,
      })),
    },
    draft: draft ? { text: draft.text, templateId: draft.templateId, updatedAt: draft.updatedAt } : null,
    moderationEvents: moderation.map((m) => ({
      id: m.id,
      action: m.action,
      reason: m.reason,
      note: m.note,
      agentAccountId: m.agentAccountId,
      agentName: m.agentName,
      userName: m.userName,
      post: m.post,
      originalText: m.originalText,
      delivery: m.delivery,
      createdAt: m.createdAt,
    })),
  };
}
