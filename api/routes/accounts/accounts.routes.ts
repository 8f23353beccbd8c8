import { createRoute } from "@hono/zod-openapi";
import {
  AccountListQuerySchema,
  AccountListResponseSchema,
  AccountOrMemberResponseSchema,
  AccountResponseSchema,
  CurrentAccountQuerySchema,
  SignUpBodySchema,
  UpdateMemberBodySchema,
} from "../../../domain/schemas/accounts";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const currentAccountRoute = createRoute({
  method: "get",
  path: "/accounts",
  tags: ["accounts"],
  summary: "The signed-in account (the web client caches it per request unless forced)",
  request: { query: CurrentAccountQuerySchema },
  responses: { 200: json(AccountResponseSchema, "The caller's account"), 401: errorResponses[401] },
});

export const getAccountRoute = createRoute({
  method: "get",
  path: "/v1/accounts/{id}",
  tags: ["accounts"],
  request: { params: IdParamSchema },
  responses: {
    200: json(
      AccountOrMemberResponseSchema,
      "An account of the caller's business profile: whole to its owner and to admins, as a member to other agents",
    ),
    401: errorResponses[401],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const listAccountsRoute = createRoute({
  method: "get",
  path: "/v1/accounts",
  tags: ["accounts"],
  request: { query: AccountListQuerySchema },
  responses: {
    200: json(
      AccountListResponseSchema,
      "Accounts of the business profile: whole to admins, as members to agents",
    ),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const signUpRoute = createRoute({
  method: "post",
  path: "/v1/accounts",
  tags: ["accounts"],
  summary: "Sign up from an invite (the invite decides business profile, role and teams)",
  request: {
    body: {
      content: {
        "application/json": {
          schema: SignUpBodySchema,
        },
      },
      required: true,
    },
  },
  responses: {
    201: json(AccountResponseSchema, "The new account"),
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const updateMemberRoute = createRoute({
  method: "patch",
  path: "/v1/accounts/{id}",
  tags: ["accounts"],
  summary: "Change a member's role and teams (admins and system admins)",
  request: {
    params: IdParamSchema,
    body: { content: { "application/json": { schema: UpdateMemberBodySchema } }, required: true },
  },
  responses: {
    200: json(AccountResponseSchema, "The updated account"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const removeMemberRoute = createRoute({
  method: "delete",
  path: "/v1/accounts/{id}",
  tags: ["accounts"],
  summary: "Remove a member (state deleted; their work is kept)",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Removed" }, 403: errorResponses[403], 404: errorResponses[404] },
});
