// The inbox's view as query parameters (ADR 014: every view is a link and works without JavaScript):
// the source, the filters, the sort, the page and the open item. Pure: the loader, the links and the
// keyboard shortcuts read and write the same names. Importable in the browser.
import { FEED_ITEM_STATE } from "../../../domain/constants";
import { INBOX_PAGE_SIZE, INBOX_SORTS, type InboxSort, type InboxSourceType } from "../../../domain/inbox";
import { isNetworkId, type NetworkId } from "../../../domain/networks";
import { safeRedirectPathUnder } from "../../../domain/navigation";
import type { QueryToSend } from "../../../domain/request-types";
import { parseAssigneeFilter, type InboxFiltersQuerySchema, type InboxListQuerySchema } from "../../../domain/schemas/inbox";

export const INBOX_PATH = "/inbox";

/** What the list shows: all items, the caller's assignments, or one stream, saved search or label. */
export type InboxSource =
  /** `explicit`: the address says `source=all`, which an account with default streams needs (ADR 040). */
  | { type: "all"; explicit?: boolean }
  | { type: "assigned" }
  | { type: "stream" | "search" | "label"; id: number };

export const SENTIMENT_FILTERS = ["positive", "neutral", "negative"] as const;
type SentimentFilter = (typeof SENTIMENT_FILTERS)[number];
const SENTIMENT_VALUES: Readonly<Record<SentimentFilter, number>> = { positive: 1, neutral: 0, negative: -1 };

const STATE_VALUES: readonly number[] = Object.values(FEED_ITEM_STATE);

export interface InboxFilters {
  networks: NetworkId[];
  sentiments: SentimentFilter[];
  states: number[];
  /** `me`, `unassigned`, `account:ID`, `team:ID`, or '' for anyone. */
  assignee: string;
  labelIds: number[];
  languages: string[];
  /** '1' replied, '0' not replied, '' either. */
  replied: "" | "0" | "1";
}

export interface InboxView {
  source: InboxSource;
  filters: InboxFilters;
  sort: InboxSort;
  order: "desc" | "asc";
  page: number;
  /** The open item, or null. */
  item: number | null;
}

const DEFAULT_SORT: InboxSort = "created_at";

const MAX_PAGE = 5000;

