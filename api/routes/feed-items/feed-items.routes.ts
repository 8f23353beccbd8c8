import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import * as z from "zod";
import { FEED_ITEM_STATE } from "../../../domain/constants";
import { notFound } from "../../../domain/errors";
import { INBOX_MAX_LIMIT, INBOX_PAGE_SIZE, INBOX_SORTS, INBOX_SOURCE_TYPES } from "../../../domain/inbox";
import { NETWORK_IDS } from "../../../domain/networks";
import {
  AssignFormSchema,
  INBOX_COUNT_CAP,
  SetLabelsFormSchema,
  StateFormSchema,
  TranslateFormSchema,
  UnassignFormSchema,
} from "../../../domain/schemas/inbox";
import {
  FeedItemCappedCountResponseSchema,
  FeedItemCountResponseSchema,
  FeedItemDetailResponseSchema,
  FeedItemLanguagesResponseSchema,
  FeedItemPageResponseSchema,
  FeedItemResponseSchema,
  FeedItemsResponseSchema,
  SearchResultCountsResponseSchema,
  SentimentCountsResponseSchema,
} from "../../../domain/schemas/feed-items";
import type { ApiEnv } from "../../env";
import { listParam } from "../../../domain/schemas/common";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

// ── Query parameters ────────────────────────────────────────────────────────────────────────────────

/** A list parameter: `x=a,b`, `x[]=a&x[]=b` or `x=a&x=b` (the handlers read brackets as nested keys). */
function listOf<T extends z.ZodType>(item: T, max: number) {
  return z.preprocess((v) => listParam(v), z.array(item).max(max).optional());
}
const intValue = () => z.coerce.number().int();
const id = () => z.coerce.number().int().positive();

/** The list's source and filters (ADR 014), shared by the list and its counters. */
export const InboxFiltersQuerySchema = z.object({
  source_type: z.enum(INBOX_SOURCE_TYPES).default("all"),
  source_id: id().optional().describe("The stream, saved search or label (source_type stream, search, label)"),
  social_type: listOf(z.enum(NETWORK_IDS), NETWORK_IDS.length).describe("Networks (the spec's socialType)"),
  sentiments: listOf(intValue().min(-1).max(1), 3).describe("-1 negative, 0 neutral, 1 positive"),
  states: listOf(intValue().min(FEED_ITEM_STATE.open).max(FEED_ITEM_STATE.closed), 3).describe("1 open, 2 pending, 3 closed"),
  assignee: z.string().max(40).optional().describe("me (me and my teams), unassigned, account:ID, team:ID"),
  label_ids: listOf(id(), 100).describe("Items carrying any of these labels"),
  languages: listOf(z.string().max(8), 200),
  is_replied: z.enum(["0", "1"]).optional(),
  user_id: id().optional().describe("Accepted as the spec's clients send it; only the caller's own id"),
});

const PageQuerySchema = z.object({
  sort_by: z.enum(INBOX_SORTS).default("created_at"),
  order: z.enum(["asc", "desc"]).default("desc"),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
  limit: z.coerce.number().int().min(1).max(INBOX_MAX_LIMIT).default(INBOX_PAGE_SIZE),
});

export const InboxListQuerySchema = InboxFiltersQuerySchema.extend(PageQuerySchema.shape);

export const CountQuerySchema = InboxFiltersQuerySchema.extend({
  max: z.coerce.number().int().min(1).max(10_000_000).default(INBOX_COUNT_CAP),
});

export const SearchResultsQuerySchema = z.object({
  user_id: id().optional(),
  sentiment: intValue().min(-1).max(1).optional(),
  social_types: listOf(z.enum(NETWORK_IDS), NETWORK_IDS.length),
});

// The route schemas document every parameter as it arrives in the query string; the handlers validate
// the nested query (brackets read as lists) against the schemas above.
const asText = z.union([z.string(), z.array(z.string())]).optional();
const documentedFilters = z.object({
  source_type: z.enum(INBOX_SOURCE_TYPES).optional(),
  source_id: z.string().optional(),
  social_type: asText,
  sentiments: asText,
  states: asText,
  assignee: z.string().optional(),
  label_ids: asText,
  languages: asText,
  is_replied: z.enum(["0", "1"]).optional(),
  user_id: z.string().optional(),
});
const documentedPage = z.object({
  sort_by: z.enum(INBOX_SORTS).optional(),
  order: z.enum(["asc", "desc"]).optional(),
  offset: z.string().optional(),
  limit: z.string().optional(),
});

// ── Routes ──────────────────────────────────────────────────────────────────────────────────────────

