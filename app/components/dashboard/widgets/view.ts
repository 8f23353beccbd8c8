// Pure mapping of a widget's API answers (ADR 015 payloads, typed from the widgets' response schemas and
// camelCased by the web client: WidgetAnswers) to what the widget shows: the table the server renders
// (visible without JavaScript) and the chart's series. The same numbers feed both, so the chart never
// says something the table does not.
import {
  DEFAULT_HIDDEN_SENTIMENTS,
  SENTIMENT_LABELS,
  type WidgetId,
} from "../../../../domain/dashboard";
import { MESSAGES } from "../../../../domain/messages";
import { countryLabel } from "../../../../domain/reference/countries";
import { languageLabel } from "../../../../domain/reference/languages";
import type { WidgetAnswers } from "../../../../domain/schemas/dashboard-widgets";
import { contextEntries, networkName, type ContextEntry, type WidgetData } from "./read";

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

function multi(entries: ContextEntry<unknown>[]): boolean {
  return entries.length > 1;
}
function withContext(entries: ContextEntry<unknown>[], entry: ContextEntry<unknown>, cells: string[]): string[] {
  return multi(entries) ? [entry.title, ...cells] : cells;
}
function contextColumns(entries: ContextEntry<unknown>[], columns: string[]): string[] {
  return multi(entries) ? [T.contextColumn, ...columns] : columns;
}

/** The union of the bucket starts of every context's series, in time order. */
function bucketsOf(series: { bucket: string }[][]): string[] {
  const all = new Set<string>();
  for (const s of series) for (const point of s) all.add(point.bucket);
  all.delete("");
  return [...all].sort((a, b) => Date.parse(a) - Date.parse(b));
}

interface ValuePoint {
  bucket: string;
  value: number | null;
}

