// Pure mapping of a widget's API answers (ADR 015 payloads, snake_case as the API sends them) to what
// the widget shows: the table the server renders (visible without JavaScript) and the chart's series.
// The same numbers feed both, so the chart never says something the table does not.
import {
  DEFAULT_HIDDEN_SENTIMENTS,
  SENTIMENT_LABELS,
  type WidgetId,
} from "../../../../domain/dashboard";
import { MESSAGES } from "../../../../domain/messages";
import { countryLabel } from "../../../../domain/reference/countries";
import { languageLabel } from "../../../../domain/reference/languages";
import { arr, contextEntries, networkName, num, obj, previousTotals, str, type ContextEntry, type Json } from "./read";

const T = MESSAGES.widgetsUi;

/** The mentions behind a point or a row (POST /v1/dashboard/feeds/hash). */
export interface Drill {
  contextIndex: number;
  from: string;
  to: string;
  title: string;
  /** A term or keyword the mentions hold (term widgets). */
  query?: string;
}

interface ViewRow {
  key: string;
  cells: string[];
  drill?: Drill;
  /** An external link of the row (a post's address). */
  href?: string;
}

interface ChartSeries {
  name: string;
  color: string;
  data: number[];
  dashed?: boolean;
}

export interface ChartSpec {
  type: "line" | "bar" | "area";
  /** Categories are ISO bucket starts (a datetime x-axis, where annotations are drawn). */
  timeline: boolean;
  horizontal?: boolean;
  categories: string[];
  series: ChartSeries[];
  /** Per series, per point: the drill-down of that point. */
  drills: (Drill | null)[][];
  /** The values are counts: the value axis has whole-number ticks. */
  integer?: boolean;
  /** What the values measure, as the value axis' title (e.g. minutes). */
  unit?: string;
  /** The chart shows every data point (spec §9 label). */
  allDataPoints: boolean;
}

export interface WidgetView {
  columns: string[];
  rows: ViewRow[];
  summary: { label: string; value: string }[];
  chart: ChartSpec | null;
  /** Extra line under the title (e.g. how many mentions were analysed). */
  note?: string;
  /** Paged widgets: whether a next page exists. */
  hasNextPage?: boolean;
}

export interface ViewOptions {
  from: string;
  to: string;
  /** Sentiments shown on sentiment charts (Neutral hidden by default). */
  showNeutral: boolean;
  page?: number;
  perPage?: number;
  /** Demographics: which list the widget shows (languages unless countries). */
  demographicsMode?: "languages" | "countries";
}

const SENTIMENT_HEX = { neutral: "#9CA3AF", positive: "#16A34A", negative: "#DC2626" } as const;
type SentimentKey = keyof typeof SENTIMENT_HEX;
const SENTIMENT_KEYS: SentimentKey[] = ["positive", "negative", "neutral"];

