import type { ModerationEventRow } from "../../db/schema";
import { MODERATION_ACTIONS, type ModerationActionCode } from "../../domain/inbox";

/** A moderation event as the report and the item's history show it (spec analytics §3's fields). */
export interface ModerationEventView {
  id: number;
  feedItemId: number | null;
  socialType: string;
  agent: string;
  agentAccountId: number | null;
  user: string;
  /** The report's text ('post deleted'). */
  action: string;
  /** The API's code ('delete_post'), or null for an action text we no longer know. */
  actionCode: ModerationActionCode | null;
  reason: string;
  note: string;
  post: string | null;
  originalText: string;
  /** 'sent' through an outbound connector, 'manual' (to be done on the network by hand), 'failed' or 'sending'. */
  delivery: string;
  dateAndTime: string;
}

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
