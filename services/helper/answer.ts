// From a plan to an answer (issue 27, ADR 042): which tools a plan calls, and the answer composed from
// their results only: its text (the catalogue's words, the results' numbers), figures, a small chart or
// table where one helps, and links to the dashboard and inbox views that show the same thing.
import { helperRanges } from "../../domain/helper/periods";
import { phrasesFor, type HelperPhrases } from "../../domain/helper/phrasebook";
import type { HelperIntent, HelperLanguage, HelperPlan } from "../../domain/helper/plan";
import { isNetworkId, networkById } from "../../domain/networks";
import type { HelperAnswerBlocks } from "../../domain/schemas/helper";
import type { HelperToolArgs, HelperToolName, ToolResult } from "./tools";

export interface ToolCall {
  tool: HelperToolName;
  args: HelperToolArgs;
}

/** The tool calls of a plan, for the asker's zone at `now`. */
export function toolCallsOf(plan: HelperPlan, tz: string, now: Date): ToolCall[] {
  const { range, previous } = helperRanges(plan.period, tz, now);
  const base: HelperToolArgs = {
    contexts: plan.contexts,
    range,
    ...(plan.compare ? { previous } : {}),
    ...(plan.networks.length ? { networks: plan.networks } : {}),
    ...(plan.sentiments.length ? { sentiments: plan.sentiments } : {}),
  };
  const single = (tool: HelperToolName, args: HelperToolArgs = base): ToolCall[] => [{ tool, args }];
  switch (plan.intent) {
    case "volume":
      return single("count_mentions");
    case "sentiment":
      return plan.networks.length ? single("count_mentions", { ...base, sentiments: [] }).concat(sentimentSplitCalls(base)) : single("sentiment_totals");
    case "sentiment_trend":
      return single("sentiment_series", { contexts: plan.contexts, range });
    case "networks":
      return single("network_breakdown");
    case "languages":
      return single("top_languages");
    case "countries":
      return single("top_countries");
    case "first_reply":
      return single("first_reply_time");
    case "top_posts":
      return single("top_posts", { ...base, limit: 5 });
    case "trending_keywords":
      return single("trending_keywords", { ...base, limit: 10 });
    case "themes":
      return single("conversation_themes", { ...base, limit: 5 });
    case "why_change": {
      const sentiments = plan.sentiments.length ? plan.sentiments : undefined;
      const scoped = { ...base, previous, ...(sentiments ? { sentiments } : {}) };
      return [
        { tool: "count_mentions", args: scoped },
        { tool: "trending_keywords", args: { contexts: plan.contexts, range, previous, limit: 5 } },
        { tool: "conversation_themes", args: { contexts: plan.contexts, range, limit: 3 } },
        { tool: "top_posts", args: { ...scoped, previous: null, limit: 3 } },
      ];
    }
  }
}

/** Sentiment on some networks: the dashboard's sentiment widget has no network filter, so one count per sentiment. */
function sentimentSplitCalls(base: HelperToolArgs): ToolCall[] {
  return (["positive", "neutral", "negative"] as const).map((s) => ({ tool: "count_mentions" as const, args: { ...base, sentiments: [s] } }));
}

// ── Reading results ─────────────────────────────────────────────────────────────────────────────────

interface Period {
  from: string;
  to: string;
  first_day: string;
  last_day: string;
}
interface ContextEntry {
  context: { token: string; title: string };
  [key: string]: unknown;
}

const contextsOf = (r: ToolResult) => (r.result.contexts ?? []) as ContextEntry[];
const num = (v: unknown) => (typeof v === "number" ? v : 0);

function periodText(A: HelperPhrases, p: Period | undefined): string {
  if (!p) return "";
  return A.between(A.day(p.first_day), A.day(p.last_day));
}

/** Every mention ('6-0') in the asker's language; a saved search or topic by its own name. */
function titleOf(A: HelperPhrases, entry: ContextEntry): string {
  return entry.context.token === "6-0" ? A.everyMentionTitle : entry.context.title;
}
function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}
function networkNames(ids: readonly string[]): string {
  return ids.map((id) => (isNetworkId(id) ? networkById(id).name : id)).join(", ");
}
function counted(A: HelperPhrases, count: number, args: HelperToolArgs): string {
  return `${count} ${A.mentionsNoun(args.sentiments ?? [])}`;
}

