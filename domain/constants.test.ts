import { describe, it, expect } from "vitest";
import {
  APP_ENVS,
  FEED_ITEM_STATE,
  SENTIMENT,
  isAppEnv,
  isProductionLike,
  isRouteExcluded,
} from "./constants";

describe("constants", () => {
  it("knows the environments", () => {
    expect(APP_ENVS).toEqual(["local", "demo", "preprod", "prod"]);
    expect(APP_ENVS.filter(isProductionLike)).toEqual(["preprod", "prod"]);
    expect(isAppEnv("prod")).toBe(true);
    expect(isAppEnv("staging")).toBe(false);
  });

  it("excludes routes per environment", () => {
    expect(isRouteExcluded("/inbox", "demo")).toBe(true);
    expect(isRouteExcluded("/search/12", "demo")).toBe(true);
    expect(isRouteExcluded("/searches", "demo")).toBe(false);
    expect(isRouteExcluded("/charts", "prod")).toBe(true);
    expect(isRouteExcluded("/inbox", "prod")).toBe(false);
    expect(isRouteExcluded("/charts", "local")).toBe(false);
  });

  it("uses DESIGN.md's state and sentiment codes", () => {
    expect(FEED_ITEM_STATE).toEqual({ open: 1, pending: 2, closed: 3 });
    expect(SENTIMENT).toEqual({ negative: -1, neutral: 0, positive: 1 });
  });
});
