import { createRoute } from "@hono/zod-openapi";
import {
  FeedHashBodySchema,
  FeedHashPageQuerySchema,
  FeedHashPageResponseSchema,
  FeedHashResponseSchema,
} from "../../../domain/schemas/dashboard-config";
import { errorResponses, json } from "../../lib/schemas";

export const createFeedHashRoute = createRoute({
  method: "post",
  path: "/v1/dashboard/feeds/hash",
  tags: ["dashboard"],
  summary:
    "Store a chart point's drill-down: title, view_type, account_id, context_id, context_type, min_created_at, max_created_at, properties (query, filters, and the point's sentiment, social_type, language, country); answers { id }",
  request: { body: { content: { "application/json": { schema: FeedHashBodySchema } }, required: true } },
  responses: {
    201: json(FeedHashResponseSchema, "Stored"),
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const getFeedHashRoute = createRoute({
  method: "get",
  path: "/v1/dashboard/feeds/hash",
  tags: ["dashboard"],
  summary: "A drill-down's definition and a page of its mentions, newest first (feed_hash or feedHash; page, per_page)",
  request: {
    query: FeedHashPageQuerySchema,
  },
  responses: {
    200: json(FeedHashPageResponseSchema, "Drill-down"),
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
