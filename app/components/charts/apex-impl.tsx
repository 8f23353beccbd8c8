// The ApexCharts part of the chart wrapper, loaded lazily on the client only (docs/architecture.md, "Stack notes":
// react-apexcharts/core plus the chart types and features used, never the whole bundle).
import type ApexCharts from "apexcharts";
import type { ApexOptions } from "apexcharts";
import Chart from "react-apexcharts/core";
import "apexcharts/line";
import "apexcharts/area";
import "apexcharts/bar";
import "apexcharts/features/annotations";
import "apexcharts/features/legend";
import "apexcharts/features/exports";
import type { ApexChartProps } from "./types";

const NUMBER = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

export default function ApexImpl({ spec, annotations, type, height, onPoint, onChart, title }: ApexChartProps) {
  const chartType = type ?? spec.type;
  const series = spec.series.map((s) => ({
    name: s.name,
    data: spec.timeline ? s.data.map((y, i) => ({ x: Date.parse(spec.categories[i]!), y })) : s.data,
  }));
  const options: ApexOptions = {
    chart: {
      id: title,
      animations: { enabled: false },
      toolbar: { show: false },
      zoom: { enabled: false },
      fontFamily: "inherit",
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
    plotOptions: { bar: { horizontal: !!spec.horizontal && chartType === "bar" } },
    dataLabels: { enabled: false },
    legend: { show: spec.series.length > 1, position: "bottom" },
    markers: { size: chartType === "bar" ? 0 : 3 },
    tooltip: { shared: false, intersect: chartType !== "bar" ? false : true },
    yaxis: { labels: { formatter: (value: number | string) => (typeof value === "number" ? NUMBER.format(value) : value) } },
    xaxis: spec.timeline
      ? { type: "datetime", labels: { datetimeUTC: true } }
      : { type: "category", categories: spec.categories },
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
  // Horizontal bars get room for every category's label.
  const fitted = spec.horizontal && chartType === "bar" ? Math.max(260, 22 * spec.categories.length + 60) : 260;
  return <Chart type={chartType} series={series} options={options} height={Math.max(height ?? 0, fitted)} width="100%" />;
}
