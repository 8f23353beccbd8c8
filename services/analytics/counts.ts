// The count widgets of the dashboard (ADR 015): sentiment, networks, demographics, engagement, reach,
// the scores, reviews, first-reply times and the general report. Each reads partial sums per slot (the
// rollups' UTC hours or the raw path's UTC minutes) and makes the request's buckets in its zone, so both
// paths answer the same numbers. Formulas (ADR 015 "Scores"): impact score = mean impact of the mentions;
// reputation = 50 + 50 × (positive − negative) / (positive + negative), 0–100, null without opinions;
// reach score = mean reach per mention; shares count = sum of shares.
import { countReviews, countSlots, listFirstReplySeconds, type CountDimension, type CountRow, type CountSource } from "../../db/repositories/analytics-counts";
import { DEFAULT_REVIEW_NETWORKS, type Interval } from "../../domain/dashboard";
import { bucketStart, bucketsOf, fixedBuckets } from "../../domain/periods";
import { DemographicsParams, NetworksParams, ReviewsParams, widgetParams } from "../../domain/schemas/dashboard-widgets";
import type { ServiceDeps } from "../context";
import type { DashboardRange, ResolvedDashboardContext, ResolvedDashboardRequest } from "./request";

type Measures = Omit<CountRow, "slot" | "network" | "sentiment" | "language" | "country">;
const MEASURE_KEYS = ["mentions", "likes", "comments", "shares", "views", "totalEngagements", "reach", "impactSum", "replied", "firstReplyCount", "firstReplySeconds"] as const;

function zero(): Measures {
  return { mentions: 0, likes: 0, comments: 0, shares: 0, views: 0, totalEngagements: 0, reach: 0, impactSum: 0, replied: 0, firstReplyCount: 0, firstReplySeconds: 0 };
}
function addInto(target: Measures, row: Measures): void {
  for (const k of MEASURE_KEYS) target[k] += row[k];
}
const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Maps slots to the request's buckets (memoized: many slots share a bucket). */
function bucketer(interval: Interval, timeZone: string) {
  const memo = new Map<string, string>();
  return (slot: string) => {
    let b = memo.get(slot);
    if (b === undefined) memo.set(slot, (b = bucketStart(slot, interval, timeZone)));
    return b;
  };
}

export interface WidgetArgs {
  deps: ServiceDeps;
  request: ResolvedDashboardRequest;
  context: ResolvedDashboardContext;
}

/** Where a context's counts are read: its rollup context when the request reads the rollups, else feed_items. */
function sourceOf({ request, context }: WidgetArgs): CountSource {
  return { rollup: request.source === "rollup" ? context.rollup : null, filter: context.filter };
}

/** The range's buckets when the store may group by them itself (day or week buckets of one length). */
function fixedBucketsOf({ request }: WidgetArgs, range: DashboardRange) {
  return fixedBuckets(range.from, range.to, request.interval, request.timeZone);
}

async function slotsOf(args: WidgetArgs, range: DashboardRange, dimensions: readonly CountDimension[], bySlot: boolean) {
  const buckets = bySlot ? fixedBucketsOf(args, range) : null;
  return countSlots(args.deps.db, args.request.businessProfileId, sourceOf(args), range, dimensions, bySlot, buckets);
}

/** Per-bucket measures of a range (every bucket listed, empty ones zero), plus the range's totals. */
async function seriesOf<T>(
  args: WidgetArgs,
  range: DashboardRange,
  dimensions: readonly CountDimension[],
  init: () => T,
  add: (acc: T, row: CountRow) => void,
): Promise<{ buckets: Array<{ bucket: string; acc: T }>; total: T }> {
  const rows = await slotsOf(args, range, dimensions, true);
  const toBucket = bucketer(args.request.interval, args.request.timeZone);
  const byBucket = new Map<string, T>();
  for (const b of bucketsOf(range.from, range.to, args.request.interval, args.request.timeZone)) byBucket.set(b, init());
  const total = init();
  for (const row of rows) {
    const b = toBucket(row.slot!);
    let acc = byBucket.get(b);
    if (!acc) byBucket.set(b, (acc = init()));
    add(acc, row);
    add(total, row);
  }
  return { buckets: [...byBucket.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([bucket, acc]) => ({ bucket, acc })), total };
}

