import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { errorResponses, json } from "../../lib/schemas";

export const AccountEventBodySchema = z.object({
  action_type: z.string().trim().min(1).max(100),
  event_type: z.string().trim().min(1).max(100),
  action_module: z.string().trim().min(1).max(300),
  context_id: z.number().int().optional(),
  context_type: z.number().int().optional(),
  social_type: z.string().max(50).optional(),
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
