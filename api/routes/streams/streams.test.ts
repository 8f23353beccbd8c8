import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { CATEGORY_FLAGS } from "../../../domain/streams";
import { CSV_COLUMNS } from "../../../ingest/import";
import { startReplayServer, type ReplayServer } from "../../../ingest/reviews/fixtures/replay-server";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { closedLoopbackPort } from "../../../tests/support/ports";

const NOT_FOUND = { error_message: MESSAGES.channelScreen.streamNotFound };
const IOS_APP = "1512345678";
const IOS_MISSING_APP = "404404";

let nameCounter = 0;
function uniqueName(prefix = "Stream"): string {
  nameCounter += 1;
  return `${prefix} ${nameCounter}`;
}

interface StreamJson {
  id: number;
  name: string;
  social_type: string;
  category: string;
  source: string;
  config: Record<string, unknown>;
  pinned: boolean;
  flags: Record<string, boolean>;
  ingest_key: string | null;
  webhook: {
    integration_name: string;
    uuid: string;
    url: string;
    secret: string | null;
    signature_help: string | null;
  } | null;
  health: Record<string, unknown>;
}

describe.each(testEngines({ engineSpecific: true }))("streams API on %s", (engine) => {
  let replay: ReplayServer;
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let theirAdmin: SignedIn;

  beforeAll(async () => {
    replay = await startReplayServer([
      { path: "/lookup", query: { id: IOS_APP, country: "us" }, fixture: "ios-lookup-found.json" },
      { path: "/lookup", query: { id: IOS_MISSING_APP, country: "us" }, fixture: "ios-lookup-empty.json" },
    ]);
    // Trustpilot at a port nothing listens on: the platform cannot be reached.
    const trustpilot = `http://127.0.0.1:${await closedLoopbackPort()}`;
    fx = await createApiFixture(engine, { ingest: { reviewBaseUrls: { ios: replay.baseUrl, trustpilot } } });
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    const roles = await fx.signInRoles(mine);
    ({ admin, agent, guest, systemAdmin } = roles);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
  });
  afterAll(async () => {
    await fx?.cleanup();
    await replay?.close();
  });

  const create = (auth: SignedIn, body: Record<string, unknown>) =>
    fx.request("POST", "/api/v1/streams", { auth, body });
  const get = (auth: SignedIn, id: number) => fx.request("GET", `/api/v1/streams/${id}`, { auth });
  const list = async (auth: SignedIn): Promise<StreamJson[]> => {
    const res = await fx.request("GET", "/api/v1/streams", { auth });
    expect(res.status).toBe(200);
    return res.json.data;
  };

  async function apiStream(auth: SignedIn = admin, extra: Record<string, unknown> = {}): Promise<StreamJson> {
    const res = await create(auth, {
      name: uniqueName("Mentions"),
      social_type: "twitter",
      category: "streams",
      source: "api",
      ...extra,
    });
    expect(res.status).toBe(201);
    return res.json;
  }

  function ingest(streamId: number, key: string | null, items: unknown[]) {
    const headers = new Headers({ "content-type": "application/json" });
    if (key) headers.set("x-ingest-key", key);
    return fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, {
        method: "POST",
        headers,
        body: JSON.stringify(items),
      }),
    );
  }

  const item = (externalId: string) => ({
    external_id: externalId,
    text: "Loving the new dashboard",
    created_at: "2024-05-14T09:21:00Z",
    author: { username: "jane" },
  });

  describe("POST /v1/streams", () => {
    it("lets an admin connect an api stream: its ingest key and the category's flags are shown", async () => {
      const name = uniqueName("Brand mentions");
      const res = await create(admin, {
        name: `  ${name} `,
        social_type: "twitter",
        category: "streams",
        source: "api",
      });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        id: expect.any(Number),
        name,
        social_type: "twitter",
        category: "streams",
        source: "api",
        pinned: false,
        flags: CATEGORY_FLAGS.streams,
        webhook: null,
        health: { items_count: 0, last_item_at: null, last_error: null, consecutive_failures: 0, next_poll_at: null },
      });
      expect(res.json.ingest_key).toMatch(/^esk_[A-Za-z0-9_-]{20,}$/);
      expect((await get(admin, res.json.id)).json).toEqual(res.json);
    });

    it("gives a webhook stream its receiver URL, and its secret to admins only", async () => {
      const res = await create(admin, {
        name: uniqueName("Tickets"),
        social_type: "zendesk",
        category: "inboxes",
        source: "webhook",
      });
      expect(res.status).toBe(201);
      const webhook = res.json.webhook;
      expect(webhook).toMatchObject({ integration_name: "zendesk", secret: expect.stringMatching(/^[0-9a-f]{32,}$/) });
      expect(webhook.uuid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
      expect(webhook.url).toBe(`http://localhost:3000/api/webhooks/zendesk/${webhook.uuid}`);
      expect(webhook.signature_help).toContain("X-Zendesk-Webhook-Signature");
      expect(res.json.flags).toEqual(CATEGORY_FLAGS.inboxes);

      // Agents see the stream, without its secrets.
      const seen = await get(agent, res.json.id);
      expect(seen.status).toBe(200);
      expect(seen.json.ingest_key).toBeNull();
      expect(seen.json.webhook).toEqual({ ...webhook, secret: null });
      const listed = (await list(agent)).find((s) => s.id === res.json.id)!;
      expect(listed.ingest_key).toBeNull();
      expect(listed.webhook?.secret).toBeNull();
      expect(listed.webhook?.url).toBe(webhook.url);

      // GET /webhooks?name= lists the receivers' URLs.
      const hooks = await fx.request("GET", "/api/webhooks?name=zendesk", { auth: admin });
      expect(hooks.status).toBe(200);
      expect(hooks.json.data).toContainEqual({
        id: expect.any(Number),
        stream_id: res.json.id,
        integration_name: "zendesk",
        uuid: webhook.uuid,
        url: webhook.url,
      });
      expect(hooks.json.data.every((h: { integration_name: string }) => h.integration_name === "zendesk")).toBe(true);
      const other = await fx.request("GET", "/api/webhooks?name=intercom", { auth: admin });
      expect(other.json.data.map((h: { uuid: string }) => h.uuid)).not.toContain(webhook.uuid);
      // Another tenant does not see it.
      const foreign = await fx.request("GET", "/api/webhooks?name=zendesk", { auth: theirAdmin });
      expect(foreign.json.data.map((h: { uuid: string }) => h.uuid)).not.toContain(webhook.uuid);
    });

    it("refuses agents and guests (403) and anonymous callers (401)", async () => {
      const body = { name: uniqueName(), social_type: "twitter", category: "streams", source: "api" };
      for (const auth of [agent, guest]) {
        const res = await create(auth, body);
        expect(res.status).toBe(403);
        expect(res.json).toEqual({ error_message: MESSAGES.forbidden });
      }
      expect((await fx.request("POST", "/api/v1/streams", { body })).status).toBe(401);
      expect((await list(admin)).map((s) => s.name)).not.toContain(body.name);
    });

    it("validates the name, the category and the source against the network's catalogue", async () => {
      const empty = await create(admin, { name: "  ", social_type: "twitter", category: "streams", source: "api" });
      expect(empty.status).toBe(422);
      expect(empty.json.errors.name).toEqual([MESSAGES.required]);

      const category = await create(admin, {
        name: uniqueName(),
        social_type: "twitter",
        category: "review streams",
        source: "api",
      });
      expect(category.status).toBe(422);
      expect(category.json.errors.category).toEqual([MESSAGES.categoryNotAllowed]);

      const source = await create(admin, {
        name: uniqueName(),
        social_type: "twitter",
        category: "streams",
        source: "feed",
        feed_url: "https://example.com/feed.xml",
      });
      expect(source.status).toBe(422);
      expect(source.json.errors.source).toEqual([MESSAGES.sourceNotAllowed]);
    });

    it("keeps wixan for system admins: refused to admins, hidden from their lists", async () => {
      const body = { name: uniqueName("Wixan"), social_type: "wixan", category: "streams", source: "api" };
      const refused = await create(admin, body);
      expect(refused.status).toBe(422);
      expect(refused.json.errors.social_type).toEqual([MESSAGES.networkNotAllowed]);

      const created = await create(systemAdmin, body);
      expect(created.status).toBe(201);
      expect((await list(systemAdmin)).map((s) => s.id)).toContain(created.json.id);
      expect((await list(admin)).map((s) => s.id)).not.toContain(created.json.id);
      expect((await list(agent)).map((s) => s.id)).not.toContain(created.json.id);
      expect(await get(admin, created.json.id)).toMatchObject({ status: 404, json: NOT_FOUND });
    });

    it("refuses a feed on a private address (SSRF guard) and accepts the allow-listed loopback", async () => {
      const base = { social_type: "article", category: "streams", source: "feed" };
      const missing = await create(admin, { ...base, name: uniqueName("Feed") });
      expect(missing.status).toBe(422);
      expect(missing.json.errors.feed_url).toEqual([MESSAGES.feedUrlRequired]);

      const privateNet = await create(admin, {
        ...base,
        name: uniqueName("Feed"),
        feed_url: "http://10.0.0.1/feed.xml",
      });
      expect(privateNet.status).toBe(422);
      expect(privateNet.json.errors.feed_url).toEqual([MESSAGES.feedTargetRefused]);

      const feedUrl = `${replay.baseUrl}/feed.xml`;
      const allowed = await create(admin, { ...base, name: uniqueName("Feed"), feed_url: feedUrl });
      expect(allowed.status).toBe(201);
      expect(allowed.json.config).toMatchObject({ feed_url: feedUrl, interval_seconds: 900 });
      expect(allowed.json.health.next_poll_at).toEqual(expect.any(String));

      // Changing the address goes through the same guard.
      const moved = await fx.request("PATCH", `/api/v1/streams/${allowed.json.id}`, {
        auth: admin,
        body: { name: allowed.json.name, feed_url: "http://192.168.1.20/rss" },
      });
      expect(moved.status).toBe(422);
      expect(moved.json.errors.feed_url).toEqual([MESSAGES.feedTargetRefused]);
    });

    it("checks a review source with the platform: an unknown app is refused with the catalogue message", async () => {
      const base = { social_type: "ios", category: "review streams", source: "review", country: "us" };
      const unknown = await create(admin, { ...base, name: uniqueName("App"), app_id: IOS_MISSING_APP });
      expect(unknown.status).toBe(422);
      expect(unknown.json.error_message).toBe(MESSAGES.reviewAuthFailed);

      const known = await create(admin, { ...base, name: uniqueName("App"), app_id: IOS_APP });
      expect(known.status).toBe(201);
      expect(known.json.config).toMatchObject({ app_id: IOS_APP, country: "us" });
      expect(replay.requests).toContain(`/lookup?id=${IOS_APP}&country=us`);

      const nameless = await create(admin, { ...base, name: uniqueName("App") });
      expect(nameless.status).toBe(422);
      expect(nameless.json.errors.business_name).toEqual([MESSAGES.businessNameRequired]);
    });

    it("says so when the platform cannot be reached, and saves nothing", async () => {
      const before = (await fx.request("GET", "/api/v1/streams", { auth: admin })).json.data.length;
      const name = uniqueName("Reviews");
      const res = await create(admin, {
        social_type: "trustpilot",
        category: "review streams",
        source: "review",
        name,
        business_name: "example.com",
      });
      expect(res.status).toBe(422);
      expect(res.json.error_message).toMatch(
        /^Could not check this source: Trustpilot could not be reached \(ECONNREFUSED\)\. /,
      );
      expect(res.json.error_message).toBe(
        MESSAGES.reviewSourceCheckFailed("Trustpilot could not be reached (ECONNREFUSED)"),
      );
      expect((await fx.request("GET", "/api/v1/streams", { auth: admin })).json.data.length).toBe(before);
    });
  });

  describe("PATCH, pins, duplicate, delete", () => {
    it("renames a stream; an empty name is refused", async () => {
      const stream = await apiStream();
      const renamed = await fx.request("PATCH", `/api/v1/streams/${stream.id}`, {
        auth: admin,
        body: { name: "Renamed inbox" },
      });
      expect(renamed.status).toBe(200);
      expect(renamed.json.name).toBe("Renamed inbox");
      expect((await get(agent, stream.id)).json.name).toBe("Renamed inbox");

      const empty = await fx.request("PATCH", `/api/v1/streams/${stream.id}`, { auth: admin, body: { name: "" } });
      expect(empty.status).toBe(422);
      expect(empty.json.errors.name).toEqual([MESSAGES.required]);
      expect((await get(admin, stream.id)).json.name).toBe("Renamed inbox");

      const byAgent = await fx.request("PATCH", `/api/v1/streams/${stream.id}`, {
        auth: agent,
        body: { name: "Agent's" },
      });
      expect(byAgent.status).toBe(403);
    });

    it("toggles a pin per user, and lists pinned streams first", async () => {
      const first = await apiStream(admin, { name: "AAA first by name" });
      const last = await apiStream(admin, { name: "zzz last by name" });
      const toggle = (auth: SignedIn, id: number) => fx.request("POST", `/api/v1/streams/${id}/toggle-pin`, { auth });

      expect(await toggle(admin, last.id)).toMatchObject({ status: 200, json: { pinned: true } });
      const pinnedList = await list(admin);
      expect(pinnedList[0]).toMatchObject({ id: last.id, pinned: true });
      expect(pinnedList.filter((s) => s.pinned).map((s) => s.id)).toEqual([last.id]);
      expect((await get(admin, last.id)).json.pinned).toBe(true);

      // Other users' lists are not affected.
      expect((await list(systemAdmin)).find((s) => s.id === last.id)?.pinned).toBe(false);
      const agentList = await list(agent);
      expect(agentList.find((s) => s.id === last.id)?.pinned).toBe(false);
      expect(agentList.findIndex((s) => s.id === first.id)).toBeLessThan(agentList.findIndex((s) => s.id === last.id));

      // The agent pins their own.
      expect(await toggle(agent, first.id)).toMatchObject({ status: 200, json: { pinned: true } });
      expect((await list(agent))[0]).toMatchObject({ id: first.id, pinned: true });
      expect((await list(admin)).find((s) => s.id === first.id)?.pinned).toBe(false);

      expect(await toggle(admin, last.id)).toMatchObject({ status: 200, json: { pinned: false } });
      expect((await list(admin)).some((s) => s.pinned)).toBe(false);
      expect(await toggle(agent, first.id)).toMatchObject({ status: 200, json: { pinned: false } });
    });

    it("duplicates streams and hashtags but not inboxes", async () => {
      for (const category of ["streams", "hashtags"] as const) {
        const original = await apiStream(admin, { category });
        expect(CATEGORY_FLAGS[category].duplicate).toBe(true);
        const copy = await fx.request("POST", `/api/v1/streams/${original.id}/duplicate`, { auth: admin });
        expect(copy.status).toBe(201);
        expect(copy.json).toMatchObject({
          name: `${original.name} (copy)`,
          social_type: "twitter",
          category,
          source: "api",
        });
        expect(copy.json.id).not.toBe(original.id);
        expect(copy.json.ingest_key).not.toBe(original.ingest_key);
      }

      expect(CATEGORY_FLAGS.inboxes.duplicate).toBe(false);
      const inbox = await apiStream(admin, { category: "inboxes" });
      const refused = await fx.request("POST", `/api/v1/streams/${inbox.id}/duplicate`, { auth: admin });
      expect(refused.status).toBe(403);
      expect(refused.json).toEqual({ error_message: MESSAGES.streamActionNotAllowed });
      expect((await list(admin)).filter((s) => s.name.startsWith(inbox.name))).toHaveLength(1);
    });

    it("deletes a stream (204), after which it is not found", async () => {
      const stream = await apiStream();
      expect((await fx.request("DELETE", `/api/v1/streams/${stream.id}`, { auth: agent })).status).toBe(403);
      const deleted = await fx.request("DELETE", `/api/v1/streams/${stream.id}`, { auth: admin });
      expect(deleted.status).toBe(204);
      expect(await get(admin, stream.id)).toMatchObject({ status: 404, json: NOT_FOUND });
      expect((await fx.request("DELETE", `/api/v1/streams/${stream.id}`, { auth: admin })).status).toBe(404);
      expect((await list(admin)).map((s) => s.id)).not.toContain(stream.id);
      // Its key no longer ingests.
      expect((await ingest(stream.id, stream.ingest_key, [item("after-delete")])).status).toBe(401);
    });

    it("answers 404 for another tenant's stream on every call", async () => {
      const stream = await apiStream();
      const calls = [
        fx.request("GET", `/api/v1/streams/${stream.id}`, { auth: theirAdmin }),
        fx.request("PATCH", `/api/v1/streams/${stream.id}`, { auth: theirAdmin, body: { name: "Taken over" } }),
        fx.request("DELETE", `/api/v1/streams/${stream.id}`, { auth: theirAdmin }),
        fx.request("POST", `/api/v1/streams/${stream.id}/toggle-pin`, { auth: theirAdmin }),
        fx.request("POST", `/api/v1/streams/${stream.id}/duplicate`, { auth: theirAdmin }),
        fx.request("POST", `/api/v1/streams/${stream.id}/rotate-key`, { auth: theirAdmin }),
      ];
      for (const res of await Promise.all(calls)) expect(res).toMatchObject({ status: 404, json: NOT_FOUND });
      expect((await list(theirAdmin)).map((s) => s.id)).not.toContain(stream.id);
      // Untouched.
      expect((await get(admin, stream.id)).json).toMatchObject({
        name: stream.name,
        ingest_key: stream.ingest_key,
        pinned: false,
      });
    });
  });

  describe("POST /v1/streams/{id}/rotate-key", () => {
    it("replaces the ingest key: the old one is refused at once, the new one works", async () => {
      const stream = await apiStream();
      expect((await ingest(stream.id, stream.ingest_key, [item("before-rotation")])).status).toBe(200);

      expect((await fx.request("POST", `/api/v1/streams/${stream.id}/rotate-key`, { auth: agent })).status).toBe(403);
      const rotated = await fx.request("POST", `/api/v1/streams/${stream.id}/rotate-key`, { auth: admin });
      expect(rotated.status).toBe(200);
      const newKey = rotated.json.ingest_key as string;
      expect(newKey).toMatch(/^esk_/);
      expect(newKey).not.toBe(stream.ingest_key);

      const old = await ingest(stream.id, stream.ingest_key, [item("after-rotation")]);
      expect(old.status).toBe(401);
      expect(await old.json()).toEqual({ error_message: MESSAGES.ingestKeyInvalid });
      const fresh = await ingest(stream.id, newKey, [item("after-rotation")]);
      expect(fresh.status).toBe(200);
      expect(await fresh.json()).toMatchObject({ accepted: 1, duplicates: 0, rejected: 0 });
    });
  });

  describe("GET /example-csv", () => {
    it("serves the import template as CSV, header row first", async () => {
      const res = await fx.api.fetch(new Request("http://api.test/api/example-csv"));
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toMatch(/^text\/csv/);
      const text = await res.text();
      const [header, ...rows] = text.trim().split(/\r?\n/);
      expect(header).toBe(CSV_COLUMNS.join(","));
      expect(header!.split(",")).toEqual(
        expect.arrayContaining(["external_id", "text", "created_at", "author_username"]),
      );
      expect(rows.length).toBeGreaterThan(0);
    });
  });
});
