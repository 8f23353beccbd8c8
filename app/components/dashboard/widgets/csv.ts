// A widget's CSV download (ADR 036): one table per widget kind, in one format for every widget.
// - Headers are snake_case identifiers; the first column is always `context` (the search, stream or
//   other element the row belongs to), whether one element is shown or several.
// - Numbers are plain numbers: counts as integers, shares and changes as ratios (0.1328, not
//   "+13.28%"), durations in seconds; a value the API does not have is an empty cell.
// - Dates are ISO 8601 with the account's offset (2026-11-01T00:00:00+01:00).
// - Categories are the API's identifiers (positive, twitter, median_first_reply_seconds); names people
//   gave (a term, a topic, a post's text) are written as they are, neutralised by domain/csv.ts.
// The numbers come from the same answers as the widget's table (WidgetAnswers, typed from the widgets'
// response schemas, read through read.ts).
import type { WidgetId } from "../../../../domain/dashboard";
import { isoInZone } from "../../../../domain/periods";
import { countryLabel } from "../../../../domain/reference/countries";
import { languageLabel } from "../../../../domain/reference/languages";
import type { WidgetAnswers } from "../../../../domain/schemas/dashboard-widgets";
import { contextEntries, type WidgetData } from "./read";

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
function shareRatio(n: number): number {
  return clean(n > 1 ? n / 100 : n);
}

/** A sentiment score (−1, 0, 1, or a mean) as the API's word. */
function sentimentId(n: number): string {
  return n > 0.05 ? "positive" : n < -0.05 ? "negative" : "neutral";
}

/** One row per item of each context's list. */
function perItem<Payload extends { context: { title: string; color: string } }, Item>(
  answer: { data: Payload[] },
  itemsOf: (payload: Payload) => Item[],
  cells: (item: Item) => CsvValue[],
): CsvValue[][] {
  return contextEntries(answer).flatMap((entry) => itemsOf(entry.payload).map((item) => [entry.title, ...cells(item)]));
}

type Answers<Id extends WidgetId> = WidgetAnswers[Id];

function sentimentCsv(data: Answers<"sentiment">): WidgetCsv {
  const rows = contextEntries(data.compared).flatMap((entry) => {
    const { totals, compared } = entry.payload;
    const sum = SENTIMENTS.reduce((acc, k) => acc + totals[k], 0);
    return SENTIMENTS.map((k): CsvValue[] => {
      const value = totals[k];
      const before = compared.totals[k];
      return [entry.title, k, value, sum ? clean(value / sum) : 0, before, changeRatio(value, before)];
    });
  });
  return { header: ["context", "sentiment", "mentions", "share", "previous_mentions", "change"], rows };
}

function trendSentimentCsv(data: Answers<"trend-sentiment">, opts: WidgetCsvOptions): WidgetCsv {
  const rows = contextEntries(data.sentiment).flatMap((entry) =>
    entry.payload.series.map((point): CsvValue[] => [entry.title, isoInZone(point.bucket, opts.timeZone), ...SENTIMENTS.map((k) => point[k])]),
  );
  return { header: ["context", "period_start", ...SENTIMENTS], rows };
}

function impactCsv(data: Answers<"impact-score">): WidgetCsv {
  const metrics = [
    ["impact", "impact_score"],
    ["reputation", "reputation"],
    ["reach", "reach_score"],
    ["shares", "shares_count"],
  ] as const;
  const rows: CsvValue[][] = [];
  for (const [key, metric] of metrics) {
    for (const entry of contextEntries(data[key])) {
      const { value, previous } = entry.payload;
      rows.push([entry.title, metric, value, previous, changeRatio(value, previous)]);
    }
  }
  return { header: ["context", "metric", "value", "previous", "change"], rows };
}

function slaCsv(data: Answers<"first-reply-time">): WidgetCsv {
  const rows: CsvValue[][] = [];
  const metrics = [
    ["median_first_reply_seconds", "medianSeconds"],
    ["average_first_reply_seconds", "averageSeconds"],
    ["replied", "replied"],
    ["not_replied", "unreplied"],
  ] as const;
  for (const entry of contextEntries(data.compared)) {
    const now = entry.payload;
    const before = entry.payload.compared;
    for (const [metric, field] of metrics) {
      rows.push([entry.title, metric, now[field], before[field], changeRatio(now[field], before[field])]);
    }
  }
  return { header: ["context", "metric", "value", "previous", "change"], rows };
}

