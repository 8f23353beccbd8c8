import { describe, expect, it } from "vitest";
import { WIDGET_IDS, type WidgetId } from "../../../../domain/dashboard";
import { toCsv } from "../../../../domain/csv";
import { isoInZone } from "../../../../domain/periods";
import {
  ClustersWidgetResponseSchema,
  ComparedSentimentWidgetResponseSchema,
  ComparedSlaWidgetResponseSchema,
  DemographicsWidgetResponseSchema,
  KeywordCloudWidgetResponseSchema,
  LabelTrendsWidgetResponseSchema,
  NetworksWidgetResponseSchema,
  PostsWidgetResponseSchema,
  ReviewsWidgetResponseSchema,
  ScoreWidgetResponseSchema,
  SentimentWidgetResponseSchema,
  ThemesWidgetResponseSchema,
  TopicsWidgetResponseSchema,
  TrendingKeywordsWidgetResponseSchema,
  type WidgetAnswers,
} from "../../../../domain/schemas/dashboard-widgets";
import { ctx, widgetAnswer, wireStatus } from "../../../../tests/support/dashboard-answers";
import { changeRatio, widgetCsv, type WidgetCsv } from "./csv";

const range = { from: "2026-11-01T00:00:00.000Z", to: "2026-11-03T00:00:00.000Z" };
const opts = { timeZone: "Europe/Berlin", demographicsMode: "languages" as const };
const brand = ctx("Brand");

/**
 * One answer per widget kind, as loadWidget keeps them (by call key): built on the wire, checked against
 * the widgets' schemas and camelCased as the web client does (tests/support/dashboard-answers.ts).
 */
const ANSWERS: { [Id in WidgetId]: WidgetAnswers[Id] } = {
  sentiment: {
    compared: widgetAnswer(ComparedSentimentWidgetResponseSchema, [
      {
        ...brand,
        totals: { positive: 6, negative: 1, neutral: 3 },
        series: [],
        compared: { range, totals: { positive: 4, negative: 2, neutral: 0 }, series: [] },
        change: { positive: 50, negative: -50, neutral: null },
      },
    ]),
  },
  "trend-sentiment": {
    sentiment: widgetAnswer(SentimentWidgetResponseSchema, [
      { ...brand, totals: { positive: 2, negative: 1, neutral: 0 }, series: [{ bucket: "2026-10-31T23:00:00.000Z", positive: 2, negative: 1, neutral: 0 }] },
    ]),
  },
  "impact-score": {
    impact: widgetAnswer(ScoreWidgetResponseSchema, [{ ...brand, value: 12.5, previous: 10, series: [] }]),
    reputation: widgetAnswer(ScoreWidgetResponseSchema, [{ ...brand, value: 40, previous: 50, series: [] }]),
    reach: widgetAnswer(ScoreWidgetResponseSchema, [{ ...brand, value: null, previous: 3, series: [] }]),
    shares: widgetAnswer(ScoreWidgetResponseSchema, [{ ...brand, value: 7, previous: 7, series: [] }]),
  },
  "first-reply-time": {
    compared: widgetAnswer(ComparedSlaWidgetResponseSchema, [
      {
        ...brand,
        median_seconds: 120,
        average_seconds: 180,
        replied: 4,
        unreplied: 6,
        series: [],
        compared: { range, median_seconds: 60, average_seconds: 200, replied: 2, unreplied: 3, series: [] },
      },
    ]),
  },
  "most-impactful-posts": {
    posts: widgetAnswer(PostsWidgetResponseSchema, [
      {
        ...brand,
        total: 1,
        page: 1,
        per_page: 6,
        items: [
          wireStatus({
            id: 9,
            created_at: "2026-11-01T09:30:00.000Z",
            social_type: "twitter",
            author_name: "Ana",
            sentiment: -1,
            impact_score: 3.5,
            description: "=HYPERLINK(\"x\")",
            post_url: "https://x.test/9",
          }),
        ],
      },
    ]),
  },
  demographics: {
    demographics: widgetAnswer(DemographicsWidgetResponseSchema, [
      { ...brand, total: 4, items: [{ key: "de", mentions: 3, share: 0.75 }, { key: "und", mentions: 1, share: 0.25 }] },
    ]),
  },
  reviews: {
    reviews: widgetAnswer(ReviewsWidgetResponseSchema, [
      { ...brand, series: [], items: [{ social_type: "ios", reviews: 3, average_rating: 4.33, ratings: { "5": 2, "3": 1 } }] },
    ]),
  },
  "conversation-themes": {
    themes: widgetAnswer(ThemesWidgetResponseSchema, [
      { ...brand, nlp_analyzed_count: 4, themes: [{ name: "Refunds", terms: ["refund", "money"], mentions: 4, sentiment: -0.6 }] },
    ]),
  },
  topics: { topics: widgetAnswer(TopicsWidgetResponseSchema, [{ ...brand, items: [{ topic_id: 1, name: "Billing", mentions: 5, sentiment: 0.4 }] }]) },
  "keywords-cloud": { terms: widgetAnswer(KeywordCloudWidgetResponseSchema, [{ ...brand, items: [{ term: "-crash", mentions: 2, sentiment: 0 }] }]) },
  "network-breakdown": {
    networks: widgetAnswer(NetworksWidgetResponseSchema, [{ ...brand, items: [{ social_type: "reddit", mentions: 2, engagement: 10, reach: 300 }] }]),
  },
  "trending-keywords": {
    terms: widgetAnswer(TrendingKeywordsWidgetResponseSchema, [
      { ...brand, total: 1, page: 1, per_page: 7, previous_range: range, items: [{ term: "outage", mentions: 8, previous: 2, score: 1.25 }] },
    ]),
  },
  "trending-label": {
    labels: widgetAnswer(LabelTrendsWidgetResponseSchema, [{ ...brand, items: [{ label_id: 1, name: "Urgent", mentions: 3, previous: 4, change: -25 }] }]),
  },
  "conversation-cluster": {
    clusters: widgetAnswer(ClustersWidgetResponseSchema, [
      { ...brand, items: [{ id: "c1", label: "Login", terms: ["login", "password"], size: 6, actionable: true }] },
    ]),
  },
};

