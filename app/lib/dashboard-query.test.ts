import { describe, expect, it } from "vitest";
import { WIDGET_IDS } from "../../domain/dashboard";
import { MESSAGES } from "../../domain/messages";
import { ALL_MENTIONS_TOKEN, dashboardHref, dayStart, lastDayOf, parseDashboardQuery, periodFormLocation, SHOWN_PERIOD_PARAMS, type DashboardSelector } from "./dashboard-query";

const NOW = new Date("2026-03-15T10:20:00Z");
const selector: DashboardSelector = {
  contexts: [
    { contextType: 1, contextId: 7, title: "Mine", section: "my_searches" },
    { contextType: 1, contextId: 3, title: "Brand A", section: "brands" },
    { contextType: 2, contextId: 3, title: "Topic 3", section: "topics" },
    { contextType: 1, contextId: 9, title: "Team", section: "team_searches" },
  ],
};
const parse = (search: string, tz: string | null = "UTC", sel = selector) => parseDashboardQuery(`/?${search}`, tz, sel, NOW);

describe("parseDashboardQuery", () => {
  it("defaults: last 30 days (today included) in the viewer's zone, days, the first brand search, every widget", () => {
    const q = parse("", "Europe/Paris");
    expect(q.period).toBe("30d");
    expect(q.interval).toBe("day");
    expect(q.timeZone).toBe("Europe/Paris");
    expect(q.from).toBe("2026-02-13T23:00:00.000Z");
    expect(q.to).toBe("2026-03-15T23:00:00.000Z");
    expect(q.contexts).toEqual([{ contextType: 1, contextId: 3, title: "Brand A", color: "blue" }]);
    expect(q.widgets).toEqual([...WIDGET_IDS]);
    expect(q.compact).toBe(false);
  });

  it("falls back to every mention without a brand search, and to UTC without a valid zone", () => {
    const q = parse("tz=Nowhere/City", "Bad/Zone", { contexts: [] });
    expect(q.timeZone).toBe("UTC");
    expect(q.contexts).toHaveLength(1);
    expect(q.contexts[0]).toMatchObject({ contextType: 6, contextId: 0, properties: { query: "" } });
  });

  it("keeps up to three known contexts in order, coloured blue, purple, amber", () => {
    const q = parse(`contextIds=2-3,1-7&contextIds=1-99,${ALL_MENTIONS_TOKEN},1-9`);
    expect(q.contexts.map((c) => [c.title, c.color])).toEqual([
      ["Topic 3", "blue"],
      ["Mine", "purple"],
      ["All mentions", "amber"],
    ]);
  });

  it("reads custom dates as whole days of the zone, the end day included", () => {
    const q = parse("period=custom&from=2026-03-01&to=2026-03-02&tz=Asia/Kolkata&timeUnit=hour");
    expect(q.from).toBe("2026-02-28T18:30:00.000Z");
    expect(q.to).toBe("2026-03-02T18:30:00.000Z");
    expect(q.interval).toBe("hour");
    expect(lastDayOf(q.to, q.timeZone)).toBe("2026-03-02");
  });

  it("refuses a unit the range does not offer, an inverted range, unknown widgets", () => {
    expect(parse("period=90d&timeUnit=hour").interval).toBe("week");
    const inverted = parse("from=2026-03-05&to=2026-03-01");
    expect(inverted.period).toBe("30d");
    expect(parse("config=sentiment,nope,topics").widgets).toEqual(["sentiment", "topics"]);
  });

  it("carries widget parameters, layers, compact and the shared-link code", () => {
    const q = parse("demographics.mode=countries&other.x=1&layers=2,x,3&compact=1&shared_link_code=abc");
    expect(q.widgetParams).toEqual({ "demographics.mode": "countries" });
    expect(q.layerIds).toEqual([2, 3]);
    expect(q.compact).toBe(true);
    expect(q.sharedLinkCode).toBe("abc");
  });
});

