// The count widgets' reads end to end (ADR 015): the request resolved for the viewer (400, 404), the
// answer served from the cache when there, else computed per context in request order.
import type { WidgetId } from "../../domain/dashboard";
import { notFound } from "../../domain/errors";
import type { ServiceDeps } from "../context";
import { dashboardCacheKey, keyedOnResolved, readCached, writeCached } from "./cache";
import type { WidgetArgs } from "./counts";
import { resolveDashboardRequest, type ResolvedDashboardRequest } from "./request";
import { viewerMayReadWidget, type DashboardViewer } from "./viewer";

interface DashboardMeta {
  range: { from: string; to: string };
  comparedRange: { from: string; to: string } | null;
  interval: string;
  timeZone: string;
  source: "rollup" | "raw";
  cached: boolean;
}

/**
 * A count widget's answer (camelCase inside; the handler answers it with `toWire` and the widget's schema
 * in domain/schemas/dashboard-widgets.ts, which checks at compile time that the two agree: ADR 027).
 */
export interface DashboardAnswer<P> {
  data: Array<{ context: { contextType: number; contextId: number; title: string; color: string } } & P>;
  meta: DashboardMeta;
}

export interface CountReadOptions {
  /** Ask the cache to be skipped (Cache-Control: no-cache). */
  noCache?: boolean;
}

function metaOf(request: ResolvedDashboardRequest, source: "rollup" | "raw"): DashboardMeta {
  return {
    range: request.range,
    comparedRange: request.comparedRange,
    interval: request.interval,
    timeZone: request.timeZone,
    source,
    cached: false,
  };
}

/** A count widget's answer: one entry per context, in request order, and the meta. */
export async function readCountWidget<P extends object>(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  /** The widget(s) the answer serves: a shared link must show one of them (else 404). */
  widget: WidgetId | readonly WidgetId[],
  path: string,
  query: Record<string, unknown>,
  compute: (args: WidgetArgs) => Promise<P>,
  options: CountReadOptions = {},
): Promise<DashboardAnswer<P>> {
  const widgets: readonly WidgetId[] = typeof widget === "string" ? [widget] : widget;
  if (!widgets.some((w) => viewerMayReadWidget(viewer, w))) throw notFound();
  const request = await resolveDashboardRequest(deps, viewer, query);
  const key = dashboardCacheKey(request.businessProfileId, path, keyedOnResolved(query, request));
  const nowMs = deps.now().getTime();
  if (!options.noCache) {
    const hit = readCached<DashboardAnswer<P>>(key, nowMs);
    if (hit) return { ...hit, meta: { ...hit.meta, cached: true } };
  }
  const data: DashboardAnswer<P>["data"] = [];
  for (const context of request.contexts) {
    const payload = await compute({ deps, request, context });
    data.push({
      context: { contextType: context.contextType, contextId: context.contextId, title: context.title, color: context.color },
      ...payload,
    });
  }
  const answer = { data, meta: metaOf(request, request.source) };
  writeCached(key, request.businessProfileId, [request.range, request.previousRange], answer, nowMs);
  return answer;
}

/**
 * Times the raw store queries of each count widget for one request (bench/dashboard.ts): the same
 * request read through feed_items, then through the rollups where it may, in milliseconds.
 */
export async function timeCountWidgets(
  deps: ServiceDeps,
  viewer: DashboardViewer,
  query: Record<string, unknown>,
  widgets: Record<string, (args: WidgetArgs) => Promise<unknown>>,
): Promise<Array<{ widget: string; source: "rollup" | "raw"; ms: number }>> {
  const resolved = await resolveDashboardRequest(deps, viewer, query);
  const out: Array<{ widget: string; source: "rollup" | "raw"; ms: number }> = [];
  const sources: Array<"rollup" | "raw"> = resolved.source === "rollup" ? ["raw", "rollup"] : ["raw"];
  for (const [widget, compute] of Object.entries(widgets)) {
    for (const source of sources) {
      const request = { ...resolved, source };
      const started = performance.now();
      for (const context of request.contexts) await compute({ deps, request, context });
      out.push({ widget, source, ms: performance.now() - started });
    }
  }
  return out;
}
