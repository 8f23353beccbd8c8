import { data, redirect, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useLoaderData } from "@remix-run/react";
import { formatDateTime } from "../../domain/format";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { ModerationEventPageResponseSchema, ModerationFiltersResponseSchema } from "../../domain/schemas/replies";
import {
  REPORT_COLUMNS,
  isDefaultOrder,
  nextSortDirection,
  readReportView,
  reportApiQuery,
  reportHref,
  reportOrderOf,
  sortHref,
  type ReportColumn,
  type ReportView,
} from "../components/moderation/report-query";
import { Button } from "../components/ui/button";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { ApiError } from "../lib/api.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";

// The moderation report (issue 25, spec analytics §2, §3, §7; ADR 037): the moderation events of the
// inbox's actions, 8 a page, sortable per column, filtered by agent, action, reason, network and
// period. Every view is an address (links and a GET form), so it all works without JavaScript; the
// CSV download takes the same address.

const R = MESSAGES.moderationReportUi;
/** The spec's columns (analytics §3) in the words the inbox and the dashboard already use for them. */
const COLUMN_LABELS: Readonly<Record<ReportColumn, string>> = {
  agent: MESSAGES.roleAgent,
  user: R.user,
  action: MESSAGES.inboxUi.moderationAction,
  reason: MESSAGES.inboxUi.reason,
  dateAndTime: R.dateAndTime,
  post: MESSAGES.widgetsUi.postColumn,
  originalText: R.originalText,
  note: MESSAGES.inboxUi.note,
};
export const MODERATION_REPORT_PATH = "/moderation-report";
const CSV_PATH = "/moderation-report/csv";

type ApiEventPage = FromWire<typeof ModerationEventPageResponseSchema>;
type ApiEvent = ApiEventPage["data"][number];
type ApiChoiceList = FromWire<typeof ModerationFiltersResponseSchema>;
type ApiChoices = ApiChoiceList["results"];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  // Without the permission the screen says so (the route itself is open to any signed-in user).
  if (!hasPermission(account.permissions, "moderation.index.read")) return data({ noAccess: true as const });
  const url = new URL(request.url);
  const view = readReportView(url.searchParams);
  // One address per view: the filter form's empty choices and default values are dropped.
  const canonical = reportHref(MODERATION_REPORT_PATH, view);
  if (`${url.pathname}${url.search}` !== canonical) throw redirect(canonical);
  const [choices, result] = await Promise.all([
    context.api.get<ApiChoiceList>("/v1/moderation/filters"),
    context.api.get<ApiEventPage>("/v1/moderation/events", { query: reportApiQuery(view) }).then(
      (page) => ({ page, error: null }),
      (error: unknown) => {
        // A hand-written address with a value the API refuses: the report says which, with the form to fix it.
        if (error instanceof ApiError && error.status === 400) return { page: null, error: error.message };
        throw error;
      },
    ),
  ]);
  return data(
    { view, choices: choices.results, page: result.page, error: result.error, timeZone: account.businessProfile.timeZone },
    { status: result.error ? 400 : 200 },
  );
}

export default function ModerationReportRoute() {
  const loaded = useLoaderData<typeof loader>();
  if ("noAccess" in loaded) {
    return (
      <div className="max-w-6xl space-y-4">
        <h1 className="text-xl font-semibold">{MESSAGES.moderationReport}</h1>
        <p role="alert" className="text-sm text-slate-700" data-testid="report-no-access">
          {MESSAGES.forbidden}
        </p>
      </div>
    );
  }
  const { view, choices, page, error, timeZone } = loaded;
  const csvHref = reportHref(CSV_PATH, { ...view, page: 1 });
  const isFiltered = Object.values(view.filters).some((v) => v.length > 0);
  return (
    <div className="max-w-6xl space-y-4">
      <h1 className="text-xl font-semibold">{MESSAGES.moderationReport}</h1>
      <p className="text-sm text-slate-600">{R.intro}</p>
      <ReportFilters view={view} choices={choices} />
      {error ? (
        <p role="alert" className="rounded-md border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800" data-testid="report-error">
          {error}
        </p>
      ) : null}
      {page ? (
        <>
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm text-slate-600" id="report-count">
              {R.tableCaption(page.total)}
            </p>
            <a
              href={csvHref}
              download
              className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50"
              title={R.downloadHint}
              data-testid="report-download"
            >
              {R.download}
            </a>
          </div>
          {page.data.length === 0 ? (
            <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-600" data-testid="report-empty">
              {isFiltered ? R.noMatches : R.noEvents}
            </p>
          ) : (
            <ReportTable view={view} events={page.data} timeZone={timeZone} total={page.total} />
          )}
          <ReportPager view={view} page={page.page} pageCount={page.totalPages} />
        </>
      ) : null}
    </div>
  );
}

