import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  SharedLinkBodySchema,
  SharedLinkListResponseSchema,
  SharedLinkPublicResponseSchema,
  SharedLinkPutSchema,
  SharedLinkResponseSchema,
} from "../../../domain/schemas/dashboard-config";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const listSharedLinksRoute = createRoute({
  method: "get",
  path: "/v1/dashboard_shared_links",
  tags: ["dashboard"],
  summary: "The tenant's live shared links, newest first (GET via POST)",
  responses: { 200: json(SharedLinkListResponseSchema, "Links"), 401: errorResponses[401], 403: errorResponses[403] },
});

export const getSharedLinkRoute = createRoute({
  method: "get",
  path: "/v1/dashboard_shared_links/{code}",
  tags: ["dashboard"],
  summary:
    "A link's definition for its viewer (GET via POST): 404 for an unknown or revoked code, and for a members-only link unless the caller is a signed-in member of its tenant",
  request: { params: z.object({ code: z.string().min(1).max(200) }) },
  responses: { 200: json(SharedLinkPublicResponseSchema, "Link"), 404: errorResponses[404] },
});

export const createSharedLinkRoute = createRoute({
  method: "post",
  path: "/v1/dashboard_shared_links",
  tags: ["dashboard"],
  summary:
    "Share the dashboard: title, non_logged_in_access, config { widgets, contexts (≤ 3), time, time_range, time_unit, layer_ids }; answers the link with its code",
  request: { body: body(SharedLinkBodySchema) },
  responses: {
    201: json(SharedLinkResponseSchema, "Created"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const updateSharedLinkRoute = createRoute({
  method: "put",
  path: "/v1/dashboard_shared_links/{id}",
  tags: ["dashboard"],
  summary: "Change a link's title, non_logged_in_access or config (a field left out keeps its value)",
  request: { params: IdParamSchema, body: body(SharedLinkPutSchema) },
  responses: {
    200: json(SharedLinkResponseSchema, "Updated"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const revokeSharedLinkRoute = createRoute({
  method: "delete",
  path: "/v1/dashboard_shared_links/{id}",
  tags: ["dashboard"],
  summary: "Revoke a link: its code answers 404 from now on",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Revoked" }, 403: errorResponses[403], 404: errorResponses[404] },
});
