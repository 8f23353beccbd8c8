import * as z from "zod";
import { NETWORK_IDS } from "../networks";

// What the helper is asked to find (issue 27, ADR 042): a plan, the same whoever made it (the built-in
// planner or the model's tool calls). Pure data, shared by the planner, the tools, the bench and tests.

const HELPER_INTENTS = [
  "volume",
  "sentiment",
  "sentiment_trend",
  "networks",
  "languages",
  "countries",
  "top_posts",
  "trending_keywords",
  "themes",
  "first_reply",
  "why_change",
] as const;
export type HelperIntent = (typeof HELPER_INTENTS)[number];

export const HELPER_SENTIMENTS = ["positive", "neutral", "negative"] as const;
export type HelperSentiment = (typeof HELPER_SENTIMENTS)[number];
/** Stored sentiment values (domain/dashboard.ts TERM_SENTIMENT). */
export const SENTIMENT_VALUE: Record<HelperSentiment, number> = { positive: 1, neutral: 0, negative: -1 };

/**
 * A period as words name it, resolved against the tenant's zone and now (domain/helper/periods.ts):
 * `day` 0 today, -1 yesterday; `week`/`month` 0 this one so far, -1 the last whole one; `days`/`hours`
 * the last N calendar days (as the dashboard's presets) or full hours.
 */
const HelperPeriodSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("day"), offset: z.union([z.literal(0), z.literal(-1)]) }),
  z.object({ kind: z.literal("week"), offset: z.union([z.literal(0), z.literal(-1)]) }),
  z.object({ kind: z.literal("month"), offset: z.union([z.literal(0), z.literal(-1)]) }),
  z.object({ kind: z.literal("days"), count: z.number().int().min(1).max(366) }),
  z.object({ kind: z.literal("hours"), count: z.number().int().min(1).max(72) }),
]);
export type HelperPeriod = z.infer<typeof HelperPeriodSchema>;

export const HelperPlanSchema = z.object({
  intent: z.enum(HELPER_INTENTS),
  period: HelperPeriodSchema,
  /** Also read the period before (of the same length, or the previous calendar week or month). */
  compare: z.boolean(),
  networks: z.array(z.enum(NETWORK_IDS)),
  sentiments: z.array(z.enum(HELPER_SENTIMENTS)),
  /** Dashboard context tokens ('1-12' a saved search, '2-5' a topic); empty: the default context. */
  contexts: z.array(z.string().regex(/^\d+-\d+$/)).max(3),
});
export type HelperPlan = z.infer<typeof HelperPlanSchema>;

/** Why a question gets no plan: said to the asker in the catalogue's words. */
export type PlanRefusal = "empty" | "unsupported_language" | "out_of_scope" | "cannot_answer";

export type HelperLanguage = "en" | "es" | "de" | "fr";

/** The longest question the helper reads. */
export const HELPER_QUESTION_MAX = 500;
