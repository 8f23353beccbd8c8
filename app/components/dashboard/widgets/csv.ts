// A widget's CSV download (ADR 036): one table per widget kind, in one format for every widget.
// - Headers are snake_case identifiers; the first column is always `context` (the search, stream or
//   other element the row belongs to), whether one element is shown or several.
// - Numbers are plain numbers: counts as integers, shares and changes as ratios (0.1328, not
//   "+13.28%"), durations in seconds; a value the API does not have is an empty cell.
// - Dates are ISO 8601 with the account's offset (2026-11-01T00:00:00+01:00).
// - Categories are the API's identifiers (positive, twitter, median_first_reply_seconds); names people
//   gave (a term, a topic, a post's text) are written as they are, neutralised by domain/csv.ts.
// The numbers come from the same answers and readers as the widget's table (read.ts).
import type { WidgetId } from "../../../../domain/dashboard";
import { isoInZone } from "../../../../domain/periods";
import { countryLabel } from "../../../../domain/reference/countries";
import { languageLabel } from "../../../../domain/reference/languages";
import { arr, contextEntries, num, obj, previousTotals, str, type Json } from "./read";

type CsvValue = string | number | boolean | null;

export interface WidgetCsv {
  header: string[];
  rows: CsvValue[][];
}

export interface WidgetCsvOptions {
  /** The account's zone: dates are written with its offset. */
  timeZone: string;
  /** Demographics: which list the widget shows. */
  demographicsMode: "languages" | "countries";
}

const SENTIMENTS = ["positive", "negative", "neutral"] as const;
const STARS = [5, 4, 3, 2, 1] as const;

/** A number the API may leave out (null): an empty cell rather than a made-up 0. */
function maybe(value: unknown): number | null {
  if (value === null || value === undefined || value === "") return null;
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) ? n : null;
}

/** Rounds away binary noise (0.1 + 0.2) without losing precision a spreadsheet would show. */
function clean(n: number): number {
  return Number.parseFloat(n.toPrecision(12));
}

/** (current − previous) / previous as a ratio; empty when there is nothing to compare with. */
export function changeRatio(current: number | null, previous: number | null): number | null {
  if (current === null || previous === null) return null;
  if (previous === 0) return current === 0 ? 0 : null;
  return clean((current - previous) / previous);
}

/** A share the API sends as a ratio (0..1) or a percent (0..100), as a ratio. */
function shareRatio(value: unknown): number | null {
  const n = maybe(value);
  if (n === null) return null;
  return clean(n > 1 ? n / 100 : n);
}

/** A sentiment as the API's word: the number (−1, 0, 1, or a score) or the word itself. */
function sentimentId(value: unknown): string {
  if (typeof value === "string" && (SENTIMENTS as readonly string[]).includes(value)) return value;
  const n = num(value);
  return n > 0.05 ? "positive" : n < -0.05 ? "negative" : "neutral";
}

/** One row per item of each context's list. */
function perItem(answer: unknown, itemsOf: (payload: Json) => unknown[], cells: (item: Json) => CsvValue[]): CsvValue[][] {
  return contextEntries(answer).flatMap((entry) => itemsOf(entry.payload).map((raw) => [entry.title, ...cells(obj(raw))]));
}

function sentimentCsv(data: Json): WidgetCsv {
  const rows = contextEntries(data.compared).flatMap((entry) => {
    const totals = obj(entry.payload.totals);
    const previous = previousTotals(entry.payload);
    const sum = SENTIMENTS.reduce((acc, k) => acc + num(totals[k]), 0);
    return SENTIMENTS.map((k): CsvValue[] => {
      const value = num(totals[k]);
      const before = previous ? num(previous[k]) : null;
      return [entry.title, k, value, sum ? clean(value / sum) : 0, before, changeRatio(value, before)];
    });
  });
  return { header: ["context", "sentiment", "mentions", "share", "previous_mentions", "change"], rows };
}

function trendSentimentCsv(data: Json, opts: WidgetCsvOptions): WidgetCsv {
  const rows = contextEntries(data.sentiment).flatMap((entry) =>
    arr(entry.payload.series).map((raw): CsvValue[] => {
      const point = obj(raw);
      return [entry.title, isoInZone(str(point.bucket), opts.timeZone), ...SENTIMENTS.map((k) => num(point[k]))];
    }),
  );
  return { header: ["context", "period_start", ...SENTIMENTS], rows };
}

function impactCsv(data: Json): WidgetCsv {
  const metrics = [
    ["impact", "impact_score"],
    ["reputation", "reputation"],
    ["reach", "reach_score"],
    ["shares", "shares_count"],
  ] as const;
  const rows: CsvValue[][] = [];
  for (const [key, metric] of metrics) {
    for (const entry of contextEntries(data[key])) {
      const value = maybe(entry.payload.value);
      const previous = maybe(entry.payload.previous);
      rows.push([entry.title, metric, value, previous, changeRatio(value, previous)]);
    }
  }
  return { header: ["context", "metric", "value", "previous", "change"], rows };
}

