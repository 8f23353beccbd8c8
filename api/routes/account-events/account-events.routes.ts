import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MESSAGES } from "../../../domain/messages";
import { requiredString } from "../../../domain/schemas/common";
import { errorResponses, json } from "../../lib/schemas";

// Field errors speak the message catalogue, like every other 422 of the API.
const wrongFormat = { error: MESSAGES.wrongFormat };
const tooLong = { error: MESSAGES.maxLength };

export const AccountEventBodySchema = z.object({
  action_type: requiredString().max(100, tooLong),
  event_type: requiredString().max(100, tooLong),
  action_module: requiredString().max(300, tooLong),
  context_id: z.number(wrongFormat).int(wrongFormat).optional(),
  context_type: z.number(wrongFormat).int(wrongFormat).optional(),
  social_type: z.string(wrongFormat).max(50, tooLong).optional(),
});

export const createAccountEventRoute = createRoute({
  method: "post",
  path: "/v1/account_events",
  tags: ["account events"],
  summary: "Record a page view or a user action",
  request: { body: { content: { "application/json": { schema: AccountEventBodySchema } }, required: true } },
  responses: {
    201: json(z.object({ id: z.number() }), "Recorded"),
    401: errorResponses[401],
    403: errorResponses[403],
    422: errorResponses[422],
  },
});
