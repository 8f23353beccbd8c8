import type { ModerationEventRow } from "../../db/schema";
import { MODERATION_ACTIONS } from "../../domain/inbox";
import type { FromWire } from "../../domain/key-case";
import type { ModerationEventResponseSchema } from "../../domain/schemas/replies";

/** A moderation event as the report and the item's history show it (spec analytics §3's fields). */
export type ModerationEventView = FromWire<typeof ModerationEventResponseSchema>;

export function moderationEventView(row: ModerationEventRow): ModerationEventView {
  return {
    id: row.id,
    feedItemId: row.feedItemId,
    socialType: row.socialType,
    agent: row.agentName,
    agentAccountId: row.agentAccountId,
    user: row.userName,
    action: row.action,
    actionCode: MODERATION_ACTIONS.find((a) => a.event === row.action)?.code ?? null,
    reason: row.reason,
    note: row.note,
    post: row.post,
    originalText: row.originalText,
    delivery: row.delivery,
    dateAndTime: row.createdAt,
  };
}
