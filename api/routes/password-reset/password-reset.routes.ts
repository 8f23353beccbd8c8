import { createRoute } from "@hono/zod-openapi";
import {
  ForgotPasswordSchema,
  PasswordResetBodySchema,
  PasswordResetCheckQuerySchema,
  PasswordResetLinkResponseSchema,
  PasswordResetMessageResponseSchema,
} from "../../../domain/schemas/accounts";
import { errorResponses, json } from "../../lib/schemas";

const PATH = "/v1/accounts/preferences/security/password_reset";

export const requestPasswordResetRoute = createRoute({
  method: "post",
  path: PATH,
  tags: ["password reset"],
  summary: "Mail a reset link (the same answer whether or not the e-mail has an account)",
  request: { body: { content: { "application/json": { schema: ForgotPasswordSchema } }, required: true } },
  responses: { 200: json(PasswordResetMessageResponseSchema, "Accepted"), 422: errorResponses[422], 429: errorResponses[429] },
});

export const checkPasswordResetRoute = createRoute({
  method: "get",
  path: PATH,
  tags: ["password reset"],
  request: { query: PasswordResetCheckQuerySchema },
  responses: { 200: json(PasswordResetLinkResponseSchema, "The link works"), 403: errorResponses[403] },
});

export const resetPasswordRoute = createRoute({
  method: "put",
  path: PATH,
  tags: ["password reset"],
  summary: "Set a new password with the token; ends every session of the account",
  request: {
    body: {
      content: { "application/json": { schema: PasswordResetBodySchema } },
      required: true,
    },
  },
  responses: { 200: json(PasswordResetMessageResponseSchema, "Changed"), 403: errorResponses[403], 422: errorResponses[422] },
});