const EXPECTED: Record<WidgetId, WidgetCsv> = {
  sentiment: {
    header: ["context", "sentiment", "mentions", "share", "previous_mentions", "change"],
    rows: [
      ["Brand", "positive", 6, 0.6, 4, 0.5],
      ["Brand", "negative", 1, 0.1, 2, -0.5],
      ["Brand", "neutral", 3, 0.3, 0, null],
    ],
  },
  "trend-sentiment": {
    header: ["context", "period_start", "positive", "negative", "neutral"],
    rows: [["Brand", "2026-11-01T00:00:00+01:00", 2, 1, 0]],
  },
  "impact-score": {
    header: ["context", "metric", "value", "previous", "change"],
    rows: [
      ["Brand", "impact_score", 12.5, 10, 0.25],
      ["Brand", "reputation", 40, 50, -0.2],
      ["Brand", "reach_score", null, 3, null],
      ["Brand", "shares_count", 7, 7, 0],
    ],
  },
  "first-reply-time": {
    header: ["context", "metric", "value", "previous", "change"],
    rows: [
      ["Brand", "median_first_reply_seconds", 120, 60, 1],
      ["Brand", "average_first_reply_seconds", 180, 200, -0.1],
      ["Brand", "replied", 4, 2, 1],
      ["Brand", "not_replied", 6, 3, 1],
    ],
  },
  "most-impactful-posts": {
    header: ["context", "id", "created_at", "network", "author", "sentiment", "impact_score", "text", "post_url"],
    rows: [["Brand", 9, "2026-11-01T10:30:00+01:00", "twitter", "Ana", "negative", 3.5, "=HYPERLINK(\"x\")", "https://x.test/9"]],
  },
  demographics: {
    header: ["context", "language_code", "language", "mentions", "share"],
    rows: [
      ["Brand", "de", "German", 3, 0.75],
      ["Brand", "und", "Other", 1, 0.25],
    ],
  },
  reviews: {
    header: ["context", "network", "reviews", "average_rating", "stars_5", "stars_4", "stars_3", "stars_2", "stars_1"],
    rows: [["Brand", "ios", 3, 4.33, 2, 0, 1, 0, 0]],
  },
  "conversation-themes": {
    header: ["context", "theme", "terms", "mentions", "sentiment"],
    rows: [["Brand", "Refunds", "refund; money", 4, "negative"]],
  },
  topics: { header: ["context", "topic", "mentions", "sentiment"], rows: [["Brand", "Billing", 5, "positive"]] },
  "keywords-cloud": { header: ["context", "term", "mentions", "sentiment"], rows: [["Brand", "-crash", 2, "neutral"]] },
  "network-breakdown": { header: ["context", "network", "mentions", "engagement", "reach"], rows: [["Brand", "reddit", 2, 10, 300]] },
  "trending-keywords": { header: ["context", "term", "mentions", "previous", "score"], rows: [["Brand", "outage", 8, 2, 1.25]] },
  "trending-label": { header: ["context", "label", "mentions", "previous", "change"], rows: [["Brand", "Urgent", 3, 4, -0.25]] },
  "conversation-cluster": { header: ["context", "cluster", "terms", "size", "actionable"], rows: [["Brand", "Login", "login; password", 6, true]] },
};

