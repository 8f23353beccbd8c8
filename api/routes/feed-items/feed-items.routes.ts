import { createRoute } from "@hono/zod-openapi";
import type { MiddlewareHandler } from "hono";
import type * as z from "zod";
import { notFound } from "../../../domain/errors";
import {
  AssignFormSchema,
  DraftsCountQuerySchema,
  INBOX_COUNT_CAP,
  InboxCountQueryStringSchema,
  InboxFiltersQueryStringSchema,
  InboxListQueryStringSchema,
  InboxPageQueryStringSchema,
  SearchResultsQueryStringSchema,
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
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

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
  request: { query: InboxListQueryStringSchema },
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
  request: { query: InboxPageQueryStringSchema },
  responses: { 200: json(FeedItemPageResponseSchema, "Feed items"), ...readErrors },
});

export const searchResultsRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/search-results",
  tags,
  summary: "Open items per saved search the caller sees",
  request: { query: SearchResultsQueryStringSchema },
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
  request: { query: InboxCountQueryStringSchema },
  responses: { 200: json(FeedItemCappedCountResponseSchema, "Count"), ...readErrors },
});

export const sentimentsRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/sentiments",
  tags,
  summary: "The list's items by sentiment",
  request: { query: InboxFiltersQueryStringSchema },
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
  request: { query: DraftsCountQuerySchema },
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
