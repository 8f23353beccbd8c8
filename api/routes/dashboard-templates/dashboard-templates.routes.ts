import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  DashboardTemplateBodySchema,
  DashboardTemplateListResponseSchema,
  DashboardTemplatePatchSchema,
  DashboardTemplateResponseSchema,
} from "../../../domain/schemas/dashboard-config";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const listDashboardTemplatesRoute = createRoute({
  method: "get",
  path: "/v1/dashboard/templates",
  tags: ["dashboard"],
  summary: "The tenant's dashboard templates, by name",
  responses: { 200: json(DashboardTemplateListResponseSchema, "Templates"), 401: errorResponses[401], 403: errorResponses[403] },
});

export const createDashboardTemplateRoute = createRoute({
  method: "post",
  path: "/v1/dashboard/templates",
  tags: ["dashboard"],
  summary: "Save a dashboard template: name, time, time_unit (Days|Hours|Months), config { context_ids (≤ 3 tokens 'type-id'), widgets [{ id, config }] }",
  request: { body: body(DashboardTemplateBodySchema) },
  responses: {
    201: json(DashboardTemplateResponseSchema, "Created"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const getDashboardTemplateRoute = createRoute({
  method: "get",
  path: "/v1/dashboard/templates/{id}",
  tags: ["dashboard"],
  request: { params: IdParamSchema },
  responses: { 200: json(DashboardTemplateResponseSchema, "Template"), 403: errorResponses[403], 404: errorResponses[404] },
});

export const updateDashboardTemplateRoute = createRoute({
  method: "patch",
  path: "/v1/dashboard/templates/{id}",
  tags: ["dashboard"],
  summary: "Change a dashboard template (a field left out keeps its value)",
  request: { params: IdParamSchema, body: body(DashboardTemplatePatchSchema) },
  responses: {
    200: json(DashboardTemplateResponseSchema, "Updated"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});