describe("widgetCsv: one format for every widget kind (ADR 036)", () => {
  for (const widgetId of WIDGET_IDS) {
    it(`${widgetId}: snake_case headers, plain numbers, ISO dates`, () => {
      const table = widgetCsv(widgetId, ANSWERS[widgetId], opts);
      expect(table).toEqual(EXPECTED[widgetId]);
      for (const name of table.header) expect(name).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      // No number reaches the file as formatted text ("+13.28%", "1,234", "2m 0s").
      for (const row of table.rows) {
        expect(row).toHaveLength(table.header.length);
        for (const cell of row) if (typeof cell === "string") expect(cell).not.toMatch(/^[+-]?[\d.,]+\s*(%|s|m)?$/);
      }
    });
  }

  it("writes every context's rows, the context's title first", () => {
    const data = {
      topics: widgetAnswer(TopicsWidgetResponseSchema, [
        { ...ctx("Brand"), items: [{ topic_id: 1, name: "Billing", mentions: 5, sentiment: 0 }] },
        { ...ctx("Rival", "purple", 1), items: [{ topic_id: 1, name: "Billing", mentions: 2, sentiment: 0 }] },
      ]),
    };
    expect(widgetCsv("topics", data, opts).rows).toEqual([
      ["Brand", "Billing", 5, "neutral"],
      ["Rival", "Billing", 2, "neutral"],
    ]);
  });

  it("names countries and reads shares sent as percents as ratios", () => {
    const data = { demographics: widgetAnswer(DemographicsWidgetResponseSchema, [{ ...brand, total: 1, items: [{ key: "DE", mentions: 1, share: 12.5 }] }]) };
    expect(widgetCsv("demographics", data, { ...opts, demographicsMode: "countries" })).toEqual({
      header: ["context", "country_code", "country", "mentions", "share"],
      rows: [["Brand", "DE", "Germany", 1, 0.125]],
    });
  });

  it("through the writer: negative ratios stay numbers, formula-like text is neutralised", () => {
    const csv = toCsv(EXPECTED["trending-label"].header, EXPECTED["trending-label"].rows);
    expect(csv).toBe("context,label,mentions,previous,change\r\nBrand,Urgent,3,4,-0.25\r\n");
    const posts = toCsv(EXPECTED["most-impactful-posts"].header, EXPECTED["most-impactful-posts"].rows);
    expect(posts).toContain(`"'=HYPERLINK(""x"")"`);
    const cloud = toCsv(EXPECTED["keywords-cloud"].header, EXPECTED["keywords-cloud"].rows);
    expect(cloud).toContain("Brand,'-crash,2,neutral");
  });
});

describe("changeRatio", () => {
  it("is the relative change, empty when there is nothing to compare with", () => {
    expect(changeRatio(113.28, 100)).toBe(0.1328);
    expect(changeRatio(0, 0)).toBe(0);
    expect(changeRatio(5, 0)).toBeNull();
    expect(changeRatio(null, 3)).toBeNull();
  });
});

describe("isoInZone", () => {
  it("writes the instant with the zone's offset", () => {
    expect(isoInZone("2026-11-01T00:00:00.000Z", "UTC")).toBe("2026-11-01T00:00:00Z");
    expect(isoInZone("2026-06-30T22:00:00.000Z", "Europe/Berlin")).toBe("2026-07-01T00:00:00+02:00");
    expect(isoInZone("2026-11-01T05:00:00.000Z", "America/New_York")).toBe("2026-11-01T01:00:00-04:00");
    expect(isoInZone("2026-11-01T00:00:00.000Z", "Asia/Kolkata")).toBe("2026-11-01T05:30:00+05:30");
  });
});
