// The helper's tools (issue 27, ADR 042): each one reads through the same service functions as the
// dashboard (services/analytics: the resolved dashboard request, the count widgets, the text widgets), for
// the asker as a dashboard viewer, so tenancy, visibility and the mention-text rule are the dashboard's.
// A tool's result is plain JSON and is kept with the answer: every number the answer states comes from
// one of them (a test checks it on every answer of the evaluation set).
import { DASHBOARD_CONTEXT_TYPES } from "../../domain/dashboard";
import { forbidden } from "../../domain/errors";
import { helperDay } from "../../domain/helper/periods";
import { SENTIMENT_VALUE, type HelperSentiment } from "../../domain/helper/plan";
import type { ServiceDeps } from "../context";
import { comparedSentimentWidget, demographicsWidget, networksWidget, sentimentWidget, slaWidget, comparedSlaWidget } from "../analytics/counts";
import { resolveDashboardRequest, type ResolvedDashboardRequest } from "../analytics/request";
import { countMentions } from "../analytics/text/context";
import { getMostImpactfulPosts } from "../analytics/text/posts";
import { resolveTextRequest } from "../analytics/text/request";
import { getTrendingKeywords } from "../analytics/text/terms";
import { getConversationThemes } from "../analytics/text/themes";
import type { DashboardViewer } from "../analytics/viewer";

export const HELPER_TOOL_NAMES = [
  "count_mentions",
  "sentiment_totals",
  "sentiment_series",
  "network_breakdown",
  "top_languages",
  "top_countries",
  "first_reply_time",
  "top_posts",
  "trending_keywords",
  "conversation_themes",
] as const;
export type HelperToolName = (typeof HELPER_TOOL_NAMES)[number];

interface HelperRangeArg {
  from: string;
  to: string;
}

export interface HelperToolArgs {
  /** Dashboard context tokens: '6-0' every mention, '1-12' a saved search, '2-5' a topic. */
  contexts: string[];
  range: HelperRangeArg;
  /** The period compared with, when the question compares. */
  previous?: HelperRangeArg | null;
  networks?: string[];
  sentiments?: HelperSentiment[];
  limit?: number;
}

export interface ToolResult {
  tool: HelperToolName;
  args: HelperToolArgs;
  result: Record<string, unknown>;
}

/** What the tools need of the asker: the dashboard viewer (tenant, zone, text rule) and the clock. */
export interface ToolScope {
  deps: ServiceDeps;
  viewer: DashboardViewer;
}

const round = (n: number, digits = 1) => Math.round(n * 10 ** digits) / 10 ** digits;

function changePercent(current: number, previous: number): number | null {
  return previous === 0 ? null : round(((current - previous) / previous) * 100);
}

function contextInputs(tokens: readonly string[]) {
  const list = tokens.length ? tokens : [`${DASHBOARD_CONTEXT_TYPES.unsavedSearch}-0`];
  return list.map((token) => {
    const [type, id] = token.split("-").map(Number) as [number, number];
    return { context_type: type, context_id: id, properties: null };
  });
}

/** The period as a result states it: instants, and the first and last calendar day in the tenant's zone. */
function periodOf(range: HelperRangeArg, tz: string) {
  return { from: range.from, to: range.to, first_day: helperDay(range.from, tz), last_day: helperDay(new Date(Date.parse(range.to) - 1).toISOString(), tz) };
}

async function dashboardRequest(scope: ToolScope, args: HelperToolArgs, range: HelperRangeArg, previous?: HelperRangeArg | null) {
  return resolveDashboardRequest(scope.deps, scope.viewer, {
    range,
    ...(previous ? { compared_range: previous } : {}),
    contexts: contextInputs(args.contexts),
  });
}

function contextOf(c: ResolvedDashboardRequest["contexts"][number]) {
  return { token: `${c.contextType}-${c.contextId}`, title: c.title };
}

type ToolRun = (scope: ToolScope, args: HelperToolArgs) => Promise<Record<string, unknown>>;

