import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  RuleAuthorListResponseSchema,
  RuleAuthorsQuerySchema,
  RuleFormSchema,
  RuleListResponseSchema,
  RuleProfileQuerySchema,
  RuleResponseSchema,
  RuleTestResponseSchema,
  RuleTestSchema,
} from "../../../domain/schemas/rules";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const tags = ["rules"];
const refusals = { 401: errorResponses[401], 403: errorResponses[403] };

export const listRulesRoute = createRoute({
  method: "get",
  path: "/v1/admin/rules",
  tags,
  summary: "The business profile's rules in the order they run, with how many mentions each acted on (admin)",
  request: { query: RuleProfileQuerySchema },
  responses: { 200: json(RuleListResponseSchema, "Rules"), ...refusals },
});

export const createRuleRoute = createRoute({
  method: "post",
  path: "/v1/admin/rules",
  tags,
  summary: "Create a rule: name unique, action (rule_type) and target (status_type) required, queries linted (admin)",
  request: { body: body(RuleFormSchema) },
  responses: {
    201: json(RuleResponseSchema, "Created"),
    ...refusals,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const updateRuleRoute = createRoute({
  method: "patch",
  path: "/v1/admin/rules/{id}",
  tags,
  summary: "Edit a rule (the same fields as create); a broken rule runs again once saved (admin)",
  request: { params: IdParamSchema, query: RuleProfileQuerySchema, body: body(RuleFormSchema) },
  responses: {
    200: json(RuleResponseSchema, "Updated"),
    ...refusals,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteRuleRoute = createRoute({
  method: "delete",
  path: "/v1/admin/rules/{id}",
  tags,
  summary: "Delete a rule; what it already did stays (admin)",
  request: { params: IdParamSchema, query: RuleProfileQuerySchema },
  responses: { 204: { description: "Deleted" }, ...refusals, 404: errorResponses[404] },
});

export const applyRuleRoute = createRoute({
  method: "post",
  path: "/v1/admin/rules/{id}/apply",
  tags,
  summary: "Apply a rule to the stored mentions in the background; the rule's `apply` shows the progress (admin)",
  request: { params: IdParamSchema, query: RuleProfileQuerySchema },
  responses: {
    202: json(RuleResponseSchema, "Started"),
    ...refusals,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const testRuleRoute = createRoute({
  method: "post",
  path: "/v1/admin/rules/test",
  tags,
  summary: "Test a rule's target: how many of the last 7 days' mentions it would match, with the newest few (admin)",
  request: { body: body(RuleTestSchema) },
  responses: {
    200: json(RuleTestResponseSchema, "Matches"),
    ...refusals,
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const listRuleAuthorsRoute = createRoute({
  method: "get",
  path: "/v1/admin/rules/authors",
  tags,
  summary: "The authors a rule can name: the 100 most followed, the 100 most recently seen, and those asked for by id (admin)",
  request: { query: RuleAuthorsQuerySchema },
  responses: { 200: json(RuleAuthorListResponseSchema, "Authors"), ...refusals },
});
