/** Business constants and limits of the specification (core §9, analytics §9), by name. */

// Caching and error reporting.
export const CACHE_TTL_HOURS = 0.5;
export const ERROR_REPORT_TIMEOUT_MS = 2000;
export const TRACE_SAMPLE_RATE = 1;

// Lists and paging.
export const STATUS_PAGE_SIZE = 15;
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const DEFAULT_STATUS_ORDER_BY = "counts.total_engagements";
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const DEFAULT_STATUS_DIRECTION = "desc";
export const DEFAULT_LIMIT = 100;
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const SIDEBAR_SHOW_MORE_AFTER = 15;
export const TRENDING_KEYWORDS_PER_PAGE = 7;
export const MOST_IMPACTFUL_PER_PAGE = 6;
export const MODERATION_PER_PAGE = 8;

// Templates modal.
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const TEMPLATE_MESSAGE_ROWS = 9;
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const TEMPLATE_MODAL_WIDTH_PX = 800;
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const CLOSE_RESET_DELAY_MS = 500;

// Loading, notifications, suggestions.
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const NOTIFICATION_SPLIT_THRESHOLD = 100;
export const KEYWORD_SUGGESTION_LIMIT = 10;
/** The helper's GIF search gives at most this many results (services/helper/gifs.ts). */
export const GIF_SEARCH_LIMIT = 8;

// Dashboard.
export const COMPARE_LIMIT = 3;
export const FLOW_MODE_PAUSE_MS = 30_000;
/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const BOOLEAN_GROUP_LIMIT = 100;
export const TEAM_DROPDOWN_WIDTH_PX = 90;
/** The business profile that unlocks Dashboard V1 and Moderation Report. */
export const DASHBOARD_V1_PROFILE_ID = 11;
/** Dashboard context type of an unsaved (ad hoc) search. */
export const UNSAVED_SEARCH_CONTEXT_TYPE = 6;

// Enumerations.
export const ACCOUNT_STATE = { active: 1, deleted: 2 } as const;

/** docs/architecture.md: 1 open, 2 pending, 3 closed. */
export const FEED_ITEM_STATE = { open: 1, pending: 2, closed: 3 } as const;
export type FeedItemState =
  (typeof FEED_ITEM_STATE)[keyof typeof FEED_ITEM_STATE];

/** docs/architecture.md: storage and API use -1/0/1; the charts' series order is a UI mapping only. */
export const SENTIMENT = { negative: -1, neutral: 0, positive: 1 } as const;

export const SAVED_SEARCH_CATEGORIES = ["brand", "my", "team"] as const;
export type SavedSearchCategory = (typeof SAVED_SEARCH_CATEGORIES)[number];

/** @public A constant of the spec that no code reads yet: kept word for word beside the others. */
export const TEMPLATE_NETWORK_CODES = [
  "twitter",
  "fb",
  "ig",
  "rd",
  "ytb",
  "etoro",
  "review",
] as const;

// Environments (docs/architecture.md: APP_ENV, local by default; production-like = preprod and prod).
export const APP_ENVS = ["local", "demo", "preprod", "prod"] as const;
export type AppEnv = (typeof APP_ENVS)[number];
export const DEFAULT_APP_ENV: AppEnv = "local";

export function isAppEnv(x: unknown): x is AppEnv {
  return typeof x === "string" && (APP_ENVS as readonly string[]).includes(x);
}

export function isProductionLike(env: AppEnv): boolean {
  return env === "preprod" || env === "prod";
}

/**
 * Routes excluded per environment (docs/architecture.md): `/inbox` and `/search` in demo; `/charts` in demo and
 * prod. An excluded route sends the user to the dashboard and its menu entry is hidden.
 */
const ENV_EXCLUDED_ROUTES: Readonly<Record<AppEnv, readonly string[]>> =
  {
    local: [],
    demo: ["/inbox", "/search", "/charts"],
    preprod: [],
    prod: ["/charts"],
  };

/** True when `pathname` is an excluded route, or below one, in `env`. */
export function isRouteExcluded(pathname: string, env: AppEnv): boolean {
  return ENV_EXCLUDED_ROUTES[env].some(
    (route) => pathname === route || pathname.startsWith(`${route}/`),
  );
}
