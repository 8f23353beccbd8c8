import type ApexCharts from "apexcharts";
import type { ChartSpec } from "../dashboard/widgets/view";

/** An annotation as timeline charts draw it (an x-axis line in its layer's colour). */
export interface ChartAnnotation {
  id: number | string;
  name: string;
  text: string;
  anchorDate: string;
  color: string;
}

export interface ApexChartProps {
  spec: ChartSpec;
  title: string;
  annotations?: ChartAnnotation[];
  /** Overrides the spec's chart type (/charts lets the viewer choose). */
  type?: ChartSpec["type"];
  height?: number;
  /** A click on point `point` of series `series`. */
  onPoint?: (series: number, point: number) => void;
  /** The ApexCharts instance once drawn (PNG export). */
  onChart?: (chart: ApexCharts) => void;
}
