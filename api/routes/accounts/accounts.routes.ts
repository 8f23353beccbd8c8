import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { AccountResponseSchema, errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const currentAccountRoute = createRoute({
  method: "get",
  path: "/accounts",
  tags: ["accounts"],
  summary: "The signed-in account (the web client caches it per request unless forced)",
  request: { query: z.object({ force: z.string().optional() }) },
  responses: { 200: json(AccountResponseSchema, "The caller's account"), 401: errorResponses[401] },
});

export const getAccountRoute = createRoute({
  method: "get",
  path: "/v1/accounts/{id}",
  tags: ["accounts"],
  request: { params: IdParamSchema },
  responses: {
    200: json(AccountResponseSchema, "An account of the caller's business profile"),
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const listAccountsRoute = createRoute({
  method: "get",
  path: "/v1/accounts",
  tags: ["accounts"],
  request: { query: z.object({ business_profile_id: z.coerce.number().int().positive().optional() }) },
  responses: {
    200: json(z.object({ data: z.array(AccountResponseSchema) }), "Accounts of the business profile"),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});
