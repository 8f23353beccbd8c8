// Every dashboard widget's CSV download (/dashboard/csv, ADR 036) over real HTTP as a browser gets it:
// one format (snake_case headers, the context first, plain numbers, ratios as numbers, ISO dates with the
// zone's offset) and a file named after the period shown, in the account's zone. And the figures' page
// (/charts) as the shell's other pages are: one main landmark, the shell's padding and buttons.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WIDGET_IDS } from "../../domain/dashboard";
import type { NetworkId } from "../../domain/networks";
import { compactDailyRollupsOfAll } from "../../services/analytics/daily-rollups";
import { createSeededStreams } from "../../services/streams/streams";
import { ingestItems, type SearchTenant } from "../support/search";
import { createTenantWithRoles, TENANT_PASSWORD } from "../support/tenant";
import { FormClient, startWebServer, type WebServer } from "../support/web-fixture";

/** A CSV document's rows (RFC 4180: quoted cells may hold commas and doubled quotes). */
function parse(csv: string): string[][] {
  expect(csv.endsWith("\r\n")).toBe(true);
  return csv
    .slice(0, -2)
    .split("\r\n")
    .map((line) => [...`${line},`.matchAll(/("(?:[^"]|"")*"|[^,]*),/g)].map((m) => m[1]!));
}

describe("the dashboard's CSV downloads", () => {
  let web: WebServer;
  let tenant: SearchTenant;
  let admin: FormClient;
  // March 2026 in Berlin: starts at 2026-02-28T23:00Z; summer time from the 29th.
  const period = "from=2026-03-01&to=2026-03-31&tz=Europe%2FBerlin";

  beforeAll(async () => {
    web = await startWebServer();
    const roles = await createTenantWithRoles(web.db);
    const streams = await createSeededStreams(web.deps, roles.businessProfileId, [
      { key: "twitter", network: "twitter", category: "streams", name: "Tweets", source: "api" },
    ]);
    tenant = { businessProfileId: roles.businessProfileId, streams: new Map<NetworkId, number>([["twitter", streams.get("twitter")!.id]]) };
    const mention = (id: string, text: string, language: string, createdAt: string) => ({
      network: "twitter" as const,
      external_id: id,
      text,
      language,
      created_at: createdAt,
      author: { username: `u${id}` },
      likes: 2,
    });
    const report = await ingestItems(web.deps, tenant, [
      mention("m1", "I love this app, it is great", "en", "2026-03-02T10:00:00.000Z"),
      mention("m2", "Die App ist schrecklich und kaputt", "de", "2026-03-10T10:00:00.000Z"),
      mention("m3", "Die App ist wunderbar", "de", "2026-03-30T10:00:00.000Z"),
      mention("f1", "Terrible support, awful", "en", "2026-02-10T10:00:00.000Z"),
    ]);
    expect(report.accepted).toBe(4);
    await compactDailyRollupsOfAll(web.deps);
    admin = new FormClient(web.baseUrl);
    expect((await admin.signIn(roles.accounts.admin.email, TENANT_PASSWORD)).status).toBe(302);
  });
  afterAll(() => web.close());

  async function download(widgetId: string, extra = ""): Promise<{ name: string; rows: string[][] }> {
    const response = await admin.get(`/dashboard/csv?widgetId=${widgetId}&${period}${extra}`);
    expect(response.status, widgetId).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1] ?? "";
    return { name, rows: parse(await response.text()) };
  }

  it("writes every widget in one format, named after the period shown", async () => {
    for (const widgetId of WIDGET_IDS) {
      const { name, rows } = await download(widgetId);
      expect(name, widgetId).toBe(`${widgetId}_2026-03-01_2026-03-31.csv`);
      const [header, ...body] = rows;
      expect(header![0], widgetId).toBe("context");
      for (const column of header!) expect(column, widgetId).toMatch(/^[a-z][a-z0-9]*(?:_[a-z0-9]+)*$/);
      for (const row of body) {
        expect(row, widgetId).toHaveLength(header!.length);
        for (const cell of row) {
          // No formatted figure ("+13.28%", "1,234", "2m 0s") and no apostrophe before a number.
          expect(cell, `${widgetId}: ${cell}`).not.toMatch(/%$|^'[+-]?\d|^"\d{1,3}(,\d{3})+"$|^\d+[smhd]( \d+[smh])?$/);
        }
      }
    }
  });

  it("writes counts and ratios as plain numbers and dates as ISO with the zone's offset", async () => {
    const sentiment = await download("sentiment");
    expect(sentiment.rows[0]).toEqual(["context", "sentiment", "mentions", "share", "previous_mentions", "change"]);
    const body = sentiment.rows.slice(1);
    expect(body.map((row) => row[1])).toEqual(["positive", "negative", "neutral"]);
    expect(body.reduce((sum, row) => sum + Number(row[2]), 0)).toBe(3);
    expect(body.reduce((sum, row) => sum + Number(row[3]), 0)).toBeCloseTo(1, 6);
    expect(body.reduce((sum, row) => sum + Number(row[4]), 0)).toBe(1);
    for (const row of body) {
      expect(Number.isFinite(Number(row[3]))).toBe(true);
      expect(row[5] === "" || Number.isFinite(Number(row[5]))).toBe(true);
    }

    const trend = await download("trend-sentiment");
    const starts = trend.rows.slice(1).map((row) => row[1]!);
    expect(starts).toContain("2026-03-01T00:00:00+01:00");
    expect(starts).toContain("2026-03-30T00:00:00+02:00");
    for (const start of starts) expect(start).toMatch(/^2026-03-\d\dT00:00:00\+0[12]:00$/);

    const languages = await download("demographics");
    expect(languages.rows[0]).toEqual(["context", "language_code", "language", "mentions", "share"]);
    expect(languages.rows.slice(1).map((row) => row.slice(1))).toEqual([
      ["de", "German", "2", "0.6667"],
      ["en", "English", "1", "0.3333"],
    ]);
    const countries = await download("demographics", "&demographics.mode=countries");
    expect(countries.name).toBe("demographics_2026-03-01_2026-03-31.csv");
    expect(countries.rows[0]).toEqual(["context", "country_code", "country", "mentions", "share"]);

    const sla = await download("first-reply-time");
    expect(sla.rows.slice(1).map((row) => row[1])).toEqual([
      "median_first_reply_seconds",
      "average_first_reply_seconds",
      "replied",
      "not_replied",
    ]);
    expect(sla.rows.find((row) => row[1] === "not_replied")?.slice(2)).toEqual(["3", "1", "2"]);
  });

  it("names a one-day period's file by its day in the account's zone", async () => {
    const response = await admin.get("/dashboard/csv?widgetId=topics&from=2026-03-05&to=2026-03-05&tz=Asia%2FTokyo");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toBe('attachment; filename="topics_2026-03-05_2026-03-05.csv"');
  });

  it("/charts sits in the shell's one main landmark with the shell's buttons", async () => {
    const response = await admin.get("/charts?widgetId=demographics&from=2026-03-01&to=2026-03-31&tz=UTC");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html.match(/<main\b/g)).toHaveLength(1);
    expect(html).toMatch(/<main id="content" class="[^"]*px-6/);
    // The demographics table names languages ("German"), not codes.
    expect(html).toContain(">German<");
    const apply = /<button[^>]*>Show the chart<\/button>/.exec(html)?.[0] ?? "";
    expect(apply).toContain("bg-brand-600");
  });
});
