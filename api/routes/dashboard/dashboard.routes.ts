// The dashboard's count widgets (ADR 015): GET (or GET via POST, spec §7) reads whose common body (range,
// compared_range, time_zone, interval, contexts, properties) arrives as a nested query string.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ComparedSentimentWidgetResponseSchema,
  ComparedSlaWidgetResponseSchema,
  DemographicsWidgetResponseSchema,
  NetworksWidgetResponseSchema,
  ReviewsWidgetResponseSchema,
  ScoreWidgetResponseSchema,
  SentimentWidgetResponseSchema,
  SlaWidgetResponseSchema,
  SumWidgetResponseSchema,
} from "../../../domain/schemas/dashboard-widgets";
import { errorResponses, json } from "../../lib/schemas";

const tags = ["dashboard"];
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

export const sentimentRoute = read("/v1/dashboard/sentiment", "Mentions by sentiment: totals and per bucket", SentimentWidgetResponseSchema);
export const comparedSentimentRoute = read(
  "/v1/dashboard/compared_sentiment",
  "Sentiment of the range and of the compared range (or the previous period), with the change in %",
  ComparedSentimentWidgetResponseSchema,
);
export const networksRoute = read(
  "/v1/dashboard/networks",
  "Mentions, engagement and reach per network (count_only: mentions only)",
  NetworksWidgetResponseSchema,
);
export const languagesRoute = read("/v1/dashboard/demographics/languages", "Top languages ('und' and empty excluded), limit", DemographicsWidgetResponseSchema);
export const countriesRoute = read("/v1/dashboard/demographics/countries", "Top countries (empty excluded), limit", DemographicsWidgetResponseSchema);
export const languagesCsvRoute = readCsv("/v1/dashboard/demographics/languages.csv", "Top languages as CSV");
export const countriesCsvRoute = readCsv("/v1/dashboard/demographics/countries.csv", "Top countries as CSV");
export const engagementRoute = read("/v1/dashboard/engagement", "Total engagements per bucket and in all", SumWidgetResponseSchema);
export const reachRoute = read("/v1/dashboard/reach", "Reach per bucket and in all", SumWidgetResponseSchema);
export const impactScoreRoute = read("/v1/dashboard/impact_score", "Mean impact score of the mentions (ADR 011), previous period, per bucket", ScoreWidgetResponseSchema);
export const reputationRoute = read("/v1/dashboard/reputation", "Reputation 0–100 from positive and negative mentions (ADR 015), previous period, per bucket", ScoreWidgetResponseSchema);
export const sharesCountRoute = read("/v1/dashboard/shares_count", "Shares, previous period, per bucket", ScoreWidgetResponseSchema);
export const reachScoreRoute = read("/v1/dashboard/reach_score", "Mean reach per mention, previous period, per bucket", ScoreWidgetResponseSchema);
export const reviewsRoute = read(
  "/v1/dashboard/reviews",
  "Reviews per network (social_types, default trustpilot, googlePlay, ios): count, average rating, 1–5 histogram; reviews per bucket",
  ReviewsWidgetResponseSchema,
);
export const slaRoute = read("/v1/dashboard/sla", "First-reply times: median (exact), average, replied and unreplied mentions, per bucket", SlaWidgetResponseSchema);
export const comparedSlaRoute = read(
  "/v1/dashboard/compared_sla",
  "First-reply times of the range and of the compared range (or the previous period)",
  ComparedSlaWidgetResponseSchema,
);
export const generalReportRoute = readCsv("/v1/dashboard/reports/general.csv", "Per context and bucket: mentions, sentiment, engagement, reach, impact (search_name names the report)");
