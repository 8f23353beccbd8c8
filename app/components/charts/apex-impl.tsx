// The ApexCharts part of the chart wrapper, loaded lazily on the client only (docs/architecture.md, "Stack notes":
// react-apexcharts/core plus the chart types and features used, never the whole bundle).
import Chart from "react-apexcharts/core";
import "apexcharts/line";
import "apexcharts/area";
import "apexcharts/bar";
import "apexcharts/features/annotations";
import "apexcharts/features/legend";
import "apexcharts/features/exports";
import { buildApexChart } from "./apex-options";
import type { ApexChartProps } from "./types";

export default function ApexImpl({ spec, annotations, type, height, onPoint, onChart, title }: ApexChartProps) {
  const { chartType, series, options } = buildApexChart({ spec, annotations, type, onPoint, onChart, title });
  // Horizontal bars get room for every category's label.
  const fitted = spec.horizontal && chartType === "bar" ? Math.max(260, 22 * spec.categories.length + 60) : 260;
  return <Chart type={chartType} series={series} options={options} height={Math.max(height ?? 0, fitted)} width="100%" />;
}
