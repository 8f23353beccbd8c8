import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  FilterBodySchema,
  FilterListQuerySchema,
  FilterListResponseSchema,
  FilterResponseSchema,
  IdentityResponseSchema,
  ProfileItemListQuerySchema,
  ProfileItemListResponseSchema,
  ProfileListQuerySchema,
  ProfileListResponseSchema,
  StatusCountsQuerySchema,
  StatusCountsResponseSchema,
  StatusDetailResponseSchema,
  StatusListQuerySchema,
  StatusListResponseSchema,
  StatusLiveQuerySchema,
} from "../../../domain/schemas/statuses";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const listStatusesRoute = createRoute({
  method: "get",
  path: "/v1/statuses",
  tags: ["statuses"],
  request: { query: StatusListQuerySchema },
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
  request: { query: StatusCountsQuerySchema },
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
  request: { query: StatusLiveQuerySchema },
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
  request: { query: ProfileListQuerySchema },
  responses: { 200: json(ProfileListResponseSchema, "Connected profiles") },
});

export const listProfileItemsRoute = createRoute({
  method: "get",
  path: "/v1/users/items",
  tags: ["profiles"],
  request: { query: ProfileItemListQuerySchema },
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
  request: { query: FilterListQuerySchema },
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
  request: { body: { content: { "application/json": { schema: FilterBodySchema } }, required: true } },
  responses: { 201: json(FilterResponseSchema, "Created"), 422: errorResponses[422] },
});

export const deleteFilterRoute = createRoute({
  method: "delete",
  path: "/v1/filters/{id}",
  tags: ["filters"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 404: errorResponses[404] },
});
