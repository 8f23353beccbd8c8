// The moderation report's address (ADR 037): every view is a link, so the page, the order and each
// filter live in the query string, and the API's `page`, `order` and `filters` JSON are read from it.
// The same address, without the page, is the CSV download's.
import type { QueryToSend } from "../../../domain/request-types";
import type { ModerationEventsQuerySchema } from "../../../domain/schemas/moderation";

/** The report's columns in the spec's order (analytics §3): the API's order fields. */
export const REPORT_COLUMNS = ["agent", "user", "action", "reason", "dateAndTime", "post", "originalText", "note"] as const;
export type ReportColumn = (typeof REPORT_COLUMNS)[number];

/** The default order: newest first (the API's default too). */
const DEFAULT_REPORT_ORDER = { column: "dateAndTime", direction: "desc" } as const satisfies ReportOrder;

export interface ReportOrder {
  column: ReportColumn;
  direction: "asc" | "desc";
}

/** The filters as the address names them, each a list (a select sends one; an address may hold more). */
const REPORT_FILTER_PARAMS = {
  agent: "agent_ids",
  action: "actions",
  reason: "reasons",
  network: "social_types",
} as const;
type ReportFilterParam = keyof typeof REPORT_FILTER_PARAMS;

export interface ReportView {
  page: number;
  /** As written in the address: a column the API does not know is left for it to refuse. */
  order: string;
  filters: Record<ReportFilterParam, string[]> & { period: string };
}

const PAGE_MAX = 100_000;

export function readReportView(params: URLSearchParams): ReportView {
  const pageText = params.get("page") ?? "1";
  const page = /^\d{1,6}$/.test(pageText) ? Math.min(Math.max(Number(pageText), 1), PAGE_MAX) : 1;
  const values = (name: string) => params.getAll(name).map((v) => v.trim()).filter(Boolean);
  return {
    page,
    order: (params.get("order") ?? "").trim() || `${DEFAULT_REPORT_ORDER.column} ${DEFAULT_REPORT_ORDER.direction}`,
    filters: {
      agent: values("agent"),
      action: values("action"),
      reason: values("reason"),
      network: values("network"),
      period: (params.get("period") ?? "").trim(),
    },
  };
}

/** The order as a column and direction, when it names one of the columns. */
export function reportOrderOf(view: ReportView): ReportOrder | null {
  const match = /^(\w+)(?:\s+(asc|desc))?$/i.exec(view.order);
  const column = REPORT_COLUMNS.find((c) => c.toLowerCase() === match?.[1]?.toLowerCase());
  return column ? { column, direction: match?.[2]?.toLowerCase() === "desc" ? "desc" : "asc" } : null;
}

/** The API's query for this view: `filters` JSON holds only what is chosen. */
export function reportApiQuery(view: ReportView): QueryToSend<typeof ModerationEventsQuerySchema> & { page: number; order: string } {
  const filters: Record<string, unknown> = {};
  for (const [param, key] of Object.entries(REPORT_FILTER_PARAMS) as [ReportFilterParam, string][]) {
    const chosen = view.filters[param];
    if (chosen.length) filters[key] = param === "agent" ? chosen.map((v) => (/^\d{1,10}$/.test(v) ? Number(v) : v)) : chosen;
  }
  if (view.filters.period) filters.period = view.filters.period;
  return { page: view.page, order: view.order, ...(Object.keys(filters).length ? { filters: JSON.stringify(filters) } : {}) };
}

/** The address of a view (default values left out, so the plain report is `path` alone). */
export function reportHref(path: string, view: ReportView, change: Partial<Pick<ReportView, "page" | "order">> = {}): string {
  const next = { ...view, ...change };
  const params = new URLSearchParams();
  for (const param of Object.keys(REPORT_FILTER_PARAMS) as ReportFilterParam[]) {
    for (const value of next.filters[param]) params.append(param, value);
  }
  if (next.filters.period) params.set("period", next.filters.period);
  if (!isDefaultOrder(next)) params.set("order", next.order);
  if (next.page > 1) params.set("page", String(next.page));
  const query = params.toString();
  return query ? `${path}?${query}` : path;
}

export function isDefaultOrder(view: Pick<ReportView, "order">): boolean {
  return view.order === `${DEFAULT_REPORT_ORDER.column} ${DEFAULT_REPORT_ORDER.direction}`;
}

/** What a column header's link sorts by: going up first (newest first for the date), then reversed. */
export function nextSortDirection(view: ReportView, column: ReportColumn): "asc" | "desc" {
  const current = reportOrderOf(view);
  if (current?.column === column) return current.direction === "asc" ? "desc" : "asc";
  return column === "dateAndTime" ? "desc" : "asc";
}

/** A column header's link: the next order of that column, from the first page. */
export function sortHref(path: string, view: ReportView, column: ReportColumn): string {
  return reportHref(path, view, { order: `${column} ${nextSortDirection(view, column)}`, page: 1 });
}
