// One dashboard widget: its title, the numbers as a table rendered on the server (readable before and
// without JavaScript; with a chart on screen it stays in the DOM for screen readers), a lazily loaded
// ApexCharts chart on the client, a CSV link, the widget's own switches (all links or GET forms, so
// they work without JavaScript) and drill-down from a row or a chart point.
import type ApexCharts from "apexcharts";
import { Form, Link, useLocation, useSubmit } from "@remix-run/react";
import {
  ALL_DATA_POINTS_LABEL,
  DEFAULT_REVIEW_NETWORKS,
  WIDGET_TITLES,
  type WidgetId,
} from "../../../../domain/dashboard";
import { MESSAGES } from "../../../../domain/messages";
import { NETWORKS, networkById } from "../../../../domain/networks";
import { dashboardParams, type DashboardQuery } from "../../../lib/dashboard-query";
import type { WidgetResult } from "../../../lib/dashboard-widgets.server";
import { useHydrated } from "../../../lib/use-hydrated";
import { LazyChart } from "../../charts/lazy-chart";
import type { ChartAnnotation } from "../../charts/types";
import { CsrfInput } from "../../ui/csrf-input";
import { widgetView, type ChartSpec, type Drill } from "./view";

const T = MESSAGES.widgetsUi;

export type WidgetProps = {
  result: WidgetResult;
  query: DashboardQuery;
  annotations?: ChartAnnotation[];
  /** The page the widget's links go back to ("/" or "/charts"). */
  basePath?: string;
  /** Extra search parameters of that page (e.g. /charts' own choices). */
  extraParams?: Record<string, string>;
  chartType?: ChartSpec["type"];
  chartHeight?: number;
  onChart?: (chart: ApexCharts) => void;
};

const SENTIMENT_WIDGETS: readonly WidgetId[] = ["sentiment", "trend-sentiment"];
const TIMELINE_WIDGETS: readonly WidgetId[] = ["trend-sentiment", "impact-score", "first-reply-time"];
const TRENDING_KEYWORDS_PER_PAGE = 7;
const MOST_IMPACTFUL_POSTS_PER_PAGE = 6;

function widgetParamValue(query: DashboardQuery, widgetId: WidgetId, name: string): string | undefined {
  const value = query.widgetParams[`${widgetId}.${name}`];
  return value ? value : undefined;
}

/** The page state as search parameters, with some widget parameters changed (`null` removes one). */
function widgetSearch(
  query: DashboardQuery,
  changes: Record<string, string | null> = {},
  extraParams: Record<string, string> = {},
): URLSearchParams {
  const widgetParams = { ...query.widgetParams };
  for (const [name, value] of Object.entries(changes)) {
    if (value === null) delete widgetParams[name];
    else widgetParams[name] = value;
  }
  const params = dashboardParams({ ...query, widgetParams });
  for (const [name, value] of Object.entries(extraParams)) params.set(name, value);
  return params;
}

