import { createHmac, generateKeyPairSync, sign } from "node:crypto";
import { readFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { updateWebhookSecret } from "../../../db/repositories/webhooks";
import { WEBHOOK_TIMESTAMP_TOLERANCE_MS } from "../../../domain/limits";
import { MESSAGES } from "../../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

// Issue 31: a signature must not be usable forever. Where the sender signs a timestamp (Zendesk, Discord),
// a delivery signed outside WEBHOOK_TIMESTAMP_TOLERANCE_MS of the server's clock is refused (401, nothing
// stored); where it signs only the body (Intercom, Helpshift, Discourse, Vanilla Forums), a replay stores
// nothing new, whenever it comes.

const FIXTURES = new URL("../../../ingest/webhooks/fixtures/", import.meta.url);
const fixture = (name: string): Uint8Array => new Uint8Array(readFileSync(new URL(name, FIXTURES)));
const hmac = (algorithm: "sha1" | "sha256", secret: string, ...parts: (string | Uint8Array)[]) => {
  const mac = createHmac(algorithm, secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
};
const MINUTE = 60 * 1000;
const DAY = 24 * 60 * MINUTE;
const STALE = {
  status: 401,
  json: { error_message: MESSAGES.webhookTimestampOutsideWindow(WEBHOOK_TIMESTAMP_TOLERANCE_MS / MINUTE) },
};

describe.each(testEngines())("signed webhook timestamps on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  // The server's clock; each test moves it forward only.
  let clock = Date.parse("2026-11-29T10:00:00Z");

  /** Signs in again: moving the clock by a day outlives the access tokens. */
  async function signIn() {
    [admin, agent] = await Promise.all([fx.signIn(tenant.accounts.admin.email), fx.signIn(tenant.accounts.agent.email)]);
  }

  beforeAll(async () => {
    fx = await createApiFixture(engine, { now: () => new Date(clock) });
    tenant = await fx.createTenant();
    await signIn();
  });
  afterAll(() => fx?.cleanup());

  async function webhookStream(integration: string, category: string) {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: { name: `${integration} ${Math.random().toString(36).slice(2, 8)}`, social_type: integration, category, source: "webhook" },
    });
    expect(res.status).toBe(201);
    return { id: res.json.id as number, uuid: res.json.webhook.uuid as string, secret: res.json.webhook.secret as string };
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
    return { status: res.status, json: text ? JSON.parse(text) : null };
  }

  async function storedCount(streamId: number): Promise<number> {
    const query = new URLSearchParams({ filters: JSON.stringify({ stream_ids: [streamId], include_muted: true }), limit: "100" });
    const res = await fx.request("GET", `/api/v1/statuses?${query}`, { auth: agent });
    expect(res.status).toBe(200);
    return res.json.data.length;
  }

  /** Zendesk signs its ISO timestamp header with the body; Discord its Unix-seconds header. */
  const timed = [
    {
      integration: "zendesk",
      file: "zendesk-trigger.json",
      async setUp() {
        const stream = await webhookStream("zendesk", "inboxes");
        const signAt = (body: Uint8Array, at: number, invocation = "inv-1") => {
          const ts = new Date(at).toISOString().replace(/\.\d{3}Z$/, "Z");
          return {
            "X-Zendesk-Webhook-Signature": hmac("sha256", stream.secret, ts, body).toString("base64"),
            "X-Zendesk-Webhook-Signature-Timestamp": ts,
            "X-Zendesk-Webhook-Invocation-Id": invocation,
          };
        };
        return { stream, signAt };
      },
    },
    {
      integration: "discord",
      file: "discord-message.json",
      async setUp() {
        const stream = await webhookStream("discord", "channel streams");
        const { publicKey, privateKey } = generateKeyPairSync("ed25519");
        const publicKeyHex = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url").toString("hex");
        const hooks = await fx.request("GET", "/api/webhooks?name=discord", { auth: admin });
        const webhook = hooks.json.data.find((w: { uuid: string }) => w.uuid === stream.uuid);
        await updateWebhookSecret(fx.db, tenant.businessProfileId, webhook.id, publicKeyHex);
        const signAt = (body: Uint8Array, at: number) => {
          const ts = String(Math.floor(at / 1000));
          return {
            "X-Signature-Ed25519": sign(null, Buffer.concat([Buffer.from(ts), body]), privateKey).toString("hex"),
            "X-Signature-Timestamp": ts,
          };
        };
        return { stream, signAt };
      },
    },
  ] as const;

  describe.each(timed)("$integration", ({ integration, file, setUp }) => {
    it("accepts a delivery signed now, and one a little off the server's clock within the window", async () => {
      const { stream, signAt } = await setUp();
      const body = fixture(file);
      const res = await deliver(integration, stream.uuid, body, signAt(body, clock - MINUTE));
      expect(res.status).toBe(200);
      expect(res.json.accepted).toBeGreaterThan(0);
      const skewed = await deliver(integration, stream.uuid, body, signAt(body, clock + MINUTE));
      expect(skewed.status).toBe(200);
    });

    it("refuses a delivery signed a day ago, or too far ahead, with 401 and a reason; nothing stored", async () => {
      const { stream, signAt } = await setUp();
      const body = fixture(file);
      expect(await deliver(integration, stream.uuid, body, signAt(body, clock - DAY))).toEqual(STALE);
      expect(
        await deliver(integration, stream.uuid, body, signAt(body, clock - WEBHOOK_TIMESTAMP_TOLERANCE_MS - MINUTE)),
      ).toEqual(STALE);
      expect(
        await deliver(integration, stream.uuid, body, signAt(body, clock + WEBHOOK_TIMESTAMP_TOLERANCE_MS + MINUTE)),
      ).toEqual(STALE);
      expect(await storedCount(stream.id)).toBe(0);
    });

    it("refuses a captured delivery replayed after the window, even under a new delivery id", async () => {
      const { stream, signAt } = await setUp();
      const body = fixture(file);
      const captured = signAt(body, clock);
      expect((await deliver(integration, stream.uuid, body, captured)).status).toBe(200);
      const stored = await storedCount(stream.id);
      clock += WEBHOOK_TIMESTAMP_TOLERANCE_MS + MINUTE;
      expect(await deliver(integration, stream.uuid, body, captured)).toEqual(STALE);
      const renamed = { ...captured, "X-Zendesk-Webhook-Invocation-Id": "inv-replayed" };
      expect(await deliver(integration, stream.uuid, body, renamed)).toEqual(STALE);
      expect(await storedCount(stream.id)).toBe(stored);
    });
  });

  /** These sign the body only: no delivery time to check, so a replay must be harmless instead. */
  const bodyOnly = [
    {
      integration: "intercom",
      category: "inboxes",
      file: "intercom-user-created.json",
      headers: (body: Uint8Array, secret: string) => ({ "X-Hub-Signature": `sha1=${hmac("sha1", secret, body).toString("hex")}` }),
    },
    {
      integration: "helpshift",
      category: "inboxes",
      file: "helpshift-create-issue.json",
      headers: (body: Uint8Array, secret: string) => ({ "X-Helpshift-Signature": hmac("sha256", secret, body).toString("hex") }),
    },
    {
      integration: "discourse",
      category: "streams",
      file: "discourse-post-created.json",
      headers: (body: Uint8Array, secret: string) => ({
        "X-Discourse-Event-Signature": `sha256=${hmac("sha256", secret, body).toString("hex")}`,
        "X-Discourse-Event-Id": "77",
        "X-Discourse-Event": "post_created",
        "X-Discourse-Event-Type": "post",
        "X-Discourse-Instance": "https://community.acme.example",
      }),
    },
    {
      integration: "vanillaForums",
      category: "streams",
      file: "vanilla-comment-insert.json",
      headers: (body: Uint8Array, secret: string) => ({
        "X-Vanilla-Signature": `sha1=${hmac("sha1", secret, body).toString("hex")}`,
        "X-Vanilla-ID": "vanilla-delivery-1",
        "X-Vanilla-Event": "comment",
        "X-Vanilla-Action": "insert",
      }),
    },
  ] as const;

  describe.each(bodyOnly)("$integration (signs the body only)", ({ integration, category, file, headers }) => {
    it("stores a replay a day later as nothing new", async () => {
      const stream = await webhookStream(integration, category);
      const body = fixture(file);
      const captured = headers(body, stream.secret);
      const first = await deliver(integration, stream.uuid, body, captured);
      expect(first.status).toBe(200);
      expect(first.json.accepted).toBeGreaterThan(0);
      const stored = await storedCount(stream.id);
      clock += DAY;
      await signIn();
      const replay = await deliver(integration, stream.uuid, body, captured);
      expect(replay.status).toBe(200);
      expect(replay.json.accepted).toBe(0);
      expect(await storedCount(stream.id)).toBe(stored);
    });
  });
});
