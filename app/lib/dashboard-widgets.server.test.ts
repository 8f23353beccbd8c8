import { describe, expect, it } from "vitest";
import { WIDGET_IDS } from "../../domain/dashboard";
import { snakeCaseKeys } from "../../domain/key-case";
import { DashboardBodySchema } from "../../domain/schemas/dashboard";
import { PostsParams, TopicsParams, TrendingParams } from "../../domain/schemas/dashboard-widgets";
import type { DashboardQuery } from "./dashboard-query";
import { comparedRangeOf, dashboardBody, widgetCalls } from "./dashboard-widgets.server";

const query = (over: Partial<DashboardQuery> = {}): DashboardQuery => ({
  from: "2026-11-01T00:00:00.000Z",
  to: "2026-11-08T00:00:00.000Z",
  period: "7d",
  interval: "day",
  timeZone: "Europe/Berlin",
  contexts: [{ contextType: 1, contextId: 12, title: "Brand", color: "blue" }],
  widgets: [...WIDGET_IDS],
  widgetParams: {},
  compact: false,
  ...over,
});

describe("dashboardBody", () => {
  it("writes the common body in camelCase with the contexts; the client's conversion gives the API's", () => {
    const body = dashboardBody(query());
    expect(body).toEqual({
      range: { from: "2026-11-01T00:00:00.000Z", to: "2026-11-08T00:00:00.000Z" },
      timeZone: "Europe/Berlin",
      interval: "day",
      contexts: [{ contextType: 1, contextId: 12 }],
    });
    expect(snakeCaseKeys(body)).toEqual({
      range: { from: "2026-11-01T00:00:00.000Z", to: "2026-11-08T00:00:00.000Z" },
      time_zone: "Europe/Berlin",
      interval: "day",
      contexts: [{ context_type: 1, context_id: 12 }],
    });
    const unsaved = dashboardBody(
      query({ contexts: [{ contextType: 6, contextId: 0, properties: { query: "refund" }, title: "x", color: "blue" }] }),
    );
    expect(snakeCaseKeys(unsaved.contexts)).toEqual([{ context_type: 6, context_id: 0, properties: { query: "refund" } }]);
  });
  it("sends a context's query groups as they are (the API reads filterType) and its streams in snake_case", () => {
    const filters = [{ type: "must", values: [{ filterType: "networks", value: "reddit" }] }];
    const body = dashboardBody(
      query({ contexts: [{ contextType: 6, contextId: 0, properties: { query: "", filters, streamIds: [3] }, title: "x", color: "blue" }] }),
    );
    const wire = JSON.parse(JSON.stringify(snakeCaseKeys(body))) as Record<string, unknown>;
    expect(wire.contexts).toEqual([{ context_type: 6, context_id: 0, properties: { query: "", filters, stream_ids: [3] } }]);
    // What the API makes of it: the common body's schema reads the groups and the streams.
    const parsed = DashboardBodySchema.parse(wire);
    expect(parsed.contexts?.[0]?.properties).toEqual({ query: "", filters, stream_ids: [3] });
  });
  it("takes the previous period of equal length when no compared range is named", () => {
    expect(comparedRangeOf(query())).toEqual({ from: "2026-10-25T00:00:00.000Z", to: "2026-11-01T00:00:00.000Z" });
  });
});

describe("widgetCalls", () => {
  it("maps every widget to its endpoints", () => {
    const paths = Object.fromEntries(WIDGET_IDS.map((id) => [id, widgetCalls(id, query()).map((c) => c.path)]));
    expect(paths).toEqual({
      topics: ["/v1/dashboard/topics"],
      reviews: ["/v1/dashboard/reviews"],
      sentiment: ["/v1/dashboard/compared_sentiment"],
      "trend-sentiment": ["/v1/dashboard/sentiment"],
      demographics: ["/v1/dashboard/demographics/languages"],
      "impact-score": [
        "/v1/dashboard/impact_score",
        "/v1/dashboard/reputation",
        "/v1/dashboard/reach_score",
        "/v1/dashboard/shares_count",
      ],
      "keywords-cloud": ["/v1/dashboard/keyword_cloud"],
      "first-reply-time": ["/v1/dashboard/compared_sla"],
      "network-breakdown": ["/v1/dashboard/networks"],
      "trending-keywords": ["/v1/dashboard/trending_labels"],
      "conversation-themes": ["/v1/dashboard/conversation_themes"],
      "trending-label": ["/v1/dashboard/entities"],
      "most-impactful-posts": ["/v1/dashboard/most-impactful-posts"],
      "conversation-cluster": ["/v1/dashboard/conversation_clusters/searches"],
    });
    expect(widgetCalls("first-reply-time", query()).every((c) => c.method === "get")).toBe(true);
  });
  it("carries the widget parameters from the URL", () => {
    const q = query({
      widgetParams: {
        "demographics.mode": "countries",
        "trending-keywords.page": "3",
        "most-impactful-posts.sentiment": "-1",
        "most-impactful-posts.network": "reddit",
        "reviews.network": "ios",
      },
    });
    expect(widgetCalls("demographics", q)[0]?.path).toBe("/v1/dashboard/demographics/countries");
    expect(widgetCalls("trending-keywords", q)[0]?.params).toMatchObject({ page: 3, perPage: 7 });
    expect(widgetCalls("most-impactful-posts", q)[0]?.params).toMatchObject({
      page: 1,
      perPage: 6,
      selectedSentiments: [-1],
      selectedSocialTypes: ["reddit"],
    });
    expect(widgetCalls("reviews", q)[0]?.params).toMatchObject({ socialTypes: ["ios"] });
    expect(widgetCalls("reviews", query())[0]?.params).toMatchObject({ socialTypes: ["trustpilot", "googlePlay", "ios"] });
  });
  it("sends each widget's own parameters as its request schema reads them", () => {
    const q = query({ widgetParams: { "topics.group": "4", "trending-keywords.page": "2", "most-impactful-posts.sentiment": "-1,1" } });
    const wire = (id: Parameters<typeof widgetCalls>[0]) => snakeCaseKeys(widgetCalls(id, q)[0]!.params);
    expect(TopicsParams.parse(wire("topics"))).toEqual({ topic_group_id: 4, limit: 10, sort: "mentions", kind: "status" });
    expect(TrendingParams.parse(wire("trending-keywords"))).toMatchObject({ page: 2, per_page: 7 });
    expect(PostsParams.parse(wire("most-impactful-posts"))).toMatchObject({ page: 1, per_page: 6, selected_sentiments: [-1, 1] });
  });
});
