// The dashboard widgets' contract (ADR 015, 016, 027): the text widgets' own parameters (beside the common
// body, domain/schemas/dashboard.ts), and the answers: every read answers, per context in request order,
// the context and its part, and the meta of the read (range, compared range, interval, zone, where the
// numbers came from, whether they were cached). `WidgetAnswers` names each widget's answers as the web
// app loads them, by call.
import * as z from "zod";
import { DEFAULT_LIMIT, MOST_IMPACTFUL_PER_PAGE, TRENDING_KEYWORDS_PER_PAGE } from "../constants";
import { badRequest } from "../errors";
import { MESSAGES } from "../messages";
import { NETWORK_IDS } from "../networks";
import type { FromWire } from "../key-case";
import { TRENDING_DEFAULT_NUM_SIG_TERMS, TRENDING_DEFAULT_NUM_TERMS } from "../text-analytics";
import { listParam, queryList } from "./common";
import { StatusResponseSchema } from "./statuses";

// ── Text widgets' parameters (a nested query string: numbers may be strings, lists `x[]=a` or `x=a,b`) ──

const list = <T extends z.ZodType>(item: T) => z.preprocess(listParam, z.array(item).optional());
const int = (min: number, max: number) => z.coerce.number().int().min(min).max(max);
const bool = z.preprocess((v) => (v === "true" || v === "1" || v === true ? true : v === "false" || v === "0" || v === false ? false : v), z.boolean());

// ── Count widgets' own parameters (beside the common body) ──────────────────────────────────────────

/** /networks: mentions only, without engagement and reach. */
export const NetworksParams = z.object({ count_only: bool.optional() });

/** /demographics/languages and /demographics/countries: how many keys at most. */
export const DemographicsParams = z.object({ limit: int(1, 1000).optional() });

/** /reviews: the review networks to count (default Trustpilot, Google Play, App Store). */
export const ReviewsParams = z.object({ social_types: queryList(z.enum(NETWORK_IDS), NETWORK_IDS.length) });

/**
 * A widget's own parameters read from the request (the common body, or the nested query string) by its
 * schema; the first refused one is named in the catalogue's 400.
 */
export function widgetParams<T extends z.ZodType>(schema: T, input: unknown): z.output<T> {
  const parsed = schema.safeParse(input);
  if (!parsed.success) throw badRequest(MESSAGES.dashboardApi.invalidParameter(parsed.error.issues[0]?.path.map(String).join(".") || "body"));
  return parsed.data;
}

/** How /entities may sort the labels. */
export const LABEL_SORTS = ["mentions", "previous", "change", "name"] as const;

/** /keyword_cloud */
export const KeywordCloudParams = z.object({ limit: int(1, 1000).default(DEFAULT_LIMIT) });

/** Fields the stored keywords are taken from (ADR 016): the title and the text of a mention. */
const NLP_FIELDS = ["title", "description", "keywords"] as const;
/** /trending_labels */
export const TrendingParams = z.object({
  nlp_fields: list(z.enum(NLP_FIELDS)),
  tkw_num_terms: int(1, 5000).default(TRENDING_DEFAULT_NUM_TERMS),
  tkw_num_sig_terms: int(1, 500).default(TRENDING_DEFAULT_NUM_SIG_TERMS),
  tkw_sig_terms: list(z.string().trim().min(1).max(200)),
  page: int(1, 10_000).default(1),
  per_page: int(1, 100).default(TRENDING_KEYWORDS_PER_PAGE),
});

/** /entities */
export const EntitiesParams = z.object({
  sort: z.enum(LABEL_SORTS).default("mentions"),
  order: z.enum(["asc", "desc"]).default("desc"),
  keyword: z.string().max(200).optional(),
  limit: int(1, 1000).default(DEFAULT_LIMIT),
});

/** /topics */
export const TopicsParams = z.object({
  topic_group_id: z.coerce.number().int().positive().optional(),
  limit: int(1, 1000).default(DEFAULT_LIMIT),
  /** The spec sends sort=true (most mentioned first); "mentions" and "name" say the same in words. */
  sort: z.enum(["true", "false", "mentions", "name"]).default("true"),
  kind: z.enum(["status"]).default("status"),
});