// ── Formatting ─────────────────────────────────────────────────────────────────────────────────
const integer = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });
const decimal = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const formatInt = (n: number) => integer.format(n);
const formatDecimal = (n: number) => decimal.format(n);
const formatPercent = (n: number) => `${decimal.format(n)}%`;
function formatChange(n: number | null): string {
  if (n === null) return "–";
  return `${n > 0 ? "+" : ""}${decimal.format(n)}%`;
}
export function changePercent(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return ((current - previous) / previous) * 100;
}
export function formatSeconds(seconds: number | null): string {
  if (seconds === null || !Number.isFinite(seconds)) return "–";
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m}m ${s % 60}s`;
  const h = Math.floor(m / 60);
  if (h < 24) return `${h}h ${m % 60}m`;
  return `${Math.floor(h / 24)}d ${h % 24}h`;
}
/** A bucket start as the table shows it (UTC text of the instant the API names). */
function formatBucket(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return d.toISOString().slice(0, 16).replace("T", " ");
}

/** Bucket i's end: the next bucket's start, or the range's end. */
function bucketEnd(buckets: string[], i: number, rangeTo: string): string {
  return buckets[i + 1] ?? rangeTo;
}

function multi(entries: ContextEntry[]): boolean {
  return entries.length > 1;
}
function withContext(entries: ContextEntry[], entry: ContextEntry, cells: string[]): string[] {
  return multi(entries) ? [entry.title, ...cells] : cells;
}
function contextColumns(entries: ContextEntry[], columns: string[]): string[] {
  return multi(entries) ? [T.contextColumn, ...columns] : columns;
}

function emptyView(): WidgetView {
  return { columns: [], rows: [], summary: [], chart: null };
}

/** The union of the bucket starts of every context's series, in time order. */
function bucketsOf(series: unknown[][]): string[] {
  const all = new Set<string>();
  for (const s of series) for (const point of s) all.add(str(obj(point).bucket));
  all.delete("");
  return [...all].sort((a, b) => Date.parse(a) - Date.parse(b));
}

function valueSeries(entries: ContextEntry[], answerKey: (e: ContextEntry) => unknown[], opts: ViewOptions, name: string) {
  const perContext = entries.map(answerKey);
  const buckets = bucketsOf(perContext);
  const series: ChartSeries[] = entries.map((entry, i) => {
    const byBucket = new Map(perContext[i]!.map((p) => [str(obj(p).bucket), num(obj(p).value)]));
    return {
      name: multi(entries) ? entry.title : name,
      color: entry.color,
      data: buckets.map((b) => byBucket.get(b) ?? 0),
    };
  });
  const drills = entries.map((entry) =>
    buckets.map((b, j) => ({
      contextIndex: entry.index,
      from: b,
      to: bucketEnd(buckets, j, opts.to),
      title: `${name}: ${formatBucket(b)}`,
    })),
  );
  return { buckets, series, drills };
}

// ── Widgets ─────────────────────────────────────────────────────────────────────────────────────

/** The sentiment widget reads compared_sentiment alone: each entry is the period and, inside it, the compared one. */
function sentimentView(data: Json, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.compared);
  const keys = SENTIMENT_KEYS.filter((k) => opts.showNeutral || !(DEFAULT_HIDDEN_SENTIMENTS as readonly string[]).includes(k));
  const rows: ViewRow[] = [];
  for (const entry of entries) {
    const totals = obj(entry.payload.totals);
    const comparedTotals = previousTotals(entry.payload);
    const sum = SENTIMENT_KEYS.reduce((acc, k) => acc + num(totals[k]), 0);
    for (const k of keys) {
      const value = num(totals[k]);
      const previous = comparedTotals ? num(comparedTotals[k]) : null;
      rows.push({
        key: `${entry.index}-${k}`,
        cells: withContext(entries, entry, [
          SENTIMENT_LABELS[k],
          formatInt(value),
          formatPercent(sum ? (value / sum) * 100 : 0),
          previous === null ? "–" : formatInt(previous),
          previous === null ? "–" : formatChange(changePercent(value, previous)),
        ]),
      });
    }
  }
  const chart: ChartSpec = {
    type: "bar",
    timeline: false,
    categories: keys.map((k) => SENTIMENT_LABELS[k]),
    series: entries.map((entry) => ({
      name: entry.title,
      color: entry.color,
      data: keys.map((k) => num(obj(entry.payload.totals)[k])),
    })),
    drills: entries.map(() => keys.map(() => null)),
    allDataPoints: false,
    integer: true,
  };
  return {
    columns: contextColumns(entries, [
      MESSAGES.sentiment,
      T.mentionsColumn,
      MESSAGES.dashboardUi.share,
      T.previousColumn,
      T.changeColumn,
    ]),
    rows,
    summary: [],
    chart: entries.length ? chart : null,
  };
}

function trendSentimentView(data: Json, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.sentiment);
  const keys = SENTIMENT_KEYS.filter((k) => opts.showNeutral || !(DEFAULT_HIDDEN_SENTIMENTS as readonly string[]).includes(k));
  const perContext = entries.map((e) => arr(e.payload.series));
  const buckets = bucketsOf(perContext);
  const series: ChartSeries[] = [];
  const drills: (Drill | null)[][] = [];
  const rows: ViewRow[] = [];
  entries.forEach((entry, i) => {
    const byBucket = new Map(perContext[i]!.map((p) => [str(obj(p).bucket), obj(p)]));
    for (const k of keys) {
      series.push({
        name: multi(entries) ? `${entry.title} · ${SENTIMENT_LABELS[k]}` : SENTIMENT_LABELS[k],
        color: multi(entries) ? entry.color : SENTIMENT_HEX[k],
        data: buckets.map((b) => num(byBucket.get(b)?.[k])),
        dashed: multi(entries) && k !== "positive",
      });
      drills.push(
        buckets.map((b, j) => ({
          contextIndex: entry.index,
          from: b,
          to: bucketEnd(buckets, j, opts.to),
          title: `${SENTIMENT_LABELS[k]}: ${formatBucket(b)}`,
        })),
      );
    }
    buckets.forEach((b, j) => {
      const point = byBucket.get(b) ?? {};
      rows.push({
        key: `${entry.index}-${b}`,
        cells: withContext(entries, entry, [formatBucket(b), ...keys.map((k) => formatInt(num(point[k])))]),
        drill: {
          contextIndex: entry.index,
          from: b,
          to: bucketEnd(buckets, j, opts.to),
          title: `${WIDGET_SENTIMENT_TREND}: ${formatBucket(b)}`,
        },
      });
    });
  });
  return {
    columns: contextColumns(entries, [T.bucket, ...keys.map((k) => SENTIMENT_LABELS[k])]),
    rows,
    summary: [],
    chart: buckets.length
      ? { type: "line", timeline: true, categories: buckets, series, drills, allDataPoints: true, integer: true }
      : null,
  };
}
const WIDGET_SENTIMENT_TREND = "Sentiment trend";

function listView(
  answer: unknown,
  columns: string[],
  cells: (item: Json) => string[],
  chartValue: ((item: Json) => number) | null,
  label: (item: Json) => string,
  opts: ViewOptions,
  drillQuery?: (item: Json) => string | undefined,
  itemsOf: (payload: Json) => unknown[] = (p) => arr(p.items ?? p.rows ?? p.values ?? p.data),
): WidgetView {
  const entries = contextEntries(answer);
  const rows: ViewRow[] = [];
  const labels: string[] = [];
  const values = new Map<string, number[]>();
  entries.forEach((entry) => {
    for (const raw of payloadList(entry.payload, itemsOf)) {
      const item = obj(raw);
      const name = label(item);
      const query = drillQuery?.(item);
      rows.push({
        key: `${entry.index}-${name}-${rows.length}`,
        cells: withContext(entries, entry, cells(item)),
        drill: query
          ? { contextIndex: entry.index, from: opts.from, to: opts.to, title: name, query }
          : undefined,
      });
      if (!labels.includes(name)) labels.push(name);
      if (chartValue) {
        const list = values.get(name) ?? entries.map(() => 0);
        list[entry.index] = chartValue(item);
        values.set(name, list);
      }
    }
  });
  const chart: ChartSpec | null =
    chartValue && labels.length
      ? {
          type: "bar",
          timeline: false,
          horizontal: true,
          categories: labels,
          series: entries.map((entry) => ({
            name: entry.title,
            color: entry.color,
            data: labels.map((l) => values.get(l)?.[entry.index] ?? 0),
          })),
          drills: entries.map((entry) =>
            labels.map((l) => {
              const q = drillQuery ? l : undefined;
              return q ? { contextIndex: entry.index, from: opts.from, to: opts.to, title: l, query: q } : null;
            }),
          ),
          allDataPoints: false,
          integer: true,
        }
      : null;
  return { columns: contextColumns(entries, columns), rows, summary: [], chart };
}

/** A context entry's list: the entry itself is `{ context, ...payload }`; lists sit under a key. */
function payloadList(payload: Json, itemsOf: (p: Json) => unknown[]): unknown[] {
  return itemsOf(payload);
}

function sentimentWord(value: unknown): string {
  const n = num(value);
  if (typeof value === "string" && value in SENTIMENT_LABELS) return SENTIMENT_LABELS[value as SentimentKey];
  return n > 0.05 ? SENTIMENT_LABELS.positive : n < -0.05 ? SENTIMENT_LABELS.negative : SENTIMENT_LABELS.neutral;
}

function impactView(data: Json, opts: ViewOptions): WidgetView {
  const metrics: { key: string; label: string }[] = [
    { key: "impact", label: T.impactMetric },
    { key: "reputation", label: T.reputationMetric },
    { key: "reach", label: MESSAGES.searchScreen.sortReach },
    { key: "shares", label: T.sharesMetric },
  ];
  const impactEntries = contextEntries(data.impact);
  const rows: ViewRow[] = [];
  for (const m of metrics) {
    const entries = contextEntries(data[m.key]);
    for (const entry of entries) {
      const value = num(entry.payload.value);
      const previous = entry.payload.previous === undefined || entry.payload.previous === null ? null : num(entry.payload.previous);
      rows.push({
        key: `${m.key}-${entry.index}`,
        cells: withContext(entries, entry, [
          m.label,
          formatDecimal(value),
          previous === null ? "–" : formatDecimal(previous),
          previous === null ? "–" : formatChange(changePercent(value, previous)),
        ]),
      });
    }
  }
  const { buckets, series, drills } = valueSeries(impactEntries, (e) => arr(e.payload.series), opts, T.impactMetric);
  return {
    columns: contextColumns(impactEntries, [T.metricColumn, T.valueColumn, T.previousColumn, T.changeColumn]),
    rows,
    summary: [],
    chart: buckets.length ? { type: "area", timeline: true, categories: buckets, series, drills, allDataPoints: true } : null,
  };
}

/** The first-reply widget reads compared_sla alone: each entry is the period and, inside it, the compared one. */
function slaView(data: Json, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.compared);
  const rows: ViewRow[] = [];
  for (const entry of entries) {
    const p = entry.payload;
    const prev = previousTotals(entry.payload);
    const median = p.median_seconds === null ? null : num(p.median_seconds);
    const prevMedian = prev && prev.median_seconds !== undefined && prev.median_seconds !== null ? num(prev.median_seconds) : null;
    const line = (label: string, value: string, previous: string, change: string) =>
      rows.push({ key: `${entry.index}-${label}`, cells: withContext(entries, entry, [label, value, previous, change]) });
    const figure = (side: Json | null, key: string): number | null =>
      side && side[key] !== undefined && side[key] !== null ? num(side[key]) : null;
    // Each figure's change wherever both periods have it (not only the median's).
    const change = (value: number | null, previous: number | null) =>
      value !== null && previous !== null ? formatChange(changePercent(value, previous)) : "–";
    const average = figure(p, "average_seconds");
    const prevAverage = figure(prev, "average_seconds");
    const replied = figure(p, "replied") ?? 0;
    const prevReplied = figure(prev, "replied");
    const unreplied = figure(p, "unreplied") ?? 0;
    const prevUnreplied = figure(prev, "unreplied");
    line(T.medianReply, formatSeconds(median), formatSeconds(prevMedian), change(median, prevMedian));
    line(T.averageReply, formatSeconds(average), formatSeconds(prevAverage), change(average, prevAverage));
    line(MESSAGES.inboxUi.repliedFilter, formatInt(replied), prevReplied === null ? "–" : formatInt(prevReplied), change(replied, prevReplied));
    line(MESSAGES.inboxUi.notReplied, formatInt(unreplied), prevUnreplied === null ? "–" : formatInt(prevUnreplied), change(unreplied, prevUnreplied));
  }
  const { buckets, series, drills } = valueSeries(
    entries,
    (e) => arr(e.payload.series).map((point) => ({ bucket: obj(point).bucket, value: num(obj(point).median_seconds ?? obj(point).value) / 60 })),
    opts,
    T.medianReply,
  );
  return {
    columns: contextColumns(entries, [T.metricColumn, T.valueColumn, T.previousColumn, T.changeColumn]),
    rows,
    summary: [],
    chart: buckets.length
      ? { type: "line", timeline: true, categories: buckets, series, drills, allDataPoints: true, unit: T.medianReplyMinutes }
      : null,
  };
}

function reviewsView(data: Json, opts: ViewOptions): WidgetView {
  const view = listView(
    data.reviews,
    [MESSAGES.network, T.reviewsColumn, T.averageRatingColumn, ...[5, 4, 3, 2, 1].map((s) => T.starsColumn(s))],
    (item) => [
      networkName(item.social_type),
      formatInt(num(item.reviews)),
      formatDecimal(num(item.average_rating)),
      ...[5, 4, 3, 2, 1].map((s) => formatInt(num(obj(item.ratings)[String(s)]))),
    ],
    (item) => num(item.reviews),
    (item) => networkName(item.social_type),
    opts,
    undefined,
    (p) => arr(p.networks ?? p.items ?? p.social_types),
  );
  if (view.chart) view.chart.horizontal = false;
  return view;
}

function themesView(data: Json, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.themes);
  const analysed = entries.reduce((acc, e) => acc + num(e.payload.nlp_analyzed_count), 0);
  const view = listView(
    data.themes,
    [T.themeColumn, T.termsColumn, T.mentionsColumn, MESSAGES.sentiment],
    (item) => [str(item.name), arr(item.terms).map(str).join(", "), formatInt(num(item.mentions)), sentimentWord(item.sentiment)],
    (item) => num(item.mentions),
    (item) => str(item.name),
    opts,
    (item) => arr(item.terms).map(str)[0],
    (p) => arr(p.themes),
  );
  return { ...view, note: T.analyzedCount(analysed) };
}

function postsView(data: Json, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.posts);
  const rows: ViewRow[] = [];
  let total = 0;
  for (const entry of entries) {
    total = Math.max(total, num(entry.payload.total));
    for (const raw of arr(entry.payload.items)) {
      const item = obj(raw);
      const author = str(item.author_name) || str(item.author_username);
      const text = str(item.description) || str(item.title) || str(item.text);
      rows.push({
        key: `${entry.index}-${str(item.id)}`,
        cells: withContext(entries, entry, [
          text,
          author,
          networkName(item.social_type),
          sentimentWord(item.sentiment),
          formatDecimal(num(item.impact ?? item.impact_score)),
        ]),
        href: /^https?:\/\//.test(str(item.post_url)) ? str(item.post_url) : undefined,
      });
    }
  }
  const page = opts.page ?? 1;
  const perPage = opts.perPage ?? 6;
  return {
    columns: contextColumns(entries, [T.postColumn, MESSAGES.inboxUi.author, MESSAGES.network, MESSAGES.sentiment, T.impactColumn]),
    rows,
    summary: [],
    chart: null,
    hasNextPage: page * perPage < total,
  };
}

/** Maps a widget's loaded data to its table and chart. */
export function widgetView(widgetId: WidgetId, rawData: unknown, opts: ViewOptions): WidgetView {
  const data = obj(rawData);
  switch (widgetId) {
    case "sentiment":
      return sentimentView(data, opts);
    case "trend-sentiment":
      return trendSentimentView(data, opts);
    case "impact-score":
      return impactView(data, opts);
    case "first-reply-time":
      return slaView(data, opts);
    case "reviews":
      return reviewsView(data, opts);
    case "conversation-themes":
      return themesView(data, opts);
    case "most-impactful-posts":
      return postsView(data, opts);
    case "topics":
      return listView(
        data.topics,
        [T.topicColumn, T.mentionsColumn, MESSAGES.sentiment],
        (item) => [str(item.name), formatInt(num(item.mentions)), sentimentWord(item.sentiment)],
        (item) => num(item.mentions),
        (item) => str(item.name),
        opts,
        undefined,
        (p) => arr(p.topics ?? p.items),
      );
    case "demographics": {
      // Names, not codes: "German", "Germany" (the reference lists the filters use too).
      const countries = opts.demographicsMode === "countries";
      const name = (item: Json) => (countries ? countryLabel(str(item.key)) : languageLabel(str(item.key)));
      return listView(
        data.demographics,
        [countries ? MESSAGES.channelScreen.country : MESSAGES.language, T.mentionsColumn, MESSAGES.dashboardUi.share],
        (item) => [name(item), formatInt(num(item.mentions)), formatPercent(num(item.share) <= 1 ? num(item.share) * 100 : num(item.share))],
        (item) => num(item.mentions),
        name,
        opts,
        undefined,
        (p) => arr(p.items ?? p.values ?? p.languages ?? p.countries),
      );
    }
    case "keywords-cloud":
      return listView(
        data.terms,
        [T.termColumn, T.mentionsColumn, MESSAGES.sentiment],
        (item) => [str(item.term), formatInt(num(item.mentions)), sentimentWord(item.sentiment)],
        (item) => num(item.mentions),
        (item) => str(item.term),
        opts,
        (item) => str(item.term) || undefined,
        (p) => arr(p.terms ?? p.items),
      );
    case "network-breakdown":
      return listView(
        data.networks,
        [MESSAGES.network, T.mentionsColumn, MESSAGES.inboxUi.sortEngagement, MESSAGES.searchScreen.metricReach],
        (item) => [networkName(item.social_type), formatInt(num(item.mentions)), formatInt(num(item.engagement)), formatInt(num(item.reach))],
        (item) => num(item.mentions),
        (item) => networkName(item.social_type),
        opts,
        undefined,
        (p) => arr(p.networks ?? p.items),
      );
    case "trending-keywords": {
      const view = listView(
        data.terms,
        [T.termColumn, T.mentionsColumn, T.previousColumn, T.scoreColumn],
        (item) => [str(item.term), formatInt(num(item.mentions)), formatInt(num(item.previous)), formatDecimal(num(item.score))],
        (item) => num(item.mentions),
        (item) => str(item.term),
        opts,
        (item) => str(item.term) || undefined,
        (p) => arr(p.terms ?? p.items),
      );
      const perPage = opts.perPage ?? 7;
      const longest = contextEntries(data.terms).reduce(
        (acc, e) => Math.max(acc, arr(e.payload.terms ?? e.payload.items).length),
        0,
      );
      const total = contextEntries(data.terms).reduce((acc, e) => Math.max(acc, num(e.payload.total)), 0);
      return { ...view, hasNextPage: total ? (opts.page ?? 1) * perPage < total : longest >= perPage };
    }
    case "trending-label":
      return listView(
        data.labels,
        [MESSAGES.inboxUi.label, T.mentionsColumn, T.previousColumn, T.changeColumn],
        (item) => [str(item.name), formatInt(num(item.mentions)), formatInt(num(item.previous)), formatChange(item.change === null ? null : num(item.change))],
        (item) => num(item.mentions),
        (item) => str(item.name),
        opts,
        undefined,
        (p) => arr(p.labels ?? p.entities ?? p.items),
      );
    case "conversation-cluster":
      return listView(
        data.clusters,
        [T.clusterColumn, T.termsColumn, T.sizeColumn, T.actionableColumn],
        (item) => [str(item.label), arr(item.terms).map(str).join(", "), formatInt(num(item.size)), item.actionable ? T.yes : T.no],
        (item) => num(item.size),
        (item) => str(item.label),
        opts,
        (item) => arr(item.terms).map(str)[0],
        (p) => arr(p.clusters ?? p.items),
      );
  }
  return emptyView();
}

;
