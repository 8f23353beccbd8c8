import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import { LabelFormSchema, LabelListQuerySchema, LabelListResponseSchema, LabelResponseSchema, LabelUpdateSchema } from "../../../domain/schemas/inbox";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const tags = ["labels"];

export const listLabelsRoute = createRoute({
  method: "get",
  path: "/v1/labels",
  tags,
  summary: "The business profile's labels by name; optionally those made in one context",
  request: { query: LabelListQuerySchema },
  responses: {
    200: json(LabelListResponseSchema, "Labels"),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const createLabelRoute = createRoute({
  method: "post",
  path: "/labels",
  tags,
  summary: "Create a label (name required, unique ignoring case)",
  request: { body: body(LabelFormSchema) },
  responses: { 201: json(LabelResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateLabelRoute = createRoute({
  method: "patch",
  path: "/v1/labels/{id}",
  tags,
  request: { params: IdParamSchema, body: body(LabelUpdateSchema) },
  responses: {
    200: json(LabelResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteLabelRoute = createRoute({
  method: "delete",
  path: "/v1/labels/{id}",
  tags,
  summary: "Delete a label; it comes off every item",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});