/** /most-impactful-posts */
export const PostsParams = z.object({
  page: int(1, 10_000).default(1),
  per_page: int(1, 100).default(MOST_IMPACTFUL_PER_PAGE),
  selected_sentiments: list(z.coerce.number().int().min(-1).max(1)),
  selected_social_types: list(z.string().min(1).max(40)),
  user_id: z.coerce.number().int().positive().optional(),
});

/** /conversation_clusters/searches */
export const ClustersParams = z.object({ filter_id: z.coerce.number().int().positive().optional() });
/** /conversation_clusters/searches/{id} */
export const ClusterParams = z.object({ time_zone: z.string().optional(), cluster_actionable: bool.optional() });

const RangeSchema = z.object({ from: z.string(), to: z.string() });

const WidgetContextSchema = z.object({ context_type: z.number(), context_id: z.number(), title: z.string(), color: z.string() });

const WidgetMetaSchema = z.object({
  range: RangeSchema,
  compared_range: RangeSchema.nullable(),
  interval: z.string(),
  time_zone: z.string(),
  source: z.enum(["rollup", "raw"]),
  cached: z.boolean(),
});

/** A widget's answer: per context (in request order) the context and the widget's part for it, and the meta. */
function widgetAnswer<Shape extends z.ZodRawShape>(entry: Shape) {
  return z.object({ data: z.array(z.object({ context: WidgetContextSchema, ...entry })), meta: WidgetMetaSchema });
}

// ── Count widgets (GET /v1/dashboard/…) ──────────────────────────────────────────────────────────

const Sentiment = { neutral: z.number(), positive: z.number(), negative: z.number() };
const SentimentPayload = { totals: z.object(Sentiment), series: z.array(z.object({ bucket: z.string(), ...Sentiment })) };
const ValuePointSchema = z.object({ bucket: z.string(), value: z.number().nullable() });
const Sla = {
  median_seconds: z.number().nullable(),
  average_seconds: z.number().nullable(),
  replied: z.number(),
  unreplied: z.number(),
  series: z.array(z.object({ bucket: z.string(), median_seconds: z.number().nullable(), value: z.number().nullable(), replied: z.number() })),
};

/** /sentiment: mentions by sentiment, in all and per bucket. */
export const SentimentWidgetResponseSchema = widgetAnswer(SentimentPayload);

/** /compared_sentiment: the range's sentiment, the compared range's, and the change in %. */
export const ComparedSentimentWidgetResponseSchema = widgetAnswer({
  ...SentimentPayload,
  compared: z.object({ range: RangeSchema, ...SentimentPayload }),
  change: z.object({ neutral: z.number().nullable(), positive: z.number().nullable(), negative: z.number().nullable() }),
});

/** /networks: mentions, engagement and reach per network (count_only: mentions only). */
export const NetworksWidgetResponseSchema = widgetAnswer({
  items: z.array(z.object({ social_type: z.string(), mentions: z.number(), engagement: z.number().optional(), reach: z.number().optional() })),
});

/** /demographics/languages and /demographics/countries: the top keys with their mentions and share. */
export const DemographicsWidgetResponseSchema = widgetAnswer({
  items: z.array(z.object({ key: z.string(), mentions: z.number(), share: z.number() })),
  total: z.number(),
});

/** /engagement and /reach: the sum per bucket and in all. */
export const SumWidgetResponseSchema = widgetAnswer({ series: z.array(ValuePointSchema), total: z.number() });

/** /impact_score, /reputation, /shares_count, /reach_score: the value, the previous period's, per bucket. */
export const ScoreWidgetResponseSchema = widgetAnswer({
  value: z.number().nullable(),
  previous: z.number().nullable(),
  series: z.array(ValuePointSchema),
});

/** /reviews: per network the count, the average rating and the 1–5 histogram; reviews per bucket. */
export const ReviewsWidgetResponseSchema = widgetAnswer({
  items: z.array(
    z.object({ social_type: z.string(), reviews: z.number(), average_rating: z.number().nullable(), ratings: z.record(z.string(), z.number()) }),
  ),
  series: z.array(ValuePointSchema),
});

/** /sla: first-reply times (median, average), replied and unreplied mentions, per bucket. */
export const SlaWidgetResponseSchema = widgetAnswer(Sla);

/** /compared_sla: the same for the range and for the compared range. */
export const ComparedSlaWidgetResponseSchema = widgetAnswer({ ...Sla, compared: z.object({ range: RangeSchema, ...Sla }) });

