// The dashboard widgets' data (ADR 015): each widget's API call(s) with the common body (range,
// compared range, zone, interval, contexts) and its own parameters from the page state. The answers
// are kept as the API sends them (snake_case); app/components/dashboard/widgets/view.ts maps them to
// the table the server renders and the series the chart draws.
import { DASHBOARD_CONTEXT_TYPES, DEFAULT_REVIEW_NETWORKS, type WidgetId } from "../../domain/dashboard";
import type * as z from "zod";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { DashboardContextSchema } from "../../domain/schemas/dashboard";
import type { DashboardSelectorResponseSchema, FeedHashResponseSchema } from "../../domain/schemas/dashboard-config";
import { ApiError, type ApiClient } from "./api.server";
import type { ApiStreamList } from "../components/channels/types";
import { DEFAULT_STREAMS_TOKEN, type DashboardQuery, type DashboardSelector, type DashboardSelectorContext } from "./dashboard-query";

export type WidgetResult =
  | { widgetId: WidgetId; ok: true; data: unknown }
  | { widgetId: WidgetId; ok: false; error: string };

/** Page sizes of the paged widgets (ADR 015). */
const TRENDING_KEYWORDS_PER_PAGE = 7;
const MOST_IMPACTFUL_POSTS_PER_PAGE = 6;
/** How many rows the list widgets ask for. */
const WIDGET_LIST_LIMIT = 10;

/** The API's context shape (ADR 015 "Contexts"): what DashboardContextSchema reads. */
type WireDashboardContext = z.input<typeof DashboardContextSchema>;

/** The common body of every /v1/dashboard/* read. */
export function dashboardBody(query: DashboardQuery): Record<string, unknown> {
  const body: Record<string, unknown> = {
    range: { from: query.from, to: query.to },
    time_zone: query.timeZone,
    interval: query.interval,
  };
  if (query.comparedRange) body.compared_range = { from: query.comparedRange.from, to: query.comparedRange.to };
  if (query.contexts.length > 0) {
    body.contexts = query.contexts.map((context): WireDashboardContext => {
      const out: WireDashboardContext = { context_type: context.contextType, context_id: context.contextId };
      if (context.properties) out.properties = context.properties;
      return out;
    });
  }
  return body;
}

/** The previous period of equal length, when the page names no compared range. */
export function comparedRangeOf(query: DashboardQuery): { from: string; to: string } {
  if (query.comparedRange) return query.comparedRange;
  const from = Date.parse(query.from);
  const to = Date.parse(query.to);
  return { from: new Date(from - (to - from)).toISOString(), to: new Date(from).toISOString() };
}

/** A per-widget parameter from the URL ("widget.param"). */
function widgetParam(query: DashboardQuery, widgetId: WidgetId, name: string): string | undefined {
  const value = query.widgetParams[`${widgetId}.${name}`];
  return value === undefined || value === "" ? undefined : value;
}

