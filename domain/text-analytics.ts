// The text widgets' algorithms (ADR 016): term sentiment, significant terms (trending keywords),
// conversation themes (communities of a term co-occurrence graph), conversation clusters and their
// "actionable" flag. Pure and deterministic: the same input always gives the same output, in the same order.
import { TERM_SENTIMENT } from "./dashboard";

/** Counts of one term over a period: mentions carrying it, and how many of those are positive/negative. */
export interface TermCount {
  term: string;
  mentions: number;
  positive: number;
  negative: number;
}

/** One mention as the text algorithms see it: its terms (the stored keywords) and its sentiment. */
export interface TextDoc {
  id: number;
  terms: readonly string[];
  sentiment: number;
  text?: string;
}

/** Candidates scored by the trending-keyword widget unless `tkw_num_terms` says otherwise. */
export const TRENDING_DEFAULT_NUM_TERMS = 200;
/** Significant terms kept unless `tkw_num_sig_terms` says otherwise (three pages of seven). */
export const TRENDING_DEFAULT_NUM_SIG_TERMS = 21;
/** A term needs at least this many mentions in the period to be significant (Elasticsearch uses 3). */
const TRENDING_MIN_MENTIONS = 2;
/** Themes and clusters read at most this many mentions of the period (the newest). */
export const TEXT_SAMPLE_SIZE = 2000;
/** Themes and clusters are built from the sample's most frequent terms. */
const GRAPH_TERMS = 60;
const MAX_THEMES = 10;
const MAX_CLUSTERS = 12;
const THEME_MAX_TERMS = 6;
/** A cluster is actionable when this share of its mentions is negative, or this share asks or complains. */
const ACTIONABLE_NEGATIVE_SHARE = 0.4;
const ACTIONABLE_MARKER_SHARE = 0.3;

const cmpTerm = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/** Adds term counts together (the daily rollup's days and the raw edges of a range). */
export function mergeTermCounts(...lists: ReadonlyArray<readonly TermCount[]>): TermCount[] {
  const byTerm = new Map<string, TermCount>();
  for (const list of lists) {
    for (const c of list) {
      const seen = byTerm.get(c.term);
      if (seen) {
        seen.mentions += c.mentions;
        seen.positive += c.positive;
        seen.negative += c.negative;
      } else byTerm.set(c.term, { ...c });
    }
  }
  return [...byTerm.values()];
}

/** Term counts of some mentions (the raw path): each mention counts once per distinct term. */
export function countTerms(docs: ReadonlyArray<Pick<TextDoc, "terms" | "sentiment">>): TermCount[] {
  const byTerm = new Map<string, TermCount>();
  for (const doc of docs) {
    for (const term of new Set(doc.terms)) {
      let c = byTerm.get(term);
      if (!c) byTerm.set(term, (c = { term, mentions: 0, positive: 0, negative: 0 }));
      c.mentions += 1;
      if (doc.sentiment > 0) c.positive += 1;
      else if (doc.sentiment < 0) c.negative += 1;
    }
  }
  return [...byTerm.values()];
}

/** Most mentioned first, then by term: a total order, so every page is stable. */
function byMentions<T extends { mentions: number; term: string }>(a: T, b: T): number {
  return b.mentions - a.mentions || cmpTerm(a.term, b.term);
}

/**
 * The sentiment of a term, topic or theme as topic and keyword analytics write it (spec §3): -1 negative,
 * 0 neutral, 1 positive; the side with more mentions wins, a tie is neutral.
 */
export function dominantSentiment(positive: number, negative: number): number {
  if (positive > negative) return TERM_SENTIMENT.positive;
  if (negative > positive) return TERM_SENTIMENT.negative;
  return TERM_SENTIMENT.neutral;
}

export interface KeywordCloudEntry {
  term: string;
  mentions: number;
  sentiment: number;
}

export function keywordCloud(counts: readonly TermCount[], limit: number): KeywordCloudEntry[] {
  return [...counts]
    .filter((c) => c.mentions > 0)
    .sort(byMentions)
    .slice(0, limit)
    .map((c) => ({ term: c.term, mentions: c.mentions, sentiment: dominantSentiment(c.positive, c.negative) }));
}

// ── Trending keywords: significant terms against the previous period ─────────────────────────────────

