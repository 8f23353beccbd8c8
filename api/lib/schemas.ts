import * as z from "zod";

/** Response shapes shared by several resources (documented in the OpenAPI document). */
export const ErrorResponseSchema = z.object({
  error_message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const AccountResponseSchema = z.object({
  id: z.number(),
  role: z.number(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  avatar_url: z.string().nullable(),
  permissions: z.record(z.string(), z.record(z.string(), z.record(z.string(), z.number()))),
  state: z.number(),
  teams: z.array(z.object({ id: z.number(), name: z.string() })),
  business_profile: z.object({
    id: z.number(),
    name: z.string(),
    logo_url: z.string().nullable(),
    time_zone: z.string(),
    active_accounts_count: z.number(),
  }),
  preferences: z.object({
    ui: z.object({ default_dashboard_streams: z.array(z.number()) }),
    security: z.object({ two_factor_authorization: z.object({ otp_enabled: z.boolean() }) }),
    general: z.object({
      url_warning: z.boolean(),
      review_on_reply: z.boolean(),
      direct_email_to_network: z.boolean(),
    }),
  }),
  is_account_overtaken: z.boolean(),
});

/** An account as a colleague who does not manage users sees it (ADR 019). */
export const MemberResponseSchema = AccountResponseSchema.pick({
  id: true,
  role: true,
  email: true,
  first_name: true,
  last_name: true,
  avatar_url: true,
  state: true,
  teams: true,
});

export const errorResponses = {
  400: { description: "Bad request", content: { "application/json": { schema: ErrorResponseSchema } } },
  401: { description: "Not signed in", content: { "application/json": { schema: ErrorResponseSchema } } },
  403: { description: "Forbidden", content: { "application/json": { schema: ErrorResponseSchema } } },
  404: { description: "Not found", content: { "application/json": { schema: ErrorResponseSchema } } },
  422: { description: "Invalid fields", content: { "application/json": { schema: ErrorResponseSchema } } },
  429: { description: "Too many attempts", content: { "application/json": { schema: ErrorResponseSchema } } },
} as const;

export const IdParamSchema = z.object({ id: z.coerce.number().int().positive() });

export function json<T extends z.ZodType>(schema: T, description: string) {
  return { description, content: { "application/json": { schema } } };
}