function pageParam(query: DashboardQuery, widgetId: WidgetId): number {
  const page = Number(widgetParam(query, widgetId, "page") ?? 1);
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

function listParam(query: DashboardQuery, widgetId: WidgetId, name: string): string[] | undefined {
  const value = widgetParam(query, widgetId, name);
  return value ? value.split(",").filter(Boolean) : undefined;
}

/** One API call of a widget: its path, parameters and whether it is a plain GET (query string). */
export interface WidgetCall {
  key: string;
  path: string;
  params: Record<string, unknown>;
  method: "viaPost" | "get";
}

/** The API calls a widget makes for the page state (pure: tests check the mapping). */
export function widgetCalls(widgetId: WidgetId, query: DashboardQuery): WidgetCall[] {
  const body = dashboardBody(query);
  const call = (key: string, path: string, extra: Record<string, unknown> = {}): WidgetCall => ({
    key,
    path: `/v1/dashboard/${path}`,
    params: { ...body, ...extra },
    method: "viaPost",
  });
  switch (widgetId) {
    case "topics": {
      const group = Number(widgetParam(query, widgetId, "group"));
      return [
        call("topics", "topics", {
          limit: WIDGET_LIST_LIMIT,
          sort: "mentions",
          ...(Number.isInteger(group) && group > 0 ? { topic_group_id: group } : {}),
        }),
      ];
    }
    case "reviews":
      return [
        call("reviews", "reviews", {
          social_types: listParam(query, widgetId, "network") ?? [...DEFAULT_REVIEW_NETWORKS],
        }),
      ];
    case "sentiment":
      // compared_sentiment answers the period's totals and the compared period's: one call, not two.
      return [call("compared", "compared_sentiment", { compared_range: comparedRangeOf(query) })];
    case "trend-sentiment":
      return [call("sentiment", "sentiment")];
    case "demographics": {
      const mode = widgetParam(query, widgetId, "mode") === "countries" ? "countries" : "languages";
      return [call("demographics", `demographics/${mode}`, { limit: WIDGET_LIST_LIMIT })];
    }
    case "impact-score":
      return [
        call("impact", "impact_score"),
        call("reputation", "reputation"),
        call("reach", "reach_score"),
        call("shares", "shares_count"),
      ];
    case "keywords-cloud":
      return [call("terms", "keyword_cloud", { limit: 30 })];
    case "first-reply-time":
      return [
        // compared_sla answers the period's first-reply times and the compared period's.
        { ...call("compared", "compared_sla", { compared_range: comparedRangeOf(query) }), method: "get" },
      ];
    case "network-breakdown":
      return [call("networks", "networks")];
    case "trending-keywords":
      return [
        call("terms", "trending_labels", {
          page: pageParam(query, widgetId),
          per_page: TRENDING_KEYWORDS_PER_PAGE,
        }),
      ];
    case "conversation-themes":
      return [call("themes", "conversation_themes")];
    case "trending-label":
      return [call("labels", "entities", { sort: "mentions", order: "desc", limit: WIDGET_LIST_LIMIT })];
    case "most-impactful-posts": {
      const sentiments = listParam(query, widgetId, "sentiment");
      const networks = listParam(query, widgetId, "network");
      return [
        call("posts", "most-impactful-posts", {
          page: pageParam(query, widgetId),
          per_page: MOST_IMPACTFUL_POSTS_PER_PAGE,
          ...(sentiments ? { selected_sentiments: sentiments } : {}),
          ...(networks ? { selected_social_types: networks } : {}),
        }),
      ];
    }
    case "conversation-cluster":
      return [call("clusters", "conversation_clusters/searches")];
  }
}

/** A widget's data: each call's answer by its key (e.g. `{ sentiment, compared }`). */
type WidgetData = Record<string, unknown>;

/**
 * Loads one widget. An API refusal becomes the widget's error (the rest of the page still renders);
 * anything else (a redirect to login, a crash) is thrown.
 */
export async function loadWidget(api: ApiClient, widgetId: WidgetId, query: DashboardQuery): Promise<WidgetResult> {
  try {
    const calls = widgetCalls(widgetId, query);
    // Every read goes as GET via POST, plain GETs (sla) too: the API turns it into the GET it stands
    // for, and the JSON body carries the contexts' nested objects, which a query string cannot.
    const answers = await Promise.all(
      calls.map((c) => api.get<unknown>(c.path, { query: c.params, viaPost: true, raw: true })),
    );
    const data: WidgetData = Object.fromEntries(calls.map((c, i) => [c.key, answers[i]]));
    return { widgetId, ok: true, data };
  } catch (error) {
    if (error instanceof ApiError) return { widgetId, ok: false, error: error.message || MESSAGES.somethingWentWrong };
    throw error;
  }
}

/** A drill-down target: the mentions behind one chart point or table row (POST /v1/dashboard/feeds/hash). */
export interface DrillInput {
  title: string;
  viewType: string;
  contextType: number;
  contextId: number;
  minCreatedAt: string;
  maxCreatedAt: string;
  properties?: { query?: string; filters?: unknown; stream_ids?: number[] };
}

/** Stores a drill-down definition; answers its code for `/?feed_hash=`. */
export async function createFeedHash(api: ApiClient, input: DrillInput): Promise<string> {
  const answer = await api.post<z.output<typeof FeedHashResponseSchema>>(
    "/v1/dashboard/feeds/hash",
    {
      title: input.title,
      view_type: input.viewType,
      context_id: input.contextId,
      context_type: input.contextType,
      min_created_at: input.minCreatedAt,
      max_created_at: input.maxCreatedAt,
      properties: input.properties ?? {},
    },
    { raw: true },
  );
  return String(answer.id);
}

/** GET /v1/dashboard/feeds/hash?feed_hash=: the stored definition and a page of its mentions (raw). */
export type FeedHashResult = { ok: true; data: unknown } | { ok: false; error: string };

export async function loadFeedHash(api: ApiClient, feedHash: string, page = 1): Promise<FeedHashResult> {
  try {
    const data = await api.get<unknown>("/v1/dashboard/feeds/hash", { query: { feed_hash: feedHash, page }, raw: true });
    return { ok: true, data };
  } catch (error) {
    if (error instanceof ApiError) return { ok: false, error: error.message || MESSAGES.somethingWentWrong };
    throw error;
  }
}

/** POST /v1/dashboard_selector: the contexts the viewer may pick, by section (for routes that parse the page state). */
export async function loadDashboardSelector(api: ApiClient, options: { defaultStreams?: boolean } = {}): Promise<DashboardSelector> {
  let answer: FromWire<typeof DashboardSelectorResponseSchema>;
  try {
    answer = await api.post<FromWire<typeof DashboardSelectorResponseSchema>>("/v1/dashboard_selector", {});
  } catch (error) {
    // Without the selector the page still works on "every mention".
    if (error instanceof ApiError) return { contexts: [] };
    throw error;
  }
  const contexts = answer.contexts.map(({ contextType, contextId, title, section, properties }): DashboardSelectorContext => {
    const context: DashboardSelectorContext = { contextType, contextId, title, section };
    if (properties) {
      context.properties = {
        ...(properties.query !== null ? { query: properties.query } : {}),
        ...(properties.filters !== null ? { filters: properties.filters } : {}),
      };
    }
    return context;
  });
  const streams = options.defaultStreams === false ? null : await defaultStreamsContext(api);
  return { contexts: streams ? [streams, ...contexts] : contexts };
}

/**
 * The signed-in account's default streams (ADR 040) as the dashboard's first context: every mention of
 * those streams (an unsaved search with `stream_ids`), named by them. None for a shared link's viewer, or
 * when none of the streams is left.
 */
async function defaultStreamsContext(api: ApiClient): Promise<DashboardSelectorContext | null> {
  if (!api.isSignedIn()) return null;
  const account = await api.currentAccount().catch(() => null);
  const ids = account?.preferences.ui.defaultDashboardStreams ?? [];
  if (ids.length === 0) return null;
  const streams = await api.get<ApiStreamList>("/v1/streams").catch((error: unknown) => {
    if (error instanceof ApiError) return { data: [] } satisfies ApiStreamList;
    throw error;
  });
  const chosen = ids.flatMap((id) => streams.data.filter((stream) => stream.id === id));
  if (chosen.length === 0) return null;
  return {
    contextType: DASHBOARD_CONTEXT_TYPES.unsavedSearch,
    contextId: 0,
    token: DEFAULT_STREAMS_TOKEN,
    title: MESSAGES.defaultStreams.dashboardTitle(chosen.map((stream) => stream.name).join(", ")),
    section: "brands",
    properties: { stream_ids: chosen.map((stream) => stream.id) },
  };
}
