import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ModerationEventPageResponseSchema,
  ModerationFiltersResponseSchema,
  ModerationFormSchema,
  ModerationResultResponseSchema,
} from "../../../domain/schemas/replies";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

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
    201: json(ModerationResultResponseSchema, "The event"),
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
    200: json(ModerationEventPageResponseSchema, "A page of events"),
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
    200: json(ModerationFiltersResponseSchema, "Filter choices"),
    403: errorResponses[403],
  },
});
