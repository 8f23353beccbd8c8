// The options handed to ApexCharts, built in one pure function so a test can read them. ApexCharts
// writes series names into its legend and tooltip, and a category into the tooltip's title, as HTML:
// those labels from user text (a saved search's or topic's name, a label) go through chartText, so
// `<img src=x onerror=...>` shows as text and never becomes an element (issue 31). Axis labels and
// annotation labels are SVG text (textContent): they get the raw text, or they would show '&lt;'.
import type ApexCharts from "apexcharts";
import type { ApexOptions } from "apexcharts";
import type { ApexChartProps } from "./types";

const HTML_SPECIAL: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** A label as text for a library that renders it as HTML. */
export function chartText(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_SPECIAL[c]!);
}

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });
const WHOLE = new Intl.NumberFormat("en-US", { maximumFractionDigits: 0 });

/**
 * A count axis' scale: from 0 to a round top in whole steps of 1, 2 or 5 times a power of ten, at most
 * five of them (a chart of three mentions reads 0 1 2 3, never 0.5 or 1.5).
 */
export function countScale(largest: number): { min: number; max: number; tickAmount: number } {
  const top = Math.max(1, Math.ceil(largest));
  let step = 1;
  for (let magnitude = 1; ; magnitude *= 10) {
    const found = [1, 2, 5].map((m) => m * magnitude).find((candidate) => top / candidate <= 5);
    if (found) {
      step = found;
      break;
    }
  }
  const max = Math.ceil(top / step) * step;
  return { min: 0, max, tickAmount: max / step };
}

export function buildApexChart({ spec, annotations, type, onPoint, onChart, title }: Omit<ApexChartProps, "height">) {
  const chartType = type ?? spec.type;
  const series = spec.series.map((s) => ({
    name: chartText(s.name),
    data: spec.timeline ? s.data.map((y, i) => ({ x: Date.parse(spec.categories[i]!), y })) : s.data,
  }));
  // Counts get whole-number ticks on the value axis (the x axis of a horizontal bar chart).
  const horizontal = !!spec.horizontal && chartType === "bar";
  const largest = Math.max(0, ...spec.series.flatMap((s) => s.data));
  const valueLabels = {
    formatter: (value: number | string) =>
      typeof value !== "number" ? value : spec.integer ? WHOLE.format(Math.round(value)) : NUMBER.format(value),
  };
  const valueAxis = {
    ...(spec.integer ? countScale(largest) : {}),
    ...(spec.unit ? { title: { text: spec.unit } } : {}),
  };
  const options: ApexOptions = {
    chart: {
      id: title,
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
      fontFamily: "inherit",
      // The chart is a picture for the eye (aria-hidden, app/components/charts/lazy-chart.tsx): the widget's
      // table beside it carries the numbers and the 'View mentions' buttons for screen readers and the
      // keyboard. The library's own keyboard layer would make the SVG and the legend focusable inside
      // that hidden picture (axe: aria-hidden-focus; ADR 034).
      accessibility: { enabled: false },
      events: {
        mounted: (chart: ApexCharts) => onChart?.(chart),
        click: (_event, _chart, config) => {
          const s = config?.seriesIndex ?? -1;
          const p = config?.dataPointIndex ?? -1;
          if (s >= 0 && p >= 0) onPoint?.(s, p);
        },
      },
    },
    colors: spec.series.map((s) => s.color),
    stroke: {
      width: chartType === "bar" ? 0 : 2,
      curve: "straight",
      dashArray: spec.series.map((s) => (s.dashed ? 5 : 0)),
    },
    plotOptions: { bar: { horizontal } },
    dataLabels: { enabled: false },
    legend: { show: spec.series.length > 1, position: "bottom" },
    markers: { size: chartType === "bar" ? 0 : 3 },
    tooltip: {
      shared: false,
      intersect: chartType !== "bar" ? false : true,
      // The category is the tooltip's title, written as HTML; a timeline's dates keep the library's format.
      ...(spec.timeline ? {} : { x: { formatter: (value: number | string) => chartText(String(value)) } }),
    },
    // A horizontal bar chart draws its values along the x axis: the count scale and unit go there.
    yaxis: horizontal ? {} : { ...valueAxis, labels: valueLabels },
    xaxis: spec.timeline
      ? { type: "datetime", labels: { datetimeUTC: true } }
      : {
          type: "category",
          categories: spec.categories,
          tooltip: { enabled: false },
          ...(horizontal ? { ...valueAxis, labels: valueLabels } : {}),
        },
    annotations: spec.timeline
      ? {
          xaxis: (annotations ?? []).map((a) => ({
            id: `annotation-${a.id}`,
            x: Date.parse(a.anchorDate),
            borderColor: a.color,
            strokeDashArray: 0,
            label: {
              text: a.name,
              borderColor: a.color,
              style: { background: a.color, color: "#fff" },
            },
          })),
        }
      : undefined,
  };
  return { chartType, series, options };
}