function ReportFilters({ view, choices }: { view: ReportView; choices: ApiChoices }) {
  const selects: { name: keyof ReportView["filters"]; label: string; blank: string; options: { value: string; label: string }[] }[] = [
    { name: "agent", label: COLUMN_LABELS.agent, blank: R.any, options: choices.agents.map((a) => ({ value: String(a.id), label: a.name })) },
    { name: "action", label: COLUMN_LABELS.action, blank: R.any, options: choices.actions.map((a) => ({ value: a.code, label: a.event })) },
    { name: "reason", label: COLUMN_LABELS.reason, blank: R.any, options: choices.reasons.map((r) => ({ value: r, label: r })) },
    { name: "network", label: MESSAGES.network, blank: R.any, options: choices.networks.map((n) => ({ value: n.id, label: n.label })) },
    { name: "period", label: MESSAGES.dashboardUi.period, blank: R.allTime, options: choices.periods.map((p) => ({ value: p.id, label: p.label })) },
  ];

  return (
    <Form method="get" action={MODERATION_REPORT_PATH} className="rounded-lg border border-slate-200 bg-white p-3" aria-labelledby="report-filters">
      <h2 id="report-filters" className="mb-2 text-sm font-semibold">
        {MESSAGES.searchScreen.filtersHeading}
      </h2>
      {isDefaultOrder(view) ? null : <input type="hidden" name="order" value={view.order} />}
      <div className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-5">
        {selects.map((select) => {
          const chosen = select.name === "period" ? view.filters.period : (view.filters[select.name][0] ?? "");
          return (
            <label key={select.name} className="flex flex-col gap-1 text-sm">
              <span className="font-medium">{select.label}</span>
              <select name={select.name} defaultValue={chosen} className="rounded-md border border-slate-300 bg-white px-2 py-1.5" data-testid={`report-filter-${select.name}`}>
                <option value="">{select.blank}</option>
                {select.options.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </label>
          );
        })}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-3">
        <Button variant="secondary" className="px-3 py-1.5">
          {MESSAGES.templatesUi.applyFilters}
        </Button>
        <Link to={MODERATION_REPORT_PATH} className="text-sm font-medium text-brand-700 underline">
          {MESSAGES.inboxUi.clearFilters}
        </Link>
      </div>
    </Form>
  );
}

function ReportTable({ view, events, timeZone, total }: { view: ReportView; events: ApiEvent[]; timeZone: string; total: number }) {
  const order = reportOrderOf(view);
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
      <table className="min-w-full text-left text-sm" data-testid="report-table">
        <caption className="sr-only">{R.tableCaption(total)}</caption>
        <thead className="bg-slate-50 text-xs uppercase text-slate-700">
          <tr>
            {REPORT_COLUMNS.map((column) => (
              <SortableHeader key={column} column={column} view={view} sorted={order?.column === column ? order.direction : null} />
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {events.map((event) => (
            <tr key={event.id} data-testid="report-row" className="align-top">
              <td className="whitespace-nowrap px-3 py-2">{event.agent}</td>
              <td className="px-3 py-2">{event.user}</td>
              <td className="whitespace-nowrap px-3 py-2">{event.action}</td>
              <td className="px-3 py-2">{event.reason}</td>
              <td className="whitespace-nowrap px-3 py-2">
                <time dateTime={event.dateAndTime}>{formatDateTime(event.dateAndTime, timeZone)}</time>
              </td>
              <td className="max-w-[16rem] break-words px-3 py-2">
                <PostCell post={event.post} />
              </td>
              <td className="max-w-[20rem] break-words px-3 py-2">{event.originalText}</td>
              <td className="max-w-[16rem] break-words px-3 py-2">{event.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function SortableHeader({ column, view, sorted }: { column: ReportColumn; view: ReportView; sorted: "asc" | "desc" | null }) {
  const label = COLUMN_LABELS[column];
  const next = sortHref(MODERATION_REPORT_PATH, view, column);
  const nextDirection = nextSortDirection(view, column) === "desc" ? "descending" : "ascending";
  return (
    <th scope="col" className="whitespace-nowrap px-3 py-2 font-semibold" aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}>
      <Link to={next} className="inline-flex items-center gap-1 hover:underline" aria-label={R.sortBy(label, nextDirection)} data-testid={`report-sort-${column}`}>
        {label}
        <span aria-hidden>{sorted === "asc" ? "▲" : sorted === "desc" ? "▼" : ""}</span>
      </Link>
    </th>
  );
}

/** The post's address as a link, or its text when it has none (user text is text, never markup). */
function PostCell({ post }: { post: string | null }) {
  if (!post) return null;
  if (/^https?:\/\//i.test(post)) {
    return (
      <a href={post} target="_blank" rel="noreferrer noopener" className="break-all text-brand-700 underline">
        {post}
      </a>
    );
  }
  return <>{post}</>;
}

function ReportPager({ view, page, pageCount }: { view: ReportView; page: number; pageCount: number }) {
  if (pageCount <= 1) return null;
  return (
    <nav aria-label={MESSAGES.inboxUi.pages} className="flex items-center justify-between text-sm" data-testid="report-pager">
      {page > 1 ? (
        <Link to={reportHref(MODERATION_REPORT_PATH, view, { page: Math.min(page - 1, pageCount) })} rel="prev" className="font-medium text-brand-700 underline">
          {MESSAGES.searchScreen.previousPage}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-600">{MESSAGES.searchScreen.pageOf(page, pageCount)}</span>
      {page < pageCount ? (
        <Link to={reportHref(MODERATION_REPORT_PATH, view, { page: page + 1 })} rel="next" className="font-medium text-brand-700 underline">
          {MESSAGES.searchScreen.nextPage}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

export const meta = titleMeta(MESSAGES.moderationReport);
export const ErrorBoundary = routeErrorBoundary({ back: { to: "/", label: MESSAGES.dashboard } });
