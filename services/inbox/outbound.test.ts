import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../tests/support/api-fixture";
import { startCallbackServer, type CallbackServer } from "../../tests/support/callback-server";
import { testEngines } from "../../tests/support/database";
import { createOutboundRegistry, createWebhookCallbackConnector, replyUrlOf, signBody } from "./outbound";

// The webhook callback's failure paths through the reply API, against a real server on 127.0.0.1.
describe.each(testEngines())("webhook callback connector on %s", (engine) => {
  let fx: ApiFixture;
  let callbacks: CallbackServer;
  let agent: SignedIn;
  let streamId: number;
  let itemIds: number[];

  beforeAll(async () => {
    callbacks = await startCallbackServer();
    // A short time-out keeps the test quick; the server's is WEBHOOK_CALLBACK_TIMEOUT_MS.
    fx = await createApiFixture(engine, { outbound: createOutboundRegistry([createWebhookCallbackConnector({ timeoutMs: 300 })]) });
    const tenant = await fx.createTenant();
    const roles = await fx.signInRoles(tenant);
    agent = roles.agent;
    const created = await fx.request("POST", "/api/v1/streams", {
      auth: roles.admin,
      body: { name: "Forum", social_type: "discourse", category: "streams", source: "webhook" },
    });
    expect(created.status).toBe(201);
    streamId = created.json.id;
    const patched = await fx.request("PATCH", `/api/v1/streams/${streamId}`, { auth: roles.admin, body: { name: "Forum", reply_url: callbacks.url("/hook") } });
    expect(patched.status).toBe(200);
    const ingested = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": created.json.ingest_key },
        body: JSON.stringify(
          ["slow", "moved", "json"].map((id) => ({ external_id: id, text: `Topic ${id}`, created_at: "2024-05-01T10:00:00Z", author: { username: id } })),
        ),
      }),
    );
    expect(ingested.status).toBe(200);
    const rows = await fx.db.selectFrom("feedItems").select(["id", "externalId"]).where("streamId", "=", streamId).orderBy("externalId").execute();
    itemIds = rows.map((r) => r.id);
  });
  afterAll(async () => {
    await fx?.cleanup();
    await callbacks?.close();
  });

  const reply = (itemId: number) => fx.request("POST", `/api/v1/feed-items/${itemId}/reply`, { auth: agent, body: { text: "Hi", seen_reply_count: 0 } });

  it("fails a delivery the tool does not answer within the time-out", async () => {
    callbacks.answerWith(() => ({ status: 200, hang: true }));
    const [, , slow] = itemIds as [number, number, number];
    const res = await reply(slow);
    expect(res.status).toBe(201);
    expect(res.json).toMatchObject({ delivery: "failed", error: MESSAGES.replies.deliveryTimedOut });
  });

  it("does not follow a redirect (the guard checked only the first address)", async () => {
    callbacks.answerWith((request) =>
      request.path === "/hook" ? { status: 307, headers: { location: callbacks.url("/elsewhere") } } : { status: 200 },
    );
    const [, moved] = itemIds as [number, number, number];
    const res = await reply(moved);
    expect(res.json).toMatchObject({ delivery: "failed", error: MESSAGES.replies.deliveryRejected(307) });
    expect(callbacks.received.some((r) => r.path === "/elsewhere")).toBe(false);
  });

  it("reads the tool's id of the reply from a JSON answer", async () => {
    callbacks.answerWith(() => ({ status: 200, json: { external_id: 4242 } }));
    const [json] = itemIds as [number, number, number];
    expect((await reply(json)).json).toMatchObject({ delivery: "sent", external_id: "4242" });
  });

  it("takes the reply URL only from webhook streams, and signs with HMAC-SHA256", () => {
    const base = { source: "webhook", config: JSON.stringify({ replyUrl: "https://tool.test/r" }) };
    expect(replyUrlOf(base as never)).toBe("https://tool.test/r");
    expect(replyUrlOf({ ...base, source: "api" } as never)).toBeNull();
    expect(replyUrlOf({ ...base, config: "{}" } as never)).toBeNull();
    expect(replyUrlOf(null)).toBeNull();
    // RFC 4231 test case 2.
    expect(signBody("what do ya want for nothing?", "Jefe")).toBe("sha256=5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843");
  });
});