function postsCsv(data: Answers<"most-impactful-posts">, opts: WidgetCsvOptions): WidgetCsv {
  const rows = perItem(data.posts, (p) => p.items, (item) => [
    item.id,
    item.createdAt ? isoInZone(item.createdAt, opts.timeZone) : null,
    item.socialType,
    item.authorName || item.authorUsername,
    sentimentId(item.sentiment),
    item.impactScore,
    item.description || item.title || "",
    item.postUrl || null,
  ]);
  return { header: ["context", "id", "created_at", "network", "author", "sentiment", "impact_score", "text", "post_url"], rows };
}

function demographicsCsv(data: Answers<"demographics">, opts: WidgetCsvOptions): WidgetCsv {
  const countries = opts.demographicsMode === "countries";
  const rows = perItem(data.demographics, (p) => p.items, (item) => [
    item.key,
    countries ? countryLabel(item.key) : languageLabel(item.key),
    item.mentions,
    shareRatio(item.share),
  ]);
  const kind = countries ? "country" : "language";
  return { header: ["context", `${kind}_code`, kind, "mentions", "share"], rows };
}

/** Maps a widget's loaded data (the answers by call key, as loadWidget keeps them) to its CSV table. */
export function widgetCsv<Id extends WidgetId>(widgetId: Id, data: WidgetAnswers[Id], opts: WidgetCsvOptions): WidgetCsv {
  // The id and its answers as one discriminated value, so each case below reads its own widget's answers.
  const answer = { widgetId, data } as WidgetData;
  switch (answer.widgetId) {
    case "sentiment":
      return sentimentCsv(answer.data);
    case "trend-sentiment":
      return trendSentimentCsv(answer.data, opts);
    case "impact-score":
      return impactCsv(answer.data);
    case "first-reply-time":
      return slaCsv(answer.data);
    case "most-impactful-posts":
      return postsCsv(answer.data, opts);
    case "demographics":
      return demographicsCsv(answer.data, opts);
    case "reviews":
      return {
        header: ["context", "network", "reviews", "average_rating", ...STARS.map((s) => `stars_${s}`)],
        rows: perItem(answer.data.reviews, (p) => p.items, (item) => [
          item.socialType,
          item.reviews,
          item.averageRating,
          ...STARS.map((s) => item.ratings[String(s)] ?? 0),
        ]),
      };
    case "conversation-themes":
      return {
        header: ["context", "theme", "terms", "mentions", "sentiment"],
        rows: perItem(answer.data.themes, (p) => p.themes, (item) => [item.name, item.terms.join("; "), item.mentions, sentimentId(item.sentiment)]),
      };
    case "topics":
      return {
        header: ["context", "topic", "mentions", "sentiment"],
        rows: perItem(answer.data.topics, (p) => p.items, (item) => [item.name, item.mentions, sentimentId(item.sentiment)]),
      };
    case "keywords-cloud":
      return {
        header: ["context", "term", "mentions", "sentiment"],
        rows: perItem(answer.data.terms, (p) => p.items, (item) => [item.term, item.mentions, sentimentId(item.sentiment)]),
      };
    case "network-breakdown":
      return {
        header: ["context", "network", "mentions", "engagement", "reach"],
        rows: perItem(answer.data.networks, (p) => p.items, (item) => [item.socialType, item.mentions, item.engagement ?? 0, item.reach ?? 0]),
      };
    case "trending-keywords":
      return {
        header: ["context", "term", "mentions", "previous", "score"],
        rows: perItem(answer.data.terms, (p) => p.items, (item) => [item.term, item.mentions, item.previous, item.score]),
      };
    case "trending-label":
      return {
        header: ["context", "label", "mentions", "previous", "change"],
        rows: perItem(answer.data.labels, (p) => p.items, (item) => [
          item.name,
          item.mentions,
          item.previous,
          changeRatio(item.mentions, item.previous),
        ]),
      };
    case "conversation-cluster":
      return {
        header: ["context", "cluster", "terms", "size", "actionable"],
        rows: perItem(answer.data.clusters, (p) => p.items, (item) => [item.label, item.terms.join("; "), item.size, item.actionable]),
      };
  }
}
