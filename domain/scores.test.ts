import { describe, expect, it } from "vitest";
import { impactScore, reach, totalEngagements } from "./scores";

const zero = { followers: 0, likes: 0, comments: 0, shares: 0, views: 0 };

describe("scores", () => {
  it("totals likes, comments and shares", () => {
    expect(totalEngagements({ likes: 3, comments: 2, shares: 1 })).toBe(6);
  });

  it("reach is the measured views when larger than the audience estimate", () => {
    expect(reach({ ...zero, followers: 100, shares: 2 })).toBe(400);
    expect(reach({ ...zero, followers: 100, views: 10_000 })).toBe(10_000);
  });

  it("impact grows with reach and engagement and stays within 0..100", () => {
    expect(impactScore(zero)).toBe(0);
    const small = impactScore({ ...zero, followers: 200, likes: 3 });
    const big = impactScore({ ...zero, followers: 200_000, likes: 3_000, shares: 400 });
    expect(big).toBeGreaterThan(small);
    expect(impactScore({ followers: 1e9, likes: 1e9, comments: 1e9, shares: 1e9, views: 1e9 })).toBe(100);
  });
});
