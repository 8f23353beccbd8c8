import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ModerationEventPageResponseSchema,
  ModerationFiltersResponseSchema,
  ModerationFormSchema,
  ModerationResultResponseSchema,
} from "../../../domain/schemas/replies";
import { ModerationEventsQuerySchema, ModerationReportQuerySchema } from "../../../domain/schemas/moderation";
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
  summary: "The moderation report, 8 per page: page (from 1), order and filters (a bad one is a 400 naming it)",
  request: { query: ModerationEventsQuerySchema },
  responses: {
    200: json(ModerationEventPageResponseSchema, "A page of events"),
    400: errorResponses[400],
    403: errorResponses[403],
  },
});

export const exportModerationEventsRoute = createRoute({
  method: "get",
  path: "/v1/moderation/events/export-to-csv",
  tags,
  summary:
    "Every event the filters match (not one page), in the order asked, as CSV (ADR 036's writer: formula-like cells neutralised), streamed a batch at a time (ADR 037)",
  request: { query: ModerationReportQuerySchema },
  responses: {
    200: { description: "CSV with a header row: agent, user, action, reason, date_and_time, post, original_text, note, network, delivery", content: { "text/csv": { schema: z.string() } } },
    400: errorResponses[400],
    403: errorResponses[403],
  },
});

export const moderationFiltersRoute = createRoute({
  method: "get",
  path: "/v1/moderation/filters",
  tags,
  summary: "The report's filter choices as results: actions (code, label, event text, target), reasons, the tenant's agents and networks, periods",
  responses: {
    200: json(ModerationFiltersResponseSchema, "Filter choices"),
    403: errorResponses[403],
  },
});
