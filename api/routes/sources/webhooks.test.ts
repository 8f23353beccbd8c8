import { createHmac, generateKeyPairSync, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateWebhookSecret } from "../../../db/repositories/webhooks";
import { MESSAGES } from "../../../domain/messages";
import { DEFAULT_STEPS } from "../../../ingest/pipeline";
import type { PipelineStep } from "../../../ingest/pipeline-step";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const FIXTURES = new URL("../../../ingest/webhooks/fixtures/", import.meta.url);
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const utf8 = (text: string) => new TextEncoder().encode(text);
const hmac = (algorithm: "sha1" | "sha256", secret: string, ...parts: (string | Uint8Array)[]) => {
  const mac = createHmac(algorithm, secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
};

interface WebhookStream {
  id: number;
  uuid: string;
  url: string;
  secret: string;
}

/** How each integration signs a delivery (its own scheme, with its delivery id header where it has one). */
type Signer = (body: Uint8Array, secret: string, deliveryId: string) => Record<string, string>;

// Signed now: a signed timestamp outside the 5-minute window is refused (webhook-freshness.test.ts).
const ZENDESK_TS = new Date().toISOString();
const signers: Record<"zendesk" | "discourse" | "intercom", Signer> = {
  zendesk: (body, secret, deliveryId) => ({
    "X-Zendesk-Webhook-Signature": hmac("sha256", secret, ZENDESK_TS, body).toString("base64"),
    "X-Zendesk-Webhook-Signature-Timestamp": ZENDESK_TS,
    "X-Zendesk-Webhook-Invocation-Id": deliveryId,
  }),
  discourse: (body, secret, deliveryId) => ({
    "X-Discourse-Event-Signature": `sha256=${hmac("sha256", secret, body).toString("hex")}`,
    "X-Discourse-Event-Id": deliveryId,
    "X-Discourse-Event": "post_created",
    "X-Discourse-Event-Type": "post",
    "X-Discourse-Instance": "https://community.acme.example",
  }),
  // Intercom's delivery id is the notification id in the body.
  intercom: (body, secret) => ({ "X-Hub-Signature": `sha1=${hmac("sha1", secret, body).toString("hex")}` }),
};

/** Per integration: the stream's network and category, and fixtures with the external ids they store. */
const CASES = [
  {
    integration: "zendesk",
    category: "inboxes",
    deliveries: [{ file: "zendesk-trigger.json", ids: ["ticket-35436", "ticket-35436-comment-30064117810589"] }],
    replied: "ticket-35436",
  },
  {
    integration: "discourse",
    category: "streams",
    deliveries: [
      { file: "discourse-post-created.json", ids: ["topic-8812"] },
      { file: "discourse-reply.json", ids: ["post-50240"] },
    ],
    replied: "topic-8812",
  },
  {
    integration: "intercom",
    category: "inboxes",
    deliveries: [
      { file: "intercom-user-created.json", ids: ["conversation-147000123456789"] },
      { file: "intercom-admin-replied.json", ids: null },
    ],
    replied: "conversation-147000123456789",
  },
] as const;

describe.each(testEngines({ engineSpecific: true }))("webhook receivers on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    mine = await fx.createTenant();
    [admin, agent] = await Promise.all([fx.signIn(mine.accounts.admin.email), fx.signIn(mine.accounts.agent.email)]);
  });
  afterAll(() => fx?.cleanup());

  async function webhookStream(integration: string, category: string): Promise<WebhookStream> {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: {
        name: `${integration} ${Math.random().toString(36).slice(2, 8)}`,
        social_type: integration,
        category,
        source: "webhook",
      },
    });
    expect(res.status).toBe(201);
    return { id: res.json.id, uuid: res.json.webhook.uuid, url: res.json.webhook.url, secret: res.json.webhook.secret };
  }

  async function deliver(integration: string, uuid: string, body: Uint8Array, headers: Record<string, string>) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/webhooks/${integration}/${uuid}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...headers },
        body: body as Uint8Array<ArrayBuffer>,
      }),
    );
    const text = await res.text();
    let json: any = null;
    try {
      json = text ? JSON.parse(text) : null;
    } catch {
      json = text;
    }
    return { status: res.status, json };
  }

  async function storedIn(
    streamId: number,
  ): Promise<Array<{ id: number; status_id: string; is_replied: 0 | 1; social_type: string }>> {
    const query = new URLSearchParams({
      filters: JSON.stringify({ stream_ids: [streamId], include_muted: true }),
      limit: "100",
    });
    const res = await fx.request("GET", `/api/v1/statuses?${query}`, { auth: agent });
    expect(res.status).toBe(200);
    return res.json.data;
  }

  describe.each(CASES)("$integration", ({ integration, category, deliveries, replied }) => {
    const signer = signers[integration];
    let stream: WebhookStream;

    beforeAll(async () => {
      stream = await webhookStream(integration, category);
    });

    it("refuses a wrong signature (401) and stores nothing", async () => {
      const body = fixture(deliveries[0].file);
      const wrongSecret = await deliver(integration, stream.uuid, body, signer(body, `${stream.secret}x`, "wrong-1"));
      expect(wrongSecret).toEqual({ status: 401, json: { error_message: MESSAGES.webhookSignatureInvalid } });
      // Signed, then changed in transit.
      const tampered = new Uint8Array([...body.slice(0, -2), 0x20, ...body.slice(-2)]);
      const changed = await deliver(integration, stream.uuid, tampered, signer(body, stream.secret, "wrong-2"));
      expect(changed).toEqual({ status: 401, json: { error_message: MESSAGES.webhookSignatureInvalid } });
      const unsigned = await deliver(integration, stream.uuid, body, {});
      expect(unsigned).toEqual({ status: 401, json: { error_message: MESSAGES.webhookSignatureInvalid } });
      expect(await storedIn(stream.id)).toEqual([]);
    });

    it("stores a signed delivery's items in the stream, once per delivery id", async () => {
      const expected: string[] = [];
      for (const [index, { file, ids }] of deliveries.entries()) {
        const body = fixture(file);
        const headers = signer(body, stream.secret, `${integration}-delivery-${index}`);
        const first = await deliver(integration, stream.uuid, body, headers);
        expect(first.status).toBe(200);
        expect(first.json).toMatchObject({ duplicates: 0, rejected: 0, repeated: false });
        expect(first.json.accepted).toBeGreaterThan(0);
        if (ids) expect(first.json.accepted).toBe(ids.length);

        const stored = (await storedIn(stream.id)).map((s) => s.status_id);
        if (ids) expected.push(...ids);
        expect(stored).toEqual(expect.arrayContaining(expected));

        // The sender retries the same delivery: acknowledged, nothing stored twice.
        const before = stored.length;
        const again = await deliver(integration, stream.uuid, body, headers);
        expect(again.status).toBe(200);
        expect(again.json).toMatchObject({ accepted: 0, repeated: true, duplicates: first.json.accepted });
        expect(await storedIn(stream.id)).toHaveLength(before);
      }
      const stored = await storedIn(stream.id);
      expect(new Set(stored.map((s) => s.status_id)).size).toBe(stored.length);
      expect(stored.every((s) => s.social_type === integration)).toBe(true);
      // The brand's answer marks the customer's item replied.
      expect(stored.find((s) => s.status_id === replied)?.is_replied).toBe(1);
      expect((await fx.request("GET", `/api/v1/streams/${stream.id}`, { auth: admin })).json.health.items_count).toBe(
        stored.length,
      );
    });

    it("answers 404 for an unknown uuid and 400 for a signed body that is not JSON", async () => {
      const body = fixture(deliveries[0].file);
      const unknown = await deliver(
        integration,
        crypto.randomUUID(),
        body,
        signer(body, stream.secret, "unknown-uuid"),
      );
      expect(unknown).toEqual({ status: 404, json: { error_message: MESSAGES.notFound } });

      const broken = utf8('{"ticket": {"id": 1,');
      const malformed = await deliver(integration, stream.uuid, broken, signer(broken, stream.secret, "malformed"));
      expect(malformed.status).toBe(400);
      expect(malformed.json.error_message).toEqual(expect.any(String));
    });
  });

  it("answers 404 for an unknown integration, and for a uuid used under another integration's name", async () => {
    const stream = await webhookStream("zendesk", "inboxes");
    const body = fixture("zendesk-trigger.json");
    const headers = signers.zendesk(body, stream.secret, "other-integration");
    expect(await deliver("slack", stream.uuid, body, headers)).toEqual({
      status: 404,
      json: { error_message: MESSAGES.notFound },
    });
    expect(await deliver("intercom", stream.uuid, body, headers)).toEqual({
      status: 404,
      json: { error_message: MESSAGES.notFound },
    });
    expect(await storedIn(stream.id)).toEqual([]);
  });

  it("answers 404 once the stream is deleted", async () => {
    const stream = await webhookStream("zendesk", "inboxes");
    expect((await fx.request("DELETE", `/api/v1/streams/${stream.id}`, { auth: admin })).status).toBe(204);
    const body = fixture("zendesk-trigger.json");
    expect(await deliver("zendesk", stream.uuid, body, signers.zendesk(body, stream.secret, "after-delete"))).toEqual({
      status: 404,
      json: { error_message: MESSAGES.notFound },
    });
  });

  it("refuses a body over 1 MB with 413", async () => {
    const stream = await webhookStream("zendesk", "inboxes");
    const body = utf8(JSON.stringify({ ticket: { id: "1", description: "x".repeat(1024 * 1024 + 10) } }));
    const res = await deliver("zendesk", stream.uuid, body, signers.zendesk(body, stream.secret, "big"));
    expect(res).toEqual({ status: 413, json: { error_message: MESSAGES.payloadTooLarge } });
  });

  describe("discord", () => {
    const { publicKey, privateKey } = generateKeyPairSync("ed25519");
    const publicKeyHex = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url").toString("hex");
    const TIMESTAMP = String(Math.floor(Date.now() / 1000));
    const signed = (body: Uint8Array, key = privateKey) => ({
      "X-Signature-Ed25519": sign(null, Buffer.concat([Buffer.from(TIMESTAMP), body]), key).toString("hex"),
      "X-Signature-Timestamp": TIMESTAMP,
    });
    let stream: WebhookStream;

    beforeAll(async () => {
      stream = await webhookStream("discord", "channel streams");
      // Discord signs with the application's key pair: the webhook's "secret" is its public key in hex.
      const hooks = await fx.request("GET", "/api/webhooks?name=discord", { auth: admin });
      const webhook = hooks.json.data.find((w: { uuid: string }) => w.uuid === stream.uuid);
      await updateWebhookSecret(fx.db, mine.businessProfileId, webhook.id, publicKeyHex);
    });

    it("answers Discord's PING with {type: 1} and stores nothing", async () => {
      const body = fixture("discord-interaction-ping.json");
      expect(await deliver("discord", stream.uuid, body, signed(body))).toEqual({ status: 200, json: { type: 1 } });
      expect(await storedIn(stream.id)).toEqual([]);
    });

    it("refuses a PING signed with another key", async () => {
      const body = fixture("discord-interaction-ping.json");
      const other = generateKeyPairSync("ed25519").privateKey;
      expect(await deliver("discord", stream.uuid, body, signed(body, other))).toEqual({
        status: 401,
        json: { error_message: MESSAGES.webhookSignatureInvalid },
      });
    });

    it("stores a relayed message once", async () => {
      const body = fixture("discord-message.json");
      const first = await deliver("discord", stream.uuid, body, signed(body));
      expect(first).toMatchObject({ status: 200, json: { accepted: 1, repeated: false } });
      const again = await deliver("discord", stream.uuid, body, signed(body));
      expect(again).toMatchObject({ status: 200, json: { accepted: 0 } });
      expect((await storedIn(stream.id)).map((s) => s.status_id)).toEqual(["1230001112223334445"]);
    });
  });
});

