// The API's answers for the inbox screens as the web client hands them over (camelCase), ADR 014: derived
// from the response schemas (ADR 027).
import type { FromWire } from "../../../domain/key-case";
import type {
  FeedItemCappedCountResponseSchema,
  FeedItemCountResponseSchema,
  FeedItemDetailResponseSchema,
  FeedItemLanguagesResponseSchema,
  FeedItemPageResponseSchema,
  FeedItemResponseSchema,
  HistoryEntryResponseSchema,
  PresenceResponseSchema,
  SearchResultCountsResponseSchema,
  ViewerResponseSchema,
} from "../../../domain/schemas/feed-items";
import type { LabelListResponseSchema, LabelResponseSchema } from "../../../domain/schemas/inbox";
import type { ReplyResponseSchema } from "../../../domain/schemas/replies";
import type { StatusResponseSchema } from "../../../domain/schemas/statuses";

export type ApiLabel = FromWire<typeof LabelResponseSchema>;

/** GET /v1/labels. */
export type ApiLabelList = FromWire<typeof LabelListResponseSchema>;

export type ApiViewer = FromWire<typeof ViewerResponseSchema>;

/** POST /v1/feed-items/{id}/presence: the others on the item. */
export type ApiPresence = FromWire<typeof PresenceResponseSchema>;

/** One item of GET /v1/feed-items: the status view plus labels, the assignee's name and viewers. */
export type ApiFeedItem = FromWire<typeof FeedItemResponseSchema>;

/** GET /v1/feed-items: one page of items; hasMore when another page follows. */
export type ApiFeedItemPage = FromWire<typeof FeedItemPageResponseSchema>;

/** GET /v1/feed-items/assigned-to-me-count. */
export type ApiFeedItemCount = FromWire<typeof FeedItemCountResponseSchema>;

/** GET /v1/feed-items/count: the count, capped at the API's maximum. */
export type ApiFeedItemCappedCount = FromWire<typeof FeedItemCappedCountResponseSchema>;

/** GET /v1/feed-items/search-results: new items per saved search. */
export type ApiSearchResultCounts = FromWire<typeof SearchResultCountsResponseSchema>;

/** GET /v1/feed-items/languages. */
export type ApiFeedItemLanguages = FromWire<typeof FeedItemLanguagesResponseSchema>;

/** An entry of an item's actions history (`actions.history`), its data as the action stored it. */
export type ApiHistoryEntry = FromWire<typeof HistoryEntryResponseSchema>;

/** GET /v1/feed-items/{id}: one item with its thread, author, history, the caller's draft and viewers. */
export type ApiFeedItemDetail = FromWire<typeof FeedItemDetailResponseSchema>;

/** A reply as POST /v1/feed-items/{id}/reply (and its retry) answers it. */
export type ApiReplyAction = FromWire<typeof ReplyResponseSchema>;

/** A mention of an item's thread or of its author's recent items: the status view alone. */
type ApiThreadItem = FromWire<typeof StatusResponseSchema>;

/** What an inbox row is made of: a feed item, or a thread's mention (its labels then come from their ids). */
export type ApiRowItem = Omit<ApiThreadItem, "assignedTo"> &
  Partial<Pick<ApiFeedItem, "labels" | "viewers">> &
  Record<"assignedTo", RowAssignee | null>;

/** A thread mention's assignee has no name; a feed item's has. */
type RowAssignee = NonNullable<ApiThreadItem["assignedTo"]> & Partial<Pick<NonNullable<ApiFeedItem["assignedTo"]>, "name">>;

export type { ApiTemplateList } from "../templates/types";
