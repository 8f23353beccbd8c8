import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { AccountResponseSchema } from "../../../domain/schemas/accounts";
import {
  BusinessProfileListResponseSchema,
  BusinessProfileLogoQuerySchema,
  BusinessProfileResponseSchema,
  DiscordBotListResponseSchema,
  DiscordBotsQuerySchema,
  LOGO_CONTENT_TYPES,
} from "../../../domain/schemas/business-profiles";
import { SessionResponseSchema, TakeoverBodySchema, TakeoverEndResponseSchema } from "../../../domain/schemas/session";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const adminAccountRoute = createRoute({
  method: "get",
  path: "/v1/admin/accounts/{id}",
  tags: ["admin"],
  request: { params: IdParamSchema },
  responses: { 200: json(AccountResponseSchema, "Any account (system admin)"), 403: errorResponses[403], 404: errorResponses[404] },
});

/**
 * The multipart form as the document describes it. The handler reads the form itself with the domain's
 * schema (BusinessProfileCreateSchema / UpdateSchema: a File is no type the document can write), after the
 * permission check; this one lets any value through so that the route's own check refuses nothing first.
 */
const multipartBody = (fields: Record<string, string>, description: string) => ({
  body: {
    description,
    content: {
      "multipart/form-data": {
        schema: z.object(Object.fromEntries(Object.entries(fields).map(([name, text]) => [name, z.unknown().optional().describe(text)]))),
      },
    },
    required: false,
  },
});

export const listBusinessProfilesRoute = createRoute({
  method: "get",
  path: "/v1/admin/business_profiles",
  tags: ["admin"],
  summary: "Every business profile with its logo, time zone, created_at and activeAccountsCount (system admin)",
  responses: { 200: json(BusinessProfileListResponseSchema, "The profiles"), 403: errorResponses[403] },
});

export const createBusinessProfileRoute = createRoute({
  method: "post",
  path: "/v1/admin/business_profiles",
  tags: ["admin"],
  summary: "A new business profile (multipart: name, logo when a file was chosen, copied_business_profile_id) with its default account",
  request: multipartBody(
    { name: "required; letters, numbers and spaces", logo: "a file: PNG, JPEG or WebP, at most 512 KB", copied_business_profile_id: "the profile to copy from" },
    "The new profile",
  ),
  responses: {
    201: json(BusinessProfileResponseSchema, "Created, with a copy of the source's configuration when one was named"),
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const updateBusinessProfileRoute = createRoute({
  method: "patch",
  path: "/v1/admin/business_profiles",
  tags: ["admin"],
  summary: "Rename a business profile or replace its logo (multipart: id, name, logo when a file was chosen)",
  request: multipartBody(
    { id: "the profile", name: "required; letters, numbers and spaces", logo: "a file: PNG, JPEG or WebP, at most 512 KB" },
    "The profile's changes",
  ),
  responses: {
    200: json(BusinessProfileResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

// Before /v1/admin/business_profiles/{id}, which would otherwise take "discord_bots" for an id.
export const discordBotsRoute = createRoute({
  method: "get",
  path: "/v1/admin/business_profiles/discord_bots",
  tags: ["admin"],
  summary: "A profile's Discord bots: its Discord streams with server, channel, status and last delivery",
  request: { query: DiscordBotsQuerySchema },
  responses: {
    200: json(DiscordBotListResponseSchema, "The bots"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const adminBusinessProfileRoute = createRoute({
  method: "get",
  path: "/v1/admin/business_profiles/{id}",
  tags: ["admin"],
  request: { params: IdParamSchema },
  responses: {
    200: json(BusinessProfileResponseSchema, "A business profile with its default account (system admin)"),
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const businessProfileLogoRoute = createRoute({
  method: "get",
  path: "/v1/business_profiles/{id}/logo",
  tags: ["business profiles"],
  summary: "A profile's logo, with its own content type and nosniff; `v` is the address's version (from logo_url)",
  request: { params: IdParamSchema, query: BusinessProfileLogoQuerySchema },
  responses: {
    200: {
      description: "The logo",
      content: Object.fromEntries(LOGO_CONTENT_TYPES.map((type) => [type, { schema: z.string().describe("binary") }])),
    },
    404: errorResponses[404],
  },
});

export const startTakeoverRoute = createRoute({
  method: "post",
  path: "/v1/admin/accounts/takeover",
  tags: ["admin"],
  summary: "Take over an account, or a business profile's default account (system admin)",
  request: {
    body: {
      content: {
        "application/json": {
          schema: TakeoverBodySchema,
        },
      },
      required: true,
    },
  },
  responses: {
    201: json(SessionResponseSchema, "Signed in as the account; sets the API session cookie of the take-over session"),
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const endTakeoverRoute = createRoute({
  method: "delete",
  path: "/v1/admin/accounts/takeover",
  tags: ["admin"],
  summary: "End the take-over session the caller is in",
  responses: { 200: json(TakeoverEndResponseSchema, "Ended"), 400: errorResponses[400] },
});
