// The dashboard's state as the page's search parameters carry it (ADR 015: every view is a link).
// Parsing lives here too (parseDashboardQuery), so the route, the widgets and /charts read it one way.
import type { CompareColor } from "../../domain/palette";
import type { Interval, PeriodPresetId, WidgetId } from "../../domain/dashboard";

export interface DashboardContextRef {
  contextType: number;
  contextId: number;
  /** Unsaved searches (context type 6) carry their query and filters. */
  properties?: { query?: string; filters?: unknown };
  title: string;
  color: CompareColor;
}

export interface DashboardQuery {
  /** ISO instants: from inclusive, to exclusive. */
  from: string;
  to: string;
  period: PeriodPresetId;
  interval: Interval;
  timeZone: string;
  contexts: DashboardContextRef[];
  comparedRange?: { from: string; to: string };
  /** The widgets shown, in order (a template's or shared link's config, else all). */
  widgets: WidgetId[];
  /** Per-widget parameters from the URL, keyed "widget.param" (e.g. "demographics.mode" → "countries"). */
  widgetParams: Record<string, string>;
  compact: boolean;
  sharedLinkCode?: string;
}
