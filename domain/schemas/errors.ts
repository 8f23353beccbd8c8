// The API's error answers (docs/architecture.md, ADR 027): every refusal is `{ error_message, errors? }`;
// three refusals carry what the caller needs to go on, each its own schema, so the OpenAPI document, the
// services that raise them (domain/errors.ts `withDetails`) and the web client (`ApiError.detailsAs`)
// share one shape.
import * as z from "zod";

/** Every refusal: the message (the catalogue's), and per field its messages for a 422. */
export const ErrorResponseSchema = z.object({
  error_message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

/** A 400 for a query the language cannot read (ADR 012): where its first fault is, in UTF-16 units. */
export const QueryFaultErrorResponseSchema = ErrorResponseSchema.extend({
  offset: z.number().int().describe("Where the fault starts in the query text"),
  length: z.number().int().describe("How long the faulty part is"),
  group_index: z.number().int().optional().describe("In a definition: the group holding the fault"),
  value_index: z.number().int().optional().describe("In a definition: the group's value holding the fault"),
});

/** A 409 for a reply written before newer replies came in (nothing was stored). */
export const StaleReplyErrorResponseSchema = ErrorResponseSchema.extend({
  reply_count: z.number().int().describe("How many replies the item has now"),
});

/** The sign-in's 401: after a right password on an account with two-factor sign-in, the code step's token (ADR 008). */
export const SignInRefusedResponseSchema = ErrorResponseSchema.extend({
  otp_token: z.string().optional().describe("Only after a right password when a code is needed: sent back with otp_code instead of the password"),
});

/** The error answers that carry more than the message. */
export type DetailedErrorSchema =
  | typeof QueryFaultErrorResponseSchema
  | typeof StaleReplyErrorResponseSchema
  | typeof SignInRefusedResponseSchema;
