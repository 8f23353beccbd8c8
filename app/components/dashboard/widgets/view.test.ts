import { describe, expect, it } from "vitest";
import { FeedHashPageResponseSchema } from "../../../../domain/schemas/dashboard-config";
import {
  ComparedSentimentWidgetResponseSchema,
  ComparedSlaWidgetResponseSchema,
  DemographicsWidgetResponseSchema,
  KeywordCloudWidgetResponseSchema,
  NetworksWidgetResponseSchema,
  PostsWidgetResponseSchema,
  ScoreWidgetResponseSchema,
  SentimentWidgetResponseSchema,
  TopicsWidgetResponseSchema,
} from "../../../../domain/schemas/dashboard-widgets";
import { COMPARE_COLOR_HEX } from "../../../../domain/palette";
import { ctx, widgetAnswer, wireAnswer, wireStatus } from "../../../../tests/support/dashboard-answers";
import { changePercent, formatSeconds, widgetView } from "./view";

// The answers are built on the wire, checked against the widgets' schemas and camelCased, as the web
// client hands them over (tests/support/dashboard-answers.ts).
const range = { from: "2026-11-01T00:00:00.000Z", to: "2026-11-03T00:00:00.000Z" };
const noChange = { neutral: null, positive: null, negative: null };

describe("widgetView", () => {
  it("maps the sentiment series to a timeline with one row per bucket and Neutral hidden by default", () => {
    const data = {
      sentiment: widgetAnswer(SentimentWidgetResponseSchema, [
        {
          ...ctx("Brand", "blue"),
          totals: { neutral: 3, positive: 5, negative: 2 },
          series: [
            { bucket: "2026-11-01T00:00:00.000Z", neutral: 1, positive: 2, negative: 1 },
            { bucket: "2026-11-02T00:00:00.000Z", neutral: 2, positive: 3, negative: 1 },
          ],
        },
      ]),
    };
    const view = widgetView("trend-sentiment", data, { ...range, showNeutral: false });
    expect(view.columns).toEqual(["Period start", "Positive", "Negative"]);
    expect(view.rows.map((r) => r.cells)).toEqual([
      ["2026-11-01 00:00", "2", "1"],
      ["2026-11-02 00:00", "3", "1"],
    ]);
    expect(view.chart?.timeline).toBe(true);
    expect(view.chart?.allDataPoints).toBe(true);
    expect(view.chart?.series.map((s) => s.name)).toEqual(["Positive", "Negative"]);
    // The last bucket's drill-down ends at the range's end.
    expect(view.rows[1]?.drill).toMatchObject({ from: "2026-11-02T00:00:00.000Z", to: range.to, contextIndex: 0 });
    const withNeutral = widgetView("trend-sentiment", data, { ...range, showNeutral: true });
    expect(withNeutral.columns).toContain("Neutral");
  });

  it("reads the sentiment and first-reply widgets' period and compared period from one compared call", () => {
    const compared = {
      compared: widgetAnswer(ComparedSentimentWidgetResponseSchema, [
        {
          ...ctx("Brand", "blue"),
          totals: { neutral: 3, positive: 6, negative: 1 },
          series: [],
          compared: { range, totals: { neutral: 1, positive: 4, negative: 2 }, series: [] },
          change: noChange,
        },
      ]),
    };
    const sentiment = widgetView("sentiment", compared, { ...range, showNeutral: false });
    expect(sentiment.rows.map((r) => r.cells)).toEqual([
      ["Positive", "6", "60%", "4", "+50%"],
      ["Negative", "1", "10%", "2", "-50%"],
    ]);
    const sla = {
      compared: widgetAnswer(ComparedSlaWidgetResponseSchema, [
        {
          ...ctx("Brand", "blue"),
          median_seconds: 120,
          average_seconds: 180,
          replied: 4,
          unreplied: 6,
          series: [],
          compared: { range, median_seconds: 60, average_seconds: 90, replied: 2, unreplied: 3, series: [] },
        },
      ]),
    };
    const first = widgetView("first-reply-time", sla, { ...range, showNeutral: false });
    expect(first.rows.map((r) => r.cells)).toEqual([
      ["Median first reply", formatSeconds(120), formatSeconds(60), "+100%"],
      // Every figure both periods have shows its change (issue 30: these said "–").
      ["Average first reply", formatSeconds(180), formatSeconds(90), "+100%"],
      ["Replied", "4", "2", "+100%"],
      ["Not replied", "6", "3", "+100%"],
    ]);
    // The compared period had nothing to compare with: no reply times, no mentions.
    const emptyPrevious = { range, median_seconds: null, average_seconds: null, replied: 0, unreplied: 0, series: [] };
    const withoutPrevious = widgetView(
      "first-reply-time",
      {
        compared: widgetAnswer(ComparedSlaWidgetResponseSchema, [
          { ...ctx("Brand", "blue"), median_seconds: null, average_seconds: 30, replied: 1, unreplied: 2, series: [], compared: emptyPrevious },
        ]),
      },
      { ...range, showNeutral: false },
    );
    expect(withoutPrevious.rows.map((r) => r.cells[3])).toEqual(["–", "–", "–", "–"]);
  });

  it("gives one series per compared context in its compare colour", () => {
    const data = {
      networks: widgetAnswer(NetworksWidgetResponseSchema, [
        { ...ctx("A", "blue"), items: [{ social_type: "twitter", mentions: 4, engagement: 10, reach: 100 }] },
        { ...ctx("B", "purple", 1), items: [{ social_type: "reddit", mentions: 2, engagement: 1, reach: 5 }] },
      ]),
    };
    const view = widgetView("network-breakdown", data, { ...range, showNeutral: false });
    expect(view.chart?.series.map((s) => [s.name, s.color])).toEqual([
      ["A", COMPARE_COLOR_HEX.blue],
      ["B", COMPARE_COLOR_HEX.purple],
    ]);
    expect(view.chart?.categories).toEqual(["X (Twitter)", "Reddit"]);
    expect(view.chart?.series[0]?.data).toEqual([4, 0]);
    expect(view.columns[0]).toBe("Context");
    expect(view.rows.map((r) => r.cells)).toEqual([
      ["A", "X (Twitter)", "4", "10", "100"],
      ["B", "Reddit", "2", "1", "5"],
    ]);
  });

  it("keeps user text as it is and links only http(s) post addresses", () => {
    const data = {
      posts: widgetAnswer(PostsWidgetResponseSchema, [
        {
          ...ctx("A", "blue"),
          items: [
            wireStatus({ id: 1, description: "<b>=cmd</b>", author_name: "Eve", social_type: "reddit", sentiment: -1, impact_score: 3.5, post_url: "javascript:alert(1)" }),
            wireStatus({ id: 2, description: "fine", author_username: "bob", social_type: "twitter", sentiment: 1, impact_score: 2, post_url: "https://x.test/2" }),
          ],
          total: 7,
          page: 1,
          per_page: 6,
        },
      ]),
    };
    const view = widgetView("most-impactful-posts", data, { ...range, showNeutral: false, page: 1, perPage: 6 });
    expect(view.rows[0]?.cells[0]).toBe("<b>=cmd</b>");
    expect(view.rows[0]?.href).toBeUndefined();
    expect(view.rows[1]?.href).toBe("https://x.test/2");
    expect(view.rows[1]?.cells[1]).toBe("bob");
    expect(view.hasNextPage).toBe(true);
    expect(widgetView("most-impactful-posts", data, { ...range, showNeutral: false, page: 2, perPage: 6 }).hasNextPage).toBe(false);
  });

  it("drills into term widgets by term over the whole range", () => {
    const data = { terms: widgetAnswer(KeywordCloudWidgetResponseSchema, [{ ...ctx("A", "blue"), items: [{ term: "refund", mentions: 9, sentiment: -1 }] }]) };
    const view = widgetView("keywords-cloud", data, { ...range, showNeutral: false });
    expect(view.rows[0]?.cells).toEqual(["refund", "9", "Negative"]);
    expect(view.rows[0]?.drill).toEqual({ contextIndex: 0, from: range.from, to: range.to, title: "refund", query: "refund" });
    expect(view.chart?.drills[0]?.[0]?.query).toBe("refund");
  });

  it("summarises the impact metrics with their previous values", () => {
    const metric = (value: number, previous: number) =>
      widgetAnswer(ScoreWidgetResponseSchema, [{ ...ctx("A", "blue"), value, previous, series: [{ bucket: "2026-11-01T00:00:00.000Z", value }] }]);
    const view = widgetView(
      "impact-score",
      { impact: metric(10, 5), reputation: metric(2, 2), reach: metric(1, 0), shares: metric(0, 0) },
      { ...range, showNeutral: false },
    );
    expect(view.rows.map((r) => r.cells)).toEqual([
      ["Impact score", "10", "5", "+100%"],
      ["Reputation", "2", "2", "0%"],
      ["Reach score", "1", "0", "–"],
      ["Shares count", "0", "0", "0%"],
    ]);
    expect(view.chart?.type).toBe("area");
  });

  it("names languages and countries instead of their codes", () => {
    const answer = (items: Array<{ key: string; mentions: number; share: number }>) => ({
      demographics: widgetAnswer(DemographicsWidgetResponseSchema, [{ ...ctx("A", "blue"), items, total: items.reduce((n, i) => n + i.mentions, 0) }]),
    });
    const languages = widgetView("demographics", answer([{ key: "de", mentions: 3, share: 0.75 }, { key: "und", mentions: 1, share: 0.25 }]), {
      ...range,
      showNeutral: false,
    });
    expect(languages.columns).toEqual(["Language", "Mentions", "Share"]);
    expect(languages.rows.map((r) => r.cells)).toEqual([
      ["German", "3", "75%"],
      ["Other", "1", "25%"],
    ]);
    expect(languages.chart?.categories).toEqual(["German", "Other"]);
    const countries = widgetView("demographics", answer([{ key: "FR", mentions: 2, share: 1 }]), {
      ...range,
      showNeutral: false,
      demographicsMode: "countries",
    });
    expect(countries.columns[0]).toBe("Country");
    expect(countries.rows[0]?.cells[0]).toBe("France");
  });

  it("marks count charts for whole-number ticks and gives the first-reply chart its unit", () => {
    const topics = widgetView("topics", { topics: widgetAnswer(TopicsWidgetResponseSchema, [{ ...ctx("A", "blue"), items: [{ topic_id: 1, name: "x", mentions: 1, sentiment: 0 }] }]) }, {
      ...range,
      showNeutral: false,
    });
    expect(topics.chart?.integer).toBe(true);
    const sla = widgetView(
      "first-reply-time",
      {
        compared: widgetAnswer(ComparedSlaWidgetResponseSchema, [
          {
            ...ctx("A", "blue"),
            median_seconds: 90,
            average_seconds: 90,
            replied: 1,
            unreplied: 0,
            series: [{ bucket: range.from, median_seconds: 90, value: 90, replied: 1 }],
            compared: { range, median_seconds: null, average_seconds: null, replied: 0, unreplied: 0, series: [] },
          },
        ]),
      },
      { ...range, showNeutral: false },
    );
    expect(sla.chart?.unit).toBe("Median first reply (minutes)");
    expect(sla.chart?.series[0]?.data).toEqual([1.5]);
    expect(sla.chart?.integer).toBeFalsy();
  });

  it("answers an empty view for an empty answer", () => {
    const view = widgetView("topics", { topics: widgetAnswer(TopicsWidgetResponseSchema, []) }, { ...range, showNeutral: false });
    expect(view.rows).toEqual([]);
    expect(view.chart).toBeNull();
  });
});

