// A widget's CSV (a resource route): `/dashboard/csv?widgetId=…&<page state>`. Widgets whose endpoint
// has a .csv variant (ADR 015) stream the API's answer back as it arrives; the others are written here
// from the same rows the widget's table shows (domain/csv.ts neutralises formula-like cells).
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isWidgetId, WIDGET_TITLES, type WidgetId } from "../../domain/dashboard";
import { toCsv } from "../../domain/csv";
import { widgetView } from "../components/dashboard/widgets/view";
import { MOST_IMPACTFUL_POSTS_PER_PAGE, TRENDING_KEYWORDS_PER_PAGE } from "../components/dashboard/widgets/widget";
import { ApiError } from "../lib/api.server";
import { parseDashboardQuery } from "../lib/dashboard-query";
import { loadDashboardSelector, loadWidget, widgetCsvCall } from "../lib/dashboard-widgets.server";
import { guardRoute, requireAccount } from "../lib/guard.server";

function fileName(widgetId: WidgetId, from: string, to: string): string {
  return `${widgetId}_${from.slice(0, 10)}_${to.slice(0, 10)}.csv`;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const url = new URL(request.url);
  // A shared link's viewer may download its widgets (the API checks the code); anyone else signs in.
  const account = url.searchParams.get("shared_link_code")
    ? await guardRoute(request, context)
    : await requireAccount(request, context);
  const widgetId = url.searchParams.get("widgetId");
  if (!isWidgetId(widgetId)) throw new Response("Not Found", { status: 404 });
  const selector = await loadDashboardSelector(context.api);
  const query = parseDashboardQuery(url, account?.businessProfile.timeZone, selector);
  const headers = {
    "content-type": "text/csv; charset=utf-8",
    "content-disposition": `attachment; filename="${fileName(widgetId, query.from, query.to)}"`,
    "cache-control": "private, no-store",
  };

  const csvCall = widgetCsvCall(widgetId, query);
  if (csvCall) {
    try {
      const upstream = await context.api.download(csvCall.path, { query: csvCall.params, viaPost: true, raw: true });
      return new Response(upstream.body, { status: 200, headers });
    } catch (error) {
      // An endpoint without its .csv variant yet answers 404: fall back to the widget's own rows.
      if (!(error instanceof ApiError) || error.status !== 404) throw error;
    }
  }

  const result = await loadWidget(context.api, widgetId, query);
  if (!result.ok) throw new Response(result.error, { status: 502 });
  const page = Number(query.widgetParams[`${widgetId}.page`] ?? 1) || 1;
  const view = widgetView(widgetId, result.data, {
    from: query.from,
    to: query.to,
    showNeutral: true,
    page,
    perPage: widgetId === "trending-keywords" ? TRENDING_KEYWORDS_PER_PAGE : widgetId === "most-impactful-posts" ? MOST_IMPACTFUL_POSTS_PER_PAGE : undefined,
  });
  const columns = view.columns.length ? view.columns : [WIDGET_TITLES[widgetId]];
  return new Response(toCsv(columns, view.rows.map((row) => row.cells)), { status: 200, headers });
}