// ── Links ──────────────────────────────────────────────────────────────────────────────────────────

const WIDGETS_OF: Record<HelperIntent, string> = {
  volume: "sentiment,network-breakdown",
  sentiment: "sentiment",
  sentiment_trend: "trend-sentiment",
  networks: "network-breakdown",
  languages: "demographics",
  countries: "demographics",
  first_reply: "first-reply-time",
  top_posts: "most-impactful-posts",
  trending_keywords: "trending-keywords",
  themes: "conversation-themes",
  why_change: "trend-sentiment,trending-keywords,conversation-themes,most-impactful-posts",
};

/** The dashboard's address showing the same period, contexts and widgets (app/lib/dashboard-query.ts's names). */
function dashboardLink(intent: HelperIntent, args: HelperToolArgs, tz: string): string {
  const params = new URLSearchParams();
  params.set("from", args.range.from);
  params.set("to", args.range.to);
  params.set("tz", tz);
  params.set("contextIds", (args.contexts.length ? args.contexts : ["6-0"]).join(","));
  params.set("config", WIDGETS_OF[intent]);
  if (intent === "countries") params.set("demographics.mode", "countries");
  return `/?${params.toString()}`;
}

function inboxLink(args: HelperToolArgs): string | null {
  if (!args.networks?.length && !args.sentiments?.length) return null;
  const params = new URLSearchParams();
  for (const n of args.networks ?? []) params.append("network", n);
  for (const s of args.sentiments ?? []) params.append("sentiment", s);
  return `/inbox?${params.toString()}`;
}

// ── Composing ──────────────────────────────────────────────────────────────────────────────────────

export interface ComposedAnswer {
  text: string;
  blocks: HelperAnswerBlocks;
}

function emptyBlocks(): HelperAnswerBlocks {
  return { figures: [], chart: null, table: null, links: [] };
}