function positiveInt(value: string | null): number | null {
  if (value === null || !/^\d{1,10}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

function unique<T>(values: T[]): T[] {
  return [...new Set(values)];
}

/** `stream-12`, `search-5`, `label-3`, `assigned`, `all`, or anything else: all items. */
export function parseSource(value: string | null): InboxSource {
  if (value === "assigned") return { type: "assigned" };
  if (value === "all") return { type: "all", explicit: true };
  const match = /^(stream|search|label)-(\d{1,10})$/.exec(value ?? "");
  if (match && Number(match[2]) > 0) return { type: match[1] as "stream" | "search" | "label", id: Number(match[2]) };
  return { type: "all" };
}

/** The `source` parameter of a source (null: all items, the default). */
export function sourceParam(source: InboxSource): string | null {
  if (source.type === "all") return source.explicit ? "all" : null;
  if (source.type === "assigned") return "assigned";
  return `${source.type}-${source.id}`;
}

export function sameSource(a: InboxSource, b: InboxSource): boolean {
  return a.type === b.type && ("id" in a ? a.id : null) === ("id" in b ? b.id : null);
}

/**
 * The inbox opened without any address of a view (the menu's /inbox) by an account with default streams
 * (ADR 040): the view of its first one. 'All items' then says `source=all`, which this leaves alone.
 */
export function defaultInboxLocation(url: URL, defaultStreams: readonly number[]): string | null {
  const own = [...url.searchParams].filter(([name]) => name !== "_routes");
  if (own.length > 0 || defaultStreams.length === 0) return null;
  return `${INBOX_PATH}?source=stream-${defaultStreams[0]}`;
}

export function parseInboxView(params: URLSearchParams): InboxView {
  const assignee = params.get("assignee") ?? "";
  const replied = params.get("replied");
  const sort = params.get("sort");
  const page = positiveInt(params.get("page")) ?? 1;
  return {
    source: parseSource(params.get("source")),
    filters: {
      networks: unique(params.getAll("network").filter(isNetworkId)),
      sentiments: unique(
        params.getAll("sentiment").filter((s): s is SentimentFilter => (SENTIMENT_FILTERS as readonly string[]).includes(s)),
      ),
      states: unique(params.getAll("state").map(Number).filter((s) => STATE_VALUES.includes(s))),
      assignee: parseAssigneeFilter(assignee) ? assignee.trim() : "",
      labelIds: unique(params.getAll("label").map(positiveInt).filter((id): id is number => id !== null)),
      languages: unique(params.getAll("language").filter((code) => /^[a-z]{2,3}$/.test(code))),
      replied: replied === "0" || replied === "1" ? replied : "",
    },
    sort: (INBOX_SORTS as readonly string[]).includes(sort ?? "") ? (sort as InboxSort) : DEFAULT_SORT,
    order: params.get("order") === "asc" ? "asc" : "desc",
    page: Math.min(page, MAX_PAGE),
    item: positiveInt(params.get("item")),
  };
}

/** The query string of a view (defaults left out, so links stay short); no leading '?'. */
function inboxSearch(view: InboxView): string {
  const params = new URLSearchParams();
  const source = sourceParam(view.source);
  if (source) params.set("source", source);
  for (const network of view.filters.networks) params.append("network", network);
  for (const sentiment of view.filters.sentiments) params.append("sentiment", sentiment);
  for (const state of view.filters.states) params.append("state", String(state));
  if (view.filters.assignee) params.set("assignee", view.filters.assignee);
  for (const id of view.filters.labelIds) params.append("label", String(id));
  for (const language of view.filters.languages) params.append("language", language);
  if (view.filters.replied) params.set("replied", view.filters.replied);
  if (view.sort !== DEFAULT_SORT) params.set("sort", view.sort);
  if (view.order !== "desc") params.set("order", view.order);
  if (view.page > 1) params.set("page", String(view.page));
  if (view.item !== null) params.set("item", String(view.item));
  return params.toString();
}

/** The address of a view. */
export function inboxHref(view: InboxView): string {
  const search = inboxSearch(view);
  return search ? `${INBOX_PATH}?${search}` : INBOX_PATH;
}

/** The address of the view with some parts changed; a new source, filter or sort starts at page 1. */
export function inboxHrefWith(view: InboxView, changes: Partial<Omit<InboxView, "filters">> & { filters?: Partial<InboxFilters> }): string {
  const resetsPaging = changes.source !== undefined || changes.filters !== undefined || changes.sort !== undefined || changes.order !== undefined;
  return inboxHref({
    ...view,
    ...changes,
    filters: { ...view.filters, ...changes.filters },
    page: changes.page ?? (resetsPaging ? 1 : view.page),
  });
}

export const EMPTY_FILTERS: InboxFilters = {
  networks: [],
  sentiments: [],
  states: [],
  assignee: "",
  labelIds: [],
  languages: [],
  replied: "",
};

export function hasFilters(filters: InboxFilters): boolean {
  return (
    filters.networks.length > 0 ||
    filters.sentiments.length > 0 ||
    filters.states.length > 0 ||
    filters.assignee !== "" ||
    filters.labelIds.length > 0 ||
    filters.languages.length > 0 ||
    filters.replied !== ""
  );
}

/**
 * GET /v1/feed-items' query string as the web client builds it: the camelCase twin of the API's schema
 * (its one conversion names the keys in snake_case; lists go as `name[]=`). Every parameter is optional
 * on the wire, where the API fills in the defaults.
 */
export type InboxListQuery = QueryToSend<typeof InboxListQuerySchema>;
/** The source and filters alone, as the list's counters read them. */
export type InboxFiltersQuery = QueryToSend<typeof InboxFiltersQuerySchema>;

/**
 * GET /v1/feed-items' parameters for a view (ADR 014; the client turns the names into snake_case, the
 * one conversion). Lists stay lists; the page is an offset of INBOX_PAGE_SIZE items.
 */
export function feedItemsQuery(view: InboxView): InboxListQuery {
  const query: InboxListQuery = {
    sourceType: view.source.type satisfies InboxSourceType,
    sortBy: view.sort,
    order: view.order,
    offset: (view.page - 1) * INBOX_PAGE_SIZE,
    limit: INBOX_PAGE_SIZE,
  };
  if ("id" in view.source) query.sourceId = view.source.id;
  Object.assign(query, listFilterQuery(view.filters));
  return query;
}

/** The filters alone, as the list, its count and its sentiments read them. */
export function listFilterQuery(filters: InboxFilters): InboxFiltersQuery {
  const query: InboxFiltersQuery = {};
  // The spec's name of the networks parameter is social_type.
  if (filters.networks.length) query.socialType = filters.networks;
  if (filters.sentiments.length) query.sentiments = filters.sentiments.map((s) => SENTIMENT_VALUES[s]);
  if (filters.states.length) query.states = filters.states;
  if (filters.assignee) query.assignee = filters.assignee;
  if (filters.labelIds.length) query.labelIds = filters.labelIds;
  if (filters.languages.length) query.languages = filters.languages;
  if (filters.replied) query.isReplied = filters.replied;
  return query;
}

/**
 * Below the large breakpoint the inbox shows one pane at a time, as mobile mail clients do (ADR 033):
 * the open item when the address names one, the sources with `?pane=sources`, the list otherwise. The
 * address decides, so each pane is a link and works without JavaScript.
 */
export type InboxPane = "sources" | "list" | "item";

export const PANE_PARAM = "pane";

export function inboxPane(params: URLSearchParams): InboxPane {
  if (parseInboxView(params).item !== null) return "item";
  return params.get(PANE_PARAM) === "sources" ? "sources" : "list";
}

/** The sources pane over a view: the view's list address (no open item) with `pane=sources`. */
export function sourcesPaneHref(view: InboxView): string {
  const href = inboxHrefWith(view, { item: null });
  return `${href}${href.includes("?") ? "&" : "?"}${PANE_PARAM}=sources`;
}

/** The item after (+1) or before (-1) the open one in a page's ids; the first (or last) when none is open. */
export function neighbourItem(ids: readonly number[], current: number | null, step: 1 | -1): number | null {
  if (ids.length === 0) return null;
  const at = current === null ? -1 : ids.indexOf(current);
  if (at === -1) return step === 1 ? ids[0]! : ids[ids.length - 1]!;
  const next = at + step;
  return next >= 0 && next < ids.length ? ids[next]! : null;
}

/** A same-site inbox address to go back to after an action, or the inbox itself. */
export function inboxReturnPath(value: unknown): string {
  return safeRedirectPathUnder(value, /^\/inbox(\?|$)/, INBOX_PATH);
}

/** The parameters a view is made of (anything else in an address belongs to something else, e.g. a dialog). */
const VIEW_PARAMS = new Set(["source", "network", "sentiment", "state", "assignee", "label", "language", "replied", "sort", "order", "page", "item"]);

/**
 * The shortest address of the view an address shows, when it is not that address already (null): the
 * view's parameters in their order without defaults or empty values, then the other parameters unchanged.
 */
export function canonicalInboxAddress(url: URL): string | null {
  // `_routes` is Remix's own (which loaders a client navigation asks for), never part of the page's address.
  const own = [...url.searchParams].filter(([name]) => name !== "_routes");
  const view = inboxSearch(parseInboxView(url.searchParams));
  const others = new URLSearchParams(own.filter(([name]) => !VIEW_PARAMS.has(name)));
  const search = [view, others.toString()].filter(Boolean).join("&");
  const current = new URLSearchParams(own).toString();
  return search === current ? null : `${url.pathname}${search ? `?${search}` : ""}`;
}

/**
 * The label picker's form data without a blank 'new label' field: the shared SetLabelsFormSchema, parsed
 * through conform, reads an empty text as one empty name ('Wrong format!') instead of none.
 */
export function withoutBlankNewLabels(formData: FormData): FormData {
  const cleaned = new FormData();
  for (const [name, value] of formData) {
    if (name === "new_labels" && typeof value === "string" && value.trim() === "") continue;
    cleaned.append(name, value);
  }
  return cleaned;
}