function slaCsv(data: Json): WidgetCsv {
  const rows: CsvValue[][] = [];
  for (const entry of contextEntries(data.compared)) {
    const now = entry.payload;
    const before = previousTotals(entry.payload);
    const metrics = [
      ["median_first_reply_seconds", "median_seconds"],
      ["average_first_reply_seconds", "average_seconds"],
      ["replied", "replied"],
      ["not_replied", "unreplied"],
    ] as const;
    for (const [metric, field] of metrics) {
      const value = maybe(now[field]);
      const previous = before ? maybe(before[field]) : null;
      rows.push([entry.title, metric, value, previous, changeRatio(value, previous)]);
    }
  }
  return { header: ["context", "metric", "value", "previous", "change"], rows };
}

function postsCsv(data: Json, opts: WidgetCsvOptions): WidgetCsv {
  const rows = perItem(data.posts, (p) => arr(p.items), (item) => [
    typeof item.id === "number" ? item.id : str(item.id),
    item.created_at ? isoInZone(str(item.created_at), opts.timeZone) : null,
    str(item.social_type),
    str(item.author_name) || str(item.author_username),
    sentimentId(item.sentiment),
    maybe(item.impact ?? item.impact_score),
    str(item.description) || str(item.title) || str(item.text),
    str(item.post_url) || null,
  ]);
  return { header: ["context", "id", "created_at", "network", "author", "sentiment", "impact_score", "text", "post_url"], rows };
}

function demographicsCsv(data: Json, opts: WidgetCsvOptions): WidgetCsv {
  const countries = opts.demographicsMode === "countries";
  const rows = perItem(
    data.demographics,
    (p) => arr(p.items ?? p.values ?? p.languages ?? p.countries),
    (item) => {
      const code = str(item.key);
      return [code, countries ? countryLabel(code) : languageLabel(code), num(item.mentions), shareRatio(item.share)];
    },
  );
  const kind = countries ? "country" : "language";
  return { header: ["context", `${kind}_code`, kind, "mentions", "share"], rows };
}

/** Maps a widget's loaded data (the answers by call key, as loadWidget keeps them) to its CSV table. */
export function widgetCsv(widgetId: WidgetId, rawData: unknown, opts: WidgetCsvOptions): WidgetCsv {
  const data = obj(rawData);
  switch (widgetId) {
    case "sentiment":
      return sentimentCsv(data);
    case "trend-sentiment":
      return trendSentimentCsv(data, opts);
    case "impact-score":
      return impactCsv(data);
    case "first-reply-time":
      return slaCsv(data);
    case "most-impactful-posts":
      return postsCsv(data, opts);
    case "demographics":
      return demographicsCsv(data, opts);
    case "reviews":
      return {
        header: ["context", "network", "reviews", "average_rating", ...STARS.map((s) => `stars_${s}`)],
        rows: perItem(data.reviews, (p) => arr(p.networks ?? p.items ?? p.social_types), (item) => [
          str(item.social_type),
          num(item.reviews),
          maybe(item.average_rating),
          ...STARS.map((s) => num(obj(item.ratings)[String(s)])),
        ]),
      };
    case "conversation-themes":
      return {
        header: ["context", "theme", "terms", "mentions", "sentiment"],
        rows: perItem(data.themes, (p) => arr(p.themes), (item) => [
          str(item.name),
          arr(item.terms).map(str).join("; "),
          num(item.mentions),
          sentimentId(item.sentiment),
        ]),
      };
    case "topics":
      return {
        header: ["context", "topic", "mentions", "sentiment"],
        rows: perItem(data.topics, (p) => arr(p.topics ?? p.items), (item) => [str(item.name), num(item.mentions), sentimentId(item.sentiment)]),
      };
    case "keywords-cloud":
      return {
        header: ["context", "term", "mentions", "sentiment"],
        rows: perItem(data.terms, (p) => arr(p.terms ?? p.items), (item) => [str(item.term), num(item.mentions), sentimentId(item.sentiment)]),
      };
    case "network-breakdown":
      return {
        header: ["context", "network", "mentions", "engagement", "reach"],
        rows: perItem(data.networks, (p) => arr(p.networks ?? p.items), (item) => [
          str(item.social_type),
          num(item.mentions),
          num(item.engagement),
          num(item.reach),
        ]),
      };
    case "trending-keywords":
      return {
        header: ["context", "term", "mentions", "previous", "score"],
        rows: perItem(data.terms, (p) => arr(p.terms ?? p.items), (item) => [str(item.term), num(item.mentions), num(item.previous), num(item.score)]),
      };
    case "trending-label":
      return {
        header: ["context", "label", "mentions", "previous", "change"],
        rows: perItem(data.labels, (p) => arr(p.labels ?? p.entities ?? p.items), (item) => [
          str(item.name),
          num(item.mentions),
          num(item.previous),
          changeRatio(num(item.mentions), num(item.previous)),
        ]),
      };
    case "conversation-cluster":
      return {
        header: ["context", "cluster", "terms", "size", "actionable"],
        rows: perItem(data.clusters, (p) => arr(p.clusters ?? p.items), (item) => [
          str(item.label),
          arr(item.terms).map(str).join("; "),
          num(item.size),
          Boolean(item.actionable),
        ]),
      };
  }
}
