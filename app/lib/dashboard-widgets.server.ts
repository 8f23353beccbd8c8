// The dashboard widgets' data (ADR 015, 027): each widget's API call(s) with the common body (range,
// compared range, zone, interval, contexts) and its own parameters from the page state. Bodies are
// written in camelCase, typed from the request schemas (`BodyToSend`), and answers are read camelCased, typed
// from the response schemas (`WidgetAnswers`, `FromWire`): the client converts both in its one place. A
// context's query groups cross that conversion as they are (`verbatim`: the API reads `filterType`).
// app/components/dashboard/widgets/view.ts maps the answers to the table the server renders and the
// series the chart draws.
import type * as z from "zod";
import { DASHBOARD_CONTEXT_TYPES, DEFAULT_REVIEW_NETWORKS, type WidgetId } from "../../domain/dashboard";
import { verbatim, type FromWire, type Verbatim } from "../../domain/key-case";
import type { BodyToSend, QueryToSend } from "../../domain/request-types";
import { MESSAGES } from "../../domain/messages";
import { isNetworkId } from "../../domain/networks";
import type { DashboardBodySchema, DashboardContextSchema } from "../../domain/schemas/dashboard";
import type {
  DashboardSelectorResponseSchema,
  FeedHashBodySchema,
  FeedHashPageQuerySchema,
  FeedHashPageResponseSchema,
  FeedHashResponseSchema,
} from "../../domain/schemas/dashboard-config";
import type {
  ClustersParams,
  DemographicsParams,
  ReviewsParams,
  EntitiesParams,
  KeywordCloudParams,
  PostsParams,
  TopicsParams,
  TrendingParams,
  WidgetAnswers,
} from "../../domain/schemas/dashboard-widgets";
import { ApiError, type ApiClient } from "./api.server";
import type { ApiStreamList } from "../components/channels/types";
import {
  DEFAULT_STREAMS_TOKEN,
  type DashboardContextProperties,
  type DashboardQuery,
  type DashboardSelector,
  type DashboardSelectorContext,
} from "./dashboard-query";

/** A widget's answers, typed per widget (a union discriminated on `widgetId`), or the API's refusal. */
export type WidgetResult =
  | { [Id in WidgetId]: { widgetId: Id; ok: true; data: WidgetAnswers[Id] } }[WidgetId]
  | { widgetId: WidgetId; ok: false; error: string };

/** Page sizes of the paged widgets (ADR 015). */
const TRENDING_KEYWORDS_PER_PAGE = 7;
const MOST_IMPACTFUL_POSTS_PER_PAGE = 6;
/** How many rows the list widgets ask for. */
const WIDGET_LIST_LIMIT = 10;

type Range = { from: string; to: string };

/** A context's properties as a body carries them: the query groups marked to go as they are. */
type PropertiesBody = Omit<NonNullable<BodyToSend<typeof DashboardContextSchema>["properties"]>, "filters"> & {
  filters?: Verbatim<object> | null;
};

/** A context as a body carries it (DashboardContextSchema). */
type ContextBody = Omit<BodyToSend<typeof DashboardContextSchema>, "properties"> & { properties?: PropertiesBody };

/**
 * The common body of every /v1/dashboard/* read: DashboardBodySchema's named fields (the schema lets a
 * widget's own parameters pass, which WIDGET_CALLS adds), its range and compared range as the request
 * resolution checks them.
 */
export type DashboardRequest = Omit<
  BodyToSend<z.ZodObject<(typeof DashboardBodySchema)["shape"]>>,
  "range" | "comparedRange" | "contexts" | "properties"
> & {
  range: Range;
  comparedRange?: Range;
  contexts?: ContextBody[];
};

function propertiesBody(properties: DashboardContextProperties): PropertiesBody {
  const { query, filters, streamIds } = properties;
  return {
    ...(query !== undefined ? { query } : {}),
    // Query groups: `filterType` is the API's key as it is (domain/query/definition.ts).
    ...(filters !== undefined ? { filters: filters !== null && typeof filters === "object" ? verbatim(filters) : null } : {}),
    ...(streamIds !== undefined ? { streamIds } : {}),
  };
}

