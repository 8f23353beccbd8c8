// The dashboard's text and list widgets (ADR 015, ADR 016): GET (or GET via POST) reads whose common body
// (range, compared_range, time_zone, interval, contexts, properties) arrives as a nested query string.
// Each widget's own parameters (KeywordCloudParams, …) are in domain/schemas/dashboard-widgets.ts beside
// its answer, where the web app types the bodies it sends.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  ClustersWidgetResponseSchema,
  ClusterWidgetResponseSchema,
  KeywordCloudWidgetResponseSchema,
  LabelTrendsWidgetResponseSchema,
  PostsWidgetResponseSchema,
  ThemesWidgetResponseSchema,
  TopicsWidgetResponseSchema,
  TrendingKeywordsWidgetResponseSchema,
} from "../../../domain/schemas/dashboard-widgets";
import { errorResponses, json } from "../../lib/schemas";

const tags = ["dashboard"];

const csv = { description: "CSV with a header row", content: { "text/csv": { schema: z.string() } } };
const refusals = { 400: errorResponses[400], 401: errorResponses[401], 404: errorResponses[404] };
const read = (path: string, summary: string, body: z.ZodType) =>
  createRoute({ method: "get", path, tags, summary, responses: { 200: json(body, "Per context, in request order"), ...refusals } });
const readCsv = (path: string, summary: string) => createRoute({ method: "get", path, tags, summary, responses: { 200: csv, ...refusals } });

export const keywordCloudRoute = read("/v1/dashboard/keyword_cloud", "Top terms with mentions and sentiment (-1, 0, 1)", KeywordCloudWidgetResponseSchema);
export const trendingRoute = read(
  "/v1/dashboard/trending_labels",
  "Trending keywords: significant terms against the previous period (JLH, ADR 016)",
  TrendingKeywordsWidgetResponseSchema,
);
export const trendingCsvRoute = readCsv("/v1/dashboard/trending_labels.csv", "Trending keywords as CSV (every significant term)");
export const entitiesRoute = read("/v1/dashboard/entities", "Trending labels: the tenant's labels in the range vs the previous period", LabelTrendsWidgetResponseSchema);
export const entitiesCsvRoute = readCsv("/v1/dashboard/entities.csv", "Trending labels as CSV");
export const themesRoute = read(
  "/v1/dashboard/conversation_themes",
  "Conversation themes: communities of the term co-occurrence graph (ADR 016)",
  ThemesWidgetResponseSchema,
);
export const themesCsvRoute = readCsv("/v1/dashboard/conversation_themes.csv", "Conversation themes as CSV");
export const topicsRoute = read("/v1/dashboard/topics", "The tenant's topics with their mentions in the range", TopicsWidgetResponseSchema);
export const topicsCsvRoute = readCsv("/v1/dashboard/topics.csv", "Topics as CSV");
export const postsRoute = read(
  "/v1/dashboard/most-impactful-posts",
  "Mentions by impact score, a page at a time",
  PostsWidgetResponseSchema,
);
export const clustersRoute = read(
  "/v1/dashboard/conversation_clusters/searches",
  "Conversation clusters of the context's mentions (ADR 016)",
  ClustersWidgetResponseSchema,
);
export const clusterRoute = createRoute({
  method: "get",
  path: "/v1/dashboard/conversation_clusters/searches/{id}",
  tags,
  summary: "One cluster with its mentions; /{id}.csv answers CSV",
  request: { params: z.object({ id: z.string() }) },
  responses: {
    200: {
      description: "The cluster (JSON), or its mentions as CSV for /{id}.csv",
      content: {
        "application/json": { schema: ClusterWidgetResponseSchema },
        "text/csv": { schema: z.string() },
      },
    },
    ...refusals,
  },
});
