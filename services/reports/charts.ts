import { Resvg } from "@resvg/resvg-js";
import type { ReportContext } from "./build-report";

// The executive report's charts (issue 25, ADR 039): small SVGs drawn here and rasterised to PNG with
// resvg, since mail clients show images but neither SVG nor scripts. Every number is also in the mail's
// text, so a client that blocks images loses nothing.

export const SENTIMENT_COLORS = { positive: "#16A34A", neutral: "#94A3B8", negative: "#DC2626" } as const;
const FONT = "DejaVu Sans, Liberation Sans, Arial, sans-serif";
const WIDTH = 560;
/** Drawn at twice the size shown, for sharp images on dense screens. */
const SCALE = 2;

function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);
}

function toPng(svg: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: "zoom", value: SCALE }, font: { loadSystemFonts: true, defaultFontFamily: "DejaVu Sans" } }).render().asPng();
}

const SENTIMENT_ORDER = ["positive", "neutral", "negative"] as const;

/** Mentions per day, stacked by sentiment (positive at the bottom), with the busiest day's count. */
export function trendChartSvg(series: ReportContext["series"], labels: { first: string; last: string }): string {
  const height = 180;
  const top = 20;
  const bottom = 24;
  const plot = height - top - bottom;
  const max = Math.max(1, ...series.map((p) => p.positive + p.neutral + p.negative));
  const slot = WIDTH / Math.max(1, series.length);
  const bar = Math.max(2, Math.min(40, slot * 0.7));
  const rects: string[] = [];
  series.forEach((point, i) => {
    let y = top + plot;
    for (const key of SENTIMENT_ORDER) {
      const h = (point[key] / max) * plot;
      if (h <= 0) continue;
      y -= h;
      rects.push(`<rect x="${(i * slot + (slot - bar) / 2).toFixed(1)}" y="${y.toFixed(1)}" width="${bar.toFixed(1)}" height="${h.toFixed(1)}" fill="${SENTIMENT_COLORS[key]}"/>`);
    }
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">
<rect width="${WIDTH}" height="${height}" fill="#FFFFFF"/>
<line x1="0" y1="${top + plot + 0.5}" x2="${WIDTH}" y2="${top + plot + 0.5}" stroke="#CBD5E1"/>
<line x1="0" y1="${top - 0.5}" x2="${WIDTH}" y2="${top - 0.5}" stroke="#E2E8F0" stroke-dasharray="4 4"/>
<text x="0" y="${top - 6}" font-family="${FONT}" font-size="11" fill="#475569">${max}</text>
${rects.join("\n")}
<text x="0" y="${height - 6}" font-family="${FONT}" font-size="11" fill="#475569">${escapeXml(labels.first)}</text>
<text x="${WIDTH}" y="${height - 6}" text-anchor="end" font-family="${FONT}" font-size="11" fill="#475569">${escapeXml(labels.last)}</text>
</svg>`;
}

/** One bar per context, its length the context's mentions, split by sentiment: the side-by-side view. */
export function contextsChartSvg(contexts: readonly ReportContext[]): string {
  const row = 34;
  const labelWidth = 150;
  const height = contexts.length * row + 8;
  const max = Math.max(1, ...contexts.map((c) => c.mentions));
  const plot = WIDTH - labelWidth - 60;
  const parts: string[] = [];
  contexts.forEach((context, i) => {
    const y = 8 + i * row;
    const title = context.title.length > 22 ? `${context.title.slice(0, 21)}…` : context.title;
    parts.push(`<text x="0" y="${y + 16}" font-family="${FONT}" font-size="12" fill="#0F172A">${escapeXml(title)}</text>`);
    let x = labelWidth;
    for (const key of SENTIMENT_ORDER) {
      const w = (context.sentiment[key] / max) * plot;
      if (w <= 0) continue;
      parts.push(`<rect x="${x.toFixed(1)}" y="${y + 2}" width="${w.toFixed(1)}" height="20" fill="${SENTIMENT_COLORS[key]}"/>`);
      x += w;
    }
    parts.push(`<text x="${(x + 6).toFixed(1)}" y="${y + 16}" font-family="${FONT}" font-size="12" fill="#334155">${context.mentions}</text>`);
  });
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}">
<rect width="${WIDTH}" height="${height}" fill="#FFFFFF"/>
${parts.join("\n")}
</svg>`;
}

export interface ChartImage {
  cid: string;
  filename: string;
  png: Buffer;
  width: number;
  height: number;
}

export function rasterise(name: string, svg: string): ChartImage {
  const size = /width="(\d+)" height="(\d+)"/.exec(svg)!;
  return { cid: `${name}@earshot-report`, filename: `${name}.png`, png: toPng(svg), width: Number(size[1]), height: Number(size[2]) };
}
