import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { NetworkId } from "../../../domain/networks";
import { MESSAGES } from "../../../domain/messages";
import { backfillsSettled } from "../../../services/queries/backfill";
import { buildExecutiveReport } from "../../../services/reports/build-report";
import { createSeededStreams } from "../../../services/streams/streams";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { ingestItems, insertSearchItem, keywordsGroups, type SearchTenant } from "../../../tests/support/search";

// The e-mail reports' admin API as an admin meets it (issue 25): who may use it, what it refuses and with
// which catalogue messages, another tenant's records, "send me a copy now" and reset; and the executive
// report's numbers, which must be the dashboard API's for the same period and contexts.

const NOW = new Date("2026-03-10T12:20:00.000Z");
const NETWORKS: NetworkId[] = ["twitter", "reddit", "article"];
const WORDS = ["refund was great, love it", "terrible refund, awful", "refund question", "acme launch is great", "acme outage awful"];
const at = (i: number) => new Date(Date.UTC(2026, 2, 4, 0, 7 + ((i * 13) % 50)) + (i % 120) * 3_600_000).toISOString();
type Json = any;

describe.each(testEngines({ engineSpecific: true }))("e-mail reports API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAdmin: SignedIn;
  let searchId: number;
  let competitorId: number;
  let theirSearchId: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => NOW });
    mine = await fx.createTenant();
    theirs = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const seeded = await createSeededStreams(
      fx.deps,
      mine.businessProfileId,
      NETWORKS.map((network) => ({ key: network, network, category: "streams" as const, name: `${network} stream`, source: "api" })),
    );
    const tenant: SearchTenant = { businessProfileId: mine.businessProfileId, streams: new Map([...seeded].map(([k, v]) => [k as NetworkId, v.id])) };
    searchId = await insertSearchItem(fx.db, mine.businessProfileId, keywordsGroups("refund"), "Refunds");
    competitorId = await insertSearchItem(fx.db, mine.businessProfileId, keywordsGroups("acme"), "Acme");
    theirSearchId = await insertSearchItem(fx.db, theirs.businessProfileId, keywordsGroups("refund"), "Theirs");
    await ingestItems(
      fx.deps,
      tenant,
      Array.from({ length: 90 }, (_, i) => ({
        network: NETWORKS[i % 3]!,
        external_id: `m${i}`,
        text: `${WORDS[i % WORDS.length]} ${i}`,
        ...(NETWORKS[i % 3] === "article" ? { title: `Headline ${i}` } : {}),
        created_at: at(i),
        likes: i % 5,
        shares: i % 4,
        views: i * 10,
        author: { username: `u${i % 7}`, followers: i * 100 },
      })),
    );
    await backfillsSettled(fx.deps);
  }, 120_000);
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  const valid = () => ({
    email_name: "Weekly digest",
    brand_name: "Refunds & Co",
    email_type: "executive",
    reciver_account_id: mine.accounts.admin.id,
    search_id: searchId,
    mail_frequency: [1, 4],
    deliver_hour: 8,
    data_from: 7,
    extra_emails: ["board@example.test"],
    competitors: [competitorId],
    articles_limit: 3,
    posts_limit: 4,
    omit_response: false,
    min_limitation: 0,
  });
  const create = async (body: Record<string, unknown> = valid(), auth = roles.admin) => fx.request("POST", "/api/v1/admin/emails", { auth, body });

  it("an admin schedules a report: the spec's fields word for word, and its next due time in the profile's zone", async () => {
    const res = await create();
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    expect(res.json).toMatchObject({ ...valid(), business_profile_id: mine.businessProfileId, articles_filter_id: null, articles_url: null, last_run: null });
    // Tuesday 10 March 12:20 UTC (the profile's zone is UTC) → Thursday 12 March 08:00.
    expect(res.json.next_run_at).toBe("2026-03-12T08:00:00.000Z");
    const list = await fx.request("GET", "/api/v1/admin/emails", { auth: roles.systemAdmin });
    expect(list.status).toBe(200);
    expect(list.json.data.map((r: Json) => r.id)).toContain(res.json.id);
  });

  it("agents and guests are refused (403); another tenant's admin sees none of ours", async () => {
    const id = (await create()).json.id;
    for (const auth of [roles.agent, roles.guest]) {
      expect((await fx.request("GET", "/api/v1/admin/emails", { auth })).status).toBe(403);
      expect((await create(valid(), auth)).status).toBe(403);
      expect((await fx.request("POST", "/api/v1/admin/mailers", { auth, body: { id, send_me: true } })).status).toBe(403);
    }
    const theirList = await fx.request("GET", "/api/v1/admin/emails", { auth: theirAdmin });
    expect(theirList.json.data).toEqual([]);
    expect((await fx.request("PATCH", `/api/v1/admin/emails/${id}`, { auth: theirAdmin, body: { ...valid(), search_id: theirSearchId, reciver_account_id: theirs.accounts.admin.id, competitors: [] } })).status).toBe(404);
    expect((await fx.request("DELETE", `/api/v1/admin/emails/${id}`, { auth: theirAdmin })).status).toBe(404);
    expect((await fx.request("POST", "/api/v1/admin/mailers", { auth: theirAdmin, body: { id, send_me: true } })).status).toBe(404);
  });

  it("another tenant's search, competitor, account or filter is a 404", async () => {
    expect((await create({ ...valid(), search_id: theirSearchId })).status).toBe(404);
    expect((await create({ ...valid(), competitors: [theirSearchId] })).status).toBe(404);
    expect((await create({ ...valid(), reciver_account_id: theirs.accounts.admin.id })).status).toBe(404);
    const filter = await fx.request("POST", "/api/v1/filters", { auth: theirAdmin, body: { name: "News", filter_type: "articles", value: { social_types: ["article"] } } });
    expect(filter.status, JSON.stringify(filter.json)).toBe(201);
    expect((await create({ ...valid(), articles_filter_id: filter.json.id })).status).toBe(404);
    expect((await create({ ...valid(), business_profile_id: theirs.businessProfileId })).status).toBe(403);
  });

  it("bad input answers the catalogue's messages", async () => {
    const fields = async (body: Record<string, unknown>) => {
      const res = await create({ ...valid(), ...body });
      expect(res.status).toBe(422);
      return res.json.errors ?? res.json.error?.fields ?? res.json;
    };
    expect(JSON.stringify(await fields({ deliver_hour: 24 }))).toContain(MESSAGES.wrongFormat);
    expect(JSON.stringify(await fields({ deliver_hour: -1 }))).toContain(MESSAGES.notNegative);
    expect(JSON.stringify(await fields({ mail_frequency: [] }))).toContain(MESSAGES.atLeastOneItem);
    expect(JSON.stringify(await fields({ mail_frequency: [1, 7] }))).toContain(MESSAGES.wrongFormat);
    expect(JSON.stringify(await fields({ extra_emails: ["ok@example.test", "not-an-address"] }))).toContain(MESSAGES.emails);
    expect(JSON.stringify(await fields({ email_name: "" }))).toContain(MESSAGES.required);
    expect(JSON.stringify(await fields({ articles_url: "javascript:alert(1)" }))).toContain(MESSAGES.url);
    expect(JSON.stringify(await fields({ competitors: [competitorId, searchId + 1000, searchId + 1001] }))).toContain(MESSAGES.tooManyElements);
  });

  it("PATCH changes the fields and recomputes the schedule; DELETE removes it", async () => {
    const id = (await create()).json.id;
    const res = await fx.request("PATCH", `/api/v1/admin/emails/${id}`, { auth: roles.admin, body: { ...valid(), email_name: "Daily", mail_frequency: [3], deliver_hour: 6 } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ email_name: "Daily", mail_frequency: [3], deliver_hour: 6, next_run_at: "2026-03-11T06:00:00.000Z" });
    expect((await fx.request("DELETE", `/api/v1/admin/emails/${id}`, { auth: roles.admin })).status).toBe(204);
    expect((await fx.request("DELETE", `/api/v1/admin/emails/${id}`, { auth: roles.admin })).status).toBe(404);
  });

  it("send_me sends one copy, to the caller only; reset recomputes the next run", async () => {
    const id = (await create()).json.id;
    await fx.db.updateTable("emailReports").set({ nextRunAt: "2020-01-01T00:00:00.000Z" }).where("id", "=", id).execute();
    const before = fx.sentMail.length;
    const res = await fx.request("POST", "/api/v1/admin/mailers", { auth: roles.systemAdmin, body: { id, send_me: true, reset: true } });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json).toMatchObject({ id, next_run_at: "2026-03-12T08:00:00.000Z", copy: { kind: "copy", status: "sent", recipients: [mine.accounts.systemAdmin.email.toLowerCase()] } });
    const sent = fx.sentMail.slice(before);
    expect(sent.map((m) => m.to)).toEqual([mine.accounts.systemAdmin.email.toLowerCase()]);
    expect(sent[0]!.subject).toBe("Refunds & Co: Weekly digest");
    expect(sent[0]!.html).toContain("Refunds &amp; Co executive report");
    expect(sent[0]!.text).toContain("Refunds & Co executive report");
    expect(sent[0]!.attachments?.map((a) => a.contentType)).toEqual(["image/png", "image/png"]);
    expect(sent[0]!.html).toContain(`cid:${sent[0]!.attachments![0]!.cid}`);
    const list = await fx.request("GET", "/api/v1/admin/emails", { auth: roles.admin });
    expect(list.json.data.find((r: Json) => r.id === id).last_run).toMatchObject({ kind: "copy", status: "sent" });
  });

  it("the report's numbers are the dashboard API's for the same period and contexts", async () => {
    const id = (await create()).json.id;
    const row = (await fx.db.selectFrom("emailReports").selectAll().where("id", "=", id).executeTakeFirstOrThrow())!;
    const dueAt = "2026-03-10T08:00:00.000Z";
    const report = await buildExecutiveReport(fx.deps, row, dueAt);
    const body = {
      range: { from: "2026-03-03T08:00:00.000Z", to: dueAt },
      time_zone: "UTC",
      interval: "day",
      contexts: [
        { context_type: 1, context_id: searchId },
        { context_type: 1, context_id: competitorId },
      ],
    };
    const read = async (path: string, b: Record<string, unknown>) => {
      const res = await fx.request("POST", `/api/v1/dashboard/${path}`, { auth: roles.admin, body: b, headers: { "x-http-method-override": "GET", "cache-control": "no-cache" } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      return res.json;
    };
    const sentiment = await read("compared_sentiment", body);
    expect(report.contexts.map((c) => c.title)).toEqual(["Refunds", "Acme"]);
    for (const [i, entry] of sentiment.data.entries()) {
      const c = report.contexts[i]!;
      expect(c.sentiment).toEqual(entry.totals);
      expect(c.series).toEqual(entry.series);
      expect(c.mentions).toBe(entry.totals.positive + entry.totals.neutral + entry.totals.negative);
      expect(c.previousMentions).toBe(entry.compared.totals.positive + entry.compared.totals.neutral + entry.compared.totals.negative);
    }
    expect(report.contexts[0]!.mentions).toBeGreaterThan(0);
    const own = { ...body, contexts: body.contexts.slice(0, 1) };
    const networks = await read("networks", own);
    expect(report.networks.map((n) => [n.socialType, n.mentions])).toEqual(networks.data[0].items.slice(0, 5).map((n: Json) => [n.social_type, n.mentions]));
    const sla = await read("sla", own);
    expect(report.response).toEqual({ medianSeconds: sla.data[0].median_seconds, replied: sla.data[0].replied, unreplied: sla.data[0].unreplied });
    const posts = await read("most-impactful-posts", { ...own, page: 1, per_page: 4 });
    expect(report.posts!.map((p) => p.id)).toEqual(posts.data[0].items.map((p: Json) => p.id));
    const articles = await read("most-impactful-posts", { ...own, page: 1, per_page: 3, selected_social_types: ["article"] });
    expect(report.articles!.map((p) => p.id)).toEqual(articles.data[0].items.map((p: Json) => p.id));
    expect(report.articles!.length).toBeGreaterThan(0);
    expect(report.articles!.every((a) => a.socialType === "article")).toBe(true);
    expect(report.dashboardUrl).toBe(
      `http://localhost:3000/?from=2026-03-03T08%3A00%3A00.000Z&to=2026-03-10T08%3A00%3A00.000Z&timeUnit=day&tz=UTC&contextIds=1-${searchId}%2C1-${competitorId}`,
    );
  });
});
