import { describe, expect, it } from "vitest";
import { readReportView, reportApiQuery, reportHref, sortHref } from "./report-query";

const view = (query: string) => readReportView(new URLSearchParams(query));

describe("the moderation report's address", () => {
  it("reads the page, the order and the filters, newest first by default", () => {
    expect(view("")).toEqual({ page: 1, order: "dateAndTime desc", filters: { agent: [], action: [], reason: [], network: [], period: "" } });
    expect(view("page=3&order=user+asc&agent=7&action=delete_post&reason=abusive&network=twitter&period=7d")).toEqual({
      page: 3,
      order: "user asc",
      filters: { agent: ["7"], action: ["delete_post"], reason: ["abusive"], network: ["twitter"], period: "7d" },
    });
    expect(view("page=-2").page).toBe(1);
    expect(view("page=abc").page).toBe(1);
  });

  it("asks the API with only the chosen filters, agents as ids", () => {
    expect(reportApiQuery(view(""))).toEqual({ page: 1, order: "dateAndTime desc" });
    expect(reportApiQuery(view("agent=7&reason=user+request&period=yesterday&page=2"))).toEqual({
      page: 2,
      order: "dateAndTime desc",
      filters: JSON.stringify({ agent_ids: [7], reasons: ["user request"], period: "yesterday" }),
    });
    // What the API does not know is passed on for it to refuse with its message.
    expect(reportApiQuery(view("agent=x&order=password")).filters).toBe(JSON.stringify({ agent_ids: ["x"] }));
  });

  it("writes each view as a link, leaving defaults out", () => {
    expect(reportHref("/moderation-report", view("order=dateAndTime+desc&page=1"))).toBe("/moderation-report");
    expect(reportHref("/moderation-report", view("network=reddit&order=note+desc"), { page: 2 })).toBe("/moderation-report?network=reddit&order=note+desc&page=2");
  });

  it("sorts a column going up first (the date newest first), then reverses, from the first page", () => {
    expect(sortHref("/m", view("page=4"), "user")).toBe("/m?order=user+asc");
    expect(sortHref("/m", view("order=user+asc&page=2"), "user")).toBe("/m?order=user+desc");
    expect(sortHref("/m", view("order=user+asc"), "dateAndTime")).toBe("/m");
    expect(sortHref("/m", view(""), "dateAndTime")).toBe("/m?order=dateAndTime+asc");
  });
});
