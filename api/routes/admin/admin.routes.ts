import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MESSAGES } from "../../../domain/messages";
import { AccountResponseSchema } from "../../../domain/schemas/accounts";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const wrongFormat = { error: MESSAGES.wrongFormat };

export const adminAccountRoute = createRoute({
  method: "get",
  path: "/v1/admin/accounts/{id}",
  tags: ["admin"],
  request: { params: IdParamSchema },
  responses: { 200: json(AccountResponseSchema, "Any account (system admin)"), 403: errorResponses[403], 404: errorResponses[404] },
});

export const adminBusinessProfileRoute = createRoute({
  method: "get",
  path: "/v1/admin/business_profiles/{id}",
  tags: ["admin"],
  request: { params: IdParamSchema },
  responses: {
    200: json(
      z.object({
        id: z.number(),
        name: z.string(),
        logo_url: z.string().nullable(),
        time_zone: z.string(),
        created_at: z.string(),
        copied_business_profile_id: z.number().nullable(),
        active_accounts_count: z.number(),
        default_account_id: z.number().nullable(),
      }),
      "A business profile (system admin)",
    ),
    403: errorResponses[403],
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
          schema: z.object({
            account_id: z.coerce.number(wrongFormat).int(wrongFormat).positive(wrongFormat).optional(),
            business_profile_id: z.coerce.number(wrongFormat).int(wrongFormat).positive(wrongFormat).optional(),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    201: json(
      z.object({ account: AccountResponseSchema, csrf_token: z.string(), access_token: z.string(), refresh_token: z.string() }),
      "Signed in as the account; sets the API session cookie of the take-over session",
    ),
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const endTakeoverRoute = createRoute({
  method: "delete",
  path: "/v1/admin/accounts/takeover",
  tags: ["admin"],
  summary: "End the take-over session the caller is in",
  responses: { 200: json(z.object({ admin_account_id: z.number() }), "Ended"), 400: errorResponses[400] },
});
