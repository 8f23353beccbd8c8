import type { Context } from "hono";
import type { WidgetId } from "../../../domain/dashboard";
import { notFound } from "../../../domain/errors";
import {
  ClusterParams,
  ClustersParams,
  ClustersWidgetResponseSchema,
  ClusterWidgetResponseSchema,
  EntitiesParams,
  KeywordCloudParams,
  KeywordCloudWidgetResponseSchema,
  LabelTrendsWidgetResponseSchema,
  PostsParams,
  PostsWidgetResponseSchema,
  ThemesWidgetResponseSchema,
  TopicsParams,
  TopicsWidgetResponseSchema,
  TrendingKeywordsWidgetResponseSchema,
  TrendingParams,
  widgetParams,
} from "../../../domain/schemas/dashboard-widgets";
import { toCsv } from "../../../services/analytics/csv";
import { getConversationCluster, getConversationClusters, decodeClusterId } from "../../../services/analytics/text/clusters";
import { clusterCsv, labelsCsv, themesCsv, topicsCsv, trendingCsv, type CsvTable } from "../../../services/analytics/text/csv-rows";
import { getLabelTrends } from "../../../services/analytics/text/labels";
import { getMostImpactfulPosts } from "../../../services/analytics/text/posts";
import { resolveTextRequest } from "../../../services/analytics/text/request";
import { getKeywordCloud, getTrendingKeywords } from "../../../services/analytics/text/terms";
import { getConversationThemes } from "../../../services/analytics/text/themes";
import { getTopicCounts } from "../../../services/analytics/text/topics";
import { requireMentionTextViewer, viewerMayReadWidget } from "../../../services/analytics/viewer";
import { dashboardCacheKey, keyedOnResolved, readCached, writeCached } from "../../../services/analytics/cache";
import { previousRange, type TextMeta, type TextRequest } from "../../../services/analytics/text/context";
import { resolveDashboardViewer } from "../../lib/dashboard-viewer";
import type { ApiApp, ApiEnv } from "../../env";
import { parseNestedQuery, toWire } from "../../lib/case";
import {
  clusterRoute,
  clustersRoute,
  entitiesCsvRoute,
  entitiesRoute,
  keywordCloudRoute,
  postsRoute,
  themesCsvRoute,
  themesRoute,
  topicsCsvRoute,
  topicsRoute,
  trendingCsvRoute,
  trendingRoute,
} from "./dashboard-text.routes";

/** The query (a GET, or a GET via POST turned into one) as nested keys. */
function queryOf(c: Context<ApiEnv>): Record<string, unknown> {
  return parseNestedQuery(new URL(c.req.url).searchParams);
}


/** The viewer and the resolved common body; a shared link that does not show the widget answers 404. */
async function readOf(c: Context<ApiEnv>, widget: WidgetId, query = queryOf(c), options: ReadOptions = {}) {
  const viewer = await resolveDashboardViewer(c);
  if (!viewerMayReadWidget(viewer, widget)) throw notFound();
  if (options.mentionText) requireMentionTextViewer(viewer);
  return resolveTextRequest(c.get("deps"), viewer, query);
}

/** `mentionText`: the answer quotes mentions, so the one rule for mention text applies (issue 31). */
interface ReadOptions {
  mentionText?: boolean;
}

/**
 * A widget's answer through the dashboard cache (ADR 015 "Caching"): the request is resolved first (its
 * 400s and 404s hold whatever is cached), then the entry of (tenant, path, body) is served when present
 * (`meta.cached` true) unless the request says `Cache-Control: no-cache`.
 */
async function cachedRead<T extends { meta: TextMeta }>(
  c: Context<ApiEnv>,
  widget: WidgetId,
  query: Record<string, unknown>,
  compute: (request: TextRequest) => Promise<T>,
  options: ReadOptions = {},
): Promise<T> {
  const request = await readOf(c, widget, query, options);
  const key = dashboardCacheKey(request.businessProfileId, c.req.path, keyedOnResolved(query, request));
  const nowMs = c.get("deps").now().getTime();
  if (!/no-cache/i.test(c.req.header("cache-control") ?? "")) {
    const hit = readCached<T>(key, nowMs);
    if (hit) return { ...hit, meta: { ...hit.meta, cached: true } };
  }
  const value = await compute(request);
  writeCached(key, request.businessProfileId, [request.range, previousRange(request)], value, nowMs);
  return value;
}

function csvResponse(c: Context<ApiEnv>, name: string, table: CsvTable) {
  return c.body(toCsv(table.header, table.rows), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${name}.csv"`,
  });
}

