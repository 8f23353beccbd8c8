import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  TemplateFormSchema,
  TemplateListResponseSchema,
  TemplateResponseSchema,
  TemplateUpdateSchema,
} from "../../../domain/schemas/templates";
import { TEMPLATE_DATE_ORDERS, TEMPLATE_LIST_LIMIT } from "../../../domain/templates";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

/** A comma list in the query string (`categories=twitter,fb`), or the parameter repeated. */
const commaList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) => (Array.isArray(v) ? v : [v]).flatMap((part) => part.split(",")).map((s) => s.trim()).filter(Boolean))
  .optional();

export const listTemplatesRoute = createRoute({
  method: "get",
  path: "/v1/templates",
  tags: ["templates"],
  summary:
    "Templates the caller sees, with the caller's pins: pinned first, then by update date; search (name or message), categories and languages (any of them), for_selection=1 leaves out inactive ones",
  request: {
    query: z.object({
      search: z.string().max(200).optional(),
      categories: commaList,
      languages: commaList,
      order: z.enum(TEMPLATE_DATE_ORDERS).optional(),
      for_selection: z.enum(["0", "1", "true", "false"]).optional(),
      offset: z.coerce.number().int().min(0).max(100_000).default(0),
      limit: z.coerce.number().int().min(1).max(TEMPLATE_LIST_LIMIT).default(TEMPLATE_LIST_LIMIT),
    }),
  },
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