const countMentionsTool: ToolRun = async (scope, args) => {
  const request = await resolveTextRequest(scope.deps, scope.viewer, { range: args.range, contexts: contextInputs(args.contexts) });
  const only = {
    ...(args.networks?.length ? { networks: args.networks } : {}),
    ...(args.sentiments?.length ? { sentiments: args.sentiments.map((s) => SENTIMENT_VALUE[s]) } : {}),
  };
  const tz = scope.viewer.timeZone;
  const contexts = [];
  for (const context of request.contexts) {
    const count = await countMentions(scope.deps, request.businessProfileId, context, args.range, only);
    const previous = args.previous ? await countMentions(scope.deps, request.businessProfileId, context, args.previous, only) : null;
    contexts.push({
      context: { token: `${context.ref.contextType}-${context.ref.contextId}`, title: context.ref.title },
      count,
      ...(previous !== null ? { previous_count: previous, difference: count - previous, change_percent: changePercent(count, previous) } : {}),
    });
  }
  return { period: periodOf(args.range, tz), ...(args.previous ? { previous_period: periodOf(args.previous, tz) } : {}), contexts };
};

const sentimentTotalsTool: ToolRun = async (scope, args) => {
  const request = await dashboardRequest(scope, args, args.range, args.previous);
  const tz = scope.viewer.timeZone;
  const contexts = [];
  for (const context of request.contexts) {
    const answer = args.previous
      ? await comparedSentimentWidget({ deps: scope.deps, request, context })
      : { ...(await sentimentWidget({ deps: scope.deps, request, context })), compared: null, change: null };
    const t = answer.totals;
    const total = t.positive + t.neutral + t.negative;
    contexts.push({
      context: contextOf(context),
      positive: t.positive,
      neutral: t.neutral,
      negative: t.negative,
      total,
      negative_percent: total ? round((t.negative / total) * 100) : null,
      positive_percent: total ? round((t.positive / total) * 100) : null,
      ...(answer.compared
        ? {
            previous: answer.compared.totals,
            change_percent: answer.change,
          }
        : {}),
    });
  }
  return { period: periodOf(args.range, tz), ...(args.previous ? { previous_period: periodOf(args.previous, tz) } : {}), interval: request.interval, contexts };
};

const sentimentSeriesTool: ToolRun = async (scope, args) => {
  const request = await dashboardRequest(scope, args, args.range);
  const contexts = [];
  for (const context of request.contexts) {
    const answer = await sentimentWidget({ deps: scope.deps, request, context });
    const first = answer.series[0];
    const last = answer.series[answer.series.length - 1];
    contexts.push({
      context: contextOf(context),
      totals: answer.totals,
      series: answer.series.map((s) => ({ bucket: s.bucket, day: helperDay(s.bucket, request.timeZone), positive: s.positive, neutral: s.neutral, negative: s.negative })),
      first: first ? { day: helperDay(first.bucket, request.timeZone), positive: first.positive, negative: first.negative } : null,
      last: last ? { day: helperDay(last.bucket, request.timeZone), positive: last.positive, negative: last.negative } : null,
    });
  }
  return { period: periodOf(args.range, scope.viewer.timeZone), interval: request.interval, contexts };
};

const networkTool: ToolRun = async (scope, args) => {
  const request = await dashboardRequest(scope, args, args.range);
  const contexts = [];
  for (const context of request.contexts) {
    const answer = await networksWidget({ deps: scope.deps, request, context });
    const total = answer.items.reduce((n, i) => n + i.mentions, 0);
    contexts.push({
      context: contextOf(context),
      total,
      items: answer.items.slice(0, args.limit ?? 10).map((i) => ({ social_type: i.socialType, mentions: i.mentions, share_percent: total ? round((i.mentions / total) * 100) : 0 })),
    });
  }
  return { period: periodOf(args.range, scope.viewer.timeZone), contexts };
};

const demographicsTool =
  (mode: "languages" | "countries"): ToolRun =>
  async (scope, args) => {
    const request = await dashboardRequest(scope, args, args.range);
    const contexts = [];
    for (const context of request.contexts) {
      const answer = await demographicsWidget({ deps: scope.deps, request, context }, mode);
      contexts.push({
        context: contextOf(context),
        total: answer.total,
        items: answer.items.slice(0, args.limit ?? 10).map((i) => ({ key: i.key, mentions: i.mentions, share_percent: round(i.share * 100) })),
      });
    }
    return { period: periodOf(args.range, scope.viewer.timeZone), contexts };
  };