/** The common body of every /v1/dashboard/* read. */
export function dashboardBody(query: DashboardQuery): DashboardRequest {
  const body: DashboardRequest = {
    range: { from: query.from, to: query.to },
    timeZone: query.timeZone,
    interval: query.interval,
  };
  if (query.comparedRange) body.comparedRange = { from: query.comparedRange.from, to: query.comparedRange.to };
  if (query.contexts.length > 0) {
    body.contexts = query.contexts.map((context): ContextBody => {
      const out: ContextBody = { contextType: context.contextType, contextId: context.contextId };
      if (context.properties) out.properties = propertiesBody(context.properties);
      return out;
    });
  }
  return body;
}

/** The previous period of equal length, when the page names no compared range. */
export function comparedRangeOf(query: DashboardQuery): Range {
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

/** One API call of a widget: the key its answer is kept under, its path, its body, and whether it is a plain GET. */
interface WidgetCall<Key extends string = string> {
  key: Key;
  path: string;
  params: DashboardRequest;
  method: "viaPost" | "get";
}

/** A widget's calls: each keyed as WidgetAnswers names that widget's answers. */
type CallsOf<Id extends WidgetId> = Array<WidgetCall<Extract<keyof WidgetAnswers[Id], string>>>;

/**
 * A read of /v1/dashboard/{path}: the common body and the endpoint's own parameters, typed from its
 * request schema (domain/schemas/dashboard-widgets.ts) where it has any.
 */
type Read = <Key extends string>(key: Key, path: string, extra?: object) => WidgetCall<Key>;

/** The calls of every widget (a widget missing here, or a key WidgetAnswers does not name, fails to compile). */
const WIDGET_CALLS: { [Id in WidgetId]: (query: DashboardQuery, read: Read) => CallsOf<Id> } = {
  topics: (query, read) => {
    const group = Number(widgetParam(query, "topics", "group"));
    const params: BodyToSend<typeof TopicsParams> = {
      limit: WIDGET_LIST_LIMIT,
      sort: "mentions",
      ...(Number.isInteger(group) && group > 0 ? { topicGroupId: group } : {}),
    };
    return [read("topics", "topics", params)];
  },
  reviews: (query, read) => {
    // The address may name anything: the networks that are networks, else the review networks.
    const chosen = listParam(query, "reviews", "network")?.filter(isNetworkId) ?? [];
    const params: BodyToSend<typeof ReviewsParams> = { socialTypes: chosen.length ? chosen : [...DEFAULT_REVIEW_NETWORKS] };
    return [read("reviews", "reviews", params)];
  },
  // compared_sentiment answers the period's totals and the compared period's: one call, not two.
  sentiment: (query, read) => [read("compared", "compared_sentiment", { comparedRange: comparedRangeOf(query) })],
  "trend-sentiment": (_query, read) => [read("sentiment", "sentiment")],
  demographics: (query, read) => {
    const mode = widgetParam(query, "demographics", "mode") === "countries" ? "countries" : "languages";
    return [read("demographics", `demographics/${mode}`, { limit: WIDGET_LIST_LIMIT } satisfies BodyToSend<typeof DemographicsParams>)];
  },
  "impact-score": (_query, read) => [
    read("impact", "impact_score"),
    read("reputation", "reputation"),
    read("reach", "reach_score"),
    read("shares", "shares_count"),
  ],
  "keywords-cloud": (_query, read) => [read("terms", "keyword_cloud", { limit: 30 } satisfies BodyToSend<typeof KeywordCloudParams>)],
  // compared_sla answers the period's first-reply times and the compared period's.
  "first-reply-time": (query, read) => [{ ...read("compared", "compared_sla", { comparedRange: comparedRangeOf(query) }), method: "get" }],
  "network-breakdown": (_query, read) => [read("networks", "networks")],
  "trending-keywords": (query, read) => {
    const params: BodyToSend<typeof TrendingParams> = { page: pageParam(query, "trending-keywords"), perPage: TRENDING_KEYWORDS_PER_PAGE };
    return [read("terms", "trending_labels", params)];
  },
  "conversation-themes": (_query, read) => [read("themes", "conversation_themes")],
  "trending-label": (_query, read) => {
    const params: BodyToSend<typeof EntitiesParams> = { sort: "mentions", order: "desc", limit: WIDGET_LIST_LIMIT };
    return [read("labels", "entities", params)];
  },
  "most-impactful-posts": (query, read) => {
    const sentiments = listParam(query, "most-impactful-posts", "sentiment");
    const networks = listParam(query, "most-impactful-posts", "network");
    const params: BodyToSend<typeof PostsParams> = {
      page: pageParam(query, "most-impactful-posts"),
      perPage: MOST_IMPACTFUL_POSTS_PER_PAGE,
      ...(sentiments ? { selectedSentiments: sentiments.map(Number) } : {}),
      ...(networks ? { selectedSocialTypes: networks } : {}),
    };
    return [read("posts", "most-impactful-posts", params)];
  },
  "conversation-cluster": (_query, read) => {
    const params: BodyToSend<typeof ClustersParams> = {};
    return [read("clusters", "conversation_clusters/searches", params)];
  },
};

/** The API calls a widget makes for the page state (pure: tests check the mapping). */
export function widgetCalls<Id extends WidgetId>(widgetId: Id, query: DashboardQuery): CallsOf<Id> {
  const body = dashboardBody(query);
  const read: Read = (key, path, extra = {}) => ({ key, path: `/v1/dashboard/${path}`, params: { ...body, ...extra }, method: "viaPost" });
  return WIDGET_CALLS[widgetId](query, read);
}

/**
 * Loads one widget. An API refusal becomes the widget's error (the rest of the page still renders);
 * anything else (a redirect to login, a crash) is thrown.
 */
export async function loadWidget<Id extends WidgetId>(api: ApiClient, widgetId: Id, query: DashboardQuery): Promise<WidgetResult> {
  try {
    const calls = widgetCalls(widgetId, query);
    // Every read goes as GET via POST, plain GETs (sla) too: the API turns it into the GET it stands
    // for, and the JSON body carries the contexts' nested objects, which a query string cannot.
    const answers = await Promise.all(
      calls.map((c) => api.get<WidgetAnswers[Id][typeof c.key]>(c.path, { query: c.params, viaPost: true })),
    );
    // Each answer under its call's key: the widget's WidgetAnswers (the keys are checked in WIDGET_CALLS).
    const data = Object.fromEntries(calls.map((c, i) => [c.key, answers[i]])) as unknown as WidgetAnswers[Id];
    return { widgetId, ok: true, data } as WidgetResult;
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
  properties?: DashboardContextProperties;
}

/** Stores a drill-down definition; answers its code for `/?feed_hash=`. */
export async function createFeedHash(api: ApiClient, input: DrillInput): Promise<string> {
  const body: BodyToSend<typeof FeedHashBodySchema> = {
    title: input.title,
    viewType: input.viewType,
    contextId: input.contextId,
    contextType: input.contextType,
    minCreatedAt: input.minCreatedAt,
    maxCreatedAt: input.maxCreatedAt,
    properties: propertiesBody(input.properties ?? {}),
  };
  const answer = await api.post<FromWire<typeof FeedHashResponseSchema>>("/v1/dashboard/feeds/hash", body);
  return answer.id;
}

/** GET /v1/dashboard/feeds/hash?feed_hash=: the stored definition and a page of its mentions. */
export type FeedHashResult = { ok: true; data: FromWire<typeof FeedHashPageResponseSchema> } | { ok: false; error: string };

export async function loadFeedHash(api: ApiClient, feedHash: string, page = 1): Promise<FeedHashResult> {
  try {
    const data = await api.get<FromWire<typeof FeedHashPageResponseSchema>>("/v1/dashboard/feeds/hash", {
      query: { feedHash, page } satisfies QueryToSend<typeof FeedHashPageQuerySchema>,
    });
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
 * those streams (an unsaved search with `streamIds`), named by them. None for a shared link's viewer, or
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
    properties: { streamIds: chosen.map((stream) => stream.id) },
  };
}
