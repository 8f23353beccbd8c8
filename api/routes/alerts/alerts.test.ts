import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { deliverAlertMails } from "../../../services/alerts/deliver";
import { evaluateAlerts } from "../../../services/alerts/evaluate";
import { backfillsSettled } from "../../../services/queries/backfill";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

// The alerts API as a team uses it (issue 24, ADR 029): an agent sets up an alert on a saved search,
// mentions arrive through the ingest API, the background evaluation fires once (one e-mail, one
// notification), not again while the count stays high, and again after it fell back and crossed again.

const FORBIDDEN = { error_message: MESSAGES.forbidden };
const keywords = (query: string) => [{ type: "must", values: [{ filter_type: "keywords", value: query }] }];

describe.each(testEngines({ engineSpecific: true }))("alerts API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAdmin: SignedIn;
  let streamId: number;
  let ingestKey: string;
  /** The agent's own search (Only Me) and a brand search everyone sees. */
  let mySearch: number;
  let brandSearch: number;
  let topicId: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const stream = await fx.request("POST", "/api/v1/streams", {
      auth: roles.admin,
      body: { name: "Tweets", social_type: "twitter", category: "streams", source: "api" },
    });
    streamId = stream.json.id;
    ingestKey = stream.json.ingest_key;
    mySearch = (await fx.request("POST", "/api/search/items", { auth: roles.agent, body: { name: "Outage", category: "my", query: keywords("outage") } })).json.id;
    brandSearch = (await fx.request("POST", "/api/search/items", { auth: roles.admin, body: { name: "Brand", category: "brand", query: keywords("acme") } })).json.id;
    const topic = await fx.request("POST", "/api/v1/topics", { auth: roles.admin, body: { name: "Refunds", type: "keywords", keywords: ["refund"] } });
    expect(topic.status, JSON.stringify(topic.json)).toBe(201);
    topicId = topic.json.id;
    await backfillsSettled(fx.deps);
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  let itemCounter = 0;
  async function ingest(texts: string[], createdAt: Date) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": ingestKey },
        body: JSON.stringify(
          texts.map((text) => ({ external_id: `a-${++itemCounter}`, text, created_at: createdAt.toISOString(), author: { username: "ann" } })),
        ),
      }),
    );
    expect(await res.json()).toMatchObject({ accepted: texts.length });
  }
  const create = (body: Record<string, unknown>, auth: SignedIn = roles.agent) => fx.request("POST", "/api/alerts", { auth, body });
  const valid = { name: "Outage spike", recipient_emails: ["ops@example.test"], threshold_count_value: 3, alert_time_span: 60 };

  it("checks the form with the catalogue's messages", async () => {
    const res = await create({ search_id: mySearch, name: " ", recipient_emails: ["ops@example.test", "not-an-address"], threshold_count_value: 0 });
    expect(res.status).toBe(422);
    expect(res.json.errors).toEqual({
      name: [MESSAGES.required],
      recipient_emails: [MESSAGES.emails],
      threshold_count_value: [MESSAGES.positive],
    });
    expect((await create({ ...valid, threshold_count_value: "many", search_id: mySearch })).json.errors).toEqual({ threshold_count_value: [MESSAGES.numeric] });
    expect((await create({ ...valid })).json.errors).toEqual({ search_id: [MESSAGES.required] });
    expect((await create({ ...valid, search_id: mySearch, threshold_count_mode: "sometimes" })).json.errors).toEqual({ threshold_count_mode: [MESSAGES.wrongFormat] });
  });

  it("refuses guests, and answers 404 for another tenant's search, topic or alert", async () => {
    expect(await create({ ...valid, search_id: brandSearch }, roles.guest)).toMatchObject({ status: 403, json: FORBIDDEN });
    expect((await create({ ...valid, search_id: mySearch }, theirAdmin)).status).toBe(404);
    expect((await create({ ...valid, topic_id: topicId }, theirAdmin)).status).toBe(404);
    // The agent's own search is Only Me: the admin does not see it either.
    expect((await create({ ...valid, search_id: mySearch }, roles.admin)).status).toBe(404);
    const alert = await create({ ...valid, topic_id: topicId });
    expect(alert.status).toBe(201);
    for (const [method, path] of [
      ["GET", `/api/alerts/${alert.json.id}`],
      ["PUT", `/api/alerts/${alert.json.id}`],
      ["DELETE", `/api/alerts/${alert.json.id}`],
      ["POST", `/api/alerts/${alert.json.id}/toggle-state`],
    ] as const) {
      const res = await fx.request(method, path, { auth: theirAdmin, ...(method === "PUT" ? { body: valid } : {}) });
      expect(res.status, `${method} ${path}`).toBe(404);
    }
    expect((await fx.request("GET", `/api/v1/alerts?topic_id=${topicId}`, { auth: theirAdmin })).status).toBe(404);
    // Another agent reads it; only its owner or an admin change it.
    const list = await fx.request("GET", `/api/v1/alerts?topic_id=${topicId}`, { auth: roles.admin });
    expect(list.json.data.map((a: { id: number; editable: boolean }) => [a.id, a.editable])).toEqual([[alert.json.id, true]]);
    const admin = await fx.request("PUT", `/api/alerts/${alert.json.id}`, { auth: roles.admin, body: { ...valid, name: "Refund watch" } });
    expect(admin).toMatchObject({ status: 200, json: { name: "Refund watch", topic_id: topicId, target_name: "Refunds" } });
    expect((await fx.request("GET", `/api/v1/topics/${topicId}`, { auth: roles.admin })).json.are_alerts_enabled).toBe(true);
    expect((await fx.request("DELETE", `/api/alerts/${alert.json.id}`, { auth: roles.admin })).status).toBe(204);
    expect((await fx.request("GET", `/api/v1/topics/${topicId}`, { auth: roles.admin })).json.are_alerts_enabled).toBe(false);
  });

  it("fires once per crossing: one e-mail and one notification, none while the count stays high, again after it fell back", async () => {
    const created = await create({ ...valid, search_id: mySearch, recipient_emails: "ops@example.test, Lead@Example.test", email_description: "Check the status page" });
    expect(created.status).toBe(201);
    expect(created.json).toEqual({
      id: expect.any(Number),
      name: "Outage spike",
      is_muted: false,
      is_active: true,
      trigger: "automatic",
      send_via: "email",
      recipient_emails: ["ops@example.test", "lead@example.test"],
      email_description: "Check the status page",
      threshold_count_mode: "count",
      threshold_count_value: 3,
      alert_time_span: 60,
      search_id: mySearch,
      topic_id: null,
      target_name: "Outage",
      owner_account_id: roles.agent.accountId,
      editable: true,
      last_evaluated_at: null,
      last_count: null,
      created_at: expect.any(String),
      updated_at: expect.any(String),
      last_firings: [],
    });
    const id = created.json.id as number;
    expect((await fx.request("GET", `/api/search/items/${mySearch}`, { auth: roles.agent })).json.are_alerts_enabled).toBe(true);

    const start = new Date();
    await ingest(["outage in the EU", "another outage", "unrelated acme news"], new Date(start.getTime() - 5 * 60_000));
    await evaluateAlerts(fx.deps);
    expect((await fx.request("GET", `/api/alerts/${id}`, { auth: roles.agent })).json).toMatchObject({ last_count: 2, last_firings: [] });

    await ingest(["<b>outage</b> again"], new Date(start.getTime() - 60_000));
    const mailsBefore = fx.sentMail.length;
    expect(await evaluateAlerts(fx.deps)).toMatchObject({ fired: 1 });
    expect(await evaluateAlerts(fx.deps)).toMatchObject({ fired: 0 });
    expect(await deliverAlertMails(fx.deps)).toEqual({ sent: 1, failed: 0 });
    expect(await deliverAlertMails(fx.deps)).toEqual({ sent: 0, failed: 0 });
    const mails = fx.sentMail.slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ to: "ops@example.test, lead@example.test", subject: "[Earshot] Alert 'Outage spike': 3 mentions" });
    expect(mails[0]!.text).toContain("Check the status page");
    expect(mails[0]!.text).toContain("3 mentions matched Outage in the last 1 hour.");
    expect(mails[0]!.text).toContain(`http://localhost:3000/inbox?source=search-${mySearch}`);
    expect(mails[0]!.text).toMatch(new RegExp(`http://localhost:3000/inbox\\?source=search-${mySearch}&item=\\d+`));
    expect(mails[0]!.html).toContain("&lt;b&gt;outage&lt;/b&gt; again");
    expect(mails[0]!.html).not.toContain("<b>outage");

    const bell = await fx.request("GET", "/api/v1/notifications", { auth: roles.agent });
    const alertNotes = bell.json.data.filter((n: { category: string }) => n.category === "alert");
    expect(alertNotes).toHaveLength(1);
    expect(alertNotes[0]).toMatchObject({ text: "Alert 'Outage spike': 3 mentions in Outage" });

    const listed = await fx.request("GET", `/api/v1/alerts?search_id=${mySearch}`, { auth: roles.agent });
    expect(listed.json.data[0].last_firings).toMatchObject([{ match_count: 3, email_status: "sent", is_muted: false, email_attempts: 1 }]);

    // Two hours on, the window is empty: the alert re-arms, and fires again at the next crossing.
    const later = new Date(start.getTime() + 2 * 3600_000);
    const laterDeps = { ...fx.deps, now: () => later };
    expect(await evaluateAlerts(laterDeps)).toMatchObject({ fired: 0 });
    await ingest(["outage", "outage", "outage"], new Date(later.getTime() - 60_000));
    const next = { ...fx.deps, now: () => new Date(later.getTime() + 60_000) };
    expect(await evaluateAlerts(next)).toMatchObject({ fired: 1 });
    expect(await deliverAlertMails(next)).toEqual({ sent: 1, failed: 0 });
    expect((await fx.request("GET", `/api/alerts/${id}`, { auth: roles.agent })).json.last_firings).toHaveLength(2);
  });

  it("toggles the state (and the search's are_alerts_enabled); an alert that is off is not evaluated", async () => {
    const created = await create({ ...valid, search_id: brandSearch, name: "Brand" }, roles.agent);
    const id = created.json.id as number;
    const off = await fx.request("POST", `/api/alerts/${id}/toggle-state`, { auth: roles.agent });
    expect(off).toMatchObject({ status: 200, json: { is_active: false } });
    expect((await fx.request("GET", `/api/search/items/${brandSearch}`, { auth: roles.admin })).json.are_alerts_enabled).toBe(false);
    await ingest(["acme", "acme", "acme"], new Date());
    await evaluateAlerts(fx.deps);
    expect((await fx.request("GET", `/api/alerts/${id}`, { auth: roles.agent })).json).toMatchObject({ last_evaluated_at: null });
    // Another agent sees the brand search's alert but may not change it.
    expect(await fx.request("POST", `/api/alerts/${id}/toggle-state`, { auth: roles.guest })).toMatchObject({ status: 403 });
    const on = await fx.request("POST", `/api/alerts/${id}/toggle-state`, { auth: roles.admin });
    expect(on).toMatchObject({ status: 200, json: { is_active: true } });
    expect((await fx.request("GET", `/api/search/items/${brandSearch}`, { auth: roles.admin })).json.are_alerts_enabled).toBe(true);
    // The search goes, its alerts with it.
    expect((await fx.request("DELETE", `/api/search/items/${brandSearch}`, { auth: roles.admin })).status).toBe(204);
    expect((await fx.request("GET", `/api/alerts/${id}`, { auth: roles.agent })).status).toBe(404);
  });
});
