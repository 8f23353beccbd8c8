import type { WidgetId } from "../../../domain/dashboard";
import type { DashboardQuery } from "../../lib/dashboard-query";
import type { ChartAnnotation } from "../charts/types";
import type { ApiAnnotation, ApiAnnotationLayer } from "./types";
import { Widget } from "./widgets/widget";

/** A widget's answer as the loader hands it over (helper E's WidgetResult, serialised). */
export type GridWidgetResult = { widgetId: WidgetId; ok: true; data: unknown } | { widgetId: WidgetId; ok: false; error: string };

/** The selected layers' annotations as the timelines draw them: their day and their layer's colour. */
export function visibleAnnotations(annotations: ApiAnnotation[], layers: ApiAnnotationLayer[], colors: readonly string[]): ChartAnnotation[] {
  return annotations.flatMap((annotation) => {
    const layer = layers.find((l) => l.id === annotation.layerId);
    return layer
      ? [{ id: annotation.id, name: annotation.name, text: annotation.text ?? "", anchorDate: annotation.anchorDate, color: colors[layer.color] ?? colors[0]! }]
      : [];
  });
}

/** The widgets in the page's order: two columns, or four narrower ones in the compact layout. */
export function WidgetGrid({
  query,
  results,
  annotations,
}: {
  query: DashboardQuery;
  results: GridWidgetResult[];
  annotations: ChartAnnotation[];
}) {
  return (
    <div
      className={`grid gap-4 ${query.compact ? "grid-cols-1 gap-3 md:grid-cols-3 2xl:grid-cols-4" : "grid-cols-1 lg:grid-cols-2"}`}
      data-testid="widget-grid"
      data-compact={query.compact || undefined}
    >
      {results.map((result) => (
        <div key={result.widgetId} data-testid="widget" data-widget-id={result.widgetId} className="min-w-0">
          <Widget result={result} query={query} annotations={annotations} />
        </div>
      ))}
    </div>
  );
}
