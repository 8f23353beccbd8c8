// The dashboard's text and list widgets (ADR 015, ADR 016): GET (or GET via POST) reads whose common body
// (range, compared_range, time_zone, interval, contexts, properties) arrives as a nested query string.
import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { DEFAULT_LIMIT, MOST_IMPACTFUL_PER_PAGE, TRENDING_KEYWORDS_PER_PAGE } from "../../../domain/constants";
import { TRENDING_DEFAULT_NUM_SIG_TERMS, TRENDING_DEFAULT_NUM_TERMS } from "../../../domain/text-analytics";
import { LABEL_SORTS } from "../../../services/analytics/text/labels";
import { listParam } from "../../lib/query";
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
const list = <T extends z.ZodType>(item: T) => z.preprocess(listParam, z.array(item).optional());
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.preprocess((v) => (v === "true" || v === "1" || v === true ? true : v === "false" || v === "0" || v === false ? false : v), z.boolean());

export const KeywordCloudParams = z.object({ limit: int(1, 1000).default(DEFAULT_LIMIT) });

/** Fields the stored keywords are taken from (ADR 016): the title and the text of a mention. */
const NLP_FIELDS = ["title", "description", "keywords"] as const;
export const TrendingParams = z.object({
  nlp_fields: list(z.enum(NLP_FIELDS)),
  tkw_num_terms: int(1, 5000).default(TRENDING_DEFAULT_NUM_TERMS),
  tkw_num_sig_terms: int(1, 500).default(TRENDING_DEFAULT_NUM_SIG_TERMS),
  tkw_sig_terms: list(z.string().trim().min(1).max(200)),
  page: int(1, 10_000).default(1),
  per_page: int(1, 100).default(TRENDING_KEYWORDS_PER_PAGE),
});

export const EntitiesParams = z.object({
  sort: z.enum(LABEL_SORTS).default("mentions"),
  order: z.enum(["asc", "desc"]).default("desc"),
  keyword: z.string().max(200).optional(),
  limit: int(1, 1000).default(DEFAULT_LIMIT),
});

export const TopicsParams = z.object({
  topic_group_id: z.coerce.number().int().positive().optional(),
  limit: int(1, 1000).default(DEFAULT_LIMIT),
  /** The spec sends sort=true (most mentioned first); "mentions" and "name" say the same in words. */
  sort: z.enum(["true", "false", "mentions", "name"]).default("true"),
  kind: z.enum(["status"]).default("status"),
});

export const PostsParams = z.object({
  page: int(1, 10_000).default(1),
  per_page: int(1, 100).default(MOST_IMPACTFUL_PER_PAGE),
  selected_sentiments: list(z.coerce.number().int().min(-1).max(1)),
  selected_social_types: list(z.string().min(1).max(40)),
  user_id: z.coerce.number().int().positive().optional(),
});

export const ClustersParams = z.object({ filter_id: z.coerce.number().int().positive().optional() });
export const ClusterParams = z.object({ time_zone: z.string().optional(), cluster_actionable: bool.optional() });

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
