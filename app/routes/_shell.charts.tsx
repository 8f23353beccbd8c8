// /charts ('Dashboard V1' in the avatar menu): one widget at full size with its own context, period,
// unit and chart type; PNG export (ApexCharts on the client) and CSV. The choices are a GET form, so
// the page works without JavaScript and every view is a link.
import type ApexCharts from "apexcharts";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useRef } from "react";
import { PERIOD_PRESETS, WIDGET_IDS, WIDGET_TITLES, isWidgetId, type WidgetId } from "../../domain/dashboard";
import { MESSAGES } from "../../domain/messages";
import { intervalChoices } from "../../domain/periods";
import type { ChartSpec } from "../components/dashboard/widgets/view";
import { FeedHashPanel } from "../components/dashboard/widgets/feed-hash-panel";
import { Widget } from "../components/dashboard/widgets/widget";
import { Button } from "../components/ui/button";
import { ALL_MENTIONS_TOKEN, contextToken, parseDashboardQuery } from "../lib/dashboard-query";
import { loadDashboardSelector, loadFeedHash, loadWidget } from "../lib/dashboard-widgets.server";
import { requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { useHydrated } from "../lib/use-hydrated";

const T = MESSAGES.widgetsUi;
const CHART_TYPES: { id: ChartSpec["type"]; label: string }[] = [
  { id: "line", label: T.chartLine },
  { id: "bar", label: T.chartBar },
  { id: "area", label: T.chartArea },
];
const UNIT_LABELS = { hour: T.unitHour, day: T.unitDay, week: T.unitWeek, month: T.unitMonth } as const;
const DEFAULT_CHARTS_WIDGET: WidgetId = "trend-sentiment";

export const meta = titleMeta(MESSAGES.dashboardV1);

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const url = new URL(request.url);
  const widgetParam = url.searchParams.get("widgetId");
  const widgetId: WidgetId = isWidgetId(widgetParam) ? widgetParam : DEFAULT_CHARTS_WIDGET;
  const chartParam = url.searchParams.get("chart");
  const chartType = CHART_TYPES.find((t) => t.id === chartParam)?.id ?? null;
  const selector = await loadDashboardSelector(context.api);
  const parsed = parseDashboardQuery(url, account.businessProfile.timeZone, selector);
  // One context, one widget.
  const query = { ...parsed, contexts: parsed.contexts.slice(0, 1), widgets: [widgetId] };
  const feedHash = url.searchParams.get("feed_hash");
  const [result, feed] = await Promise.all([
    loadWidget(context.api, widgetId, query),
    feedHash ? loadFeedHash(context.api, feedHash) : Promise.resolve(null),
  ]);
  const closeFeed = new URLSearchParams(url.searchParams);
  closeFeed.delete("feed_hash");
  return {
    feed,
    closeFeedHref: `/charts?${closeFeed.toString()}`,
    query,
    result,
    chartType,
    units: intervalChoices(query.from, query.to),
    contexts: [
      { token: ALL_MENTIONS_TOKEN, title: T.everyMention },
      ...selector.contexts.map((c) => ({ token: contextToken(c), title: c.title })),
    ],
  };
}

export default function ChartsPage() {
  const { query, result, chartType, units, contexts, feed, closeFeedHref } = useLoaderData<typeof loader>();
  const hydrated = useHydrated();
  const chart = useRef<ApexCharts | null>(null);
  const widgetId = result.widgetId;
  const currentContext = query.contexts[0] ? contextToken(query.contexts[0]) : ALL_MENTIONS_TOKEN;
  const extraParams: Record<string, string> = { widgetId, ...(chartType ? { chart: chartType } : {}) };

  async function downloadPng() {
    if (!chart.current) return;
    const answer = (await chart.current.dataURI()) as { imgURI?: string };
    if (!answer.imgURI) return;
    const link = document.createElement("a");
    link.href = answer.imgURI;
    link.download = `${widgetId}.png`;
    document.body.append(link);
    link.click();
    link.remove();
  }

  return (
    // The shell's <main> holds the page with its padding: a section here, as on every shell page.
    <section className="mx-auto flex w-full max-w-6xl flex-col gap-4" aria-labelledby="charts-heading">
      <header>
        <h1 id="charts-heading" className="text-2xl font-semibold">
          {MESSAGES.dashboardV1}
        </h1>
        <p className="text-sm text-slate-600">{T.chartsIntro}</p>
      </header>
      <Form method="get" className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 text-sm">
        <Choice name="widgetId" label={T.chooseWidget} value={widgetId} options={WIDGET_IDS.map((id) => ({ value: id, label: WIDGET_TITLES[id] }))} />
        <Choice name="contextIds" label={MESSAGES.dashboardUi.contexts} value={currentContext} options={contexts.map((c) => ({ value: c.token, label: c.title }))} />
        <Choice
          name="period"
          label={MESSAGES.dashboardUi.period}
          value={query.period === "custom" ? "30d" : query.period}
          options={PERIOD_PRESETS.filter((p) => p.id !== "custom").map((p) => ({ value: p.id, label: p.label }))}
        />
        <Choice name="timeUnit" label={T.chooseUnit} value={query.interval} options={units.map((u) => ({ value: u, label: UNIT_LABELS[u] }))} />
        <Choice
          name="chart"
          label={T.chooseChartType}
          value={chartType ?? ""}
          options={[{ value: "", label: "–" }, ...CHART_TYPES.map((t) => ({ value: t.id, label: t.label }))]}
        />
        <input type="hidden" name="tz" value={query.timeZone} />
        <Button>{T.applyChart}</Button>
        {hydrated && result.ok ? (
          <Button type="button" variant="secondary" onClick={() => void downloadPng()} aria-label={T.downloadPng} data-testid="chart-png">
            {T.pngButton}
          </Button>
        ) : null}
      </Form>
      {feed ? <FeedHashPanel feed={feed} closeHref={closeFeedHref} /> : null}
      <Widget
        result={result}
        query={query}
        basePath="/charts"
        extraParams={extraParams}
        chartType={chartType ?? undefined}
        chartHeight={420}
        onChart={(instance) => {
          chart.current = instance;
        }}
      />
    </section>
  );
}

function Choice({
  name,
  label,
  value,
  options,
}: {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}) {
  return (
    <label className="flex flex-col gap-1">
      <span className="text-slate-600">{label}</span>
      <select name={name} defaultValue={value} className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm">
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
    </label>
  );
}