export interface SignificantTermOptions {
  /** How many of the period's most mentioned terms are scored. */
  numTerms: number;
  /** How many significant terms are kept. */
  numSigTerms: number;
  /** When given, only these terms are scored (lower-cased). */
  onlyTerms?: readonly string[];
  minMentions?: number;
}

export interface SignificantTerm {
  term: string;
  mentions: number;
  previous: number;
  score: number;
}

/**
 * Elasticsearch's JLH score of significant_terms, with the previous period as the background: the
 * foreground rate f = mentions / mentions of the period, the background rate b = (mentions + previous) /
 * (mentions of both periods) (the background is the superset, as in Elasticsearch); the score is
 * (f - b) · (f / b) when f > b, else 0. A term new in the period scores highest; a term as frequent as
 * before scores 0. When the previous period has no mention at all, every term is new and scores f (the
 * JLH formula would give 0 to all). Rounded to 6 decimals so that both engines' sums give the same order.
 */
export function jlhScore(mentions: number, foregroundTotal: number, previous: number, backgroundTotal: number): number {
  if (mentions <= 0 || foregroundTotal <= 0) return 0;
  const f = mentions / foregroundTotal;
  if (backgroundTotal <= 0) return Math.round(f * 1e6) / 1e6;
  const b = (mentions + previous) / (foregroundTotal + backgroundTotal);
  if (!(f > b)) return 0;
  return Math.round((f - b) * (f / b) * 1e6) / 1e6;
}

/** The terms significantTerms scores: the `numTerms` most mentioned (of `onlyTerms` when given). */
export function candidateTerms(current: readonly TermCount[], numTerms: number, onlyTerms?: readonly string[]): string[] {
  const only = onlyTerms?.length ? new Set(onlyTerms.map((t) => t.toLowerCase())) : null;
  return [...current]
    .filter((c) => (only ? only.has(c.term) : true))
    .sort(byMentions)
    .slice(0, numTerms)
    .map((c) => c.term);
}

/**
 * The significant terms of a period (`current`) against the previous one (`previous`); totals are the
 * periods' mention counts. Highest score first, then most mentions, then term.
 */
export function significantTerms(
  current: readonly TermCount[],
  previous: readonly TermCount[],
  totals: { current: number; previous: number },
  options: SignificantTermOptions,
): SignificantTerm[] {
  const prev = new Map(previous.map((c) => [c.term, c.mentions]));
  const min = options.minMentions ?? TRENDING_MIN_MENTIONS;
  const wanted = new Set(candidateTerms(current, options.numTerms, options.onlyTerms));
  return current
    .filter((c) => wanted.has(c.term))
    .filter((c) => c.mentions >= min)
    .map((c) => {
      const before = prev.get(c.term) ?? 0;
      return { term: c.term, mentions: c.mentions, previous: before, score: jlhScore(c.mentions, totals.current, before, totals.previous) };
    })
    .filter((t) => t.score > 0)
    .sort((a, b) => b.score - a.score || b.mentions - a.mentions || cmpTerm(a.term, b.term))
    .slice(0, options.numSigTerms);
}

/** A page (1-based) of a list. */
export function pageOf<T>(items: readonly T[], page: number, perPage: number): T[] {
  const start = (Math.max(1, page) - 1) * perPage;
  return items.slice(start, start + perPage);
}

/** Percent change from `previous` to `current`, one decimal; null when there was nothing before. */
export function percentChange(current: number, previous: number): number | null {
  if (previous === 0) return current === 0 ? 0 : null;
  return Math.round(((current - previous) / previous) * 1000) / 10;
}

// ── Term co-occurrence graph and its communities ─────────────────────────────────────────────────────

export interface TermCommunity {
  /** The community's terms, most frequent in the sample first. */
  terms: string[];
}

/**
 * Communities of the term co-occurrence graph of some mentions (ADR 016):
 * 1. nodes: the `graphTerms` terms carried by most mentions (ties by term), at least 2 mentions each;
 * 2. edges: two terms that share at least 2 mentions, weighted by their Jaccard index
 *    |A∩B| / |A∪B|, kept when it is at least 0.05;
 * 3. communities: label propagation in a fixed order (most frequent term first), each node taking the
 *    label with the largest summed edge weight among its neighbours, ties to the label of the more
 *    frequent term; at most 30 rounds; isolated terms stay alone.
 * Communities of at least 2 terms, largest total frequency first.
 */
