import { WIDGET_TITLES, type WidgetId } from "../../../domain/dashboard";
import { MESSAGES } from "../../../domain/messages";
import type { DashboardQuery } from "../../lib/dashboard-query";
import type { ApiAnnotation, ApiAnnotationLayer } from "./types";

const UI = MESSAGES.dashboardUi;

/** A widget's answer as the loader hands it over (helper E's WidgetResult, serialised). */
export type GridWidgetResult = { widgetId: WidgetId; ok: true; data: unknown } | { widgetId: WidgetId; ok: false; error: string };

/** An annotation as the timelines draw it: its day and its layer's colour. */
export interface VisibleAnnotation extends ApiAnnotation {
  color: string;
  layerName: string;
}

export function visibleAnnotations(annotations: ApiAnnotation[], layers: ApiAnnotationLayer[], colors: readonly string[]): VisibleAnnotation[] {
  return annotations.flatMap((annotation) => {
    const layer = layers.find((l) => l.id === annotation.layerId);
    return layer ? [{ ...annotation, color: colors[layer.color] ?? colors[0]!, layerName: layer.name }] : [];
  });
}

/** The widgets in the page's order: two columns, or four narrower ones in the compact layout. */
export function WidgetGrid({
  query,
  results,
  renderWidget,
}: {
  query: DashboardQuery;
  results: GridWidgetResult[];
  renderWidget?: (result: GridWidgetResult) => React.ReactNode;
}) {
  return (
    <div
      className={`grid gap-4 ${query.compact ? "grid-cols-1 gap-3 md:grid-cols-3 2xl:grid-cols-4" : "grid-cols-1 lg:grid-cols-2"}`}
      data-testid="widget-grid"
      data-compact={query.compact || undefined}
    >
      {results.map((result) => (
        <div key={result.widgetId} data-testid="widget" data-widget-id={result.widgetId} className="min-w-0">
          {renderWidget ? renderWidget(result) : <PlaceholderWidget result={result} />}
        </div>
      ))}
    </div>
  );
}

function PlaceholderWidget({ result }: { result: GridWidgetResult }) {
  return (
    <section className="h-full rounded-lg border border-slate-200 bg-white p-4" aria-label={WIDGET_TITLES[result.widgetId]}>
      <h2 className="text-sm font-semibold">{WIDGET_TITLES[result.widgetId]}</h2>
      <p className="mt-2 text-sm text-slate-500">{result.ok ? UI.widgetPending : result.error || UI.widgetFailed}</p>
    </section>
  );
}
