// The dashboard's state as the page's search parameters carry it (ADR 015: every view is a link).
// Parsing lives here too (parseDashboardQuery), so the route, the widgets and /charts read it one way.
import type { CompareColor } from "../../domain/palette";
import type { Interval, PeriodPresetId, WidgetId } from "../../domain/dashboard";
import {
  DASHBOARD_CONTEXT_TYPES,
  DEFAULT_PERIOD,
  PERIOD_PRESETS,
  WIDGET_IDS,
  isInterval,
  isWidgetId,
  type DashboardSection,
} from "../../domain/dashboard";
import { COMPARE_LIMIT } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import { compareColor } from "../../domain/palette";
import { bucketStart, defaultInterval, intervalChoices, isValidTimeZone, presetRange, zoneOffsetMinutes } from "../../domain/periods";

/**
 * An unsaved search's properties (context type 6, ADR 015 "Contexts"; the default streams, ADR 040): the
 * body's `properties` (DashboardPropertiesSchema) camelCased. `filters` are a search's query groups, which
 * a body sends as they are (their keys are camelCase on the wire too: app/lib/dashboard-widgets.server.ts).
 */
export interface DashboardContextProperties {
  query?: string;
  filters?: unknown;
  streamIds?: number[];
}

interface DashboardContextRef {
  contextType: number;
  contextId: number;
  /** How the address names it when not `{type}-{id}` (the default streams' unsaved search). */
  token?: string;
  /** Unsaved searches (context type 6) carry their query and filters (and the default streams, ADR 040). */
  properties?: DashboardContextProperties;
  title: string;
  color: CompareColor;
}

export interface DashboardQuery {
  /** ISO instants: from inclusive, to exclusive. */
  from: string;
  to: string;
  period: PeriodPresetId;
  interval: Interval;
  timeZone: string;
  contexts: DashboardContextRef[];
  comparedRange?: { from: string; to: string };
  /** The widgets shown, in order (a template's or shared link's config, else all). */
  widgets: WidgetId[];
  /** Per-widget parameters from the URL, keyed "widget.param" (e.g. "demographics.mode" → "countries"). */
  widgetParams: Record<string, string>;
  compact: boolean;
  sharedLinkCode?: string;
  /** The annotation layers shown on the timelines (`layers=1,2`). */
  layerIds?: number[];
  /**
   * What the address asked for that cannot be shown, said under its field rather than replaced in
   * silence (issue 30): the custom period as typed, and too many comparison contexts.
   */
  problems?: DashboardProblems;
}

interface DashboardProblems {
  period?: { message: string; from: string; to: string };
  contexts?: string;
}

/** The search parameters' names (spec analytics §2 for the shared-link ones). */
export const DASHBOARD_PARAMS = {
  from: "from",
  to: "to",
  period: "period",
  timeUnit: "timeUnit",
  timeZone: "tz",
  contextIds: "contextIds",
  config: "config",
  compact: "compact",
  layers: "layers",
  dialog: "dialog",
  sharedLinkCode: "shared_link_code",
} as const;

/** One context the dashboard selector offers (POST /v1/dashboard_selector), by section. */
export interface DashboardSelectorContext {
  contextType: number;
  contextId: number;
  /** How the address names it when not `{type}-{id}` (the default streams' unsaved search). */
  token?: string;
  title: string;
  section: DashboardSection;
  properties?: DashboardContextProperties;
}

export interface DashboardSelector {
  contexts: DashboardSelectorContext[];
}

/** "Every mention": the unsaved search with an empty query and no filters (ADR 015). */
export const ALL_MENTIONS_TOKEN = `${DASHBOARD_CONTEXT_TYPES.unsavedSearch}-0`;

/** The account's default streams as a context of the address (ADR 040): every mention of them. */
export const DEFAULT_STREAMS_TOKEN = "streams";

/** A context as the URL writes it: `{contextType}-{contextId}` (saved search 1-12, topic 2-5), or its own token. */
export function contextToken(context: { contextType: number; contextId: number; token?: string }): string {
  return context.token ?? `${context.contextType}-${context.contextId}`;
}

function allMentionsContext(): Omit<DashboardContextRef, "color"> {
  return {
    contextType: DASHBOARD_CONTEXT_TYPES.unsavedSearch,
    contextId: 0,
    properties: { query: "" },
    title: MESSAGES.dashboardUi.allMentions,
  };
}

function chosenOf(context: DashboardSelectorContext): Omit<DashboardContextRef, "color"> {
  const chosen: Omit<DashboardContextRef, "color"> = { contextType: context.contextType, contextId: context.contextId, title: context.title };
  if (context.token) chosen.token = context.token;
  if (context.properties) chosen.properties = context.properties;
  return chosen;
}

