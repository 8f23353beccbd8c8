import type { Context } from "hono";
import type { WidgetId } from "../../../domain/dashboard";
import {
  ComparedSentimentWidgetResponseSchema,
  ComparedSlaWidgetResponseSchema,
  DemographicsWidgetResponseSchema,
  NetworksWidgetResponseSchema,
  ReviewsWidgetResponseSchema,
  ScoreWidgetResponseSchema,
  SentimentWidgetResponseSchema,
  SlaWidgetResponseSchema,
  SumWidgetResponseSchema,
} from "../../../domain/schemas/dashboard-widgets";
import { readCountWidget, type CountReadOptions } from "../../../services/analytics/count-reads";
import {
  comparedSentimentWidget,
  comparedSlaWidget,
  demographicsWidget,
  GENERAL_REPORT_HEADER,
  generalReportRows,
  networksWidget,
  reviewsWidget,
  scoreWidget,
  type ScoreKind,
  sentimentWidget,
  slaWidget,
  sumWidget,
  type WidgetArgs,
} from "../../../services/analytics/counts";
import { toCsv } from "../../../services/analytics/csv";
import type { ApiApp, ApiEnv } from "../../env";
import { parseNestedQuery, toWire } from "../../lib/case";
import { resolveDashboardViewer } from "../../lib/dashboard-viewer";
import {
  comparedSentimentRoute,
  comparedSlaRoute,
  countriesCsvRoute,
  countriesRoute,
  engagementRoute,
  generalReportRoute,
  impactScoreRoute,
  languagesCsvRoute,
  languagesRoute,
  networksRoute,
  reachRoute,
  reachScoreRoute,
  reputationRoute,
  reviewsRoute,
  sentimentRoute,
  sharesCountRoute,
  slaRoute,
} from "./dashboard.routes";

/** The query (a GET, or a GET via POST turned into one) as nested keys. */
function queryOf(c: Context<ApiEnv>): Record<string, unknown> {
  return parseNestedQuery(new URL(c.req.url).searchParams);
}

/** Both sentiment widgets read /sentiment (the trend draws its series). */
const SENTIMENT_WIDGETS: readonly WidgetId[] = ["sentiment", "trend-sentiment"];

async function countRead<P extends object>(
  c: Context<ApiEnv>,
  widget: WidgetId | readonly WidgetId[],
  compute: (args: WidgetArgs) => Promise<P>,
  options: CountReadOptions = {},
) {
  const viewer = await resolveDashboardViewer(c);
  const noCache = /no-cache/i.test(c.req.header("cache-control") ?? "");
  return readCountWidget(c.get("deps"), viewer, widget, c.req.path, queryOf(c), compute, { ...options, noCache });
}

function csvResponse(c: Context<ApiEnv>, name: string, header: string[], rows: unknown[][]) {
  const file = name.replace(/[^A-Za-z0-9._-]+/g, "-").replace(/^-+|-+$/g, "") || "report";
  return c.body(toCsv(header, rows), 200, {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${file}.csv"`,
  });
}

/** The count widgets of the dashboard (ADR 015). */
export function registerDashboardCountRoutes(app: ApiApp) {
  app.openapi(sentimentRoute, async (c) =>
    c.json(toWire(SentimentWidgetResponseSchema, await countRead(c, SENTIMENT_WIDGETS, sentimentWidget)), 200),
  );
  app.openapi(comparedSentimentRoute, async (c) =>
    c.json(toWire(ComparedSentimentWidgetResponseSchema, await countRead(c, SENTIMENT_WIDGETS, comparedSentimentWidget)), 200),
  );
  app.openapi(networksRoute, async (c) => c.json(toWire(NetworksWidgetResponseSchema, await countRead(c, "network-breakdown", networksWidget)), 200));
  const demographics = async (c: Context<ApiEnv>, mode: "languages" | "countries") =>
    countRead(c, "demographics", (a) => demographicsWidget(a, mode));
  app.openapi(languagesRoute, async (c) => c.json(toWire(DemographicsWidgetResponseSchema, await demographics(c, "languages")), 200));
  app.openapi(countriesRoute, async (c) => c.json(toWire(DemographicsWidgetResponseSchema, await demographics(c, "countries")), 200));
  const demographicsCsv = async (c: Context<ApiEnv>, mode: "languages" | "countries") => {
    const answer = await demographics(c, mode);
    const rows = answer.data.flatMap((entry) => entry.items.map((item) => [entry.context.title, item.key, item.mentions, item.share]));
    return csvResponse(c, mode, ["context", mode === "languages" ? "language" : "country", "mentions", "share"], rows);
  };
  app.openapi(languagesCsvRoute, async (c) => demographicsCsv(c, "languages"));
  app.openapi(countriesCsvRoute, async (c) => demographicsCsv(c, "countries"));
  const sum = async (c: Context<ApiEnv>, measure: "totalEngagements" | "reach") =>
    toWire(SumWidgetResponseSchema, await countRead(c, "impact-score", (a) => sumWidget(a, measure)));
  app.openapi(engagementRoute, async (c) => c.json(await sum(c, "totalEngagements"), 200));
  app.openapi(reachRoute, async (c) => c.json(await sum(c, "reach"), 200));
  const score = async (c: Context<ApiEnv>, kind: ScoreKind) =>
    toWire(ScoreWidgetResponseSchema, await countRead(c, "impact-score", (a) => scoreWidget(a, kind)));
  app.openapi(impactScoreRoute, async (c) => c.json(await score(c, "impact_score"), 200));
  app.openapi(reputationRoute, async (c) => c.json(await score(c, "reputation"), 200));
  app.openapi(sharesCountRoute, async (c) => c.json(await score(c, "shares_count"), 200));
  app.openapi(reachScoreRoute, async (c) => c.json(await score(c, "reach_score"), 200));
  app.openapi(reviewsRoute, async (c) => c.json(toWire(ReviewsWidgetResponseSchema, await countRead(c, "reviews", reviewsWidget)), 200));
  app.openapi(slaRoute, async (c) => c.json(toWire(SlaWidgetResponseSchema, await countRead(c, "first-reply-time", slaWidget)), 200));
  app.openapi(comparedSlaRoute, async (c) =>
    c.json(toWire(ComparedSlaWidgetResponseSchema, await countRead(c, "first-reply-time", comparedSlaWidget)), 200),
  );
  app.openapi(generalReportRoute, async (c) => {
    const query = queryOf(c);
    const searchName = typeof query.search_name === "string" && query.search_name.trim() ? query.search_name.trim() : "general";
    const answer = await countRead(c, SENTIMENT_WIDGETS, async (a) => ({ rows: await generalReportRows(a, searchName) }));
    return csvResponse(c, searchName, GENERAL_REPORT_HEADER, answer.data.flatMap((entry) => entry.rows));
  });
}
