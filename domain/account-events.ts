// Account events the inbox's actions record (ADR 014), and the counts GET /v1/account_events answers per
// network (spec core §3 "Counters": assign, label, like, replies_private, replies_public, review).

export const COUNTED_ACCOUNT_EVENTS = ["assign", "label", "like", "replies_private", "replies_public", "review"] as const;
export type CountedAccountEvent = (typeof COUNTED_ACCOUNT_EVENTS)[number];

/** event_type and action_module of the events an inbox action records. */
export const INBOX_EVENT_TYPE = "feed_item";
export const INBOX_EVENT_MODULE = "inbox";

/**
 * What an inbox event's context_id names: the feed item acted on (assign, like, replies, review), or the
 * label put on an item (label), so label events can be counted per label. Numbered after the dashboard's
 * context types (1 saved search, 2 topic, 3 rule, 6 unsaved search).
 */
export const ACCOUNT_EVENT_CONTEXT = { feedItem: 7, label: 8 } as const;

/** Counts of one network, every counted event present (0 when none). */
export type AccountEventCounts = Record<CountedAccountEvent, number>;

export function emptyAccountEventCounts(): AccountEventCounts {
  return { assign: 0, label: 0, like: 0, replies_private: 0, replies_public: 0, review: 0 };
}