export function Widget({
  result,
  query,
  annotations,
  basePath = "/",
  extraParams = {},
  chartType,
  chartHeight,
  onChart,
}: WidgetProps) {
  const { widgetId } = result;
  const title = WIDGET_TITLES[widgetId];
  const hydrated = useHydrated();
  const submit = useSubmit();
  const location = useLocation();
  const showNeutral = widgetParamValue(query, widgetId, "neutral") === "1";
  const page = Number(widgetParamValue(query, widgetId, "page") ?? 1) || 1;
  const perPage =
    widgetId === "trending-keywords"
      ? TRENDING_KEYWORDS_PER_PAGE
      : widgetId === "most-impactful-posts"
        ? MOST_IMPACTFUL_POSTS_PER_PAGE
        : undefined;
  const view = result.ok
    ? widgetView(result.widgetId, result.data, {
        from: query.from,
        to: query.to,
        showNeutral,
        page,
        perPage,
        demographicsMode: widgetParamValue(query, "demographics", "mode") === "countries" ? "countries" : "languages",
      })
    : null;
  const href = (changes: Record<string, string | null>) => `${basePath}?${widgetSearch(query, changes, extraParams).toString()}`;
  const csvHref = `/dashboard/csv?${new URLSearchParams([
    ["widgetId", widgetId],
    ...widgetSearch(query, {}, {}).entries(),
  ]).toString()}`;
  const state = widgetSearch(query, {}, extraParams).toString();
  const chart = view?.chart ?? null;
  const timelineAnnotations = chart?.timeline && TIMELINE_WIDGETS.includes(widgetId) ? annotations : undefined;

  function drillTo(drill: Drill) {
    const form = new FormData();
    for (const [name, value] of Object.entries(drillFields(widgetId, drill, state, basePath))) form.set(name, value);
    const csrf = document.querySelector<HTMLInputElement>('input[name="csrf"]')?.value;
    if (csrf) form.set("csrf", csrf);
    submit(form, { method: "post", action: "/dashboard/drill" });
  }

  return (
    <section
      className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4"
      aria-label={title}
      data-testid={`widget-${widgetId}`}
    >
      <header className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-sm font-semibold text-slate-900">{title}</h2>
        <div className="flex flex-wrap items-center gap-2 text-xs">
          {SENTIMENT_WIDGETS.includes(widgetId) ? (
            <Link
              className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
              to={href({ [`${widgetId}.neutral`]: showNeutral ? null : "1" })}
              preventScrollReset
              replace
            >
              {showNeutral ? T.hideNeutralSentiment : T.showNeutralSentiment}
            </Link>
          ) : null}
          {widgetId === "demographics" ? <DemographicsSwitch query={query} href={href} /> : null}
          {result.ok ? (
            <a
              className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50"
              href={csvHref}
              download
              aria-label={T.downloadCsv(title)}
              data-testid="widget-csv"
            >
              {T.csvButton}
            </a>
          ) : null}
        </div>
      </header>
      {widgetId === "reviews" ? (
        <FilterForm
          basePath={basePath}
          params={widgetSearch(query, { "reviews.network": null }, extraParams)}
          fields={[
            {
              name: "reviews.network",
              label: T.reviewNetwork,
              value: widgetParamValue(query, widgetId, "network") ?? "",
              options: [
                { value: "", label: T.allReviewNetworks },
                ...DEFAULT_REVIEW_NETWORKS.map((id) => ({ value: id, label: networkById(id).name })),
              ],
            },
          ]}
        />
      ) : null}
      {widgetId === "most-impactful-posts" ? (
        <FilterForm
          basePath={basePath}
          params={widgetSearch(
            query,
            { "most-impactful-posts.sentiment": null, "most-impactful-posts.network": null, "most-impactful-posts.page": null },
            extraParams,
          )}
          fields={[
            {
              name: "most-impactful-posts.sentiment",
              label: T.postsSentiment,
              value: widgetParamValue(query, widgetId, "sentiment") ?? "",
              options: [
                { value: "", label: T.anySentiment },
                { value: "1", label: MESSAGES.sentimentPositive },
                { value: "0", label: MESSAGES.sentimentNeutral },
                { value: "-1", label: MESSAGES.sentimentNegative },
              ],
            },
            {
              name: "most-impactful-posts.network",
              label: T.postsNetwork,
              value: widgetParamValue(query, widgetId, "network") ?? "",
              options: [
                { value: "", label: T.anyNetwork },
                ...NETWORKS.map((network) => ({ value: network.id, label: network.name })),
              ],
            },
          ]}
        />
      ) : null}
      {!result.ok ? (
        <p role="alert" className="text-sm text-red-700">
          {T.widgetFailed(result.error)}
        </p>
      ) : view && view.rows.length === 0 ? (
        <p className="text-sm text-slate-500">{T.noWidgetData}</p>
      ) : view ? (
        <>
          {view.note ? <p className="text-xs text-slate-500">{view.note}</p> : null}
          {chart ? (
            <div className={hydrated ? "min-h-[120px]" : undefined}>
              {hydrated && chart.allDataPoints ? (
                <p className="text-xs text-slate-500" data-testid="all-data-points">
                  {ALL_DATA_POINTS_LABEL}
                </p>
              ) : null}
              <LazyChart
                // A new chart for new numbers: ApexCharts' in-place update fails on some axis changes.
                key={JSON.stringify([chartType, chart.type, chart.categories, chart.series])}
                spec={chart}
                title={`${widgetId}-${location.pathname === "/charts" ? "full" : "card"}`}
                annotations={timelineAnnotations}
                type={chartType}
                height={chartHeight}
                onChart={onChart}
                onPoint={(s, p) => {
                  const drill = chart.drills[s]?.[p];
                  if (drill) drillTo(drill);
                }}
              />
            </div>
          ) : null}
          {/* Beside a chart the table is for screen readers; it shows while the keyboard is in it, so that
              a focused 'View mentions' button is seen (ADR 034). */}
          <div className={hydrated && chart ? "sr-only focus-within:not-sr-only focus-within:overflow-x-auto" : "overflow-x-auto"} data-testid="widget-table">
            <table className="w-full text-left text-xs">
              <caption className="sr-only">{title}</caption>
              <thead>
                <tr className="border-b border-slate-200 text-slate-500">
                  {view.columns.map((column) => (
                    <th key={column} scope="col" className="py-1 pr-2 font-medium">
                      {column}
                    </th>
                  ))}
                  {view.rows.some((row) => row.drill) ? (
                    <th scope="col" className="py-1 pr-2 font-medium">
                      <span className="sr-only">{T.viewMentions}</span>
                    </th>
                  ) : null}
                </tr>
              </thead>
              <tbody>
                {view.rows.map((row) => (
                  <tr key={row.key} className="border-b border-slate-100 align-top">
                    {row.cells.map((cell, i) => (
                      <td key={i} className={`py-1 pr-2 ${i === 0 ? "max-w-md break-words" : "tabular-nums"}`}>
                        {i === 0 && row.href ? (
                          <a className="text-blue-700 underline" href={row.href} rel="noopener noreferrer nofollow" target="_blank">
                            {cell}
                          </a>
                        ) : (
                          cell
                        )}
                      </td>
                    ))}
                    {row.drill ? (
                      <td className="py-1 pr-2">
                        <DrillForm widgetId={widgetId} drill={row.drill} state={state} returnTo={basePath} />
                      </td>
                    ) : view.rows.some((r) => r.drill) ? (
                      <td />
                    ) : null}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {view.hasNextPage !== undefined && (page > 1 || view.hasNextPage) ? (
            <nav className="flex items-center gap-3 text-xs" aria-label={`${title}: ${MESSAGES.searchScreen.resultPages}`}>
              {page > 1 ? (
                <Link className="text-blue-700 underline" to={href({ [`${widgetId}.page`]: page - 1 > 1 ? String(page - 1) : null })} preventScrollReset>
                  {MESSAGES.searchScreen.previousPage}
                </Link>
              ) : null}
              <span>{MESSAGES.channelScreen.pageNumber(page)}</span>
              {view.hasNextPage ? (
                <Link className="text-blue-700 underline" to={href({ [`${widgetId}.page`]: String(page + 1) })} preventScrollReset>
                  {MESSAGES.searchScreen.nextPage}
                </Link>
              ) : null}
            </nav>
          ) : null}
        </>
      ) : null}
    </section>
  );
}

function DemographicsSwitch({ query, href }: { query: DashboardQuery; href: (c: Record<string, string | null>) => string }) {
  const mode = widgetParamValue(query, "demographics", "mode") === "countries" ? "countries" : "languages";
  const item = (value: "languages" | "countries", label: string) => (
    <Link
      className={`rounded border px-2 py-1 ${mode === value ? "border-blue-600 bg-blue-50 text-blue-800" : "border-slate-300 hover:bg-slate-50"}`}
      to={href({ "demographics.mode": value === "languages" ? null : value })}
      aria-current={mode === value ? "true" : undefined}
      preventScrollReset
      replace
    >
      {label}
    </Link>
  );
  return (
    <span className="flex gap-1">
      {item("languages", T.byLanguage)}
      {item("countries", T.byCountry)}
    </span>
  );
}

interface FilterField {
  name: string;
  label: string;
  value: string;
  options: { value: string; label: string }[];
}

/** A GET form that keeps the rest of the page state in hidden fields (works without JavaScript). */
function FilterForm({ basePath, params, fields }: { basePath: string; params: URLSearchParams; fields: FilterField[] }) {
  return (
    <Form method="get" action={basePath} className="flex flex-wrap items-end gap-2 text-xs" preventScrollReset>
      {[...params.entries()].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {fields.map((field) => (
        <label key={field.name} className="flex flex-col gap-1">
          <span className="text-slate-600">{field.label}</span>
          <select name={field.name} defaultValue={field.value} className="rounded border border-slate-300 px-2 py-1">
            {field.options.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
        </label>
      ))}
      <button type="submit" className="rounded border border-slate-300 px-2 py-1 hover:bg-slate-50">
        {T.filterButton}
      </button>
    </Form>
  );
}

function drillFields(widgetId: WidgetId, drill: Drill, state: string, returnTo: string): Record<string, string> {
  const fields: Record<string, string> = {
    widgetId,
    returnTo,
    contextIndex: String(drill.contextIndex),
    from: drill.from,
    to: drill.to,
    title: drill.title,
    state,
  };
  if (drill.query) fields.query = drill.query;
  return fields;
}

/** Drill-down without JavaScript: a small POST form per row. */
function DrillForm({ widgetId, drill, state, returnTo }: { widgetId: WidgetId; drill: Drill; state: string; returnTo: string }) {
  return (
    <Form method="post" action="/dashboard/drill">
      <CsrfInput />
      {Object.entries(drillFields(widgetId, drill, state, returnTo)).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button type="submit" className="whitespace-nowrap text-blue-700 underline" aria-label={T.viewMentionsOf(drill.title)}>
        {T.viewMentions}
      </button>
    </Form>
  );
}
