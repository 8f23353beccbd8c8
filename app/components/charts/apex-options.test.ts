import { describe, expect, it } from "vitest";
import type { ChartSpec } from "../dashboard/widgets/view";
import { buildApexChart, chartText } from "./apex-options";

// Issue 31: a saved search or topic named `<img src=x onerror=...>` became a live element in the chart's
// legend and tooltip. Every label ApexCharts writes as HTML is escaped; what it writes as SVG text is not.
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

describe("the ApexCharts options builder", () => {
  it("turns off the library's keyboard layer: nothing in the aria-hidden chart takes the focus (ADR 034)", () => {
    for (const timeline of [true, false]) {
      expect(buildApexChart({ spec: spec(timeline), title: "Widget" }).options.chart?.accessibility?.enabled).toBe(
        false,
      );
    }
  });

  it("escapes what the library writes as HTML (series names, a category as the tooltip's title) and hands SVG text the raw words", () => {
    for (const timeline of [true, false]) {
      const built = buildApexChart({
        spec: spec(timeline),
        title: "Widget",
        annotations: [{ id: 1, name: NAUGHTY, text: "note", anchorDate: "2026-03-02T12:00:00.000Z", color: "#ff0000" }],
      });
      expect(built.series[0]!.name).toBe("&lt;img src=x onerror=window.__pwned=1&gt;");
      expect(built.series[1]!.name).toBe("Plain &amp; simple");
      if (!timeline) {
        // Axis labels are SVG text (textContent): escaped, they would read '&lt;img'.
        expect(built.options.xaxis?.categories).toEqual([NAUGHTY, `"quoted" & 'single'`]);
        const title = built.options.tooltip?.x?.formatter as (value: string) => string;
        expect(title(NAUGHTY)).toBe("&lt;img src=x onerror=window.__pwned=1&gt;");
        // The x-axis tooltip would write the category as HTML too.
        expect(built.options.xaxis?.tooltip?.enabled).toBe(false);
      } else {
        expect(built.options.tooltip?.x).toBeUndefined();
        expect(built.options.annotations?.xaxis?.[0]?.label?.text).toBe(NAUGHTY);
      }
    }
  });

  it("chartText leaves plain text alone and escapes each special character once", () => {
    expect(chartText("Brand mentions")).toBe("Brand mentions");
    expect(chartText(`<>&"'`)).toBe("&lt;&gt;&amp;&quot;&#39;");
  });
});
