import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  FilterListResponseSchema,
  FilterResponseSchema,
  IdentityResponseSchema,
  ProfileItemListResponseSchema,
  ProfileListResponseSchema,
  StatusCountsResponseSchema,
  StatusDetailResponseSchema,
  StatusListResponseSchema,
} from "../../../domain/schemas/statuses";
import { FEED_ITEM_ORDER_KEYS } from "../../../services/statuses/orders";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

// A boolean query may hold 8,000 characters (longer ones are refused with a 400 by the service, ADR 012),
// JSON-quoted as the first clients sent it; a definition's groups may hold 20 × 500 values.
const QUERY_PARAM_MAX = 20_000;
const FILTERS_PARAM_MAX = 400_000;

export const listStatusesRoute = createRoute({
  method: "get",
  path: "/v1/statuses",
  tags: ["statuses"],
  request: {
    query: z.object({
      order_by: z.enum(FEED_ITEM_ORDER_KEYS).default("counts.total_engagements"),
      direction: z.enum(["asc", "desc"]).default("desc"),
      query: z.string().max(QUERY_PARAM_MAX).optional(),
      filters: z.string().max(FILTERS_PARAM_MAX).optional(),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(15),
    }),
  },
  responses: {
    200: json(StatusListResponseSchema, "Statuses"),
    400: errorResponses[400],
    401: errorResponses[401],
  },
});

export const countStatusesRoute = createRoute({
  method: "get",
  path: "/v1/statuses/counts",
  tags: ["statuses"],
  request: {
    query: z.object({
      query: z.string().max(QUERY_PARAM_MAX).optional(),
      filters: z.string().max(FILTERS_PARAM_MAX).optional(),
    }),
  },
  responses: {
    200: json(StatusCountsResponseSchema, "Counts"),
    400: errorResponses[400],
  },
});

export const liveStatusesRoute = createRoute({
  method: "get",
  path: "/v1/statuses/live",
  tags: ["statuses"],
  description:
    "Server-Sent Events: `event: status` with each new mention of the tenant that matches (a saved search, or a query and filters as in GET /v1/statuses), a comment every 15 s.",
  request: {
    query: z.object({
      search_item_id: z.coerce.number().int().positive().optional(),
      query: z.string().max(QUERY_PARAM_MAX).optional(),
      filters: z.string().max(FILTERS_PARAM_MAX).optional(),
    }),
  },
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    400: errorResponses[400],
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const getStatusRoute = createRoute({
  method: "get",
  path: "/v1/statuses/{id}",
  tags: ["statuses"],
  request: { params: IdParamSchema },
  responses: { 200: json(StatusDetailResponseSchema, "Status with actions and replies"), 404: errorResponses[404] },
});

export const getIdentityRoute = createRoute({
  method: "get",
  path: "/v1/identities/{id}",
  tags: ["statuses"],
  request: { params: IdParamSchema },
  responses: { 200: json(IdentityResponseSchema, "Author"), 404: errorResponses[404] },
});

export const listProfilesRoute = createRoute({
  method: "get",
  path: "/v1/users",
  tags: ["profiles"],
  request: { query: z.object({ social_types: z.string().optional(), business_profile_id: z.string().optional() }) },
  responses: { 200: json(ProfileListResponseSchema, "Connected profiles") },
});

export const listProfileItemsRoute = createRoute({
  method: "get",
  path: "/v1/users/items",
  tags: ["profiles"],
  request: {
    query: z.object({
      profile_id: z.coerce.number().int().positive().optional(),
      social_types: z.string().optional(),
      types: z.string().optional(),
    }),
  },
  responses: {
    200: json(ProfileItemListResponseSchema, "Pages, groups, ads and channels"),
  },
});

export const deleteProfileRoute = createRoute({
  method: "delete",
  path: "/v1/users/{id}",
  tags: ["profiles"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Disconnected" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const listFiltersRoute = createRoute({
  method: "get",
  path: "/v1/filters",
  tags: ["filters"],
  request: {
    query: z.object({
      account_id: z.coerce.number().int().positive().optional(),
      filter_type: z.string().max(50).optional(),
      business_profile_id: z.string().optional(),
    }),
  },
  responses: { 200: json(FilterListResponseSchema, "Saved filters"), 403: errorResponses[403] },
});

export const getFilterRoute = createRoute({
  method: "get",
  path: "/v1/filters/{id}",
  tags: ["filters"],
  request: { params: IdParamSchema },
  responses: { 200: json(FilterResponseSchema, "Filter"), 404: errorResponses[404] },
});

export const createFilterRoute = createRoute({
  method: "post",
  path: "/v1/filters",
  tags: ["filters"],
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            name: z.string().trim().min(1).max(100),
            filter_type: z.string().trim().min(1).max(50),
            value: z.unknown(),
          }),
        },
      },
      required: true,
    },
  },
  responses: { 201: json(FilterResponseSchema, "Created"), 422: errorResponses[422] },
});

export const deleteFilterRoute = createRoute({
  method: "delete",
  path: "/v1/filters/{id}",
  tags: ["filters"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 404: errorResponses[404] },
});
