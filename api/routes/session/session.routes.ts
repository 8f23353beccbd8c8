import { createRoute } from "@hono/zod-openapi";
import { LoginSchema } from "../../../domain/schemas/login";
import {
  RefreshSessionBodySchema,
  SessionResponseSchema,
  SessionTokenResponseSchema,
  TokenPairResponseSchema,
} from "../../../domain/schemas/session";
import { SignInRefusedResponseSchema } from "../../../domain/schemas/errors";
import { errorResponses, json } from "../../lib/schemas";

export const createSessionRoute = createRoute({
  method: "post",
  path: "/v1/session",
  tags: ["session"],
  summary: "Sign in with e-mail, password and (when 2FA is on) otp_code",
  request: { body: { content: { "application/json": { schema: LoginSchema } }, required: true } },
  responses: {
    201: json(SessionResponseSchema, "Signed in; also sets the API session cookie"),
    401: json(SignInRefusedResponseSchema, "Not signed in; after a right password when a code is needed, with the code step's otp_token"),
    422: errorResponses[422],
    429: errorResponses[429],
  },
});

export const refreshSessionRoute = createRoute({
  method: "put",
  path: "/v1/session",
  tags: ["session"],
  summary: "Exchange the refresh token (as bearer) for a new pair; a reused refresh token revokes the session",
  request: {
    body: {
      content: { "application/json": { schema: RefreshSessionBodySchema } },
      required: false,
    },
  },
  responses: { 200: json(TokenPairResponseSchema, "A new token pair"), 401: errorResponses[401] },
});

export const deleteSessionRoute = createRoute({
  method: "delete",
  path: "/v1/session",
  tags: ["session"],
  summary: "Sign out: revoke the session and all its tokens",
  responses: { 204: { description: "Signed out" }, 401: errorResponses[401], 403: errorResponses[403] },
});

export const tokenRoute = createRoute({
  method: "get",
  path: "/accounts/token",
  tags: ["session"],
  summary: "Mint a new token pair from the API session cookie",
  responses: {
    200: json(SessionTokenResponseSchema, "A new token pair"),
    401: errorResponses[401],
  },
});

export const logoutRoute = createRoute({
  method: "get",
  path: "/accounts/logout",
  tags: ["session"],
  summary: "Sign out through the API session cookie",
  responses: { 204: { description: "Signed out" } },
});
