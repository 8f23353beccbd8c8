import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAccountEvents } from "../../../db/repositories/account-events";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { MESSAGES } from "../../../domain/messages";

const CSRF_INVALID = MESSAGES.csrfInvalid;

describe.each(testEngines())("account events API on %s", (engine) => {
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
});