// ── Sentiment ──────────────────────────────────────────────────────────────────────────────────────

interface SentimentCounts {
  neutral: number;
  positive: number;
  negative: number;
}
const sentimentZero = (): SentimentCounts => ({ neutral: 0, positive: 0, negative: 0 });
function addSentiment(acc: SentimentCounts, row: CountRow) {
  if (row.sentiment === 1) acc.positive += row.mentions;
  else if (row.sentiment === -1) acc.negative += row.mentions;
  else acc.neutral += row.mentions;
}

async function sentimentOf(args: WidgetArgs, range: DashboardRange) {
  const { buckets, total } = await seriesOf(args, range, ["sentiment"], sentimentZero, addSentiment);
  return { totals: total, series: buckets.map((b) => ({ bucket: b.bucket, ...b.acc })) };
}

function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : round(((current - previous) / previous) * 100);
}

export async function sentimentWidget(args: WidgetArgs) {
  return sentimentOf(args, args.request.range);
}

export async function comparedSentimentWidget(args: WidgetArgs) {
  const current = await sentimentOf(args, args.request.range);
  const compared = await sentimentOf(args, args.request.previousRange);
  return {
    ...current,
    compared: { range: args.request.previousRange, ...compared },
    change: {
      neutral: changePercent(current.totals.neutral, compared.totals.neutral),
      positive: changePercent(current.totals.positive, compared.totals.positive),
      negative: changePercent(current.totals.negative, compared.totals.negative),
    },
  };
}

// ── Networks and demographics ────────────────────────────────────────────────────────────────────

export async function networksWidget(args: WidgetArgs) {
  const rows = await slotsOf(args, args.request.range, ["network"], false);
  const countOnly = widgetParams(NetworksParams, args.request.body).count_only === true;
  const items = rows
    .map((r) => ({ socialType: r.network!, mentions: r.mentions, engagement: r.totalEngagements, reach: r.reach }))
    .sort((a, b) => b.mentions - a.mentions || (a.socialType < b.socialType ? -1 : 1));
  return { items: countOnly ? items.map(({ socialType, mentions }) => ({ socialType, mentions })) : items };
}


/** Top languages or countries: 'und' and empty excluded; share of the listed keys' total. */
export async function demographicsWidget(args: WidgetArgs, mode: "languages" | "countries") {
  const dimension: CountDimension = mode === "languages" ? "language" : "country";
  const rows = await slotsOf(args, args.request.range, [dimension], false);
  const kept = rows
    .map((r) => ({ key: String(r[dimension] ?? ""), mentions: r.mentions }))
    .filter((r) => r.key !== "" && r.key.toLowerCase() !== "und");
  const total = kept.reduce((n, r) => n + r.mentions, 0);
  const items = kept
    .sort((a, b) => b.mentions - a.mentions || (a.key < b.key ? -1 : 1))
    .slice(0, widgetParams(DemographicsParams, args.request.body).limit ?? 100)
    .map((r) => ({ key: r.key, mentions: r.mentions, share: total ? round(r.mentions / total, 4) : 0 }));
  return { items, total };
}

// ── Sums and scores ────────────────────────────────────────────────────────────────────────────────

async function measureSeries(args: WidgetArgs, range: DashboardRange) {
  return seriesOf(args, range, [], zero, (acc, row) => addInto(acc, row));
}

export async function sumWidget(args: WidgetArgs, measure: "totalEngagements" | "reach") {
  const { buckets, total } = await measureSeries(args, args.request.range);
  return { series: buckets.map((b) => ({ bucket: b.bucket, value: b.acc[measure] })), total: total[measure] };
}

