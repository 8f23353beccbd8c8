import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Interval } from "../../../domain/dashboard";
import type { NetworkId } from "../../../domain/networks";
import { bucketStart } from "../../../domain/periods";
import { MESSAGES } from "../../../domain/messages";
import { clearDashboardCache } from "../../../services/analytics/cache";
import { compactDailyRollupsOfAll } from "../../../services/analytics/daily-rollups";
import { createSeededStreams } from "../../../services/streams/streams";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { ingestItems, insertSearchItem, keywordsGroups, type SearchTenant } from "../../../tests/support/search";

const NETWORKS: NetworkId[] = ["twitter", "reddit", "trustpilot"];
const WORDS = ["great product, love it", "terrible refund experience, awful", "refund question", "login works", "refund was great"];
const LANGS = ["en", "fr", "und", "de"];
const COUNTRIES = ["US", "FR", "", "DE"];
/** Mentions over three days, at minutes that are never on the hour (so a range a millisecond later holds them all). */
const at = (i: number) => new Date(Date.UTC(2026, 2, 2, 0, 7 + ((i * 13) % 50), 0) + (i % 72) * 3_600_000).toISOString();

const RANGE = { from: "2026-03-02T00:00:00.000Z", to: "2026-03-05T00:00:00.000Z" };
/** Eight days holding the same mentions: long enough for weeks. */
const WEEK_RANGE = { from: "2026-03-02T00:00:00.000Z", to: "2026-03-10T00:00:00.000Z" };

type Json = any;

