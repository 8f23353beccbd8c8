import { describe, expect, it } from "vitest";
import { NETWORKS } from "../../domain/networks";
import { contrastRatio, INK, textColourOn } from "./contrast";

describe("contrast (ADR 034)", () => {
  it("measures WCAG 2 contrast ratios", () => {
    expect(contrastRatio("#ffffff", "#000000")).toBeCloseTo(21, 5);
    expect(contrastRatio("#90a1b9", "#ffffff")).toBeCloseTo(2.63, 2);
    expect(contrastRatio("#ffffff", "#90a1b9")).toBeCloseTo(2.63, 2);
  });

  it("puts white on dark colours and the ink on light ones", () => {
    expect(textColourOn("#000000")).toBe("#ffffff");
    expect(textColourOn("#FF4500")).toBe(INK);
  });

  it("gives every network's badge an initial that reads at 4.5:1 or more (white alone did not on 2.0:1 chips)", () => {
    const failing = NETWORKS.filter((network) => contrastRatio(textColourOn(network.color), network.color) < 4.5).map(
      (network) => `${network.name} ${network.color}`,
    );
    expect(failing).toEqual([]);
    expect(NETWORKS.filter((network) => contrastRatio("#ffffff", network.color) < 4.5).length).toBeGreaterThan(0);
  });
});
