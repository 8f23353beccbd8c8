// The dashboard's count widgets (ADR 015): GET (or GET via POST, spec §7) reads whose common body (range,
// compared_range, time_zone, interval, contexts, properties) arrives as a nested query string.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { errorResponses, json } from "../../lib/schemas";

const tags = ["dashboard"];
const Range = z.object({ from: z.string(), to: z.string() });
const ContextSchema = z.object({ context_type: z.number(), context_id: z.number(), title: z.string(), color: z.string() });
const MetaSchema = z.object({
  range: Range,
  compared_range: Range.nullable(),
  interval: z.string(),
  time_zone: z.string(),
  source: z.enum(["rollup", "raw"]),
  cached: z.boolean(),
});
const answer = (entry: z.ZodRawShape) => z.object({ data: z.array(z.object({ context: ContextSchema, ...entry })), meta: MetaSchema });
const refusals = { 400: errorResponses[400], 401: errorResponses[401], 404: errorResponses[404] };
const read = (path: string, summary: string, body: z.ZodType) =>
  createRoute({ method: "get", path, tags, summary, responses: { 200: json(body, "Per context, in request order"), ...refusals } });
const readCsv = (path: string, summary: string) =>
  createRoute({
    method: "get",
    path,
    tags,
    summary,
    responses: { 200: { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } }, ...refusals },
  });

const Sentiment = { neutral: z.number(), positive: z.number(), negative: z.number() };
const SentimentPayload = { totals: z.object(Sentiment), series: z.array(z.object({ bucket: z.string(), ...Sentiment })) };
const ValuePoint = z.object({ bucket: z.string(), value: z.number().nullable() });
const Score = { value: z.number().nullable(), previous: z.number().nullable(), series: z.array(ValuePoint) };
const Sla = {
  median_seconds: z.number().nullable(),
  average_seconds: z.number().nullable(),
  replied: z.number(),
  unreplied: z.number(),
  series: z.array(z.object({ bucket: z.string(), median_seconds: z.number().nullable(), value: z.number().nullable(), replied: z.number() })),
};

export const sentimentRoute = read("/v1/dashboard/sentiment", "Mentions by sentiment: totals and per bucket", answer(SentimentPayload));
export const comparedSentimentRoute = read(
  "/v1/dashboard/compared_sentiment",
  "Sentiment of the range and of the compared range (or the previous period), with the change in %",
  answer({
    ...SentimentPayload,
    compared: z.object({ range: Range, ...SentimentPayload }),
    change: z.object({ neutral: z.number().nullable(), positive: z.number().nullable(), negative: z.number().nullable() }),
  }),
);
export const networksRoute = read(
  "/v1/dashboard/networks",
  "Mentions, engagement and reach per network (count_only: mentions only)",
  answer({ items: z.array(z.object({ social_type: z.string(), mentions: z.number(), engagement: z.number().optional(), reach: z.number().optional() })) }),
);
const Demographics = answer({ items: z.array(z.object({ key: z.string(), mentions: z.number(), share: z.number() })), total: z.number() });
export const languagesRoute = read("/v1/dashboard/demographics/languages", "Top languages ('und' and empty excluded), limit", Demographics);
export const countriesRoute = read("/v1/dashboard/demographics/countries", "Top countries (empty excluded), limit", Demographics);
export const languagesCsvRoute = readCsv("/v1/dashboard/demographics/languages.csv", "Top languages as CSV");
export const countriesCsvRoute = readCsv("/v1/dashboard/demographics/countries.csv", "Top countries as CSV");
const Sum = answer({ series: z.array(ValuePoint), total: z.number() });
export const engagementRoute = read("/v1/dashboard/engagement", "Total engagements per bucket and in all", Sum);
export const reachRoute = read("/v1/dashboard/reach", "Reach per bucket and in all", Sum);
export const impactScoreRoute = read("/v1/dashboard/impact_score", "Mean impact score of the mentions (ADR 011), previous period, per bucket", answer(Score));
export const reputationRoute = read("/v1/dashboard/reputation", "Reputation 0–100 from positive and negative mentions (ADR 015), previous period, per bucket", answer(Score));
export const sharesCountRoute = read("/v1/dashboard/shares_count", "Shares, previous period, per bucket", answer(Score));
export const reachScoreRoute = read("/v1/dashboard/reach_score", "Mean reach per mention, previous period, per bucket", answer(Score));
export const reviewsRoute = read(
  "/v1/dashboard/reviews",
  "Reviews per network (social_types, default trustpilot, googlePlay, ios): count, average rating, 1–5 histogram; reviews per bucket",
  answer({
    items: z.array(z.object({ social_type: z.string(), reviews: z.number(), average_rating: z.number().nullable(), ratings: z.record(z.string(), z.number()) })),
    series: z.array(ValuePoint),
  }),
);
export const slaRoute = read("/v1/dashboard/sla", "First-reply times: median (exact), average, replied and unreplied mentions, per bucket", answer(Sla));
export const comparedSlaRoute = read(
  "/v1/dashboard/compared_sla",
  "First-reply times of the range and of the compared range (or the previous period)",
  answer({ ...Sla, compared: z.object({ range: Range, ...Sla }) }),
);
export const generalReportRoute = readCsv("/v1/dashboard/reports/general.csv", "Per context and bucket: mentions, sentiment, engagement, reach, impact (search_name names the report)");
