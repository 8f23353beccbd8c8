import { describe, expect, it } from "vitest";
import { formatScore, formatWeight, sentimentLabel } from "./format";

describe("sentiment formatting", () => {
  it("names the three sentiments", () => {
    expect([1, 0, -1].map(sentimentLabel)).toEqual(["Positive", "Neutral", "Negative"]);
  });

  it("signs weights with a plus or a real minus sign, at most two decimals", () => {
    expect(formatWeight(-1.5)).toBe("\u22121.5");
    expect(formatWeight(2)).toBe("+2");
    expect(formatWeight(0.333333)).toBe("+0.33");
    expect(formatWeight(-0.004)).toBe("0");
  });

  it("shows scores with two decimals", () => {
    expect(formatScore(0.6123)).toBe("+0.61");
    expect(formatScore(-0.5)).toBe("\u22120.50");
    expect(formatScore(0)).toBe("0.00");
  });
});
