// The moderation report's query strings (spec analytics §3; ADR 037). Its form and answers are in ./replies,
// beside the reply's.
import * as z from "zod";

/** GET /v1/moderation/events/export-to-csv: the report's order and filters. */
export const ModerationReportQuerySchema = z.object({
  order: z
    .string()
    .max(40)
    .optional()
    .describe('"{field} asc|desc": agent, user, action, reason, dateAndTime, post, originalText, note; default "dateAndTime desc" (ties: newest first)'),
  filters: z
    .string()
    .max(4000)
    .optional()
    .describe("JSON: actions (codes or texts), reasons, social_types, agent_ids, agent (part of a name), user, search, period (a preset id) or from and to"),
});

/** GET /v1/moderation/events: the same, and the page (from 1). */
export const ModerationEventsQuerySchema = ModerationReportQuerySchema.extend({ page: z.coerce.number().int().min(1).max(100_000).default(1) });