/** The answer of a plan from its tool results (every number of the text is one of theirs). */
export function composeAnswer(plan: HelperPlan, results: readonly ToolResult[], tz: string, language: HelperLanguage | null = "en"): ComposedAnswer {
  const A = phrasesFor(language);
  const blocks = emptyBlocks();
  const lines: string[] = [];
  const first = results[0]!;
  blocks.links.push({ label: A.openOnDashboard, href: dashboardLink(plan.intent, first.args, tz) });
  const inbox = inboxLink(first.args);
  if (inbox) blocks.links.push({ label: A.openInInbox, href: inbox });
  const period = first.result.period as Period;
  const pText = periodText(A, period);

  switch (plan.intent) {
    case "volume": {
      const prevText = periodText(A, first.result.previous_period as Period | undefined);
      const net = first.args.networks?.length ? A.onNetworks(networkNames(first.args.networks)) : "";
      for (const c of contextsOf(first)) {
        const countedText = counted(A, num(c.count), first.args) + net;
        if (c.previous_count !== undefined) {
          lines.push(`${A.volumeCompared(titleOf(A, c), countedText, pText, num(c.previous_count), prevText)} ${A.change(num(c.difference), (c.change_percent as number | null) ?? null)}`);
          blocks.figures.push({ label: titleOf(A, c), value: num(c.count), previous: num(c.previous_count), changePercent: (c.change_percent as number | null) ?? null });
        } else {
          lines.push(A.volume(titleOf(A, c), countedText, pText));
          blocks.figures.push({ label: titleOf(A, c), value: num(c.count), previous: null, changePercent: null });
        }
      }
      const entries = contextsOf(first);
      if (plan.compare) {
        blocks.chart = {
          kind: "bar",
          title: A.mentionsNoun(first.args.sentiments ?? []) + net,
          labels: [prevText, pText],
          series: entries.map((c) => ({ name: titleOf(A, c), values: [num(c.previous_count), num(c.count)] })),
        };
      } else if (entries.length > 1) {
        blocks.chart = { kind: "bar", title: pText, labels: entries.map((c) => titleOf(A, c)), series: [{ name: A.columnMentions, values: entries.map((c) => num(c.count)) }] };
      }
      break;
    }
    case "sentiment": {
      if (first.tool === "sentiment_totals") {
        for (const c of contextsOf(first)) {
          lines.push(A.sentiment(titleOf(A, c), num(c.positive), num(c.neutral), num(c.negative), pText));
          if (typeof c.negative_percent === "number") lines.push(A.negativeShare(c.negative_percent));
          const prev = c.previous as { positive: number; neutral: number; negative: number } | undefined;
          if (prev) lines.push(A.sentimentCompared(prev.positive, prev.neutral, prev.negative, periodText(A, first.result.previous_period as Period)));
          blocks.figures.push(
            { label: A.sentimentWord.positive, value: num(c.positive), previous: prev?.positive ?? null, changePercent: null },
            { label: A.sentimentWord.neutral, value: num(c.neutral), previous: prev?.neutral ?? null, changePercent: null },
            { label: A.sentimentWord.negative, value: num(c.negative), previous: prev?.negative ?? null, changePercent: null },
          );
        }
        const entries = contextsOf(first);
        blocks.chart = {
          kind: "bar",
          title: pText,
          labels: [A.sentimentWord.positive, A.sentimentWord.neutral, A.sentimentWord.negative],
          series: entries.map((c) => ({ name: titleOf(A, c), values: [num(c.positive), num(c.neutral), num(c.negative)] })),
        };
      } else {
        // On some networks: one count per sentiment (results 1–3).
        const [, pos, neu, neg] = results;
        const net = A.onNetworks(networkNames(first.args.networks ?? []));
        contextsOf(first).forEach((c, i) => {
          const values = [pos, neu, neg].map((r) => num(contextsOf(r!)[i]?.count));
          lines.push(A.sentiment(titleOf(A, c) + net, values[0]!, values[1]!, values[2]!, pText));
          blocks.figures.push(
            { label: A.sentimentWord.positive, value: values[0]!, previous: null, changePercent: null },
            { label: A.sentimentWord.neutral, value: values[1]!, previous: null, changePercent: null },
            { label: A.sentimentWord.negative, value: values[2]!, previous: null, changePercent: null },
          );
        });
      }
      break;
    }
    case "sentiment_trend": {
      for (const c of contextsOf(first)) {
        const f = c.first as { day: string; positive: number; negative: number } | null;
        const l = c.last as { day: string; positive: number; negative: number } | null;
        const totals = c.totals as { positive: number; neutral: number; negative: number };
        if (f && l) {
          lines.push(
            A.trend(titleOf(A, c), A.interval(String(first.result.interval)), A.day(f.day), f.negative, f.positive, A.day(l.day), l.negative, l.positive),
          );
        }
        lines.push(A.trendTotals(totals.positive, totals.neutral, totals.negative));
        const series = c.series as Array<{ day: string; positive: number; neutral: number; negative: number }>;
        blocks.chart ??= {
          kind: "line",
          title: pText,
          labels: series.map((s) => s.day),
          series: [
            { name: A.sentimentWord.positive, values: series.map((s) => s.positive) },
            { name: A.sentimentWord.negative, values: series.map((s) => s.negative) },
          ],
        };
        blocks.figures.push(
          { label: A.sentimentWord.positive, value: totals.positive, previous: null, changePercent: null },
          { label: A.sentimentWord.negative, value: totals.negative, previous: null, changePercent: null },
        );
      }
      break;
    }
    case "networks":
    case "languages":
    case "countries": {
      const what = plan.intent === "networks" ? A.networksWhat : plan.intent === "languages" ? A.languagesWhat : A.countriesWhat;
      for (const c of contextsOf(first)) {
        const items = c.items as Array<{ social_type?: string; key?: string; mentions: number; share_percent: number }>;
        const name = (i: (typeof items)[number]) => (i.social_type ? networkNames([i.social_type]) : i.key!);
        if (!items.length) {
          lines.push(A.rankingEmpty(titleOf(A, c), pText));
          continue;
        }
        lines.push(A.ranking(titleOf(A, c), what, pText, items.slice(0, 5).map((i) => A.rankEntry(name(i), i.mentions, i.share_percent)).join(", ")));
        blocks.table ??= { columns: [A.columnName, A.columnMentions, A.columnShare], rows: items.map((i) => [name(i), i.mentions, i.share_percent]) };
        blocks.chart ??= { kind: "bar", title: what, labels: items.map(name), series: [{ name: A.columnMentions, values: items.map((i) => i.mentions) }] };
      }
      break;
    }
    case "first_reply": {
      for (const c of contextsOf(first)) {
        if (c.median_minutes === null) {
          lines.push(A.firstReplyNone(titleOf(A, c), pText));
          continue;
        }
        lines.push(A.firstReply(titleOf(A, c), num(c.median_minutes), (c.average_minutes as number | null) ?? null, num(c.replied), pText));
        if (typeof c.previous_median_minutes === "number") lines.push(A.firstReplyBefore(c.previous_median_minutes));
        blocks.figures.push({ label: titleOf(A, c), value: num(c.median_minutes), previous: (c.previous_median_minutes as number | null | undefined) ?? null, changePercent: null });
      }
      break;
    }
    case "top_posts": {
      addPosts(A, first, pText, lines, blocks);
      break;
    }
    case "trending_keywords": {
      for (const c of contextsOf(first)) {
        const items = c.items as Array<{ term: string; mentions: number; previous: number }>;
        if (!items.length) lines.push(A.trendingNone(titleOf(A, c), pText));
        else lines.push(A.trending(titleOf(A, c), pText, items.map((t) => A.trendingEntry(t.term, t.mentions, t.previous)).join(", ")));
        blocks.table ??= { columns: [A.columnName, A.columnMentions, A.columnPrevious], rows: items.map((t) => [t.term, t.mentions, t.previous]) };
      }
      break;
    }
    case "themes": {
      for (const c of contextsOf(first)) {
        const themes = c.themes as Array<{ name: string; terms: string[]; mentions: number }>;
        if (!themes.length) lines.push(A.themesNone(titleOf(A, c), pText));
        else lines.push(A.themes(titleOf(A, c), pText, themes.map((t) => A.themeEntry(t.name, t.mentions)).join(", ")));
        blocks.table ??= { columns: [A.columnName, A.columnTerms, A.columnMentions], rows: themes.map((t) => [t.name, t.terms.join(", "), t.mentions]) };
      }
      break;
    }
    case "why_change": {
      const [counts, trending, themes, posts] = results;
      const c = contextsOf(counts!)[0]!;
      const countedText = counted(A, num(c.count), counts!.args);
      lines.push(`${A.whyIntro(capitalize(countedText), pText, num(c.previous_count), periodText(A, counts!.result.previous_period as Period))} ${A.change(num(c.difference), (c.change_percent as number | null) ?? null)}`);
      blocks.figures.push({ label: titleOf(A, c), value: num(c.count), previous: num(c.previous_count), changePercent: (c.change_percent as number | null) ?? null });
      blocks.chart = { kind: "bar", title: A.mentionsNoun(counts!.args.sentiments ?? []), labels: [periodText(A, counts!.result.previous_period as Period), pText], series: [{ name: titleOf(A, c), values: [num(c.previous_count), num(c.count)] }] };
      const terms = (contextsOf(trending!)[0]?.items ?? []) as Array<{ term: string; mentions: number; previous: number }>;
      const found = (contextsOf(themes!)[0]?.themes ?? []) as Array<{ name: string; mentions: number }>;
      const postItems = (contextsOf(posts!)[0]?.items ?? []) as unknown[];
      if (!terms.length && !found.length && !postItems.length) lines.push(A.whyNoDrivers);
      else {
        lines.push(A.whyDrivers);
        if (terms.length) lines.push(A.whyKeywords(terms.map((t) => A.trendingEntry(t.term, t.mentions, t.previous)).join(", ")));
        if (found.length) lines.push(A.whyThemes(found.map((t) => A.themeEntry(t.name, t.mentions)).join(", ")));
        if (postItems.length) lines.push(A.whyPosts);
      }
      addPosts(A, posts!, pText, [], blocks);
      break;
    }
  }
  return { text: lines.join("\n"), blocks };
}

function addPosts(A: HelperPhrases, result: ToolResult, pText: string, lines: string[], blocks: HelperAnswerBlocks) {
  for (const c of contextsOf(result)) {
    const items = c.items as Array<{ id: number; social_type: string; text: string; author: string; impact_score: number | null }>;
    if (!items.length) {
      lines.push(A.topPostsNone(titleOf(A, c), pText));
      continue;
    }
    lines.push(A.topPosts(titleOf(A, c), pText, num(c.total)));
    blocks.table ??= { columns: [A.columnPost, A.columnNetwork, A.columnImpact], rows: items.map((i) => [i.text, networkNames([i.social_type]), i.impact_score]) };
    for (const i of items) blocks.links.push({ label: `${A.openPost}: ${i.text.slice(0, 60)}`, href: `/inbox?item=${i.id}` });
  }
}