describe.each(testEngines({ engineSpecific: true }))("a webhook delivery that fails while being stored, on %s", (engine) => {
  let fx: ApiFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let failNext = false;
  // An enrichment step that fails once on demand: a stand-in for any failure between receiving and storing.
  const flaky: PipelineStep = {
    name: "flaky",
    run() {
      if (failNext) {
        failNext = false;
        throw new Error("storage unavailable");
      }
    },
  };

  beforeAll(async () => {
    fx = await createApiFixture(engine, { ingest: { steps: [...DEFAULT_STEPS, flaky] } });
    const tenant = await fx.createTenant();
    [admin, agent] = await Promise.all([
      fx.signIn(tenant.accounts.admin.email),
      fx.signIn(tenant.accounts.agent.email),
    ]);
  });
  afterAll(() => fx?.cleanup());

  it("stores the items when the sender retries the same delivery", async () => {
    const created = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: { name: "Tickets", social_type: "zendesk", category: "inboxes", source: "webhook" },
    });
    const { uuid, secret } = created.json.webhook;
    const body = fixture("zendesk-trigger.json");
    const send = () =>
      fx.api.fetch(
        new Request(`http://api.test/api/webhooks/zendesk/${uuid}`, {
          method: "POST",
          headers: { "content-type": "application/json", ...signers.zendesk(body, secret, "retried-delivery") },
          body: body as Uint8Array<ArrayBuffer>,
        }),
      );

    failNext = true;
    expect((await send()).status).toBe(500);
    // Zendesk retries a failed delivery with the same invocation id: this time it must be stored.
    const retry = await send();
    expect(retry.status).toBe(200);
    expect(await retry.json()).toMatchObject({ accepted: 2, repeated: false });
    const query = new URLSearchParams({ filters: JSON.stringify({ stream_ids: [created.json.id] }) });
    const stored = await fx.request("GET", `/api/v1/statuses?${query}`, { auth: agent });
    expect(stored.json.data).toHaveLength(2);
  });
});
