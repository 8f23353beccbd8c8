import { describe, expect, it } from "vitest";
import { onWholeHours, previousRange, splitDays } from "./context";

describe("text widgets' ranges", () => {
  it("splits a range into whole UTC days (read from the daily rollup) and partial edges (read raw)", () => {
    expect(splitDays({ from: "2026-03-02T12:00:00.000Z", to: "2026-03-05T12:00:00.000Z" })).toEqual({
      days: { from: "2026-03-03", to: "2026-03-05" },
      edges: [
        { from: "2026-03-02T12:00:00.000Z", to: "2026-03-03T00:00:00.000Z" },
        { from: "2026-03-05T00:00:00.000Z", to: "2026-03-05T12:00:00.000Z" },
      ],
    });
    expect(splitDays({ from: "2026-03-01T00:00:00.000Z", to: "2026-03-31T00:00:00.000Z" })).toEqual({
      days: { from: "2026-03-01", to: "2026-03-31" },
      edges: [],
    });
    // Less than a whole day: all raw.
    const short = { from: "2026-03-02T05:00:00.000Z", to: "2026-03-03T04:00:00.000Z" };
    expect(splitDays(short)).toEqual({ days: null, edges: [short] });
  });

  it("the previous period has the range's length, unless a compared range is given", () => {
    const range = { from: "2026-03-02T12:00:00.000Z", to: "2026-03-05T12:00:00.000Z" };
    expect(previousRange({ range, comparedRange: null })).toEqual({ from: "2026-02-27T12:00:00.000Z", to: range.from });
    const compared = { from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" };
    expect(previousRange({ range, comparedRange: compared })).toBe(compared);
  });

  it("whole hours", () => {
    expect(onWholeHours({ from: "2026-03-02T12:00:00.000Z", to: "2026-03-02T13:00:00.000Z" })).toBe(true);
    expect(onWholeHours({ from: "2026-03-02T12:30:00.000Z", to: "2026-03-02T13:00:00.000Z" })).toBe(false);
  });
});
