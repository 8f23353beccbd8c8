// Response schemas of the inbox's feed items (ADR 014, ADR 027): the wire's snake_case shapes, from which
// the OpenAPI document, the services' return types and the web client's types derive.
import * as z from "zod";
import { JsonValueSchema } from "./common";
import { ASSIGNEE_TYPES, PRESENCE_MODES } from "../inbox";
import { StatusActionsResponseSchema, StatusResponseSchema } from "./statuses";

/** Someone else on an item: viewing it or writing a reply (presence younger than the window). */
export const ViewerResponseSchema = z.object({
  account_id: z.number(),
  name: z.string(),
  mode: z.enum(PRESENCE_MODES),
  seen_at: z.string(),
});

const AssignedToResponseSchema = z.object({
  id: z.number(),
  type: z.enum(ASSIGNEE_TYPES),
  name: z.string().describe("The account's full name or the team's name"),
  message: z.string().nullable(),
  at: z.string().nullable(),
  by: z.number().nullable(),
});

/** A feed item: the status view of GET /v1/statuses plus labels, assigned_to with a name and viewers. */
export const FeedItemResponseSchema = StatusResponseSchema.extend({
  assigned_to: AssignedToResponseSchema.nullable(),
  labels: z.array(z.object({ id: z.number(), name: z.string() })),
  translation_language: z.string().nullable(),
  viewers: z.array(ViewerResponseSchema).describe("Others viewing or replying to it now"),
}).describe("A feed item: the status view of GET /v1/statuses plus labels, assigned_to with a name and viewers");

/** An entry of an item's actions history, its data as the action stored it. */
export const HistoryEntryResponseSchema = z.object({
  id: z.number(),
  action_type: z.string().describe("assignment, unassignment, labels, state, translation, replied_by, sent_by, moderation, ..."),
  account_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  data: JsonValueSchema,
  created_at: z.string(),
});

/** A moderation action taken on an item's author or post (spec core §3), as the item's detail lists it. */
const ItemModerationEventResponseSchema = z.object({
  id: z.number(),
  action: z.string(),
  reason: z.string(),
  note: z.string(),
  agent_account_id: z.number().nullable(),
  agent_name: z.string(),
  user_name: z.string(),
  post: z.string().nullable(),
  original_text: z.string(),
  delivery: z.string(),
  created_at: z.string(),
});

/** GET /v1/feed-items/{id}: the item with its thread, author, full history, the caller's draft, viewers and moderation. */
export const FeedItemDetailResponseSchema = FeedItemResponseSchema.extend({
  thread: z.object({ parent: StatusResponseSchema.nullable(), replies: z.array(StatusResponseSchema) }),
  author: z
    .object({
      id: z.number(),
      identity_id: z.string(),
      social_type: z.string(),
      username: z.string(),
      name: z.string().nullable(),
      photo_url: z.string().nullable(),
      profile_url: z.string().nullable(),
      followers: z.number(),
      country: z.string(),
      recent_items: z.array(StatusResponseSchema),
    })
    .nullable()
    .describe("The identity with its recent items"),
  actions: StatusActionsResponseSchema.extend({ history: z.array(HistoryEntryResponseSchema) }),
  draft: z.object({ text: z.string(), template_id: z.number().nullable(), updated_at: z.string() }).nullable(),
  moderation_events: z.array(ItemModerationEventResponseSchema),
});

export const FeedItemPageResponseSchema = z.object({ data: z.array(FeedItemResponseSchema), has_more: z.boolean() });
export const FeedItemCountResponseSchema = z.object({ count: z.number() });
export const FeedItemsResponseSchema = z.object({ data: z.array(FeedItemResponseSchema) });

/** GET /v1/feed-items/count: the count, capped at `max` (capped says it was). */
export const FeedItemCappedCountResponseSchema = FeedItemCountResponseSchema.extend({ capped: z.boolean() });

/** GET /v1/feed-items/search-results: how many new items each of the caller's saved searches holds. */
export const SearchResultCountsResponseSchema = z.object({
  data: z.array(z.object({ search_item_id: z.number(), count: z.number() })),
});

/** GET /v1/feed-items/sentiments: the matching items by sentiment. */
export const SentimentCountsResponseSchema = z.object({ positive: z.number(), neutral: z.number(), negative: z.number() });

/** GET /v1/feed-items/languages: the language codes the business profile's items carry. */
export const FeedItemLanguagesResponseSchema = z.object({ data: z.array(z.string()) });

/** POST /v1/feed-items/{id}/presence: the others on this item. */
export const PresenceResponseSchema = z.object({ viewers: z.array(ViewerResponseSchema) });
