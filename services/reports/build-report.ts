import { findAccount } from "../../db/repositories/accounts";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import type { EmailReportRow } from "../../db/repositories/email-reports-schema";
import { findFilter } from "../../db/repositories/filters";
import { DASHBOARD_CONTEXT_TYPES, DEFAULT_TIME_ZONE } from "../../domain/dashboard";
import { isNetworkId, networkById } from "../../domain/networks";
import { intervalChoices } from "../../domain/periods";
import { mayReadMentionText, type Permissions } from "../../domain/permissions";
import type { ServiceDeps } from "../context";
import { readCountWidget } from "../analytics/count-reads";
import { comparedSentimentWidget, networksWidget, slaWidget } from "../analytics/counts";
import { getMostImpactfulPosts } from "../analytics/text/posts";
import { resolveTextRequest } from "../analytics/text/request";
import type { DashboardViewer } from "../analytics/viewer";
import type { StatusView } from "../statuses/status-view";
import { parseIds } from "../searches/access";
import { reportPeriod } from "./schedule";

// The executive report's numbers (issue 25, ADR 039), read through the very service functions the
// dashboard API answers with (services/analytics: readCountWidget with the compared-sentiment, networks
// and SLA widgets; getMostImpactfulPosts), as the report's receiver would see them on the dashboard for
// the same period, zone and contexts (the report's search, then its competitors).

/** The article network (News & Blogs): the articles of a report without an articles filter. */
const ARTICLE_NETWORK = "article";
const TOP_NETWORKS = 5;

export interface ReportContext {
  contextId: number;
  title: string;
  color: string;
  mentions: number;
  previousMentions: number;
  /** % change of the mentions against the period before; null when that had none. */
  change: number | null;
  sentiment: { positive: number; neutral: number; negative: number };
  series: Array<{ bucket: string; positive: number; neutral: number; negative: number }>;
}

export interface ExecutiveReport {
  emailName: string;
  brandName: string;
  period: { from: string; to: string };
  timeZone: string;
  /** The report's search first, then its competitors, as the dashboard compares them. */
  contexts: ReportContext[];
  networks: Array<{ socialType: string; name: string; color: string; mentions: number }>;
  /** First replies (the dashboard's SLA); null when the report omits the response. */
  response: { medianSeconds: number | null; replied: number; unreplied: number } | null;
  /** Null when the receiver may not read mention text (the one rule, ADR 035). */
  posts: StatusView[] | null;
  articles: StatusView[] | null;
  articlesUrl: string | null;
  /** The dashboard showing the same period and contexts. */
  dashboardUrl: string;
}

/** The dashboard as the report's receiver sees it. */
async function receiverViewer(deps: ServiceDeps, report: EmailReportRow): Promise<{ viewer: DashboardViewer; permissions: Permissions }> {
  const [profile, receiver] = await Promise.all([
    findBusinessProfile(deps.db, report.businessProfileId),
    findAccount(deps.db, report.businessProfileId, report.reciverAccountId),
  ]);
  const permissions = receiver ? (JSON.parse(receiver.permissions) as Permissions) : {};
  return {
    permissions,
    viewer: {
      businessProfileId: report.businessProfileId,
      accountId: report.reciverAccountId,
      timeZone: profile?.timeZone || DEFAULT_TIME_ZONE,
      readsMentionText: mayReadMentionText(permissions),
      sharedLink: null,
    },
  };
}

/** The body of the dashboard reads of a report's period: the same as the dashboard API's query for it. */
function reportDashboardQuery(report: Pick<EmailReportRow, "searchId" | "competitors">, period: { from: string; to: string }, timeZone: string) {
  const ids = [report.searchId, ...parseIds(report.competitors).filter((id) => id !== report.searchId)];
  return {
    range: { from: period.from, to: period.to },
    time_zone: timeZone,
    // Days where the period allows them (the dashboard offers only hours under 3 days).
    interval: intervalChoices(period.from, period.to).includes("day") ? "day" : "hour",
    contexts: ids.map((id) => ({ context_type: DASHBOARD_CONTEXT_TYPES.savedSearch, context_id: id })),
  };
}

function dashboardLink(publicUrl: string, query: ReturnType<typeof reportDashboardQuery>): string {
  const params = new URLSearchParams({
    from: query.range.from,
    to: query.range.to,
    timeUnit: query.interval,
    tz: query.time_zone,
    contextIds: query.contexts.map((c) => `${c.context_type}-${c.context_id}`).join(","),
  });
  return `${publicUrl.replace(/\/+$/, "")}/?${params.toString()}`;
}