describe("formatting", () => {
  it("formats durations and changes", () => {
    expect(formatSeconds(42)).toBe("42s");
    expect(formatSeconds(3725)).toBe("1h 2m");
    expect(formatSeconds(null)).toBe("–");
    expect(changePercent(5, 0)).toBeNull();
    expect(changePercent(0, 0)).toBe(0);
  });
});

describe("feedHashView", () => {
  it("reads the drill-down's title and mentions", async () => {
    const { feedHashView } = await import("./feed-hash-panel");
    const view = feedHashView(
      wireAnswer(FeedHashPageResponseSchema, {
        id: "abc",
        title: "Keywords cloud: app",
        view_type: "keywords-cloud",
        account_id: 1,
        context_id: 12,
        context_type: 1,
        min_created_at: range.from,
        max_created_at: range.to,
        properties: { query: "app" },
        context: { context_type: 1, context_id: 12, title: "Brand" },
        statuses: {
          data: [
            wireStatus({ id: 5, description: "<i>app</i> crashed", author_name: "Eve", social_type: "reddit", created_at: "2026-11-02T10:00:00.000Z", post_url: "javascript:x" }),
          ],
          total: 1,
          page: 1,
          per_page: 20,
        },
      }),
    );
    expect(view.title).toBe("Keywords cloud: app");
    expect(view.mentions).toEqual([
      { id: "5", text: "<i>app</i> crashed", author: "Eve", network: "Reddit", createdAt: "2026-11-02T10:00:00.000Z", url: undefined },
    ]);
  });
});