// ── Text and list widgets (ADR 016) ──────────────────────────────────────────────────────────────

const Paged = { total: z.number(), page: z.number(), per_page: z.number() };
const ClusterItemSchema = z.object({ id: z.string(), label: z.string(), terms: z.array(z.string()), size: z.number(), actionable: z.boolean() });

/** /keyword_cloud: the top terms with their mentions and sentiment (-1, 0, 1). */
export const KeywordCloudWidgetResponseSchema = widgetAnswer({
  items: z.array(z.object({ term: z.string(), mentions: z.number(), sentiment: z.number() })),
});

/** /trending_labels: significant terms against the previous period (JLH), a page at a time. */
export const TrendingKeywordsWidgetResponseSchema = widgetAnswer({
  items: z.array(z.object({ term: z.string(), mentions: z.number(), previous: z.number(), score: z.number() })),
  ...Paged,
  previous_range: RangeSchema,
});

/** /entities: the tenant's labels in the range against the previous period. */
export const LabelTrendsWidgetResponseSchema = widgetAnswer({
  items: z.array(
    z.object({ label_id: z.number(), name: z.string(), mentions: z.number(), previous: z.number(), change: z.number().nullable() }),
  ),
});

/** /conversation_themes: communities of the term co-occurrence graph. */
export const ThemesWidgetResponseSchema = widgetAnswer({
  nlp_analyzed_count: z.number(),
  themes: z.array(z.object({ name: z.string(), terms: z.array(z.string()), mentions: z.number(), sentiment: z.number() })),
});

/** /topics: the tenant's topics with their mentions in the range. */
export const TopicsWidgetResponseSchema = widgetAnswer({
  items: z.array(z.object({ topic_id: z.number(), name: z.string(), mentions: z.number(), sentiment: z.number() })),
});

/** /most-impactful-posts: mentions by impact score, a page at a time. */
export const PostsWidgetResponseSchema = widgetAnswer({ items: z.array(StatusResponseSchema), ...Paged });

/** /conversation_clusters/searches: the clusters of the context's mentions. */
export const ClustersWidgetResponseSchema = widgetAnswer({ items: z.array(ClusterItemSchema) });

/** /conversation_clusters/searches/{id}: one cluster with its mentions. */
export const ClusterWidgetResponseSchema = widgetAnswer({ ...ClusterItemSchema.shape, items: z.array(StatusResponseSchema) });

// ── Each widget's answers as the web app loads them (ADR 027) ──────────────────────────────────────

/**
 * A widget's answers by the key of the call that read them (app/lib/dashboard-widgets.server.ts
 * `widgetCalls`), camelCased by the web client: e.g. the impact widget reads four scores, the sentiment
 * widget `compared_sentiment` alone (the period and the compared one in one answer).
 */
export interface WidgetAnswers {
  topics: { topics: FromWire<typeof TopicsWidgetResponseSchema> };
  reviews: { reviews: FromWire<typeof ReviewsWidgetResponseSchema> };
  sentiment: { compared: FromWire<typeof ComparedSentimentWidgetResponseSchema> };
  "trend-sentiment": { sentiment: FromWire<typeof SentimentWidgetResponseSchema> };
  demographics: { demographics: FromWire<typeof DemographicsWidgetResponseSchema> };
  "impact-score": {
    impact: FromWire<typeof ScoreWidgetResponseSchema>;
    reputation: FromWire<typeof ScoreWidgetResponseSchema>;
    reach: FromWire<typeof ScoreWidgetResponseSchema>;
    shares: FromWire<typeof ScoreWidgetResponseSchema>;
  };
  "keywords-cloud": { terms: FromWire<typeof KeywordCloudWidgetResponseSchema> };
  "first-reply-time": { compared: FromWire<typeof ComparedSlaWidgetResponseSchema> };
  "network-breakdown": { networks: FromWire<typeof NetworksWidgetResponseSchema> };
  "trending-keywords": { terms: FromWire<typeof TrendingKeywordsWidgetResponseSchema> };
  "conversation-themes": { themes: FromWire<typeof ThemesWidgetResponseSchema> };
  "trending-label": { labels: FromWire<typeof LabelTrendsWidgetResponseSchema> };
  "most-impactful-posts": { posts: FromWire<typeof PostsWidgetResponseSchema> };
  "conversation-cluster": { clusters: FromWire<typeof ClustersWidgetResponseSchema> };
}