export type ScoreKind = "impact_score" | "reputation" | "shares_count" | "reach_score";

function scoreOf(kind: ScoreKind, m: Measures & { positive?: number; negative?: number }): number | null {
  switch (kind) {
    case "impact_score":
      return m.mentions ? round(m.impactSum / m.mentions) : null;
    case "reach_score":
      return m.mentions ? round(m.reach / m.mentions) : null;
    case "shares_count":
      return m.shares;
    case "reputation": {
      const opinions = (m.positive ?? 0) + (m.negative ?? 0);
      return opinions ? round(50 + (50 * ((m.positive ?? 0) - (m.negative ?? 0))) / opinions) : null;
    }
  }
}

type ScoreAcc = Measures & { positive: number; negative: number };
const scoreZero = (): ScoreAcc => ({ ...zero(), positive: 0, negative: 0 });
function addScore(acc: ScoreAcc, row: CountRow) {
  addInto(acc, row);
  if (row.sentiment === 1) acc.positive += row.mentions;
  if (row.sentiment === -1) acc.negative += row.mentions;
}

export async function scoreWidget(args: WidgetArgs, kind: ScoreKind) {
  const dims: CountDimension[] = kind === "reputation" ? ["sentiment"] : [];
  const current = await seriesOf(args, args.request.range, dims, scoreZero, addScore);
  // Of the previous period only its total is shown: no slots to read.
  const previous = scoreZero();
  for (const row of await slotsOf(args, args.request.previousRange, dims, false)) addScore(previous, row);
  return {
    value: scoreOf(kind, current.total),
    previous: scoreOf(kind, previous),
    series: current.buckets.map((b) => ({ bucket: b.bucket, value: scoreOf(kind, b.acc) })),
  };
}

// ── Reviews ──────────────────────────────────────────────────────────────────────────────────────

/** Reviews: counts, average and 1–5 histogram per network (ratings from the 'rating' rollup rows, or feed_items). */
export async function reviewsWidget(args: WidgetArgs) {
  const { deps, request } = args;
  const socialTypes: string[] = widgetParams(ReviewsParams, request.body).social_types ?? [...DEFAULT_REVIEW_NETWORKS];
  const rows = await countReviews(deps.db, request.businessProfileId, sourceOf(args), request.range, socialTypes, fixedBucketsOf(args, request.range));
  const toBucket = bucketer(request.interval, request.timeZone);
  const per = new Map<string, { reviews: number; rated: number; ratingSum: number; ratings: Record<string, number> }>();
  for (const t of socialTypes) per.set(t, { reviews: 0, rated: 0, ratingSum: 0, ratings: { "1": 0, "2": 0, "3": 0, "4": 0, "5": 0 } });
  const series = new Map<string, number>();
  for (const b of bucketsOf(request.range.from, request.range.to, request.interval, request.timeZone)) series.set(b, 0);
  for (const r of rows) {
    const p = per.get(r.socialType)!;
    p.reviews += r.reviews;
    if (r.rating !== null) {
      p.rated += r.reviews;
      p.ratingSum += r.rating * r.reviews;
      const star = String(Math.min(5, Math.max(1, Math.round(r.rating))));
      p.ratings[star] = (p.ratings[star] ?? 0) + r.reviews;
    }
    const b = toBucket(r.slot);
    series.set(b, (series.get(b) ?? 0) + r.reviews);
  }
  return {
    items: socialTypes.map((t) => {
      const p = per.get(t)!;
      return { socialType: t, reviews: p.reviews, averageRating: p.rated ? round(p.ratingSum / p.rated) : null, ratings: p.ratings };
    }),
    series: [...series.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([bucket, value]) => ({ bucket, value })),
  };
}

// ── First reply (SLA) ────────────────────────────────────────────────────────────────────────────