export function termCommunities(docs: readonly TextDoc[], graphTerms = GRAPH_TERMS): TermCommunity[] {
  const freq = new Map<string, number>();
  const sets = docs.map((d) => new Set(d.terms));
  for (const set of sets) for (const t of set) freq.set(t, (freq.get(t) ?? 0) + 1);
  const nodes = [...freq.entries()]
    .filter(([, n]) => n >= 2)
    .sort((a, b) => b[1] - a[1] || cmpTerm(a[0], b[0]))
    .slice(0, graphTerms)
    .map(([t]) => t);
  const index = new Map(nodes.map((t, i) => [t, i]));
  const co = new Map<number, number>(); // key i * n + j (i < j)
  const n = nodes.length;
  for (const set of sets) {
    const present = [...set].map((t) => index.get(t)).filter((i): i is number => i !== undefined).sort((a, b) => a - b);
    for (let x = 0; x < present.length; x++)
      for (let y = x + 1; y < present.length; y++) {
        const key = present[x]! * n + present[y]!;
        co.set(key, (co.get(key) ?? 0) + 1);
      }
  }
  const neighbours: Array<Array<{ j: number; w: number }>> = nodes.map(() => []);
  for (const [key, both] of co) {
    if (both < 2) continue;
    const i = Math.floor(key / n);
    const j = key % n;
    const w = both / (freq.get(nodes[i]!)! + freq.get(nodes[j]!)! - both);
    if (w < 0.05) continue;
    neighbours[i]!.push({ j, w });
    neighbours[j]!.push({ j: i, w });
  }
  const label = nodes.map((_, i) => i);
  for (let round = 0; round < 30; round++) {
    let changed = false;
    for (let i = 0; i < n; i++) {
      if (!neighbours[i]!.length) continue;
      const weight = new Map<number, number>();
      for (const { j, w } of neighbours[i]!) weight.set(label[j]!, (weight.get(label[j]!) ?? 0) + w);
      let best = label[i]!;
      let bestW = weight.get(best) ?? 0;
      for (const [l, w] of weight) {
        if (w > bestW + 1e-12 || (Math.abs(w - bestW) <= 1e-12 && l < best)) {
          best = l;
          bestW = w;
        }
      }
      if (best !== label[i]) {
        label[i] = best;
        changed = true;
      }
    }
    if (!changed) break;
  }
  const groups = new Map<number, number[]>();
  for (let i = 0; i < n; i++) {
    const list = groups.get(label[i]!) ?? [];
    list.push(i);
    groups.set(label[i]!, list);
  }
  return [...groups.values()]
    .filter((members) => members.length >= 2)
    .map((members) => ({
      members: members.sort((a, b) => a - b),
      weight: members.reduce((s, i) => s + freq.get(nodes[i]!)!, 0),
    }))
    .sort((a, b) => b.weight - a.weight || a.members[0]! - b.members[0]!)
    .map((g) => ({ terms: g.members.map((i) => nodes[i]!) }));
}

/**
 * Each mention's community: the one sharing most of its terms (ties to the earlier, larger community);
 * -1 when it shares none.
 */
export function assignToCommunities(docs: readonly TextDoc[], communities: readonly TermCommunity[]): number[] {
  const owner = new Map<string, number>();
  communities.forEach((c, k) => c.terms.forEach((t) => owner.set(t, k)));
  return docs.map((doc) => {
    const hits = new Map<number, number>();
    for (const t of new Set(doc.terms)) {
      const k = owner.get(t);
      if (k !== undefined) hits.set(k, (hits.get(k) ?? 0) + 1);
    }
    let best = -1;
    let bestHits = 0;
    for (const [k, h] of hits) if (h > bestHits || (h === bestHits && k < best)) [best, bestHits] = [k, h];
    return best;
  });
}

export interface Theme {
  name: string;
  terms: string[];
  mentions: number;
  sentiment: number;
}

/**
 * Conversation themes: the communities of the term graph; a theme's mentions are the sample's mentions
 * carrying any of its terms, its sentiment their dominant one, its name its two most frequent terms.
 */
