import { memo } from "react";
import type { DashboardQuery } from "../../lib/dashboard-query";
import type { WidgetResult } from "../../lib/dashboard-widgets.server";
import type { ChartAnnotation } from "../charts/types";
import type { ApiAnnotation, ApiAnnotationLayer } from "./types";
import { Widget } from "./widgets/widget";


/** The selected layers' annotations as the timelines draw them: their day and their layer's colour. */
export function visibleAnnotations(annotations: ApiAnnotation[], layers: ApiAnnotationLayer[], colors: readonly string[]): ChartAnnotation[] {
  return annotations.flatMap((annotation) => {
    const layer = layers.find((l) => l.id === annotation.layerId);
    return layer
      ? [{ id: annotation.id, name: annotation.name, text: annotation.text ?? "", anchorDate: annotation.anchorDate, color: colors[layer.color] ?? colors[0]! }]
      : [];
  });
}

/**
 * The widgets in the page's order: two columns, or four narrower ones in the compact layout.
 * `version` (the navigation's key) decides when it renders again: each navigation draws new charts
 * rather than updating the old ones in place (ApexCharts' in-place update throws "Cannot read
 * properties of undefined (reading '0')" in revertDefaultAxisMinMax), and nothing else re-renders them.
 */
export const WidgetGrid = memo(
  function WidgetGrid({
    query,
    results,
    annotations,
    version,
  }: {
    query: DashboardQuery;
    results: WidgetResult[];
    annotations: ChartAnnotation[];
    version: string;
  }) {
    return (
      <div
        className={`grid gap-4 ${query.compact ? "grid-cols-1 gap-3 md:grid-cols-3 2xl:grid-cols-4" : "grid-cols-1 lg:grid-cols-2"}`}
        data-testid="widget-grid"
        data-compact={query.compact || undefined}
      >
        {results.map((result) => (
          <div key={result.widgetId} data-testid="widget" data-widget-id={result.widgetId} className="min-w-0">
            <Widget key={version} result={result} query={query} annotations={annotations} />
          </div>
        ))}
      </div>
    );
  },
  (previous, next) => previous.version === next.version,
);