describe.each(testEngines({ engineSpecific: true }))("dashboard count widgets on %s", (engine) => {
  let fx: ApiFixture;
  let admin: SignedIn;
  let theirAdmin: SignedIn;
  let tenant: SearchTenant;
  let searchId: number;
  let theirSearchId: number;
  let trickyId: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date("2026-03-10T12:00:00.000Z") });
    const mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    admin = await fx.signIn(mine.accounts.admin.email);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    void theirAdmin;
    const seeded = await createSeededStreams(
      fx.deps,
      mine.businessProfileId,
      NETWORKS.map((network) => ({ key: network, network, category: "streams" as const, name: `${network} stream`, source: "api" })),
    );
    tenant = { businessProfileId: mine.businessProfileId, streams: new Map([...seeded].map(([k, v]) => [k as NetworkId, v.id])) };
    searchId = await insertSearchItem(fx.db, mine.businessProfileId, keywordsGroups("refund"), "Refunds");
    trickyId = await insertSearchItem(fx.db, mine.businessProfileId, keywordsGroups("login"), "=HYPERLINK(\"x\")");
    theirSearchId = await insertSearchItem(fx.db, theirs.businessProfileId, keywordsGroups("refund"), "Theirs");
    await ingestItems(
      fx.deps,
      tenant,
      Array.from({ length: 60 }, (_, i) => ({
        network: NETWORKS[i % 3]!,
        external_id: `m${i}`,
        text: `${WORDS[i % WORDS.length]} ${i}`,
        language: LANGS[i % LANGS.length],
        created_at: at(i),
        likes: i % 5,
        comments: i % 3,
        shares: i % 4,
        views: i * 10,
        ...(NETWORKS[i % 3] === "trustpilot" ? { rating: 1 + (i % 5) } : {}),
        author: { username: `u${i % 7}`, followers: i * 100, ...(COUNTRIES[i % 4] ? { country: COUNTRIES[i % 4] } : {}) },
      })),
    );
    // Replies to three mentions (first-reply times 30, 10 and 20 minutes: the median is not the middle
    // mention's).
    await ingestItems(
      fx.deps,
      tenant,
      [0, 3, 9].map((n, k) => ({
        network: "twitter" as const,
        external_id: `r${n}`,
        text: "Sorry about that, we are on it",
        created_at: new Date(Date.parse(at(n)) + [3, 1, 2][k]! * 600_000).toISOString(),
        is_agent_reply: true,
        parent_external_id: `m${n}`,
        author: { username: "brand" },
      })),
    );
    // The background job makes the daily rollups of the days before the fixture's today (10 March): the
    // rollup reads below take those days from them.
    expect(await compactDailyRollupsOfAll(fx.deps)).toBeGreaterThan(0);
  }, 120_000);
  afterAll(() => fx?.cleanup());

  const read = async (path: string, body: Record<string, unknown>, auth: SignedIn = admin) => {
    const res = await fx.request("POST", `/api/v1/dashboard/${path}`, { auth, body, headers: { "x-http-method-override": "GET" } });
    return res as { status: number; json: Json; headers: Headers };
  };
  const ok = async (path: string, body: Record<string, unknown>) => {
    const res = await read(path, body);
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json;
  };
  const contexts = () => [
    { context_type: 6, context_id: 0 },
    { context_type: 1, context_id: searchId },
  ];

  const PATHS = [
    "sentiment",
    "compared_sentiment",
    "networks",
    "demographics/languages",
    "demographics/countries",
    "engagement",
    "reach",
    "impact_score",
    "reputation",
    "shares_count",
    "reach_score",
    "reviews",
    "sla",
    "compared_sla",
  ];

  /**
   * Zones and intervals whose buckets the rollups sum in the store (UTC and Paris days, Paris weeks),
   * hour by hour (hours; New York weeks, as daylight saving time starts on 8 March 2026), or both ways;
   * UTC days and weeks read their whole days from the daily rows, and a range that starts and ends within
   * a day reads its ends from the hourly rows (ADR 017). `rawShift` moves the raw read's start earlier by
   * a span holding no mention (else by half an hour, into the bucket before the range's first).
   */
  const VARIANTS: Array<{ time_zone: string; interval: string; range: { from: string; to: string }; rawShiftMs?: number }> = [
    { time_zone: "UTC", interval: "day", range: RANGE },
    { time_zone: "UTC", interval: "day", range: { from: "2026-03-02T05:00:00.000Z", to: "2026-03-09T17:00:00.000Z" }, rawShiftMs: 180_000 },
    { time_zone: "UTC", interval: "week", range: WEEK_RANGE },
    { time_zone: "Europe/Paris", interval: "day", range: RANGE },
    { time_zone: "UTC", interval: "hour", range: RANGE },
    { time_zone: "Europe/Paris", interval: "week", range: WEEK_RANGE },
    { time_zone: "America/New_York", interval: "week", range: WEEK_RANGE },
  ];
  const CASES = PATHS.flatMap((path) => VARIANTS.map((v) => [path, v.time_zone, v.interval, v] as const));

  it.each(CASES)("%s answers the same numbers from the rollups and from feed_items (%s, %s)", async (path, _zone, _interval, variant) => {
    clearDashboardCache();
    const { range, rawShiftMs = 1_800_000, ...period } = variant;
    const body = { ...period, contexts: contexts(), compared_range: { from: "2026-03-01T00:00:00.000Z", to: "2026-03-02T00:00:00.000Z" } };
    const rollup = await ok(path, { ...body, range });
    const raw = await ok(path, { ...body, range: { from: new Date(Date.parse(range.from) - rawShiftMs).toISOString(), to: range.to } });
    expect(rollup.meta.source).toBe("rollup");
    expect(raw.meta.source).toBe("raw");
    expect(rollup.data.map((d: Json) => d.context)).toEqual([
      { context_type: 6, context_id: 0, title: MESSAGES.widgetsUi.everyMention, color: "blue" },
      { context_type: 1, context_id: searchId, title: "Refunds", color: "purple" },
    ]);
    // The raw range's extra half hour may add an empty bucket before the range's first: left out of the comparison.
    const first = bucketStart(range.from, variant.interval as Interval, variant.time_zone);
    const strip = (value: Json): Json => {
      if (Array.isArray(value)) return value.filter((v) => !(v && typeof v === "object" && typeof v.bucket === "string" && v.bucket < first)).map(strip);
      if (value && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, strip(v)]));
      return value;
    };
    expect(strip(raw.data)).toEqual(strip(rollup.data));
    // Some number of the answer (apart from the contexts) is not zero: the comparison is not of empty answers.
    expect(JSON.stringify(rollup.data.map(({ context: _, ...numbers }: Json) => numbers))).toMatch(/":[1-9]/);
  });

  it("counts what was ingested", async () => {
    const sentiment = await ok("sentiment", { range: RANGE, time_zone: "UTC", interval: "day", contexts: contexts() });
    const all = sentiment.data[0];
    expect(all.totals.neutral + all.totals.positive + all.totals.negative).toBe(63);
    expect(all.series.map((p: Json) => p.bucket)).toEqual(["2026-03-02T00:00:00.000Z", "2026-03-03T00:00:00.000Z", "2026-03-04T00:00:00.000Z"]);
    const refunds = sentiment.data[1];
    expect(refunds.totals.neutral + refunds.totals.positive + refunds.totals.negative).toBe(36);
    const networks = await ok("networks", { range: RANGE, contexts: [{ context_type: 6, context_id: 0 }] });
    expect(networks.data[0].items.find((n: Json) => n.social_type === "reddit").mentions).toBe(20);
    const only = await ok("networks", { range: RANGE, count_only: true });
    expect(Object.keys(only.data[0].items[0])).toEqual(["social_type", "mentions"]);
    const languages = await ok("demographics/languages", { range: RANGE });
    expect(languages.data[0].items.map((x: Json) => x.key)).not.toContain("und");
    const countries = await ok("demographics/countries", { range: RANGE, limit: 2 });
    expect(countries.data[0].items).toHaveLength(2);
    expect(countries.data[0].items.every((x: Json) => x.key !== "")).toBe(true);
    const reviews = await ok("reviews", { range: RANGE });
    const trustpilot = reviews.data[0].items.find((x: Json) => x.social_type === "trustpilot");
    expect(trustpilot.reviews).toBe(20);
    expect(Object.values(trustpilot.ratings).reduce((a: number, b) => a + (b as number), 0)).toBe(20);
    const sla = await ok("sla", { range: RANGE });
    expect(sla.data[0].replied).toBe(3);
    expect(sla.data[0].median_seconds).toBe(1200);
    expect(sla.data[0].average_seconds).toBe(1200);
    const shares = await ok("shares_count", { range: RANGE });
    expect(shares.data[0].value).toBe(Array.from({ length: 60 }, (_, i) => i % 4).reduce((a, b) => a + b, 0));
    expect(shares.data[0].previous).toBe(0);
  });

  it("takes the raw path in a half-hour zone and makes its buckets there", async () => {
    const utc = await ok("sentiment", { range: RANGE, time_zone: "UTC", interval: "day" });
    const kolkata = await ok("sentiment", { range: RANGE, time_zone: "Asia/Kolkata", interval: "day" });
    expect(kolkata.meta.source).toBe("raw");
    expect(kolkata.meta.time_zone).toBe("Asia/Kolkata");
    expect(kolkata.data[0].totals).toEqual(utc.data[0].totals);
    expect(kolkata.data[0].series[0].bucket).toBe("2026-03-01T18:30:00.000Z");
    const sum = (d: Json) => d.data[0].series.reduce((n: number, p: Json) => n + p.positive + p.neutral + p.negative, 0);
    expect(sum(kolkata)).toBe(sum(utc));
  });

  it("refuses bad requests with 400 and the catalogue's messages", async () => {
    const cases: Array<[Record<string, unknown>, string]> = [
      [{}, MESSAGES.dashboardApi.rangeRequired],
      [{ range: { from: "2026-03-05T00:00:00Z", to: "2026-03-02T00:00:00Z" } }, MESSAGES.dashboardApi.rangeInverted],
      [{ range: { from: "yesterday", to: "2026-03-02T00:00:00Z" } }, MESSAGES.dashboardApi.rangeFormat],
      [{ range: RANGE, contexts: [1, 2, 3, 4].map(() => ({ context_type: 6, context_id: 0 })) }, MESSAGES.dashboardApi.tooManyContexts(3)],
      [{ range: RANGE, interval: "fortnight" }, MESSAGES.dashboardApi.unknownInterval],
      [{ range: RANGE, interval: "month" }, MESSAGES.dashboardApi.intervalNotOffered("day, hour")],
      [{ range: RANGE, time_zone: "Mars/Olympus" }, MESSAGES.dashboardApi.unknownTimeZone],
    ];
    for (const [body, message] of cases) {
      const res = await read("sentiment", body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.json.error_message).toBe(message);
    }
  });

  it("refuses a count widget's own parameter it cannot read, naming it; the spelled-out forms pass", async () => {
    const cases: Array<[string, Record<string, unknown>, string]> = [
      ["reviews", { range: RANGE, social_types: ["trustpilot", "myspace"] }, "social_types.1"],
      ["networks", { range: RANGE, count_only: "perhaps" }, "count_only"],
      ["demographics/languages", { range: RANGE, limit: 0 }, "limit"],
      ["demographics/countries", { range: RANGE, limit: "ten" }, "limit"],
    ];
    for (const [widget, body, parameter] of cases) {
      const res = await read(widget, body);
      expect(res.status, `${widget} ${JSON.stringify(body)}`).toBe(400);
      expect(res.json.error_message).toBe(MESSAGES.dashboardApi.invalidParameter(parameter));
    }
    const reviews = await ok("reviews", { range: RANGE, social_types: "trustpilot,googlePlay" });
    expect(reviews.data[0].items.map((x: Json) => x.social_type)).toEqual(["trustpilot", "googlePlay"]);
    const counted = await ok("networks", { range: RANGE, count_only: "1" });
    expect(Object.keys(counted.data[0].items[0])).toEqual(["social_type", "mentions"]);
    const full = await ok("networks", { range: RANGE, count_only: "false" });
    expect(Object.keys(full.data[0].items[0])).toContain("engagement");
  });

  it("answers 404 for another tenant's saved search", async () => {
    const res = await read("sentiment", { range: RANGE, contexts: [{ context_type: 1, context_id: theirSearchId }] });
    expect(res.status).toBe(404);
  });

  it("writes CSV with formula cells neutralised", async () => {
    const res = await read("demographics/languages.csv", { range: RANGE, contexts: [{ context_type: 1, context_id: trickyId }] });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/csv");
    const lines = String(res.json).trim().split("\r\n");
    expect(lines[0]).toBe("context,language,mentions,share");
    expect(lines[1]!.startsWith(`"'=HYPERLINK(""x"")"`)).toBe(true);
    const report = await read("reports/general.csv", { range: RANGE, search_name: "@report" });
    expect(report.status).toBe(200);
    const rows = String(report.json).trim().split("\r\n");
    expect(rows[0]!.split(",")[0]).toBe("search_name");
    expect(rows[1]!.startsWith("'@report,")).toBe(true);
    expect(rows).toHaveLength(4);
  });

  it("caches per body and drops the entry when mentions arrive in its range", async () => {
    clearDashboardCache();
    const body = { range: { from: "2026-03-06T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" }, account_id: 1 };
    expect((await ok("sentiment", body)).meta.cached).toBe(false);
    const again = await ok("sentiment", { ...body, account_id: 2 });
    expect(again.meta.cached).toBe(true);
    await ingestItems(fx.deps, tenant, [
      { network: "twitter", external_id: "late", text: "great", created_at: "2026-03-07T10:00:00.000Z", author: { username: "x" } },
    ]);
    const fresh = await ok("sentiment", body);
    expect(fresh.meta.cached).toBe(false);
    expect(fresh.data[0].totals.positive + fresh.data[0].totals.neutral + fresh.data[0].totals.negative).toBe(1);
  });

  it("a shared link reads its own contexts and widgets only (404 otherwise), without signing in", async () => {
    const created = await fx.request("POST", "/api/v1/dashboard_shared_links", {
      auth: admin,
      body: { title: "Board", non_logged_in_access: true, config: { widgets: ["trend-sentiment"], contexts: [{ context_type: 1, context_id: searchId }] } },
    });
    expect(created.status, JSON.stringify(created.json)).toBe(201);
    const code = created.json.code as string;
    const viaLink = (path: string, body: Record<string, unknown>) =>
      fx.request("POST", `/api/v1/dashboard/${path}`, { body, headers: { "x-http-method-override": "GET", "shared-link-code": code } });
    const shown = await viaLink("sentiment", { range: RANGE, contexts: [{ context_type: 1, context_id: searchId }] });
    expect(shown.status, JSON.stringify(shown.json)).toBe(200);
    expect(shown.json.data[0].context.title).toBe("Refunds");
    expect((await viaLink("sentiment", { range: RANGE, contexts: [{ context_type: 1, context_id: trickyId }] })).status).toBe(404);
    expect((await viaLink("sentiment", { range: RANGE })).status).toBe(404);
    expect((await viaLink("networks", { range: RANGE, contexts: [{ context_type: 1, context_id: searchId }] })).status).toBe(404);
  });

  it("counts a mention that arrives on a day whose daily rollups were made, before and after they are made again", async () => {
    const body = { range: RANGE, time_zone: "UTC", interval: "day", contexts: contexts() };
    const total = (answer: Json, i: number) => answer.data[i].items.reduce((n: number, x: Json) => n + x.mentions, 0);
    clearDashboardCache();
    const before = await ok("networks", body);
    await ingestItems(fx.deps, tenant, [
      { network: "reddit", external_id: "late-refund", text: "refund please", created_at: "2026-03-03T10:30:00.000Z", author: { username: "y" } },
    ]);
    const raw = await ok("networks", { ...body, range: { from: "2026-03-01T23:30:00.000Z", to: RANGE.to } });
    for (const made of [false, true]) {
      if (made) expect(await compactDailyRollupsOfAll(fx.deps)).toBeGreaterThan(0);
      clearDashboardCache();
      const after = await ok("networks", body);
      expect(after.meta.source).toBe("rollup");
      expect([total(after, 0), total(after, 1)]).toEqual([total(before, 0) + 1, total(before, 1) + 1]);
      expect(after.data).toEqual(raw.data);
    }
  });
});
