import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  ChangePasswordSchema,
  DefaultStreamsSchema,
  DisableTwoFactorSchema,
  GeneralPreferencesSchema,
  OtpCodeSchema,
  UiPreferencesSchema,
} from "../../../domain/schemas/accounts";
import {
  AccountResponseSchema,
  BackupCodesResponseSchema,
  PasswordChangedResponseSchema,
  TwoFactorOffResponseSchema,
  TwoFactorSetupResponseSchema,
} from "../../../domain/schemas/accounts";
import { errorResponses, json } from "../../lib/schemas";

const BASE = "/v1/accounts/preferences";
const jsonBody = <T extends z.ZodType>(schema: T) => ({
  body: { content: { "application/json": { schema } }, required: true },
});

export const generalPreferencesRoute = createRoute({
  method: "put",
  path: `${BASE}/general`,
  tags: ["preferences"],
  request: jsonBody(GeneralPreferencesSchema),
  responses: { 200: json(AccountResponseSchema, "The account with its new preferences"), 401: errorResponses[401] },
});

export const uiPreferencesRoute = createRoute({
  method: "patch",
  path: `${BASE}/ui`,
  tags: ["preferences"],
  summary: "The caller's inbox layout: dense rows or cards (ADR 033); other UI preferences are kept",
  request: jsonBody(UiPreferencesSchema),
  responses: {
    200: json(AccountResponseSchema, "The account with its new preferences"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

export const defaultStreamsRoute = createRoute({
  method: "put",
  path: `${BASE}/ui/default_streams`,
  tags: ["preferences"],
  summary: "The streams the caller sees first (ADR 040): the inbox opens on the first, the dashboard shows every mention of them",
  request: jsonBody(DefaultStreamsSchema),
  responses: {
    200: json(AccountResponseSchema, "The account with its new preferences"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});

export const changePasswordRoute = createRoute({
  method: "put",
  path: `${BASE}/security/password`,
  tags: ["preferences"],
  summary: "Change the password; every other session of the account ends",
  request: jsonBody(ChangePasswordSchema),
  responses: { 200: json(PasswordChangedResponseSchema, "Changed"), 422: errorResponses[422] },
});

export const setupTwoFactorRoute = createRoute({
  method: "post",
  path: `${BASE}/security/two_factor_authentication/setup`,
  tags: ["two-factor"],
  summary: "A new TOTP secret with its otpauth URI and QR code (inactive until activated)",
  responses: {
    200: json(TwoFactorSetupResponseSchema, "Secret"),
    409: { description: "Already on" },
  },
});

export const activateTwoFactorRoute = createRoute({
  method: "post",
  path: `${BASE}/security/two_factor_authentication/activate`,
  tags: ["two-factor"],
  request: jsonBody(OtpCodeSchema),
  responses: { 200: json(BackupCodesResponseSchema, "On, with 10 backup codes"), 422: errorResponses[422] },
});

export const regenerateBackupCodesRoute = createRoute({
  method: "post",
  path: `${BASE}/security/two_factor_authentication/regenerate_backup_codes`,
  tags: ["two-factor"],
  responses: { 200: json(BackupCodesResponseSchema, "10 new backup codes"), 400: errorResponses[400] },
});

export const disableTwoFactorRoute = createRoute({
  method: "post",
  path: "/accounts/two_factor_authentications",
  tags: ["two-factor"],
  summary: "Turn two-factor login off (needs the password)",
  request: jsonBody(DisableTwoFactorSchema),
  responses: { 200: json(TwoFactorOffResponseSchema, "Off"), 422: errorResponses[422] },
});
