import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import { AlertFormSchema, AlertListQuerySchema, AlertListResponseSchema, AlertResponseSchema, AlertUpdateSchema } from "../../../domain/schemas/alerts";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const tags = ["alerts"];

export const listAlertsRoute = createRoute({
  method: "get",
  path: "/v1/alerts",
  tags,
  summary: "The alerts on the saved searches and topics the caller sees, newest first, each with its newest firings",
  request: { query: AlertListQuerySchema },
  responses: {
    200: json(AlertListResponseSchema, "Alerts"),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const getAlertRoute = createRoute({
  method: "get",
  path: "/alerts/{id}",
  tags,
  request: { params: IdParamSchema },
  responses: { 200: json(AlertResponseSchema, "The alert"), 403: errorResponses[403], 404: errorResponses[404] },
});

export const createAlertRoute = createRoute({
  method: "post",
  path: "/alerts",
  tags,
  summary: "Create an alert on a saved search (search_id) or a topic (topic_id) the caller sees",
  request: { body: body(AlertFormSchema) },
  responses: {
    201: json(AlertResponseSchema, "Created"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const updateAlertRoute = createRoute({
  method: "put",
  path: "/alerts/{id}",
  tags,
  summary: "Replace an alert's fields (is_active only when given); its owner or an admin",
  request: { params: IdParamSchema, body: body(AlertUpdateSchema) },
  responses: {
    200: json(AlertResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteAlertRoute = createRoute({
  method: "delete",
  path: "/alerts/{id}",
  tags,
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const toggleAlertStateRoute = createRoute({
  method: "post",
  path: "/alerts/{id}/toggle-state",
  tags,
  summary: "Turn the alert on or off",
  request: { params: IdParamSchema },
  responses: { 200: json(AlertResponseSchema, "The alert"), 403: errorResponses[403], 404: errorResponses[404] },
});
