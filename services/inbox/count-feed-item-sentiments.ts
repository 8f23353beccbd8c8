import { countBySentiment } from "../../db/repositories/inbox";
import type { Actor, ServiceDeps } from "../context";
import { requireInbox } from "./access";
import { inboxQuery, type InboxListFilters } from "./inbox-query";
import type { FromWire } from "../../domain/key-case";
import type { SentimentCountsResponseSchema } from "../../domain/schemas/feed-items";

export type SentimentCounts = FromWire<typeof SentimentCountsResponseSchema>;

/** GET /v1/feed-items/sentiments: the list's items by sentiment (-1 negative, 0 neutral, 1 positive). */
export async function countFeedItemSentiments(deps: ServiceDeps, actor: Actor, filters: InboxListFilters): Promise<SentimentCounts> {
  requireInbox(actor, "inbox.items.read");
  const rows = await countBySentiment(deps.db, actor.businessProfileId, await inboxQuery(deps, actor, filters));
  const counts: SentimentCounts = { positive: 0, neutral: 0, negative: 0 };
  for (const row of rows) counts[row.sentiment > 0 ? "positive" : row.sentiment < 0 ? "negative" : "neutral"] += row.count;
  return counts;
}