/** Only digits are an item id: any other segment is not an item (404), whatever route comes later. */
const numericId: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!/^\d{1,15}$/.test(c.req.param("id") ?? "")) throw notFound();
  await next();
};

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const optionalBody = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: false });
const tags = ["feed items"];
const readErrors = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] };

export const listFeedItemsRoute = createRoute({
  method: "get",
  path: "/v1/feed-items",
  tags,
  summary: "A page of the inbox: a source (all, stream, search, label, assigned), filters, sort and paging",
  request: { query: documentedFilters.extend(documentedPage.shape) },
  responses: { 200: json(FeedItemPageResponseSchema, "Feed items; has_more when another page follows"), ...readErrors },
});

export const assignedToMeCountRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/assigned-to-me-count",
  tags,
  summary: "Open items assigned to the caller or the caller's teams",
  responses: { 200: json(FeedItemCountResponseSchema, "Count"), 401: errorResponses[401], 403: errorResponses[403] },
});

export const assignedToMeRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/assigned-to-me",
  tags,
  summary: "A page of the items assigned to the caller or the caller's teams",
  request: { query: documentedPage },
  responses: { 200: json(FeedItemPageResponseSchema, "Feed items"), ...readErrors },
});

export const searchResultsRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/search-results",
  tags,
  summary: "Open items per saved search the caller sees",
  request: {
    query: z.object({ user_id: z.string().optional(), sentiment: z.string().optional(), social_types: asText }),
  },
  responses: {
    200: json(SearchResultCountsResponseSchema, "Counts"),
    ...readErrors,
  },
});

export const countFeedItemsRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/count",
  tags,
  summary: `How many items the list's source and filters hold, counted up to max (default ${INBOX_COUNT_CAP}); capped when there are more`,
  request: { query: documentedFilters.extend({ max: z.string().optional() }) },
  responses: { 200: json(FeedItemCappedCountResponseSchema, "Count"), ...readErrors },
});

export const sentimentsRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/sentiments",
  tags,
  summary: "The list's items by sentiment",
  request: { query: documentedFilters },
  responses: {
    200: json(SentimentCountsResponseSchema, "Counts"),
    ...readErrors,
  },
});

export const draftsCountRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/drafts",
  tags,
  summary: "How many reply drafts the caller keeps",
  request: { query: z.object({ user_id: z.coerce.number().int().positive().optional() }) },
  responses: { 200: json(FeedItemCountResponseSchema, "Count"), ...readErrors },
});

export const languagesRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/languages",
  tags,
  summary: "The languages the tenant's mentions are in (codes; a new one within a scheduler round)",
  responses: { 200: json(FeedItemLanguagesResponseSchema, "Language codes"), ...readErrors },
});

export const setStateRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/status/properties/state",
  tags,
  summary: "Set the state of items (1 open, 2 pending, 3 closed); all or none",
  request: { body: body(StateFormSchema) },
  responses: { 200: json(FeedItemsResponseSchema, "The items"), ...readErrors },
});

export const translateRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/status/properties/translate",
  tags,
  summary: "Translate items into a language and keep the translation on each; all or none",
  request: { body: body(TranslateFormSchema) },
  responses: { 200: json(FeedItemsResponseSchema, "The items"), 400: errorResponses[400], ...readErrors },
});

export const getFeedItemRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/{id}",
  tags,
  middleware: [numericId] as const,
  summary: "One item with its thread, author, actions and full history, the caller's draft, viewers and moderation events",
  request: { params: IdParamSchema },
  responses: { 200: json(FeedItemDetailResponseSchema, "Feed item"), ...readErrors },
});

export const assignRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/assign",
  tags,
  middleware: [numericId] as const,
  summary: "Assign the item to an account or a team of the business profile (they are notified)",
  request: { params: IdParamSchema, body: body(AssignFormSchema) },
  responses: { 200: json(FeedItemResponseSchema, "The item"), ...readErrors },
});

export const unassignRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/unassign",
  tags,
  middleware: [numericId] as const,
  request: { params: IdParamSchema, body: optionalBody(UnassignFormSchema) },
  responses: { 200: json(FeedItemResponseSchema, "The item"), ...readErrors },
});

export const setLabelsRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/set-labels",
  tags,
  middleware: [numericId] as const,
  summary: "The item's labels become exactly label_ids plus new_labels (created by name, or reused ignoring case)",
  request: { params: IdParamSchema, body: body(SetLabelsFormSchema) },
  responses: { 200: json(FeedItemResponseSchema, "The item"), ...readErrors },
});