describe("dashboardHref", () => {
  it("round-trips a state and applies changes", () => {
    const q = parse("period=7d&timeUnit=hour&tz=Europe/Paris&contextIds=1-7,2-3&config=sentiment&layers=4&compact=1");
    const href = dashboardHref(q);
    expect(parseDashboardQuery(href, "UTC", selector, NOW)).toEqual(q);
    const changed = parseDashboardQuery(dashboardHref(q, { compact: false, period: "24h" }), "UTC", selector, NOW);
    expect(changed.compact).toBe(false);
    expect(changed.period).toBe("24h");
    expect(changed.interval).toBe("hour");
    expect(dashboardHref(q, { dialog: "share" })).toContain("dialog=share");
  });

  it("writes a custom range as its instants", () => {
    const q = parse(`period=custom&from=${dayStart("2026-01-01", "UTC")}&to=2026-01-10T00:00:00.000Z`);
    expect(q.period).toBe("custom");
    const again = parseDashboardQuery(dashboardHref(q), "UTC", selector, NOW);
    expect([again.from, again.to]).toEqual(["2026-01-01T00:00:00.000Z", "2026-01-10T00:00:00.000Z"]);
  });
});

describe("nothing corrected in silence (issue 30)", () => {
  it("a custom period whose end is before its start shows the default view and says why, keeping the dates typed", () => {
    const q = parse("from=2026-03-10&to=2026-03-01");
    expect(q.period).toBe("30d");
    expect(q.problems?.period).toEqual({ message: MESSAGES.dashboardUi.periodEndBeforeStart, from: "2026-03-10", to: "2026-03-01" });
    expect(parse("period=custom&from=2026-03-10&to=").problems?.period?.message).toBe(MESSAGES.required);
    expect(parse("from=2026-03-10&to=soon").problems?.period?.message).toBe(MESSAGES.wrongFormat);
    // A one-day period (start and end the same day) is fine.
    expect(parse("from=2026-03-10&to=2026-03-10").problems).toBeUndefined();
  });

  it("a fourth comparison context is refused with the catalogue's words; three are fine", () => {
    const four = parse(`contextIds=1-3,1-7,2-3,1-9`);
    expect(four.contexts).toHaveLength(3);
    expect(four.problems?.contexts).toBe(MESSAGES.tooManyElements);
    expect(parse("contextIds=1-3,1-7,2-3").problems).toBeUndefined();
    // Unknown ones are not counted.
    expect(parse("contextIds=1-3,1-7,2-3,1-99").problems).toBeUndefined();
  });

  it("a preset chosen in the period form drops the old range; dates edited under the same preset make a custom period", () => {
    const S = SHOWN_PERIOD_PARAMS;
    const shown = `${S.period}=custom&${S.from}=2026-03-01&${S.to}=2026-03-05`;
    // From a custom view, "Last 7 days" chosen: the old dates arrive too and are dropped.
    expect(periodFormLocation(new URL(`http://x/?period=7d&from=2026-03-01&to=2026-03-05&timeUnit=day&${shown}`))).toBe("/?period=7d&timeUnit=day");
    // A bookmarked address with both: the preset wins, and the address says so.
    expect(periodFormLocation(new URL("http://x/?period=7d&from=2026-03-01&to=2026-03-05"))).toBe("/?period=7d");
    // Without JavaScript, dates typed while the select still shows the preset: a custom period.
    const presetShown = `${S.period}=30d&${S.from}=2026-02-14&${S.to}=2026-03-15`;
    expect(periodFormLocation(new URL(`http://x/?period=30d&from=2026-03-01&to=2026-03-05&${presetShown}`))).toBe("/?from=2026-03-01&to=2026-03-05");
    // The shown-period fields never stay in the address; an address that is already the view's stays.
    expect(periodFormLocation(new URL(`http://x/?from=2026-03-01&to=2026-03-05&${shown}`))).toBe("/?from=2026-03-01&to=2026-03-05");
    expect(periodFormLocation(new URL("http://x/?period=7d&timeUnit=day"))).toBeNull();
    expect(periodFormLocation(new URL("http://x/?from=2026-03-01&to=2026-03-05"))).toBeNull();
  });
});
