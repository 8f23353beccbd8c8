import { beforeEach, describe, expect, it } from "vitest";
import { CACHE_TTL_HOURS } from "../../domain/constants";
import {
  applyDashboardInvalidation,
  clearDashboardCache,
  dashboardCacheKey,
  dashboardDataChanged,
  dashboardVersion,
  mentionsStored,
  readCached,
  relayDashboardInvalidations,
  writeCached,
  type DashboardInvalidation,
} from "./cache";

const range = { from: "2026-03-01T00:00:00.000Z", to: "2026-03-02T00:00:00.000Z" };
const now = Date.parse("2026-03-10T00:00:00.000Z");

describe("dashboard cache", () => {
  beforeEach(() => clearDashboardCache());

  it("keys by tenant, path and body without account_id, whatever the key order", () => {
    const a = dashboardCacheKey(1, "/api/v1/dashboard/sentiment", { range, account_id: 5, interval: "day" });
    const b = dashboardCacheKey(1, "/api/v1/dashboard/sentiment", { interval: "day", range: { to: range.to, from: range.from }, account_id: 9 });
    expect(a).toBe(b);
    expect(dashboardCacheKey(2, "/api/v1/dashboard/sentiment", { range })).not.toBe(dashboardCacheKey(1, "/api/v1/dashboard/sentiment", { range }));
    expect(dashboardCacheKey(1, "/api/v1/dashboard/reach", { range })).not.toBe(dashboardCacheKey(1, "/api/v1/dashboard/sentiment", { range }));
  });

  it("expires after CACHE_TTL_HOURS", () => {
    writeCached("k", 1, [range], { n: 1 }, now);
    expect(readCached("k", now + CACHE_TTL_HOURS * 3_600_000 - 1)).toEqual({ n: 1 });
    expect(readCached("k", now + CACHE_TTL_HOURS * 3_600_000)).toBeUndefined();
  });

  it("drops entries whose range holds a stored mention, only for that tenant", () => {
    writeCached("a", 1, [range], 1, now);
    writeCached("b", 1, [{ from: "2026-04-01T00:00:00.000Z", to: "2026-04-02T00:00:00.000Z" }], 2, now);
    writeCached("c", 2, [range], 3, now);
    mentionsStored(1, ["2026-03-01T12:00:00.000Z"]);
    expect(readCached("a", now)).toBeUndefined();
    expect(readCached("b", now)).toBe(2);
    expect(readCached("c", now)).toBe(3);
    mentionsStored(1, [range.to]); // `to` is exclusive
    dashboardDataChanged(2);
    expect(readCached("c", now)).toBeUndefined();
    expect(readCached("b", now)).toBe(2);
  });
});

describe("dashboard cache between processes (ADR 043)", () => {
  it("sends this process's invalidations on, and applies another's without sending it back", () => {
    const sent: DashboardInvalidation[] = [];
    relayDashboardInvalidations((i) => sent.push(i));
    try {
      const key = dashboardCacheKey(42, "/v1/x", {});
      writeCached(key, 42, [{ from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" }], 1, 0);
      mentionsStored(42, ["2026-01-01T05:00:00.000Z"]);
      dashboardDataChanged(42);
      expect(sent).toEqual([
        { kind: "mentions", businessProfileId: 42, createdAts: ["2026-01-01T05:00:00.000Z"] },
        { kind: "data", businessProfileId: 42 },
      ]);
      writeCached(key, 42, [{ from: "2026-01-01T00:00:00.000Z", to: "2026-01-02T00:00:00.000Z" }], 1, 0);
      const version = dashboardVersion(42);
      applyDashboardInvalidation({ kind: "mentions", businessProfileId: 42, createdAts: ["2026-01-01T06:00:00.000Z"] });
      expect(readCached(key, 0)).toBeUndefined();
      expect(dashboardVersion(42)).toBeGreaterThan(version);
      applyDashboardInvalidation({ kind: "pages", businessProfileId: 42 });
      expect(sent).toHaveLength(2);
    } finally {
      relayDashboardInvalidations(null);
    }
  });
});
