import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAccountEvents } from "../../../db/repositories/account-events";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const CSRF_INVALID = MESSAGES.csrfInvalid;

describe.each(testEngines({ engineSpecific: true }))("account events API on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let agent: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
    agent = await fx.signIn(tenant.accounts.agent.email);
  });
  afterAll(() => fx.cleanup());

  async function countEvents(): Promise<number> {
    const row = await fx.db
      .selectFrom("accountEvents")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  const event = { action_type: "page_view", event_type: "view", action_module: "/inbox" };

  it("records an event for the caller and answers 201 with its id", async () => {
    const res = await fx.request("POST", "/api/v1/account_events", {
      auth: agent,
      body: { ...event, context_id: 12, context_type: 6, social_type: "twitter" },
    });
    expect(res.status).toBe(201);
    expect(res.json).toEqual({ id: expect.any(Number) });

    const [stored] = await listAccountEvents(fx.db, tenant.businessProfileId, { accountIds: [agent.accountId] });
    expect(stored).toMatchObject({
      id: res.json.id,
      businessProfileId: tenant.businessProfileId,
      accountId: tenant.accounts.agent.id,
      actionType: "page_view",
      eventType: "view",
      actionModule: "/inbox",
      contextId: 12,
      contextType: 6,
      socialType: "twitter",
    });
  });

  it("with Prefer: respond-async, queues the event (202) and stores it with the time it was made before the events are read", async () => {
    const before = await countEvents();
    const res = await fx.request("POST", "/api/v1/account_events", {
      auth: agent,
      body: { ...event, action_module: "/queued" },
      headers: { prefer: "respond-async" },
    });
    expect(res.status).toBe(202);
    expect(res.json).toEqual({ queued: true });
    const listed = await fx.request("GET", `/api/v1/account_events?account_ids=${agent.accountId}`, { auth: await fx.signIn(tenant.accounts.admin.email) });
    expect(listed.status).toBe(200);
    expect(listed.json.data.filter((e: { action_module: string }) => e.action_module === "/queued")).toHaveLength(1);
    expect(await countEvents()).toBe(before + 1);
  });

  it("needs only action_type, event_type and action_module", async () => {
    const res = await fx.request("POST", "/api/v1/account_events", { auth: agent, body: event });
    expect(res.status).toBe(201);
    const stored = await listAccountEvents(fx.db, tenant.businessProfileId, { accountIds: [agent.accountId] });
    expect(stored.find((e) => e.id === res.json.id)).toMatchObject({ contextId: null, contextType: null, socialType: null });
  });

  it("answers 422 with catalogue messages for missing or empty fields, and stores nothing", async () => {
    const before = await countEvents();
    const missing = await fx.request("POST", "/api/v1/account_events", { auth: agent, body: {} });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual({
      action_type: ["Should not be empty!"],
      event_type: ["Should not be empty!"],
      action_module: ["Should not be empty!"],
    });
    expect(missing.json.error_message).toBe("action_type Should not be empty!");

    const partial = await fx.request("POST", "/api/v1/account_events", {
      auth: agent,
      body: { action_type: "page_view", event_type: "   " },
    });
    expect(partial.status).toBe(422);
    expect(Object.keys(partial.json.errors).sort()).toEqual(["action_module", "event_type"]);

    const wrong = await fx.request("POST", "/api/v1/account_events", {
      auth: agent,
      body: { ...event, action_module: "x".repeat(301), context_id: "twelve" },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json.errors).toEqual({ action_module: ["It is too long!"], context_id: ["Wrong format!"] });
    expect(await countEvents()).toBe(before);
  });

  it("answers 401 without a valid access token and stores nothing", async () => {
    const before = await countEvents();
    const anonymous = await fx.request("POST", "/api/v1/account_events", { body: event });
    expect(anonymous.status).toBe(401);
    expect(anonymous.json.error_message).toBe("You need to sign in.");
    const forged = await fx.request("POST", "/api/v1/account_events", {
      body: event,
      headers: { authorization: "Bearer forged", "x-csrf-token": agent.csrfToken },
    });
    expect(forged.status).toBe(401);
    expect(await countEvents()).toBe(before);
  });

  it("answers 403 without or with a wrong X-CSRF-Token and stores nothing", async () => {
    const other = await fx.signIn(tenant.accounts.admin.email);
    const before = await countEvents();
    for (const csrf of [null, "", "wrong-token", other.csrfToken]) {
      const res = await fx.request("POST", "/api/v1/account_events", { auth: agent, csrf, body: event });
      expect(res.status).toBe(403);
      expect(res.json).toEqual({ error_message: CSRF_INVALID });
    }
    expect(await countEvents()).toBe(before);

    const ok = await fx.request("POST", "/api/v1/account_events", { auth: agent, csrf: agent.csrfToken, body: event });
    expect(ok.status).toBe(201);
    expect(await countEvents()).toBe(before + 1);
  });

  it("keeps the CSRF check ahead of validation", async () => {
    const res = await fx.request("POST", "/api/v1/account_events", { auth: agent, csrf: null, body: {} });
    expect(res.status).toBe(403);
    expect(res.json.error_message).toBe(CSRF_INVALID);
  });

  it("keeps the CSRF token valid across refreshes of the session", async () => {
    const auth = await fx.signIn(tenant.accounts.guest.email);
    const refreshed = await fx.request("PUT", "/api/v1/session", {
      headers: { authorization: `Bearer ${auth.refreshToken}` },
    });
    expect(refreshed.status).toBe(200);
    const res = await fx.request("POST", "/api/v1/account_events", {
      auth: { ...auth, accessToken: refreshed.json.access_token },
      body: event,
    });
    expect(res.status).toBe(201);
  });

  describe("GET /v1/account_events and /labels", () => {
    let admin: SignedIn;
    let guest: SignedIn;
    let twitterItem: number;
    let redditItem: number;
    let urgent: number;
    let billing: number;
    let inSearch: number;
    const started = new Date(Date.now() - 1000).toISOString();

    async function itemOf(network: string, externalId: string): Promise<number> {
      const stream = await fx.request("POST", "/api/v1/streams", {
        auth: admin,
        body: { name: `${network} events`, social_type: network, category: "streams", source: "api" },
      });
      const res = await fx.api.fetch(
        new Request(`http://api.test/api/v1/ingest/streams/${stream.json.id}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-ingest-key": stream.json.ingest_key },
          body: JSON.stringify([{ external_id: externalId, text: "Where is my order?", created_at: "2024-05-01T10:00:00Z", author: { username: "ann" } }]),
        }),
      );
      expect(await res.json()).toMatchObject({ accepted: 1 });
      return (await fx.db.selectFrom("feedItems").select("id").where("externalId", "=", externalId).executeTakeFirstOrThrow()).id;
    }

    beforeAll(async () => {
      admin = await fx.signIn(tenant.accounts.admin.email);
      guest = await fx.signIn(tenant.accounts.guest.email);
      twitterItem = await itemOf("twitter", "ev-t1");
      redditItem = await itemOf("reddit", "ev-r1");
      urgent = (await fx.request("POST", "/api/labels", { auth: agent, body: { name: "Urgent" } })).json.id;
      billing = (await fx.request("POST", "/api/labels", { auth: agent, body: { name: "Billing" } })).json.id;
      inSearch = (await fx.request("POST", "/api/labels", { auth: agent, body: { name: "Made in a search", context_id: 5, context_type: 1 } })).json.id;

      // The inbox's actions record their events: assign (agent, twitter), labels (agent and admin, reddit).
      expect((await fx.request("POST", `/api/v1/feed-items/${twitterItem}/assign`, { auth: agent, body: { assignee_type: "account", assignee_id: admin.accountId } })).status).toBe(200);
      expect((await fx.request("POST", `/api/v1/feed-items/${redditItem}/set-labels`, { auth: agent, body: { label_ids: [urgent, billing] } })).status).toBe(200);
      expect((await fx.request("POST", `/api/v1/feed-items/${twitterItem}/set-labels`, { auth: admin, body: { label_ids: [urgent, inSearch] } })).status).toBe(200);
      // Events a client records itself count too.
      for (const action_type of ["like", "like", "review"]) {
        await fx.request("POST", "/api/v1/account_events", { auth: agent, body: { action_type, event_type: "click", action_module: "/inbox", social_type: "twitter" } });
      }
    });

    const range = () => `range[from]=${encodeURIComponent(started)}&range[to]=${encodeURIComponent(new Date(Date.now() + 60_000).toISOString())}`;

    it("answers the events in the range and, per network, the counts of the inbox's actions", async () => {
      const res = await fx.request("GET", `/api/v1/account_events?${range()}`, { auth: agent });
      expect(res.status).toBe(200);
      expect(res.json.counts).toEqual({
        twitter: { assign: 1, label: 2, like: 2, replies_private: 0, replies_public: 0, review: 1 },
        reddit: { assign: 0, label: 2, like: 0, replies_private: 0, replies_public: 0, review: 0 },
      });
      expect(res.json.data).toEqual(
        expect.arrayContaining([
          expect.objectContaining({ action_type: "assign", account_id: agent.accountId, social_type: "twitter", context_id: twitterItem }),
        ]),
      );
      expect(res.json.data.every((e: { created_at: string }) => e.created_at >= started)).toBe(true);
    });

    it("narrows to some accounts, a range and a context", async () => {
      const adminOnly = await fx.request("GET", `/api/v1/account_events?account_ids=${admin.accountId}&${range()}`, { auth: agent });
      expect(adminOnly.json.counts).toEqual({ twitter: { assign: 0, label: 2, like: 0, replies_private: 0, replies_public: 0, review: 0 } });
      const bracketed = await fx.request("GET", `/api/v1/account_events?account_ids[]=${admin.accountId}&account_ids[]=${agent.accountId}&${range()}`, { auth: agent });
      expect(bracketed.json.counts.reddit.label).toBe(2);
      const before = await fx.request("GET", `/api/v1/account_events?range[to]=${encodeURIComponent(started)}`, { auth: agent });
      expect(before.json.counts).toEqual({});
      const oneItem = await fx.request("GET", `/api/v1/account_events?context_id=${twitterItem}&context_type=7&${range()}`, { auth: agent });
      expect(oneItem.json.counts).toEqual({ twitter: { assign: 1, label: 0, like: 0, replies_private: 0, replies_public: 0, review: 0 } });
      const wrong = await fx.request("GET", "/api/v1/account_events?range[from]=yesterday", { auth: agent });
      expect(wrong.status).toBe(422);
      expect(wrong.json.errors).toEqual({ "range.from": [MESSAGES.wrongFormat] });
    });

    it("counts label events per label, optionally of the labels made in one context", async () => {
      const res = await fx.request("GET", `/api/v1/account_events/labels?${range()}`, { auth: agent });
      expect(res.status).toBe(200);
      expect(res.json.data).toEqual([
        { label_id: billing, name: "Billing", category: null, count: 1 },
        { label_id: inSearch, name: "Made in a search", category: null, count: 1 },
        { label_id: urgent, name: "Urgent", category: null, count: 2 },
      ]);
      const byAdmin = await fx.request("GET", `/api/v1/account_events/labels?account_ids=${admin.accountId}&${range()}`, { auth: agent });
      expect(byAdmin.json.data.map((r: { name: string; count: number }) => [r.name, r.count])).toEqual([
        ["Made in a search", 1],
        ["Urgent", 1],
      ]);
      const inContext = await fx.request("GET", `/api/v1/account_events/labels?context_id=5&context_type=1&${range()}`, { auth: agent });
      expect(inContext.json.data.map((r: { label_id: number }) => r.label_id)).toEqual([inSearch]);
    });

    it("shows nothing of another business profile and refuses guests", async () => {
      const other = await fx.createTenant();
      const otherAdmin = await fx.signIn(other.accounts.admin.email);
      const res = await fx.request("GET", `/api/v1/account_events?${range()}`, { auth: otherAdmin });
      expect(res.json).toEqual({ data: [], counts: {} });
      expect((await fx.request("GET", `/api/v1/account_events/labels?${range()}`, { auth: otherAdmin })).json).toEqual({ data: [] });
      expect((await fx.request("GET", "/api/v1/account_events", { auth: guest })).status).toBe(403);
      expect((await fx.request("GET", "/api/v1/account_events/labels", { auth: guest })).status).toBe(403);
    });
  });
});