export function conversationThemes(docs: readonly TextDoc[], maxThemes = MAX_THEMES): Theme[] {
  const themes = termCommunities(docs).map((c) => {
    const terms = c.terms.slice(0, THEME_MAX_TERMS);
    const all = new Set(c.terms);
    let mentions = 0;
    let positive = 0;
    let negative = 0;
    for (const d of docs) {
      if (!d.terms.some((t) => all.has(t))) continue;
      mentions += 1;
      if (d.sentiment > 0) positive += 1;
      else if (d.sentiment < 0) negative += 1;
    }
    return { name: terms.slice(0, 2).join(" & "), terms, mentions, sentiment: dominantSentiment(positive, negative) };
  });
  return themes.sort((a, b) => b.mentions - a.mentions || cmpTerm(a.name, b.name)).slice(0, maxThemes);
}

// ── Conversation clusters ────────────────────────────────────────────────────────────────────────────

/** Words that mark a question or a complaint (English; the stored keywords are lower-cased). */
const MARKER_WORDS = new Set([
  "refund", "broken", "bug", "crash", "crashes", "error", "issue", "issues", "problem", "problems", "complaint",
  "cancel", "worst", "terrible", "awful", "help", "support", "fix", "failed", "fails", "missing", "late", "delay",
  "delayed", "scam", "disappointed", "unacceptable", "wrong", "charged", "never", "why", "how",
]);

/** True when a mention asks something (a '?') or complains (a marker word among its terms or text). */
export function hasActionMarker(doc: Pick<TextDoc, "terms" | "text">): boolean {
  if (doc.text?.includes("?")) return true;
  if (doc.terms.some((t) => MARKER_WORDS.has(t))) return true;
  if (!doc.text) return false;
  return doc.text
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .some((w) => MARKER_WORDS.has(w) || w.endsWith("n't"));
}

/** Actionable (ADR 016): ≥ 40 % negative, or ≥ 30 % asking or complaining. */
export function isActionable(docs: ReadonlyArray<Pick<TextDoc, "terms" | "text" | "sentiment">>): boolean {
  if (!docs.length) return false;
  const negative = docs.filter((d) => d.sentiment < 0).length;
  const marked = docs.filter(hasActionMarker).length;
  return negative / docs.length >= ACTIONABLE_NEGATIVE_SHARE || marked / docs.length >= ACTIONABLE_MARKER_SHARE;
}

export interface Cluster {
  /** 0-based position in the answer (largest first). */
  index: number;
  /** The cluster's lead term: what identifies it across requests. */
  key: string;
  label: string;
  terms: string[];
  size: number;
  actionable: boolean;
  /** Ids of its mentions, in the order of the input. */
  memberIds: number[];
}

/**
 * Conversation clusters: each mention joins the term community it shares most terms with; a cluster is a
 * community with at least 2 mentions; its label is its three most frequent terms. Largest first.
 */
export function conversationClusters(docs: readonly TextDoc[], maxClusters = MAX_CLUSTERS): Cluster[] {
  const communities = termCommunities(docs);
  const owner = assignToCommunities(docs, communities);
  const members = communities.map(() => [] as TextDoc[]);
  docs.forEach((d, i) => {
    if (owner[i]! >= 0) members[owner[i]!]!.push(d);
  });
  return communities
    .map((c, k) => ({ community: c, docs: members[k]! }))
    .filter((x) => x.docs.length >= 2)
    .map((x) => {
      // The community's terms ordered by how many of the cluster's own mentions carry them.
      const inCluster = new Map<string, number>();
      for (const d of x.docs) for (const t of new Set(d.terms)) inCluster.set(t, (inCluster.get(t) ?? 0) + 1);
      const terms = [...x.community.terms]
        .sort((a, b) => (inCluster.get(b) ?? 0) - (inCluster.get(a) ?? 0) || cmpTerm(a, b))
        .slice(0, THEME_MAX_TERMS);
      return {
        key: x.community.terms[0]!,
        label: terms.slice(0, 3).join(", "),
        terms,
        size: x.docs.length,
        actionable: isActionable(x.docs),
        memberIds: x.docs.map((d) => d.id),
      };
    })
    .sort((a, b) => b.size - a.size || cmpTerm(a.key, b.key))
    .slice(0, maxClusters)
    .map((c, index) => ({ index, ...c }));
}
