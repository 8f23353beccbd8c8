import { createRoute } from "@hono/zod-openapi";
import { PinListQuerySchema, PinListResponseSchema, PinRemoveQuerySchema, PinResponseSchema, PinSchema } from "../../../domain/schemas/searches";
import { errorResponses, json } from "../../lib/schemas";

export const listPinsRoute = createRoute({
  method: "get",
  path: "/v3/accounts/pins",
  tags: ["pins"],
  summary: "The caller's pins (of one type, or all) of entities the caller still sees",
  request: { query: PinListQuerySchema },
  responses: { 200: json(PinListResponseSchema, "Pins"), 401: errorResponses[401] },
});

export const addPinRoute = createRoute({
  method: "post",
  path: "/v3/accounts/pins",
  tags: ["pins"],
  summary: "Pin for the caller (an entity the caller sees)",
  request: { body: { content: { "application/json": { schema: PinSchema } }, required: true } },
  responses: { 201: json(PinResponseSchema, "Pinned"), 404: errorResponses[404], 422: errorResponses[422] },
});

export const removePinRoute = createRoute({
  method: "delete",
  path: "/v3/accounts/pins",
  tags: ["pins"],
  summary: "Unpin for the caller: entity_id and type in the body or the query string",
  request: {
    query: PinRemoveQuerySchema,
    body: { content: { "application/json": { schema: PinSchema } }, required: false },
  },
  responses: { 204: { description: "Unpinned" }, 422: errorResponses[422] },
});