function isPresetId(value: unknown): value is PeriodPresetId {
  return typeof value === "string" && PERIOD_PRESETS.some((preset) => preset.id === value);
}

const DATE_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** The instant the day `date` (YYYY-MM-DD) starts in zone `tz`. */
export function dayStart(date: string, tz: string): string {
  const utcMidnight = Date.parse(`${date}T00:00:00Z`);
  // Local noon of that day lies on that day whatever the zone's offset; its day bucket is the day.
  const noon = utcMidnight + 12 * 3_600_000;
  const localNoon = noon - zoneOffsetMinutes(tz, noon) * 60_000;
  return bucketStart(new Date(localNoon).toISOString(), "day", tz);
}

/** The calendar day (YYYY-MM-DD) of an instant in zone `tz`. */
export function dayOf(instantIso: string, tz: string): string {
  return new Intl.DateTimeFormat("en-CA", { timeZone: tz, year: "numeric", month: "2-digit", day: "2-digit" }).format(
    new Date(instantIso),
  );
}

/** The last day a range covers (its `to` is exclusive), for the custom period's date fields. */
export function lastDayOf(toIso: string, tz: string): string {
  return dayOf(new Date(Date.parse(toIso) - 1).toISOString(), tz);
}

function parseBound(value: string | null, tz: string, end: boolean): string | null {
  if (!value) return null;
  if (DATE_ONLY.test(value)) {
    if (Number.isNaN(Date.parse(`${value}T00:00:00Z`))) return null;
    if (!end) return dayStart(value, tz);
    const next = new Date(Date.parse(`${value}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
    return dayStart(next, tz);
  }
  const ms = Date.parse(value);
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

function listParam(params: URLSearchParams, name: string): string[] {
  return params
    .getAll(name)
    .flatMap((value) => value.split(","))
    .map((value) => value.trim())
    .filter(Boolean);
}

/**
 * The dashboard state of a page address. Anything missing or invalid falls back to its default: last
 * 30 days in the viewer's zone (else UTC), the range's default unit, the first brand search (else every
 * mention), every widget. Contexts are those the selector offers, at most COMPARE_LIMIT, coloured by
 * position.
 */
export function parseDashboardQuery(
  url: URL | string,
  viewerTimeZone: string | null | undefined,
  selector: DashboardSelector,
  now: Date = new Date(),
): DashboardQuery {
  const params = (typeof url === "string" ? new URL(url, "http://earshot.invalid") : url).searchParams;
  const P = DASHBOARD_PARAMS;

  const tzParam = params.get(P.timeZone);
  const timeZone = isValidTimeZone(tzParam) ? tzParam : isValidTimeZone(viewerTimeZone) ? viewerTimeZone : "UTC";

  const periodParam = params.get(P.period);
  let period: PeriodPresetId = isPresetId(periodParam)
    ? periodParam
    : params.has(P.from) && params.has(P.to)
      ? "custom"
      : DEFAULT_PERIOD;
  let range: { from: string; to: string } | null = null;
  const problems: DashboardProblems = {};
  if (period === "custom") {
    const [fromText, toText] = [params.get(P.from) ?? "", params.get(P.to) ?? ""];
    const from = parseBound(fromText, timeZone, false);
    const to = parseBound(toText, timeZone, true);
    if (from && to && Date.parse(from) < Date.parse(to)) range = { from, to };
    else {
      // The default period is shown, and the field says why.
      const message = !fromText || !toText ? MESSAGES.required : from && to ? MESSAGES.dashboardUi.periodEndBeforeStart : MESSAGES.wrongFormat;
      problems.period = { message, from: fromText, to: toText };
      period = DEFAULT_PERIOD;
    }
  }
  range ??= presetRange(period, timeZone, now);

  const unit = params.get(P.timeUnit);
  const interval = isInterval(unit) && intervalChoices(range.from, range.to).includes(unit) ? unit : defaultInterval(range.from, range.to);

  const chosen: Array<Omit<DashboardContextRef, "color">> = [];
  const asked = [...new Set(listParam(params, P.contextIds))].filter(
    (token) => token === ALL_MENTIONS_TOKEN || selector.contexts.some((context) => contextToken(context) === token),
  );
  // Without JavaScript nothing stops a fourth box being ticked: the first ones are shown, and it is said.
  if (asked.length > COMPARE_LIMIT) problems.contexts = MESSAGES.tooManyElements;
  for (const token of asked) {
    if (chosen.length >= COMPARE_LIMIT) break;
    if (chosen.some((context) => contextToken(context) === token)) continue;
    if (token === ALL_MENTIONS_TOKEN) {
      chosen.push(allMentionsContext());
      continue;
    }
    const found = selector.contexts.find((context) => contextToken(context) === token);
    if (found) chosen.push(chosenOf(found));
  }
  if (chosen.length === 0) {
    // The account's default streams first (ADR 040), else the first brand search, else every mention.
    const first =
      selector.contexts.find((context) => context.token === DEFAULT_STREAMS_TOKEN) ??
      selector.contexts.find((context) => context.section === "brands");
    chosen.push(first ? chosenOf(first) : allMentionsContext());
  }
  const contexts = chosen.map((context, index) => {
    const ref: DashboardContextRef = { contextType: context.contextType, contextId: context.contextId, title: context.title, color: compareColor(index) };
    if (context.token) ref.token = context.token;
    if (context.properties) ref.properties = context.properties;
    return ref;
  });

  const widgets = [...new Set(listParam(params, P.config))].filter(isWidgetId);
  const widgetParams: Record<string, string> = {};
  for (const [name, value] of params) {
    const dot = name.indexOf(".");
    if (dot > 0 && isWidgetId(name.slice(0, dot)) && name.length > dot + 1) widgetParams[name] = value;
  }
  const layerIds = [...new Set(listParam(params, P.layers).map(Number))].filter((id) => Number.isInteger(id) && id > 0);
  const code = params.get(P.sharedLinkCode);

  const query: DashboardQuery = {
    from: range.from,
    to: range.to,
    period,
    interval,
    timeZone,
    contexts,
    widgets: widgets.length ? widgets : [...WIDGET_IDS],
    widgetParams,
    compact: params.get(P.compact) === "1",
    layerIds,
  };
  if (code) query.sharedLinkCode = code;
  if (problems.period || problems.contexts) query.problems = problems;
  return query;
}

/**
 * The period form's record of the period it showed, so that a submit tells a chosen preset from
 * edited dates (without JavaScript both arrive together).
 */
export const SHOWN_PERIOD_PARAMS = { period: "shownPeriod", from: "shownFrom", to: "shownTo" } as const;

/**
 * The address of the view a period submit asks for, when it is not the submitted address itself (the
 * address is always the view shown, issue 30): a preset drops the old `from`/`to`; dates edited while the
 * preset stayed make a custom period. Null when the address is already the view's.
 */
export function periodFormLocation(url: URL): string | null {
  const params = url.searchParams;
  const P = DASHBOARD_PARAMS;
  const S = SHOWN_PERIOD_PARAMS;
  const period = params.get(P.period);
  const shown = params.has(S.period) || params.has(S.from) || params.has(S.to);
  const preset = isPresetId(period) && period !== "custom";
  const dates = params.has(P.from) || params.has(P.to);
  if (!shown && !(preset && dates)) return null;
  const next = new URLSearchParams(params);
  for (const name of Object.values(S)) next.delete(name);
  if (preset && dates) {
    const datesEdited = shown && (params.get(P.from) !== params.get(S.from) || params.get(P.to) !== params.get(S.to));
    if (datesEdited && params.get(S.period) === period) {
      next.delete(P.period);
    } else {
      next.delete(P.from);
      next.delete(P.to);
    }
  }
  return `${url.pathname}?${next.toString()}`;
}

/** What a link changes of the current state; `dialog` opens a dialog (`null` closes it). */
export type DashboardChanges = Partial<DashboardQuery> & { dialog?: string | null };

/** The search parameters of a dashboard state (presets stay relative to now; custom ranges are fixed). */
export function dashboardParams(query: DashboardQuery, changes: DashboardChanges = {}): URLSearchParams {
  const next = { ...query, ...changes };
  const P = DASHBOARD_PARAMS;
  const out = new URLSearchParams();
  if (next.sharedLinkCode) out.set(P.sharedLinkCode, next.sharedLinkCode);
  // A new preset drops the old range; a custom period keeps its instants.
  if (next.period === "custom") {
    out.set(P.from, next.from);
    out.set(P.to, next.to);
  } else {
    out.set(P.period, next.period);
  }
  out.set(P.timeUnit, next.interval);
  out.set(P.timeZone, next.timeZone);
  out.set(P.contextIds, next.contexts.map(contextToken).join(","));
  const allWidgets = next.widgets.length === WIDGET_IDS.length && next.widgets.every((id, i) => id === WIDGET_IDS[i]);
  if (!allWidgets) out.set(P.config, next.widgets.join(","));
  for (const [name, value] of Object.entries(next.widgetParams)) out.set(name, value);
  if (next.layerIds?.length) out.set(P.layers, next.layerIds.join(","));
  if (next.compact) out.set(P.compact, "1");
  if (changes.dialog) out.set(P.dialog, changes.dialog);
  return out;
}

/** The dashboard's address for the current state with some changes (every view is a link). */
export function dashboardHref(query: DashboardQuery, changes: DashboardChanges = {}): string {
  return `/?${dashboardParams(query, changes).toString()}`;
}
