import { describe, expect, it } from "vitest";
import type { ChartSpec } from "../dashboard/widgets/view";
import { buildApexChart, chartText } from "./apex-options";

// Issue 31: a saved search or topic named `<img src=x onerror=...>` became a live element in the chart's
// legend and tooltip. Every label handed to ApexCharts is text.
const NAUGHTY = "<img src=x onerror=window.__pwned=1>";

function spec(timeline: boolean): ChartSpec {
  return {
    type: timeline ? "line" : "bar",
    timeline,
    categories: timeline ? ["2026-03-02T00:00:00.000Z", "2026-03-03T00:00:00.000Z"] : [NAUGHTY, `"quoted" & 'single'`],
    series: [
      { name: NAUGHTY, data: [1, 2], color: "#123456" },
      { name: "Plain & simple", data: [3, 4], color: "#654321" },
    ],
    drills: [],
    allDataPoints: false,
  };
}

/** Every string in the options and series that the library could render. */
function strings(value: unknown): string[] {
  if (typeof value === "string") return [value];
  if (Array.isArray(value)) return value.flatMap(strings);
  if (value && typeof value === "object") return Object.values(value).flatMap(strings);
  return [];
}

describe("the ApexCharts options builder", () => {
  it("escapes series names, categories and annotation labels", () => {
    for (const timeline of [true, false]) {
      const built = buildApexChart({
        spec: spec(timeline),
        title: "Widget",
        annotations: [{ id: 1, name: NAUGHTY, text: "note", anchorDate: "2026-03-02T12:00:00.000Z", color: "#ff0000" }],
      });
      const all = strings({ series: built.series, options: built.options });
      expect(all.some((s) => s.includes("<"))).toBe(false);
      expect(built.series[0]!.name).toBe("&lt;img src=x onerror=window.__pwned=1&gt;");
      expect(built.series[1]!.name).toBe("Plain &amp; simple");
      if (!timeline) expect(built.options.xaxis?.categories).toEqual(["&lt;img src=x onerror=window.__pwned=1&gt;", "&quot;quoted&quot; &amp; &#39;single&#39;"]);
      else expect(built.options.annotations?.xaxis?.[0]?.label?.text).toBe("&lt;img src=x onerror=window.__pwned=1&gt;");
    }
  });

  it("chartText leaves plain text alone and escapes each special character once", () => {
    expect(chartText("Brand mentions")).toBe("Brand mentions");
    expect(chartText(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});
