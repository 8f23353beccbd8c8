import type { FeedItemActionRow } from "../../db/schema";
import type { ReplyDelivery } from "../../domain/inbox";
import type { ReplyVisibility, ReplyResponseSchema } from "../../domain/schemas/replies";
import type { FromWire } from "../../domain/key-case";

/**
 * Where a reply's delivery stands: REPLY_DELIVERIES, plus 'sending' while a connector is being called
 * (between the stored reply and the connector's answer; a reply left there by a crash may be retried).
 */
type ReplyDeliveryState = ReplyDelivery | "sending";

/** A reply as stored in its `replied_by` action's data (snake_case JSON, like the network's replies). */
export interface ReplyData {
  text: string;
  visibility: ReplyVisibility;
  template_id: number | null;
  delivery: ReplyDeliveryState;
  error?: string;
  external_id?: string;
  /** When the last delivery attempt began (a 'sending' reply older than the retry grace may be retried). */
  attempted_at?: string;
  /** Who marked a manual reply as sent. */
  sent_by?: { account_id: number; name: string; at: string };
}

export type ReplyView = FromWire<typeof ReplyResponseSchema>;

/** The data of a `replied_by` row; replies that came from the network carry only their text and were sent there. */
export function replyDataOf(row: FeedItemActionRow): ReplyData {
  let raw: Partial<ReplyData> & Record<string, unknown> = {};
  try {
    raw = JSON.parse(row.data) as typeof raw;
  } catch {
    // A row that is not JSON shows as an empty, sent reply rather than breaking the item.
  }
  return {
    ...raw,
    text: typeof raw.text === "string" ? raw.text : "",
    visibility: raw.visibility === "private" ? "private" : "public",
    template_id: typeof raw.template_id === "number" ? raw.template_id : null,
    delivery: raw.delivery ?? "sent",
  };
}

export function replyView(row: FeedItemActionRow, data: ReplyData = replyDataOf(row)): ReplyView {
  return {
    id: row.id,
    feedItemId: row.feedItemId,
    accountId: row.accountId,
    name: row.actorName,
    at: row.createdAt,
    text: data.text,
    visibility: data.visibility,
    templateId: data.template_id,
    delivery: data.delivery,
    error: data.delivery === "failed" ? (data.error ?? null) : null,
    externalId: data.external_id ?? null,
    sentBy: data.sent_by ? { accountId: data.sent_by.account_id, name: data.sent_by.name, at: data.sent_by.at } : null,
  };
}