function valueSeries<P>(entries: ContextEntry<P>[], pointsOf: (e: ContextEntry<P>) => ValuePoint[], opts: ViewOptions, name: string) {
  const perContext = entries.map(pointsOf);
  const buckets = bucketsOf(perContext);
  const series: ChartSeries[] = entries.map((entry, i) => {
    const byBucket = new Map(perContext[i]!.map((p) => [p.bucket, p.value ?? 0]));
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

type Answers<Id extends WidgetId> = WidgetAnswers[Id];

function shownSentiments(opts: ViewOptions): SentimentKey[] {
  return SENTIMENT_KEYS.filter((k) => opts.showNeutral || !(DEFAULT_HIDDEN_SENTIMENTS as readonly string[]).includes(k));
}

/** The sentiment widget reads compared_sentiment alone: each entry is the period and, inside it, the compared one. */
function sentimentView(data: Answers<"sentiment">, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.compared);
  const keys = shownSentiments(opts);
  const rows: ViewRow[] = [];
  for (const entry of entries) {
    const { totals, compared } = entry.payload;
    const sum = SENTIMENT_KEYS.reduce((acc, k) => acc + totals[k], 0);
    for (const k of keys) {
      const value = totals[k];
      const previous = compared.totals[k];
      rows.push({
        key: `${entry.index}-${k}`,
        cells: withContext(entries, entry, [
          SENTIMENT_LABELS[k],
          formatInt(value),
          formatPercent(sum ? (value / sum) * 100 : 0),
          formatInt(previous),
          formatChange(changePercent(value, previous)),
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
      data: keys.map((k) => entry.payload.totals[k]),
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

function trendSentimentView(data: Answers<"trend-sentiment">, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.sentiment);
  const keys = shownSentiments(opts);
  const perContext = entries.map((e) => e.payload.series);
  const buckets = bucketsOf(perContext);
  const series: ChartSeries[] = [];
  const drills: (Drill | null)[][] = [];
  const rows: ViewRow[] = [];
  entries.forEach((entry, i) => {
    const byBucket = new Map(perContext[i]!.map((p) => [p.bucket, p]));
    for (const k of keys) {
      series.push({
        name: multi(entries) ? `${entry.title} · ${SENTIMENT_LABELS[k]}` : SENTIMENT_LABELS[k],
        color: multi(entries) ? entry.color : SENTIMENT_HEX[k],
        data: buckets.map((b) => byBucket.get(b)?.[k] ?? 0),
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
      const point = byBucket.get(b);
      rows.push({
        key: `${entry.index}-${b}`,
        cells: withContext(entries, entry, [formatBucket(b), ...keys.map((k) => formatInt(point?.[k] ?? 0))]),
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

/** How a list widget reads its items: the cells of a row, the chart's value, the row's name, its drill-down's term. */
interface ListReading<Item> {
  columns: string[];
  cells: (item: Item) => string[];
  chartValue: ((item: Item) => number) | null;
  label: (item: Item) => string;
  drillQuery?: (item: Item) => string | undefined;
}

function listView<Payload extends { context: { title: string; color: string } }, Item>(
  answer: { data: Payload[] },
  itemsOf: (payload: Payload) => Item[],
  reading: ListReading<Item>,
  opts: ViewOptions,
): WidgetView {
  const { columns, cells, chartValue, label, drillQuery } = reading;
  const entries = contextEntries(answer);
  const rows: ViewRow[] = [];
  const labels: string[] = [];
  const values = new Map<string, number[]>();
  entries.forEach((entry) => {
    for (const item of itemsOf(entry.payload)) {
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

/** A sentiment score (−1, 0, 1, or a mean) as its word. */
function sentimentWord(n: number): string {
  return n > 0.05 ? SENTIMENT_LABELS.positive : n < -0.05 ? SENTIMENT_LABELS.negative : SENTIMENT_LABELS.neutral;
}

function impactView(data: Answers<"impact-score">, opts: ViewOptions): WidgetView {
  const metrics: { key: keyof Answers<"impact-score">; label: string }[] = [
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
      const value = entry.payload.value ?? 0;
      const previous = entry.payload.previous;
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
  const { buckets, series, drills } = valueSeries(impactEntries, (e) => e.payload.series, opts, T.impactMetric);
  return {
    columns: contextColumns(impactEntries, [T.metricColumn, T.valueColumn, T.previousColumn, T.changeColumn]),
    rows,
    summary: [],
    chart: buckets.length ? { type: "area", timeline: true, categories: buckets, series, drills, allDataPoints: true } : null,
  };
}

/** The first-reply widget reads compared_sla alone: each entry is the period and, inside it, the compared one. */
function slaView(data: Answers<"first-reply-time">, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.compared);
  const rows: ViewRow[] = [];
  for (const entry of entries) {
    const now = entry.payload;
    const before = entry.payload.compared;
    const line = (label: string, value: string, previous: string, change: string) =>
      rows.push({ key: `${entry.index}-${label}`, cells: withContext(entries, entry, [label, value, previous, change]) });
    // Each figure's change wherever both periods have it (not only the median's).
    const change = (value: number | null, previous: number | null) =>
      value !== null && previous !== null ? formatChange(changePercent(value, previous)) : "–";
    line(T.medianReply, formatSeconds(now.medianSeconds), formatSeconds(before.medianSeconds), change(now.medianSeconds, before.medianSeconds));
    line(T.averageReply, formatSeconds(now.averageSeconds), formatSeconds(before.averageSeconds), change(now.averageSeconds, before.averageSeconds));
    line(MESSAGES.inboxUi.repliedFilter, formatInt(now.replied), formatInt(before.replied), change(now.replied, before.replied));
    line(MESSAGES.inboxUi.notReplied, formatInt(now.unreplied), formatInt(before.unreplied), change(now.unreplied, before.unreplied));
  }
  const { buckets, series, drills } = valueSeries(
    entries,
    (e) => e.payload.series.map((point) => ({ bucket: point.bucket, value: (point.medianSeconds ?? point.value ?? 0) / 60 })),
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

const STARS = [5, 4, 3, 2, 1] as const;

function reviewsView(data: Answers<"reviews">, opts: ViewOptions): WidgetView {
  const view = listView(
    data.reviews,
    (p) => p.items,
    {
      columns: [MESSAGES.network, T.reviewsColumn, T.averageRatingColumn, ...STARS.map((s) => T.starsColumn(s))],
      cells: (item) => [
        networkName(item.socialType),
        formatInt(item.reviews),
        formatDecimal(item.averageRating ?? 0),
        ...STARS.map((s) => formatInt(item.ratings[String(s)] ?? 0)),
      ],
      chartValue: (item) => item.reviews,
      label: (item) => networkName(item.socialType),
    },
    opts,
  );
  if (view.chart) view.chart.horizontal = false;
  return view;
}

function themesView(data: Answers<"conversation-themes">, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.themes);
  const analysed = entries.reduce((acc, e) => acc + e.payload.nlpAnalyzedCount, 0);
  const view = listView(
    data.themes,
    (p) => p.themes,
    {
      columns: [T.themeColumn, T.termsColumn, T.mentionsColumn, MESSAGES.sentiment],
      cells: (item) => [item.name, item.terms.join(", "), formatInt(item.mentions), sentimentWord(item.sentiment)],
      chartValue: (item) => item.mentions,
      label: (item) => item.name,
      drillQuery: (item) => item.terms[0],
    },
    opts,
  );
  return { ...view, note: T.analyzedCount(analysed) };
}

function postsView(data: Answers<"most-impactful-posts">, opts: ViewOptions): WidgetView {
  const entries = contextEntries(data.posts);
  const rows: ViewRow[] = [];
  let total = 0;
  for (const entry of entries) {
    total = Math.max(total, entry.payload.total);
    for (const item of entry.payload.items) {
      rows.push({
        key: `${entry.index}-${item.id}`,
        cells: withContext(entries, entry, [
          item.description || item.title || "",
          item.authorName || item.authorUsername,
          networkName(item.socialType),
          sentimentWord(item.sentiment),
          formatDecimal(item.impactScore),
        ]),
        href: item.postUrl && /^https?:\/\//.test(item.postUrl) ? item.postUrl : undefined,
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

function trendingKeywordsView(data: Answers<"trending-keywords">, opts: ViewOptions): WidgetView {
  const view = listView(
    data.terms,
    (p) => p.items,
    {
      columns: [T.termColumn, T.mentionsColumn, T.previousColumn, T.scoreColumn],
      cells: (item) => [item.term, formatInt(item.mentions), formatInt(item.previous), formatDecimal(item.score)],
      chartValue: (item) => item.mentions,
      label: (item) => item.term,
      drillQuery: (item) => item.term || undefined,
    },
    opts,
  );
  const perPage = opts.perPage ?? 7;
  const entries = contextEntries(data.terms);
  const longest = entries.reduce((acc, e) => Math.max(acc, e.payload.items.length), 0);
  const total = entries.reduce((acc, e) => Math.max(acc, e.payload.total), 0);
  return { ...view, hasNextPage: total ? (opts.page ?? 1) * perPage < total : longest >= perPage };
}

/** Maps a widget's loaded data (its answers by call key, WidgetAnswers) to its table and chart. */
export function widgetView<Id extends WidgetId>(widgetId: Id, data: WidgetAnswers[Id], opts: ViewOptions): WidgetView {
  // The id and its answers as one discriminated value, so each case below reads its own widget's answers.
  const answer = { widgetId, data } as WidgetData;
  switch (answer.widgetId) {
    case "sentiment":
      return sentimentView(answer.data, opts);
    case "trend-sentiment":
      return trendSentimentView(answer.data, opts);
    case "impact-score":
      return impactView(answer.data, opts);
    case "first-reply-time":
      return slaView(answer.data, opts);
    case "reviews":
      return reviewsView(answer.data, opts);
    case "conversation-themes":
      return themesView(answer.data, opts);
    case "most-impactful-posts":
      return postsView(answer.data, opts);
    case "topics":
      return listView(
        answer.data.topics,
        (p) => p.items,
        {
          columns: [T.topicColumn, T.mentionsColumn, MESSAGES.sentiment],
          cells: (item) => [item.name, formatInt(item.mentions), sentimentWord(item.sentiment)],
          chartValue: (item) => item.mentions,
          label: (item) => item.name,
        },
        opts,
      );
    case "demographics": {
      // Names, not codes: "German", "Germany" (the reference lists the filters use too).
      const countries = opts.demographicsMode === "countries";
      const name = (item: { key: string }) => (countries ? countryLabel(item.key) : languageLabel(item.key));
      return listView(
        answer.data.demographics,
        (p) => p.items,
        {
          columns: [countries ? MESSAGES.channelScreen.country : MESSAGES.language, T.mentionsColumn, MESSAGES.dashboardUi.share],
          cells: (item) => [name(item), formatInt(item.mentions), formatPercent(item.share <= 1 ? item.share * 100 : item.share)],
          chartValue: (item) => item.mentions,
          label: name,
        },
        opts,
      );
    }
    case "keywords-cloud":
      return listView(
        answer.data.terms,
        (p) => p.items,
        {
          columns: [T.termColumn, T.mentionsColumn, MESSAGES.sentiment],
          cells: (item) => [item.term, formatInt(item.mentions), sentimentWord(item.sentiment)],
          chartValue: (item) => item.mentions,
          label: (item) => item.term,
          drillQuery: (item) => item.term || undefined,
        },
        opts,
      );
    case "network-breakdown":
      return listView(
        answer.data.networks,
        (p) => p.items,
        {
          columns: [MESSAGES.network, T.mentionsColumn, MESSAGES.inboxUi.sortEngagement, MESSAGES.searchScreen.metricReach],
          cells: (item) => [networkName(item.socialType), formatInt(item.mentions), formatInt(item.engagement ?? 0), formatInt(item.reach ?? 0)],
          chartValue: (item) => item.mentions,
          label: (item) => networkName(item.socialType),
        },
        opts,
      );
    case "trending-keywords":
      return trendingKeywordsView(answer.data, opts);
    case "trending-label":
      return listView(
        answer.data.labels,
        (p) => p.items,
        {
          columns: [MESSAGES.inboxUi.label, T.mentionsColumn, T.previousColumn, T.changeColumn],
          cells: (item) => [item.name, formatInt(item.mentions), formatInt(item.previous), formatChange(item.change)],
          chartValue: (item) => item.mentions,
          label: (item) => item.name,
        },
        opts,
      );
    case "conversation-cluster":
      return listView(
        answer.data.clusters,
        (p) => p.items,
        {
          columns: [T.clusterColumn, T.termsColumn, T.sizeColumn, T.actionableColumn],
          cells: (item) => [item.label, item.terms.join(", "), formatInt(item.size), item.actionable ? T.yes : T.no],
          chartValue: (item) => item.size,
          label: (item) => item.label,
          drillQuery: (item) => item.terms[0],
        },
        opts,
      );
  }
}
