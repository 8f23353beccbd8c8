import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MODERATION_ACTION_CODES, MODERATION_REASONS } from "../../../domain/inbox";
import { ModerationFormSchema } from "../../../domain/schemas/replies";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const ModerationEventResponseSchema = z.object({
  id: z.number(),
  feed_item_id: z.number().nullable().describe("null once the item was deleted"),
  social_type: z.string(),
  agent: z.string(),
  agent_account_id: z.number().nullable(),
  user: z.string().describe("The item's author"),
  action: z.string().describe("The report's text, e.g. 'post deleted'"),
  action_code: z.enum(MODERATION_ACTION_CODES).nullable(),
  reason: z.string(),
  note: z.string(),
  post: z.string().nullable().describe("The post's address, or its text when it has none"),
  original_text: z.string(),
  delivery: z.string().describe("sent, failed, manual (to be done on the network by hand) or sending"),
  date_and_time: z.string(),
});

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const tags = ["moderation"];

export const moderateItemRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/moderation",
  tags,
  summary:
    "Take a moderation action on an item or its author with a reason (spec analytics §3): writes a moderation event and a moderation row in the item's history; delete_post closes the item; delivered through the outbound connector or left manual",
  request: { params: IdParamSchema, body: body(ModerationFormSchema) },
  responses: {
    201: json(ModerationEventResponseSchema.extend({ delivery_error: z.string().nullable() }), "The event"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const listModerationEventsRoute = createRoute({
  method: "get",
  path: "/v1/moderation/events",
  tags,
  summary:
    'The moderation report, 8 per page: page (from 1), order "{field} asc|desc" (agent, user, action, reason, dateAndTime, post, originalText, note; default "dateAndTime desc"), filters (JSON: actions, reasons, social_types, agent, user, search, from, to)',
  request: {
    query: z.object({
      page: z.coerce.number().int().min(1).max(100_000).default(1),
      order: z.string().max(40).optional(),
      filters: z.string().max(4000).optional(),
    }),
  },
  responses: {
    200: json(
      z.object({
        data: z.array(ModerationEventResponseSchema),
        page: z.number(),
        per_page: z.number(),
        total: z.number(),
        total_pages: z.number(),
      }),
      "A page of events",
    ),
    400: errorResponses[400],
    403: errorResponses[403],
  },
});

export const moderationFiltersRoute = createRoute({
  method: "get",
  path: "/v1/moderation/filters",
  tags,
  summary: "The report's filter choices: the actions (code, label, event text, target) and the reasons",
  responses: {
    200: json(
      z.object({
        results: z.object({
          actions: z.array(z.object({ code: z.enum(MODERATION_ACTION_CODES), label: z.string(), event: z.string(), target: z.enum(["post", "user"]) })),
          reasons: z.array(z.enum(MODERATION_REASONS)),
        }),
      }),
      "Filter choices",
    ),
    403: errorResponses[403],
  },
});
