// What every text widget reads (ADR 015, ADR 016): a resolved request (range, compared range, zone and
// contexts with the conditions selecting their mentions) and the term counts of a context over a range,
// whole UTC days from analytics_terms_daily and the partial days at the edges raw from feed_items.keywords.
import { countFeedItems, type FeedItemFilter } from "../../../db/repositories/feed-items";
import { listKeywordsOfMentions, sumDailyTerms, sumRollupMentions } from "../../../db/repositories/analytics-terms";
import { countTerms, mergeTermCounts, type TermCount } from "../../../domain/text-analytics";
import type { ServiceDeps } from "../../context";

export interface TimeRange {
  from: string;
  to: string;
}

/** A context as the answer names it. */
export interface ContextRef {
  contextType: number;
  contextId: number;
  title: string;
  color: string;
}

/** One resolved context: how to select its mentions, and its rollup key when the rollups may be read. */
export interface TextContext {
  ref: ContextRef;
  /** The conditions selecting the context's mentions (no range: each read adds its own). */
  filter: FeedItemFilter;
  /** Set for saved searches, topics and the empty unsaved search: (1|2, id) or (0, 0). */
  rollup: { contextType: number; contextId: number } | null;
  /** The context as the request gave it (cluster ids carry it). */
  input: { contextType: number; contextId: number; properties: unknown };
}

export interface TextRequest {
  businessProfileId: number;
  range: TimeRange;
  /** The compared range the request named, if any. */
  comparedRange: TimeRange | null;
  interval: string;
  timeZone: string;
  contexts: TextContext[];
}

export type Source = "rollup" | "raw";

/** The answers' `meta` (ADR 015). */
export interface TextMeta {
  range: TimeRange;
  comparedRange: TimeRange | null;
  interval: string;
  timeZone: string;
  source: Source;
  cached: boolean;
}

export function metaOf(request: TextRequest, source: Source, cached = false): TextMeta {
  return {
    range: request.range,
    comparedRange: request.comparedRange,
    interval: request.interval,
    timeZone: request.timeZone,
    source,
    cached,
  };
}

/** The compared range, or the previous period of equal length. */
export function previousRange(request: Pick<TextRequest, "range" | "comparedRange">): TimeRange {
  if (request.comparedRange) return request.comparedRange;
  const from = Date.parse(request.range.from);
  const to = Date.parse(request.range.to);
  return { from: new Date(from - (to - from)).toISOString(), to: new Date(from).toISOString() };
}

export function inRange(filter: FeedItemFilter, range: TimeRange): FeedItemFilter {
  return { ...filter, from: range.from, to: range.to };
}

const DAY_MS = 86_400_000;
/** Terms read from the daily rollup per request (most mentioned first): far more than any widget shows. */
const TERM_READ_LIMIT = 5000;

/** Whole UTC days inside a range, and the partial edges around them (ADR 015 "Term widgets"). */
export function splitDays(range: TimeRange): { days: TimeRange | null; edges: TimeRange[] } {
  const from = Date.parse(range.from);
  const to = Date.parse(range.to);
  const firstDay = Math.ceil(from / DAY_MS) * DAY_MS;
  const lastDay = Math.floor(to / DAY_MS) * DAY_MS;
  if (firstDay >= lastDay) return { days: null, edges: [range] };
  const iso = (ms: number) => new Date(ms).toISOString();
  const edges: TimeRange[] = [];
  if (from < firstDay) edges.push({ from: range.from, to: iso(firstDay) });
  if (lastDay < to) edges.push({ from: iso(lastDay), to: range.to });
  return { days: { from: iso(firstDay).slice(0, 10), to: iso(lastDay).slice(0, 10) }, edges };
}

/**
 * Term counts of a context over a range: the rollup's whole days plus the raw edges, or all raw; with
 * `onlyTerms`, the counts of those terms only (the previous period of trending keywords).
 */
export async function readTermCounts(
  deps: ServiceDeps,
  businessProfileId: number,
  context: TextContext,
  range: TimeRange,
  onlyTerms?: readonly string[],
): Promise<{ counts: TermCount[]; source: Source }> {
  const wanted = onlyTerms ? new Set(onlyTerms) : null;
  const raw = async (r: TimeRange) =>
    countTerms(
      (await listKeywordsOfMentions(deps.db, businessProfileId, inRange(context.filter, r))).map((m) => ({
        terms: wanted ? m.keywords.filter((t) => wanted.has(t)) : m.keywords,
        sentiment: m.sentiment,
      })),
    );
  const split = context.rollup ? splitDays(range) : null;
  if (!context.rollup || !split?.days) return { counts: await raw(range), source: "raw" };
  const [daily, ...edges] = await Promise.all([
    sumDailyTerms(deps.db, businessProfileId, context.rollup, split.days, TERM_READ_LIMIT, onlyTerms),
    ...split.edges.map(raw),
  ]);
  return { counts: mergeTermCounts(daily, ...edges), source: "rollup" };
}

export function onWholeHours(range: TimeRange): boolean {
  return Date.parse(range.from) % 3_600_000 === 0 && Date.parse(range.to) % 3_600_000 === 0;
}

/**
 * How many mentions a context has in a range (optionally of some networks and sentiments): the hourly
 * rollup when the context has one and the range falls on whole hours, feed_items otherwise.
 */
export async function countMentions(
  deps: ServiceDeps,
  businessProfileId: number,
  context: TextContext,
  range: TimeRange,
  only: { networks?: string[]; sentiments?: number[] } = {},
): Promise<number> {
  if (context.rollup && onWholeHours(range)) return sumRollupMentions(deps.db, businessProfileId, context.rollup, range, only);
  const filter = inRange(context.filter, range);
  if (only.networks) filter.networks = only.networks;
  if (only.sentiments) filter.sentiments = only.sentiments;
  if (only.networks?.length === 0 || only.sentiments?.length === 0) filter.matchNothing = true;
  const rows = await countFeedItems(deps.db, businessProfileId, filter);
  return rows.reduce((sum, r) => sum + r.count, 0);
}

/** The answer's source: rollup only when every context read one. */
export function combinedSource(sources: readonly Source[]): Source {
  return sources.length && sources.every((s) => s === "rollup") ? "rollup" : "raw";
}
