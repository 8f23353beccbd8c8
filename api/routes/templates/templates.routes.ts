import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  TemplateFormSchema,
  TemplateListQuerySchema,
  TemplateListResponseSchema,
  TemplateResponseSchema,
  TemplateUpdateSchema,
} from "../../../domain/schemas/templates";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const listTemplatesRoute = createRoute({
  method: "get",
  path: "/v1/templates",
  tags: ["templates"],
  summary:
    "Templates the caller sees, with the caller's pins: pinned first, then by update date; search (name or message), categories and languages (any of them), for_selection=1 leaves out inactive ones",
  request: { query: TemplateListQuerySchema },
  responses: {
    200: json(TemplateListResponseSchema, "Templates"),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const createTemplateRoute = createRoute({
  method: "post",
  path: "/v1/templates",
  tags: ["templates"],
  summary: "Create a template; visibility as saved searches' (Only Me 1, Everyone 2, Teams 3 with team ids)",
  request: { body: body(TemplateFormSchema) },
  responses: { 201: json(TemplateResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateTemplateRoute = createRoute({
  method: "patch",
  path: "/v1/templates/{id}",
  tags: ["templates"],
  summary: "Change a template the caller sees (a field left out keeps its value)",
  request: { params: IdParamSchema, body: body(TemplateUpdateSchema) },
  responses: {
    200: json(TemplateResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteTemplateRoute = createRoute({
  method: "delete",
  path: "/v1/templates/{id}",
  tags: ["templates"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const pinTemplateRoute = createRoute({
  method: "post",
  path: "/v1/templates/{id}/pin",
  tags: ["templates"],
  summary: "Pin a template for the caller (pins are per user)",
  request: { params: IdParamSchema },
  responses: { 200: json(TemplateResponseSchema, "Pinned"), 403: errorResponses[403], 404: errorResponses[404] },
});

export const unpinTemplateRoute = createRoute({
  method: "delete",
  path: "/v1/templates/{id}/pin",
  tags: ["templates"],
  summary: "Remove the caller's pin of a template",
  request: { params: IdParamSchema },
  responses: { 200: json(TemplateResponseSchema, "Unpinned"), 403: errorResponses[403], 404: errorResponses[404] },
});