/** The networks and sentiments an articles filter selects (its saved value's social_types, sentiments). */
async function articleSelection(deps: ServiceDeps, report: EmailReportRow): Promise<{ socialTypes: string[]; sentiments?: number[] }> {
  const filter = report.articlesFilterId !== null ? await findFilter(deps.db, report.businessProfileId, report.articlesFilterId) : undefined;
  if (!filter) return { socialTypes: [ARTICLE_NETWORK] };
  let value: unknown;
  try {
    value = JSON.parse(filter.value);
  } catch {
    value = null;
  }
  const record = value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  const list = (v: unknown) => (Array.isArray(v) ? v : []);
  const socialTypes = list(record.social_types ?? record.socialTypes).filter((s): s is string => typeof s === "string" && isNetworkId(s));
  const sentiments = list(record.sentiments).filter((s): s is number => typeof s === "number" && [-1, 0, 1].includes(s));
  return { socialTypes: socialTypes.length ? socialTypes : [ARTICLE_NETWORK], ...(sentiments.length ? { sentiments } : {}) };
}

function percentChange(current: number, previous: number): number | null {
  return previous === 0 ? null : Math.round(((current - previous) / previous) * 1000) / 10;
}

/** Builds the report of the period that ends at `dueAt`. */
export async function buildExecutiveReport(deps: ServiceDeps, report: EmailReportRow, dueAt: string): Promise<ExecutiveReport> {
  const { viewer } = await receiverViewer(deps, report);
  const period = reportPeriod(dueAt, report.dataFrom);
  const query = reportDashboardQuery(report, period, viewer.timeZone);
  const own = { ...query, contexts: query.contexts.slice(0, 1) };

  const [sentiment, networks, sla] = await Promise.all([
    readCountWidget(deps, viewer, ["sentiment", "trend-sentiment"], "/v1/dashboard/compared_sentiment", query, comparedSentimentWidget),
    readCountWidget(deps, viewer, "network-breakdown", "/v1/dashboard/networks", own, networksWidget),
    report.omitResponse === 1 ? null : readCountWidget(deps, viewer, "first-reply-time", "/v1/dashboard/sla", own, slaWidget),
  ]);

  let posts: StatusView[] | null = null;
  let articles: StatusView[] | null = null;
  if (viewer.readsMentionText) {
    const textRequest = await resolveTextRequest(deps, viewer, own);
    const selection = await articleSelection(deps, report);
    const [top, news] = await Promise.all([
      report.postsLimit > 0 ? getMostImpactfulPosts(deps, textRequest, { page: 1, perPage: report.postsLimit }) : null,
      report.articlesLimit > 0 ? getMostImpactfulPosts(deps, textRequest, { page: 1, perPage: report.articlesLimit, ...selection }) : null,
    ]);
    posts = top?.data[0]?.items ?? [];
    articles = news?.data[0]?.items ?? [];
  }

  const contexts: ReportContext[] = sentiment.data.map((entry) => {
    const mentions = entry.totals.positive + entry.totals.neutral + entry.totals.negative;
    const previousMentions = entry.compared.totals.positive + entry.compared.totals.neutral + entry.compared.totals.negative;
    return {
      contextId: entry.context.contextId,
      title: entry.context.title,
      color: entry.context.color,
      mentions,
      previousMentions,
      change: percentChange(mentions, previousMentions),
      sentiment: entry.totals,
      series: entry.series,
    };
  });
  const slaEntry = sla?.data[0];
  return {
    emailName: report.emailName,
    brandName: report.brandName,
    period,
    timeZone: viewer.timeZone,
    contexts,
    networks: (networks.data[0]?.items ?? []).slice(0, TOP_NETWORKS).map((item) => ({
      socialType: item.socialType,
      name: isNetworkId(item.socialType) ? networkById(item.socialType).name : item.socialType,
      color: isNetworkId(item.socialType) ? networkById(item.socialType).color : "#64748B",
      mentions: item.mentions,
    })),
    response: slaEntry ? { medianSeconds: slaEntry.medianSeconds, replied: slaEntry.replied, unreplied: slaEntry.unreplied } : null,
    posts,
    articles,
    articlesUrl: report.articlesUrl,
    dashboardUrl: dashboardLink(deps.settings.publicUrl, query),
  };
}