function median(values: ArrayLike<number>): number | null {
  if (!values.length) return null;
  // A typed array sorts numerically without a comparator call per step: several times faster here.
  const sorted = Float64Array.from(values).sort();
  const mid = sorted.length >> 1;
  return round(sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2);
}

/**
 * First-reply times: the median is exact (each replied mention's time, from analytics_first_replies or
 * feed_items); counts come from the same slots as the other widgets.
 */
async function slaOf(args: WidgetArgs, range: DashboardRange) {
  const { deps, request } = args;
  const { buckets, total } = await measureSeries(args, range);
  const times = await listFirstReplySeconds(deps.db, request.businessProfileId, sourceOf(args), range);
  const toBucket = bucketer(request.interval, request.timeZone);
  const perBucket = new Map<string, number[]>();
  for (const t of times) {
    const b = toBucket(t.slot);
    const list = perBucket.get(b);
    if (list) list.push(t.seconds);
    else perBucket.set(b, [t.seconds]);
  }
  return {
    medianSeconds: median(Float64Array.from(times, (t) => t.seconds)),
    averageSeconds: total.firstReplyCount ? round(total.firstReplySeconds / total.firstReplyCount) : null,
    replied: total.replied,
    unreplied: total.mentions - total.replied,
    series: buckets.map((b) => {
      const m = median(perBucket.get(b.bucket) ?? []);
      return { bucket: b.bucket, medianSeconds: m, value: m, replied: b.acc.replied };
    }),
  };
}

export async function slaWidget(args: WidgetArgs) {
  return slaOf(args, args.request.range);
}

export async function comparedSlaWidget(args: WidgetArgs) {
  const current = await slaOf(args, args.request.range);
  const compared = await slaOf(args, args.request.previousRange);
  return { ...current, compared: { range: args.request.previousRange, ...compared } };
}

// ── General report ───────────────────────────────────────────────────────────────────────────────

export const GENERAL_REPORT_HEADER = [
  "search_name",
  "context",
  "bucket",
  "mentions",
  "positive",
  "neutral",
  "negative",
  "likes",
  "comments",
  "shares",
  "views",
  "total_engagements",
  "reach",
  "impact_score",
];

/** One row per context and bucket: counts, sentiment split, engagement, reach and mean impact. */
export async function generalReportRows(args: WidgetArgs, searchName: string): Promise<unknown[][]> {
  const { buckets } = await seriesOf(args, args.request.range, ["sentiment"], scoreZero, (acc, row) => {
    addScore(acc, row);
  });
  return buckets.map((b) => [
    searchName,
    args.context.title,
    b.bucket,
    b.acc.mentions,
    b.acc.positive,
    b.acc.mentions - b.acc.positive - b.acc.negative,
    b.acc.negative,
    b.acc.likes,
    b.acc.comments,
    b.acc.shares,
    b.acc.views,
    b.acc.totalEngagements,
    b.acc.reach,
    b.acc.mentions ? round(b.acc.impactSum / b.acc.mentions) : "",
  ]);
}

/** Every count widget's read by name (bench/dashboard.ts times them with timeCountWidgets). */
export const COUNT_WIDGET_READS: Record<string, (args: WidgetArgs) => Promise<unknown>> = {
  sentiment: sentimentWidget,
  compared_sentiment: comparedSentimentWidget,
  networks: networksWidget,
  languages: (a) => demographicsWidget(a, "languages"),
  countries: (a) => demographicsWidget(a, "countries"),
  engagement: (a) => sumWidget(a, "totalEngagements"),
  reach: (a) => sumWidget(a, "reach"),
  impact_score: (a) => scoreWidget(a, "impact_score"),
  reputation: (a) => scoreWidget(a, "reputation"),
  shares_count: (a) => scoreWidget(a, "shares_count"),
  reach_score: (a) => scoreWidget(a, "reach_score"),
  reviews: reviewsWidget,
  sla: slaWidget,
};