/** The text and list widgets (ADR 015, ADR 016). */
export function registerDashboardTextRoutes(app: ApiApp) {
  app.openapi(keywordCloudRoute, async (c) => {
    const query = queryOf(c);
    const params = widgetParams(KeywordCloudParams, query);
    const answer = await cachedRead(c, "keywords-cloud", query, (request) => getKeywordCloud(c.get("deps"), request, params));
    return c.json(toWire(KeywordCloudWidgetResponseSchema, answer), 200);
  });

  const trending = async (c: Context<ApiEnv>, asCsv: boolean) => {
    const query = queryOf(c);
    const p = widgetParams(TrendingParams, query);
    const params = {
      nlpFields: p.nlp_fields ?? [],
      numTerms: p.tkw_num_terms,
      numSigTerms: p.tkw_num_sig_terms,
      sigTerms: p.tkw_sig_terms ?? [],
      // The CSV holds every significant term, not a page.
      page: asCsv ? 1 : p.page,
      perPage: asCsv ? p.tkw_num_sig_terms : p.per_page,
    };
    return cachedRead(c, "trending-keywords", query, (request) => getTrendingKeywords(c.get("deps"), request, params));
  };
  app.openapi(trendingRoute, async (c) => c.json(toWire(TrendingKeywordsWidgetResponseSchema, await trending(c, false)), 200));
  app.openapi(trendingCsvRoute, async (c) => csvResponse(c, "trending-keywords", trendingCsv((await trending(c, true)).data)));

  const entities = async (c: Context<ApiEnv>) => {
    const query = queryOf(c);
    const p = widgetParams(EntitiesParams, query);
    const params = { sort: p.sort, order: p.order, keyword: p.keyword, limit: p.limit };
    return cachedRead(c, "trending-label", query, (request) => getLabelTrends(c.get("deps"), request, params));
  };
  app.openapi(entitiesRoute, async (c) => c.json(toWire(LabelTrendsWidgetResponseSchema, await entities(c)), 200));
  app.openapi(entitiesCsvRoute, async (c) => csvResponse(c, "trending-labels", labelsCsv((await entities(c)).data)));

  const themes = async (c: Context<ApiEnv>) =>
    cachedRead(c, "conversation-themes", queryOf(c), (request) => getConversationThemes(c.get("deps"), request));
  app.openapi(themesRoute, async (c) => c.json(toWire(ThemesWidgetResponseSchema, await themes(c)), 200));
  app.openapi(themesCsvRoute, async (c) => csvResponse(c, "conversation-themes", themesCsv((await themes(c)).data)));

  const topics = async (c: Context<ApiEnv>) => {
    const query = queryOf(c);
    const p = widgetParams(TopicsParams, query);
    const params = { topicGroupId: p.topic_group_id, limit: p.limit, sortByMentions: p.sort === "true" || p.sort === "mentions" };
    return cachedRead(c, "topics", query, (request) => getTopicCounts(c.get("deps"), request, params));
  };
  app.openapi(topicsRoute, async (c) => c.json(toWire(TopicsWidgetResponseSchema, await topics(c)), 200));
  app.openapi(topicsCsvRoute, async (c) => csvResponse(c, "topics", topicsCsv((await topics(c)).data)));

  app.openapi(postsRoute, async (c) => {
    const query = queryOf(c);
    const p = widgetParams(PostsParams, query);
    const params = { page: p.page, perPage: p.per_page, sentiments: p.selected_sentiments, socialTypes: p.selected_social_types, userId: p.user_id };
    const answer = await cachedRead(c, "most-impactful-posts", query, (request) => getMostImpactfulPosts(c.get("deps"), request, params), {
      mentionText: true,
    });
    return c.json(toWire(PostsWidgetResponseSchema, answer), 200);
  });

  app.openapi(clustersRoute, async (c) => {
    const query = queryOf(c);
    const p = widgetParams(ClustersParams, query);
    // filter_id names a saved search: the clusters of its mentions.
    const body = p.filter_id === undefined ? query : { ...query, contexts: [{ context_type: 1, context_id: p.filter_id }], properties: undefined };
    const answer = await cachedRead(c, "conversation-cluster", body, (request) => getConversationClusters(c.get("deps"), request));
    return c.json(toWire(ClustersWidgetResponseSchema, answer), 200);
  });

  app.openapi(clusterRoute, async (c) => {
    const raw = c.req.valid("param").id;
    const asCsv = raw.endsWith(".csv");
    const decoded = decodeClusterId(asCsv ? raw.slice(0, -4) : raw);
    if (!decoded) throw notFound();
    const p = widgetParams(ClusterParams, queryOf(c));
    const body = { ...decoded.body, ...(p.time_zone ? { time_zone: p.time_zone } : {}), key: decoded.key, actionable: p.cluster_actionable };
    const result = await cachedRead(c, "conversation-cluster", body, (request) => getConversationCluster(c.get("deps"), request, decoded.key, p.cluster_actionable), {
      mentionText: true,
    });
    if (asCsv) return csvResponse(c, "conversation-cluster", clusterCsv(result.data[0]!, result.meta.timeZone));
    return c.json(toWire(ClusterWidgetResponseSchema, result), 200);
  });
}
