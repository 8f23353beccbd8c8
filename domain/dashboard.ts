// The dashboard's shared vocabulary (ADR 015): widgets, contexts, periods, units and chart mappings.
import type { NetworkId } from "./networks";

/** The 14 widgets of analytics spec §2, in their default order on the dashboard. */
export const WIDGET_IDS = [
  "topics",
  "reviews",
  "sentiment",
  "trend-sentiment",
  "demographics",
  "impact-score",
  "keywords-cloud",
  "first-reply-time",
  "network-breakdown",
  "trending-keywords",
  "conversation-themes",
  "trending-label",
  "most-impactful-posts",
  "conversation-cluster",
] as const;
export type WidgetId = (typeof WIDGET_IDS)[number];

export function isWidgetId(value: unknown): value is WidgetId {
  return typeof value === "string" && (WIDGET_IDS as readonly string[]).includes(value);
}

export const WIDGET_TITLES: Record<WidgetId, string> = {
  topics: "Topics",
  reviews: "Reviews",
  sentiment: "Sentiment",
  "trend-sentiment": "Sentiment trend",
  demographics: "Demographics",
  "impact-score": "Impact score",
  "keywords-cloud": "Keywords cloud",
  "first-reply-time": "First reply time",
  "network-breakdown": "Network breakdown",
  "trending-keywords": "Trending keywords",
  "conversation-themes": "Conversation themes",
  "trending-label": "Trending labels",
  "most-impactful-posts": "Most impactful posts",
  "conversation-cluster": "Conversation clusters",
};

/** Demographics modes (spec §2: top languages and top countries). */
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const DEMOGRAPHICS_MODES = ["languages", "countries"] as const;

/** Dashboard context types: saved search, topic (percolated membership) and unsaved search (spec: 6). */
export const DASHBOARD_CONTEXT_TYPES = { savedSearch: 1, topic: 2, unsavedSearch: 6 } as const;
/** The rollups' context of every mention of the tenant (the empty unsaved search). */
export const ALL_MENTIONS_CONTEXT = { contextType: 0, contextId: 0 } as const;

export const DASHBOARD_SECTIONS = ["brands", "my_searches", "team_searches", "topics"] as const;
export type DashboardSection = (typeof DASHBOARD_SECTIONS)[number];

/** Units of the period selector and the API's `interval` (spec §4). */
const INTERVALS = ["hour", "day", "week", "month"] as const;
export type Interval = (typeof INTERVALS)[number];
export function isInterval(value: unknown): value is Interval {
  return typeof value === "string" && (INTERVALS as readonly string[]).includes(value);
}

/** Dashboard template time units as the spec writes them. */
export const TEMPLATE_TIME_UNITS = ["Days", "Hours", "Months"] as const;
export type TemplateTimeUnit = (typeof TEMPLATE_TIME_UNITS)[number];

/** Period presets (spec §4): last N full hours, yesterday, last N days, custom. */
export const PERIOD_PRESETS = [
  { id: "1h", label: "Last hour", hours: 1 },
  { id: "3h", label: "Last 3 hours", hours: 3 },
  { id: "8h", label: "Last 8 hours", hours: 8 },
  { id: "12h", label: "Last 12 hours", hours: 12 },
  { id: "24h", label: "Last 24 hours", hours: 24 },
  { id: "yesterday", label: "Yesterday" },
  { id: "3d", label: "Last 3 days", days: 3 },
  { id: "7d", label: "Last 7 days", days: 7 },
  { id: "14d", label: "Last 14 days", days: 14 },
  { id: "30d", label: "Last 30 days", days: 30 },
  { id: "90d", label: "Last 90 days", days: 90 },
  { id: "custom", label: "Custom" },
] as const;
export type PeriodPresetId = (typeof PERIOD_PRESETS)[number]["id"];
/** Default period: last 30 days, unit days (spec §4, §9). */
export const DEFAULT_PERIOD: PeriodPresetId = "30d";
export const DEFAULT_INTERVAL: Interval = "day";
export const DEFAULT_TIME_ZONE = "UTC";

/** Charts order sentiment series neutral 0, positive 1, negative 2 (spec §3); storage uses -1/0/1. */
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const SENTIMENT_CHART_INDEX = { neutral: 0, positive: 1, negative: 2 } as const;
export const SENTIMENT_LABELS = { neutral: "Neutral", positive: "Positive", negative: "Negative" } as const;
/** Topic and keyword analytics write negative as -1 (spec §3). */
export const TERM_SENTIMENT = { negative: -1, neutral: 0, positive: 1 } as const;

/** Sentiment widgets hide the Neutral series by default (spec §4). */
export const DEFAULT_HIDDEN_SENTIMENTS = ["neutral"] as const;
/** The reviews widget's default networks (spec §4: Trustpilot, Google Play, App Store). */
export const DEFAULT_REVIEW_NETWORKS: readonly NetworkId[] = ["trustpilot", "googlePlay", "ios"];

/** The chart label of the series that covers every data point (spec §9). */
export const ALL_DATA_POINTS_LABEL = "All Data Points";
/** Local storage key of the remembered compact layout choice. */
export const COMPACT_LAYOUT_STORAGE_KEY = "earshot.dashboard.compact";