const firstReplyTool: ToolRun = async (scope, args) => {
  const request = await dashboardRequest(scope, args, args.range, args.previous);
  const minutes = (s: number | null) => (s === null ? null : round(s / 60));
  const contexts = [];
  for (const context of request.contexts) {
    const answer = args.previous ? await comparedSlaWidget({ deps: scope.deps, request, context }) : { ...(await slaWidget({ deps: scope.deps, request, context })), compared: null };
    contexts.push({
      context: contextOf(context),
      median_seconds: answer.medianSeconds,
      median_minutes: minutes(answer.medianSeconds),
      average_seconds: answer.averageSeconds,
      average_minutes: minutes(answer.averageSeconds),
      replied: answer.replied,
      unreplied: answer.unreplied,
      ...(answer.compared ? { previous_median_seconds: answer.compared.medianSeconds, previous_median_minutes: minutes(answer.compared.medianSeconds) } : {}),
    });
  }
  return { period: periodOf(args.range, scope.viewer.timeZone), ...(args.previous ? { previous_period: periodOf(args.previous, scope.viewer.timeZone) } : {}), contexts };
};

const topPostsTool: ToolRun = async (scope, args) => {
  // The one rule for mention text (issue 31), as the dashboard's most-impactful-posts applies it.
  if (!scope.viewer.readsMentionText) throw forbidden();
  const request = await resolveTextRequest(scope.deps, scope.viewer, { range: args.range, contexts: contextInputs(args.contexts) });
  const answer = await getMostImpactfulPosts(scope.deps, request, {
    page: 1,
    perPage: args.limit ?? 5,
    ...(args.sentiments?.length ? { sentiments: args.sentiments.map((s) => SENTIMENT_VALUE[s]) } : {}),
    ...(args.networks?.length ? { socialTypes: args.networks } : {}),
  });
  return {
    period: periodOf(args.range, scope.viewer.timeZone),
    contexts: answer.data.map((entry) => ({
      context: { token: `${entry.context.contextType}-${entry.context.contextId}`, title: entry.context.title },
      total: entry.total,
      items: entry.items.map((item) => ({
        id: item.id,
        social_type: item.socialType,
        text: (item.description || item.title || "").slice(0, 280),
        author: item.identity.username ?? item.identity.name ?? "",
        impact_score: item.impactScore,
        engagements: item.counts.totalEngagements,
        sentiment: item.sentiment,
      })),
    })),
  };
};

const trendingTool: ToolRun = async (scope, args) => {
  const request = await resolveTextRequest(scope.deps, scope.viewer, {
    range: args.range,
    ...(args.previous ? { compared_range: args.previous } : {}),
    contexts: contextInputs(args.contexts),
  });
  const answer = await getTrendingKeywords(scope.deps, request, { nlpFields: [], numTerms: 100, numSigTerms: args.limit ?? 10, sigTerms: [], page: 1, perPage: args.limit ?? 10 });
  return {
    period: periodOf(args.range, scope.viewer.timeZone),
    contexts: answer.data.map((entry) => ({
      context: { token: `${entry.context.contextType}-${entry.context.contextId}`, title: entry.context.title },
      previous_period: periodOf(entry.previousRange, scope.viewer.timeZone),
      items: entry.items.map((t) => ({ term: t.term, mentions: t.mentions, previous: t.previous })),
    })),
  };
};

const themesTool: ToolRun = async (scope, args) => {
  const request = await resolveTextRequest(scope.deps, scope.viewer, { range: args.range, contexts: contextInputs(args.contexts) });
  const answer = await getConversationThemes(scope.deps, request);
  return {
    period: periodOf(args.range, scope.viewer.timeZone),
    contexts: answer.data.map((entry) => ({
      context: { token: `${entry.context.contextType}-${entry.context.contextId}`, title: entry.context.title },
      analyzed: entry.nlpAnalyzedCount,
      themes: entry.themes.slice(0, args.limit ?? 5).map((t) => ({ name: t.name, terms: t.terms, mentions: t.mentions, sentiment: t.sentiment })),
    })),
  };
};

const TOOLS: Record<HelperToolName, ToolRun> = {
  count_mentions: countMentionsTool,
  sentiment_totals: sentimentTotalsTool,
  sentiment_series: sentimentSeriesTool,
  network_breakdown: networkTool,
  top_languages: demographicsTool("languages"),
  top_countries: demographicsTool("countries"),
  first_reply_time: firstReplyTool,
  top_posts: topPostsTool,
  trending_keywords: trendingTool,
  conversation_themes: themesTool,
};

/** Runs one tool for the asker and keeps its record. */
export async function runTool(scope: ToolScope, tool: HelperToolName, args: HelperToolArgs): Promise<ToolResult> {
  return { tool, args, result: await TOOLS[tool](scope, args) };
}
