// A widget's CSV (a resource route): `/dashboard/csv?widgetId=…&<page state>`. Every widget's file is
// written here in one format (ADR 036) from the same answers the widget shows
// (app/components/dashboard/widgets/csv.ts), by the one CSV writer (domain/csv.ts). The file is named
// after the widget and the period shown: its first and last day in the account's zone.
import type { LoaderFunctionArgs } from "@remix-run/node";
import { isWidgetId, type WidgetId } from "../../domain/dashboard";
import { toCsv } from "../../domain/csv";
import { widgetCsv } from "../components/dashboard/widgets/csv";
import { dayOf, lastDayOf, parseDashboardQuery, type DashboardQuery } from "../lib/dashboard-query";
import { loadDashboardSelector, loadWidget } from "../lib/dashboard-widgets.server";
import { guardRoute, requireAccount } from "../lib/guard.server";

function fileName(widgetId: WidgetId, query: DashboardQuery): string {
  return `${widgetId}_${dayOf(query.from, query.timeZone)}_${lastDayOf(query.to, query.timeZone)}.csv`;
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
  const result = await loadWidget(context.api, widgetId, query);
  if (!result.ok) throw new Response(result.error, { status: 502 });
  const table = widgetCsv(widgetId, result.data, {
    timeZone: query.timeZone,
    demographicsMode: query.widgetParams["demographics.mode"] === "countries" ? "countries" : "languages",
  });
  return new Response(toCsv(table.header, table.rows), {
    status: 200,
    headers: {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${fileName(widgetId, query)}"`,
      "cache-control": "private, no-store",
    },
  });
}
