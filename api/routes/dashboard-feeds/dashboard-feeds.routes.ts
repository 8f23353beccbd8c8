import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { JsonValueSchema } from "../../../domain/schemas/common";
import { FeedHashBodySchema, FeedHashResponseSchema } from "../../../domain/schemas/dashboard-config";
import { StatusResponseSchema } from "../../../domain/schemas/statuses";
import { errorResponses, json } from "../../lib/schemas";

const DefinitionSchema = z.object({
  id: z.string(),
  title: z.string(),
  view_type: z.string(),
  account_id: z.number().nullable(),
  context_id: z.number(),
  context_type: z.number(),
  min_created_at: z.string(),
  max_created_at: z.string(),
  properties: z.record(z.string(), JsonValueSchema),
});

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
    query: z.object({
      feed_hash: z.string().max(100).optional(),
      feedHash: z.string().max(100).optional(),
      page: z.coerce.number().int().min(1).max(10_000).default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(20),
    }),
  },
  responses: {
    200: json(
      DefinitionSchema.extend({
        context: z.object({ context_type: z.number(), context_id: z.number(), title: z.string() }),
        statuses: z.object({ data: z.array(StatusResponseSchema), total: z.number(), page: z.number(), per_page: z.number() }),
      }),
      "Drill-down",
    ),
    401: errorResponses[401],
    404: errorResponses[404],
  },
});
