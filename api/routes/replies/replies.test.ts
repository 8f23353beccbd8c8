import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { countDrafts } from "../../../db/repositories/reply-drafts";
import { ACCOUNT_EVENT_CONTEXT } from "../../../domain/account-events";
import { PRESENCE_WINDOW_SECONDS } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { startCallbackServer, type CallbackServer } from "../../../tests/support/callback-server";
import { testEngines } from "../../../tests/support/database";

const SCRIPT_TEXT = `<script>alert("x")</script> Thanks & <b>sorry</b> 'for' "that"`;

describe.each(testEngines({ engineSpecific: true }))("replies, drafts and presence API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAgent: SignedIn;
  let callbacks: CallbackServer;
  let clockOffsetMs = 0;
  let zendeskStream: { id: number; secret: string };
  /** external id → feed item id, per tenant. */
  const items: Record<string, number> = {};
  const theirItems: Record<string, number> = {};
  let theirTemplateId: number;
  let ownTemplateId: number;

  beforeAll(async () => {
    callbacks = await startCallbackServer();
    fx = await createApiFixture(engine, { now: () => new Date(Date.now() + clockOffsetMs) });
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    const theirRoles = await fx.signInRoles(theirs);
    theirAgent = theirRoles.agent;

    const twitter = await createStream(roles.admin, { social_type: "twitter", category: "streams", source: "api" });
    const trustpilot = await createStream(roles.admin, { social_type: "trustpilot", category: "review streams", source: "api" });
    const zendesk = await createStream(roles.admin, { social_type: "zendesk", category: "inboxes", source: "webhook" });
    zendeskStream = { id: zendesk.id, secret: zendesk.webhook.secret };
    const setUrl = await fx.request("PATCH", `/api/v1/streams/${zendesk.id}`, {
      auth: roles.admin,
      body: { name: zendesk.name, reply_url: callbacks.url() },
    });
    expect(setUrl.status).toBe(200);
    expect(setUrl.json.config.reply_url).toBe(callbacks.url());

    await ingest(zendesk, [
      post("z-sent", "My order never arrived"),
      post("z-failed", "Refund please"),
      post("z-guard", "Where is my parcel?"),
    ]);
    await ingest(twitter, [
      post("t-manual", "Your app is <b>broken</b>"),
      post("t-stale", "Anyone there?"),
      post("t-race", "Hello?"),
      post("t-race-confirmed", "Hello again?"),
      post("t-draft", "Question about plans"),
      post("t-private", "DM me"),
      post("t-presence", "Watching this"),
    ]);
    await ingest(trustpilot, [{ ...post("tp-review", "Great service"), kind: "review", rating: 5 }]);
    Object.assign(items, await itemIds(mine.businessProfileId));

    const theirTwitter = await createStream(theirRoles.admin, { social_type: "twitter", category: "streams", source: "api" });
    await ingest(theirTwitter, [post("their-1", "Their mention")]);
    Object.assign(theirItems, await itemIds(theirs.businessProfileId));

    const now = new Date().toISOString();
    const template = (businessProfileId: number) =>
      fx.db
        .insertInto("replyTemplates")
        .values({ businessProfileId, name: "Thanks", message: "Thanks!", categories: "[]", languages: "[]", entityType: 2, entityIds: "[]", active: 1, createdBy: null, updatedBy: null, createdAt: now, updatedAt: now })
        .returning("id")
        .executeTakeFirstOrThrow();
    theirTemplateId = (await template(theirs.businessProfileId)).id;
    ownTemplateId = (await template(mine.businessProfileId)).id;
  });
  afterAll(async () => {
    await fx?.cleanup();
    await callbacks?.close();
  });
  beforeEach(() => {
    clockOffsetMs = 0;
    callbacks.answerWith(() => ({ status: 200, json: { id: "ext-1" } }));
  });

  function post(externalId: string, text: string) {
    return {
      external_id: externalId,
      text,
      url: `https://example.test/${externalId}`,
      created_at: "2024-05-01T10:00:00Z",
      author: { username: `user-${externalId}`, name: `Author ${externalId}` },
    };
  }

  async function createStream(auth: SignedIn, body: Record<string, string>) {
    const res = await fx.request("POST", "/api/v1/streams", { auth, body: { name: `${body.social_type} ${Math.random()}`, ...body } });
    expect(res.status).toBe(201);
    return res.json;
  }

  async function ingest(stream: { id: number; ingest_key: string }, entries: unknown[]) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${stream.id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
        body: JSON.stringify(entries),
      }),
    );
    expect(await res.json()).toMatchObject({ accepted: entries.length, rejected: 0 });
  }

  async function itemIds(businessProfileId: number): Promise<Record<string, number>> {
    const rows = await fx.db.selectFrom("feedItems").select(["id", "externalId"]).where("businessProfileId", "=", businessProfileId).execute();
    return Object.fromEntries(rows.map((r) => [r.externalId, r.id]));
  }

  function reply(auth: SignedIn, itemId: number, body: Record<string, unknown>) {
    return fx.request("POST", `/api/v1/feed-items/${itemId}/reply`, { auth, body: { seen_reply_count: 0, ...body } });
  }

  async function history(itemId: number) {
    const rows = await fx.db.selectFrom("feedItemActions").selectAll().where("feedItemId", "=", itemId).orderBy("id").execute();
    return rows.map((r) => ({ type: r.actionType, accountId: r.accountId, name: r.actorName, data: JSON.parse(r.data) as Record<string, any> }));
  }

  async function item(itemId: number) {
    return fx.db.selectFrom("feedItems").selectAll().where("id", "=", itemId).executeTakeFirstOrThrow();
  }

  describe("replying", () => {
    it("records a manual reply with its author, keeps the text verbatim and marks the item replied", async () => {
      const id = items["t-manual"]!;
      const res = await reply(roles.agent, id, { text: SCRIPT_TEXT, template_id: ownTemplateId });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        feed_item_id: id,
        account_id: roles.agent.accountId,
        name: "agent Tester",
        text: SCRIPT_TEXT,
        visibility: "public",
        template_id: ownTemplateId,
        delivery: "manual",
        error: null,
        sent_by: null,
      });

      const stored = await item(id);
      expect(stored.isReplied).toBe(1);
      expect(stored.firstReplyAt).toBe(res.json.at);
      expect(await history(id)).toEqual([
        {
          type: "replied_by",
          accountId: roles.agent.accountId,
          name: "agent Tester",
          data: { text: SCRIPT_TEXT, visibility: "public", template_id: ownTemplateId, delivery: "manual" },
        },
      ]);
      const status = await fx.request("GET", `/api/v1/statuses/${id}`, { auth: roles.agent });
      expect(status.json.actions.replied_by).toEqual([expect.objectContaining({ text: SCRIPT_TEXT })]);

      const events = await fx.db.selectFrom("accountEvents").selectAll().where("contextId", "=", id).where("contextType", "=", ACCOUNT_EVENT_CONTEXT.feedItem).execute();
      expect(events).toEqual([
        expect.objectContaining({ actionType: "replies_public", eventType: "feed_item", actionModule: "inbox", socialType: "twitter", accountId: roles.agent.accountId }),
      ]);
    });

    it("keeps the earliest first reply time when another reply follows", async () => {
      const id = items["t-private"]!;
      const first = await reply(roles.agent, id, { text: "Check your DMs", visibility: "private" });
      expect(first.status).toBe(201);
      clockOffsetMs = 60_000;
      const second = await reply(roles.admin, id, { text: "Sent you a DM", visibility: "private", seen_reply_count: 1 });
      expect(second.status).toBe(201);
      expect(second.json.at > first.json.at).toBe(true);
      expect((await item(id)).firstReplyAt).toBe(first.json.at);
      const events = await fx.db.selectFrom("accountEvents").select("actionType").where("contextId", "=", id).where("contextType", "=", ACCOUNT_EVENT_CONTEXT.feedItem).execute();
      expect(events.map((e) => e.actionType)).toEqual(["replies_private", "replies_private"]);
    });

    it("counts an answer to a review as a review event", async () => {
      const id = items["tp-review"]!;
      expect((await reply(roles.agent, id, { text: "Thank you!" })).status).toBe(201);
      const events = await fx.db.selectFrom("accountEvents").selectAll().where("contextId", "=", id).where("contextType", "=", ACCOUNT_EVENT_CONTEXT.feedItem).execute();
      expect(events).toEqual([expect.objectContaining({ actionType: "review", socialType: "trustpilot" })]);
    });

    it("asks for confirmation when someone replied since the agent's view, and stores nothing until confirmed", async () => {
      const id = items["t-stale"]!;
      expect((await reply(roles.admin, id, { text: "On it" })).status).toBe(201);
      await fx.request("PUT", `/api/v1/feed-items/${id}/draft`, { auth: roles.agent, body: { text: "Let me check" } });

      const stale = await reply(roles.agent, id, { text: "Let me check", seen_reply_count: 0 });
      expect(stale.status).toBe(409);
      expect(stale.json).toMatchObject({ error_message: MESSAGES.replies.replyStale, reply_count: 1 });
      expect((await history(id)).map((h) => h.name)).toEqual(["admin Tester"]);
      // Nothing half-done: the draft is still there.
      expect((await fx.request("GET", `/api/v1/feed-items/${id}/draft`, { auth: roles.agent })).json.draft.text).toBe("Let me check");

      const confirmed = await reply(roles.agent, id, { text: "Let me check", seen_reply_count: 0, confirm_stale: true });
      expect(confirmed.status).toBe(201);
      expect((await history(id)).map((h) => h.name)).toEqual(["admin Tester", "agent Tester"]);

      // A view that already showed both replies needs no confirmation.
      expect((await reply(roles.admin, id, { text: "Closing", seen_reply_count: 2 })).status).toBe(201);
    });

    it("lets only one of two agents replying at once from the same view through without confirmation", async () => {
      const id = items["t-race"]!;
      const results = await Promise.all([
        reply(roles.agent, id, { text: "From the agent" }),
        reply(roles.admin, id, { text: "From the admin" }),
      ]);
      expect(results.map((r) => r.status).sort()).toEqual([201, 409]);
      expect(await history(id)).toHaveLength(1);
    });

    it("keeps both replies in the history when two agents reply at once and confirm", async () => {
      const id = items["t-race-confirmed"]!;
      const results = await Promise.all([
        reply(roles.agent, id, { text: "From the agent", confirm_stale: true }),
        reply(roles.admin, id, { text: "From the admin", confirm_stale: true }),
      ]);
      expect(results.map((r) => r.status)).toEqual([201, 201]);
      const rows = await history(id);
      expect(rows.map((r) => r.data.text).sort()).toEqual(["From the admin", "From the agent"]);
      expect(new Set(rows.map((r) => r.accountId))).toEqual(new Set([roles.agent.accountId, roles.admin.accountId]));
    });

    it("rejects blank text, a bad visibility and another tenant's template with catalogue messages", async () => {
      const id = items["t-manual"]!;
      const blank = await reply(roles.agent, id, { text: "   " });
      expect(blank.status).toBe(422);
      expect(blank.json.errors.text).toEqual([MESSAGES.required]);
      const visibility = await reply(roles.agent, id, { text: "Hi", visibility: "secret" });
      expect(visibility.status).toBe(422);
      expect(visibility.json.errors.visibility).toEqual([MESSAGES.wrongFormat]);
      const template = await reply(roles.agent, id, { text: "Hi", template_id: theirTemplateId, seen_reply_count: 99 });
      expect(template.status).toBe(422);
      expect(template.json.errors.template_id).toEqual([MESSAGES.wrongFormat]);
    });

    it("answers 404 for another tenant's item and 403 for a guest, storing nothing", async () => {
      const theirs = theirItems["their-1"]!;
      expect((await reply(roles.agent, theirs, { text: "Hi" })).status).toBe(404);
      expect((await reply(roles.agent, 999_999, { text: "Hi" })).status).toBe(404);
      expect((await reply(roles.guest, items["t-manual"]!, { text: "Hi", seen_reply_count: 99 })).status).toBe(403);
      expect(await history(theirs)).toEqual([]);
      expect((await reply(theirAgent, items["t-manual"]!, { text: "Hi", seen_reply_count: 99 })).status).toBe(404);
    });
  });

  describe("marking a manual reply as sent", () => {
    it("records sent_by once; a second mark answers 409", async () => {
      const id = items["t-manual"]!;
      const sent = await reply(roles.agent, id, { text: "Copy me", seen_reply_count: 99 });
      expect(sent.json.delivery).toBe("manual");
      const marked = await fx.request("POST", `/api/v1/feed-items/${id}/replies/${sent.json.id}/sent`, { auth: roles.admin });
      expect(marked.status).toBe(200);
      expect(marked.json).toMatchObject({ id: sent.json.id, delivery: "sent", sent_by: { account_id: roles.admin.accountId, name: "admin Tester" } });
      const rows = await history(id);
      expect(rows.at(-1)).toEqual({ type: "sent_by", accountId: roles.admin.accountId, name: "admin Tester", data: { reply_id: sent.json.id, text: "Copy me" } });

      const again = await fx.request("POST", `/api/v1/feed-items/${id}/replies/${sent.json.id}/sent`, { auth: roles.agent });
      expect(again.status).toBe(409);
      expect(again.json.error_message).toBe(MESSAGES.replies.replyNotManual);
      expect((await history(id)).filter((r) => r.type === "sent_by")).toHaveLength(1);
    });

    it("answers 404 for an unknown reply, a reply of another item and another tenant's item", async () => {
      const id = items["t-manual"]!;
      const missing = await fx.request("POST", `/api/v1/feed-items/${id}/replies/999999/sent`, { auth: roles.agent });
      expect(missing.status).toBe(404);
      expect(missing.json.error_message).toBe(MESSAGES.replies.replyNotFound);
      const [first] = (await fx.db.selectFrom("feedItemActions").select("id").where("feedItemId", "=", id).execute()) as [{ id: number }];
      expect((await fx.request("POST", `/api/v1/feed-items/${items["t-stale"]}/replies/${first.id}/sent`, { auth: roles.agent })).status).toBe(404);
      expect((await fx.request("POST", `/api/v1/feed-items/${id}/replies/${first.id}/sent`, { auth: theirAgent })).status).toBe(404);
      expect((await fx.request("POST", `/api/v1/feed-items/${id}/replies/${first.id}/sent`, { auth: roles.guest })).status).toBe(403);
    });
  });

  describe("delivery through the webhook callback", () => {
    it("POSTs the reply signed with the stream's webhook secret and marks it sent", async () => {
      const id = items["z-sent"]!;
      const before = callbacks.received.length;
      callbacks.answerWith(() => ({ status: 201, json: { id: "zd-778" } }));
      const res = await reply(roles.agent, id, { text: SCRIPT_TEXT });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ delivery: "sent", external_id: "zd-778", error: null });

      const calls = callbacks.received.slice(before);
      expect(calls).toHaveLength(1);
      const call = calls[0]!;
      expect(call.method).toBe("POST");
      expect(call.path).toBe("/replies");
      const expected = `sha256=${crypto.createHmac("sha256", zendeskStream.secret).update(call.body).digest("hex")}`;
      expect(call.headers["x-earshot-signature"]).toBe(expected);
      expect(call.headers["x-earshot-delivery"]).toBe(`reply-${res.json.id}`);
      expect(JSON.parse(call.body)).toMatchObject({
        type: "reply",
        id: `reply-${res.json.id}`,
        network: "zendesk",
        item_id: id,
        item_external_id: "z-sent",
        text: SCRIPT_TEXT,
        visibility: "public",
        agent: { id: roles.agent.accountId, name: "agent Tester" },
      });
      expect((await history(id))[0]!.data).toMatchObject({ delivery: "sent", external_id: "zd-778" });
    });

    it("keeps a reply the tool refused as failed with the reason, and delivers it on retry", async () => {
      const id = items["z-failed"]!;
      callbacks.answerWith(() => ({ status: 500 }));
      const res = await reply(roles.agent, id, { text: "Refund issued" });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ delivery: "failed", error: MESSAGES.replies.deliveryRejected(500) });
      expect((await history(id))[0]!.data).toMatchObject({ delivery: "failed", error: MESSAGES.replies.deliveryRejected(500) });
      expect((await item(id)).isReplied).toBe(1);

      callbacks.answerWith(() => ({ status: 200 }));
      const retried = await fx.request("POST", `/api/v1/feed-items/${id}/replies/${res.json.id}/retry`, { auth: roles.admin });
      expect(retried.status).toBe(200);
      expect(retried.json).toMatchObject({ id: res.json.id, delivery: "sent", error: null });
      const calls = callbacks.received.filter((c) => JSON.parse(c.body).item_id === id);
      expect(calls.map((c) => c.headers["x-earshot-delivery"])).toEqual([`reply-${res.json.id}`, `reply-${res.json.id}`]);

      const again = await fx.request("POST", `/api/v1/feed-items/${id}/replies/${res.json.id}/retry`, { auth: roles.admin });
      expect(again.status).toBe(409);
      expect(again.json.error_message).toBe(MESSAGES.replies.replyNotRetryable);
    });

    it("refuses a private address the allow-list does not name, sending nothing", async () => {
      const id = items["z-guard"]!;
      // 'localhost' is loopback and not allow-listed (the fixture allows 127.0.0.1 only); the admin
      // screen refuses it, so it is set underneath, as an address that changed since it was saved.
      const refused = await fx.request("PATCH", `/api/v1/streams/${zendeskStream.id}`, {
        auth: roles.admin,
        body: { name: "Zendesk", reply_url: `http://localhost:${callbacks.port}/replies` },
      });
      expect(refused.status).toBe(422);
      expect(refused.json.errors.reply_url).toEqual([MESSAGES.replies.deliveryAddressBlocked]);
      const stream = await fx.db.selectFrom("streams").select("config").where("id", "=", zendeskStream.id).executeTakeFirstOrThrow();
      const config = JSON.parse(stream.config) as Record<string, unknown>;
      await fx.db
        .updateTable("streams")
        .set({ config: JSON.stringify({ ...config, replyUrl: `http://localhost:${callbacks.port}/replies` }) })
        .where("id", "=", zendeskStream.id)
        .execute();
      const before = callbacks.received.length;
      try {
        const res = await reply(roles.agent, id, { text: "Hello" });
        expect(res.json).toMatchObject({ delivery: "failed", error: MESSAGES.replies.deliveryAddressBlocked });
        expect(callbacks.received.length).toBe(before);
      } finally {
        await fx.db.updateTable("streams").set({ config: stream.config }).where("id", "=", zendeskStream.id).execute();
      }
    });

    it("validates the reply URL and leaves replies manual once it is removed", async () => {
      const bad = await fx.request("PATCH", `/api/v1/streams/${zendeskStream.id}`, {
        auth: roles.admin,
        body: { name: "Zendesk", reply_url: "not a url" },
      });
      expect(bad.status).toBe(422);
      expect(bad.json.errors.reply_url).toEqual([MESSAGES.url]);
      expect((await fx.request("PATCH", `/api/v1/streams/${zendeskStream.id}`, { auth: roles.agent, body: { name: "Zendesk", reply_url: null } })).status).toBe(403);

      const cleared = await fx.request("PATCH", `/api/v1/streams/${zendeskStream.id}`, { auth: roles.admin, body: { name: "Zendesk", reply_url: null } });
      expect(cleared.status).toBe(200);
      expect(cleared.json.config.reply_url).toBeUndefined();
      const before = callbacks.received.length;
      try {
        const res = await reply(roles.agent, items["z-sent"]!, { text: "Manual now", seen_reply_count: 99 });
        expect(res.json.delivery).toBe("manual");
        expect(callbacks.received.length).toBe(before);
      } finally {
        const restored = await fx.request("PATCH", `/api/v1/streams/${zendeskStream.id}`, {
          auth: roles.admin,
          body: { name: "Zendesk", reply_url: callbacks.url() },
        });
        expect(restored.status).toBe(200);
      }
    });
  });

  describe("drafts", () => {
    it("keeps one draft per agent and item, verbatim, and deletes the sender's on reply", async () => {
      const id = items["t-draft"]!;
      const empty = await fx.request("GET", `/api/v1/feed-items/${id}/draft`, { auth: roles.agent });
      expect(empty).toMatchObject({ status: 200, json: { draft: null } });

      const saved = await fx.request("PUT", `/api/v1/feed-items/${id}/draft`, { auth: roles.agent, body: { text: SCRIPT_TEXT } });
      expect(saved.status).toBe(200);
      expect(saved.json).toMatchObject({ feed_item_id: id, text: SCRIPT_TEXT, template_id: null });
      const replaced = await fx.request("PUT", `/api/v1/feed-items/${id}/draft`, {
        auth: roles.agent,
        body: { text: "Second thoughts", template_id: ownTemplateId },
      });
      expect(replaced.json).toMatchObject({ text: "Second thoughts", template_id: ownTemplateId, created_at: saved.json.created_at });
      await fx.request("PUT", `/api/v1/feed-items/${id}/draft`, { auth: roles.admin, body: { text: "Admin's own" } });

      expect(await countDrafts(fx.db, mine.businessProfileId, roles.agent.accountId)).toBe(1);
      expect((await fx.request("GET", `/api/v1/feed-items/${id}/draft`, { auth: roles.admin })).json.draft.text).toBe("Admin's own");

      expect((await reply(roles.agent, id, { text: "Second thoughts" })).status).toBe(201);
      expect((await fx.request("GET", `/api/v1/feed-items/${id}/draft`, { auth: roles.agent })).json.draft).toBeNull();
      expect(await countDrafts(fx.db, mine.businessProfileId, roles.agent.accountId)).toBe(0);
      // Another agent's draft of the same item is theirs to keep.
      expect((await fx.request("GET", `/api/v1/feed-items/${id}/draft`, { auth: roles.admin })).json.draft.text).toBe("Admin's own");

      expect((await fx.request("DELETE", `/api/v1/feed-items/${id}/draft`, { auth: roles.admin })).status).toBe(204);
      expect((await fx.request("DELETE", `/api/v1/feed-items/${id}/draft`, { auth: roles.admin })).status).toBe(204);
      expect(await countDrafts(fx.db, mine.businessProfileId, roles.admin.accountId)).toBe(0);
    });

    it("rejects an empty draft and guards other tenants and guests", async () => {
      const id = items["t-draft"]!;
      const blank = await fx.request("PUT", `/api/v1/feed-items/${id}/draft`, { auth: roles.agent, body: { text: "" } });
      expect(blank.status).toBe(422);
      expect(blank.json.errors.text).toEqual([MESSAGES.required]);
      const theirs = theirItems["their-1"]!;
      expect((await fx.request("PUT", `/api/v1/feed-items/${theirs}/draft`, { auth: roles.agent, body: { text: "x" } })).status).toBe(404);
      expect((await fx.request("GET", `/api/v1/feed-items/${theirs}/draft`, { auth: roles.agent })).status).toBe(404);
      expect((await fx.request("DELETE", `/api/v1/feed-items/${theirs}/draft`, { auth: roles.agent })).status).toBe(404);
      expect((await fx.request("PUT", `/api/v1/feed-items/${id}/draft`, { auth: roles.guest, body: { text: "x" } })).status).toBe(403);
    });
  });

  describe("presence", () => {
    it("shows the others on an item within the window, with their mode, and forgets those who left", async () => {
      const id = items["t-presence"]!;
      const path = `/api/v1/feed-items/${id}/presence`;
      const agentBeat = await fx.request("POST", path, { auth: roles.agent, body: { mode: "viewing" } });
      expect(agentBeat).toMatchObject({ status: 200, json: { viewers: [] } });

      const adminBeat = await fx.request("POST", path, { auth: roles.admin, body: { mode: "replying" } });
      expect(adminBeat.json.viewers).toEqual([{ account_id: roles.agent.accountId, name: "agent Tester", mode: "viewing", seen_at: expect.any(String) }]);
      expect((await fx.request("POST", path, { auth: roles.agent, body: {} })).json.viewers).toEqual([
        { account_id: roles.admin.accountId, name: "admin Tester", mode: "replying", seen_at: expect.any(String) },
      ]);

      // Another tenant never sees (nor reaches) the item.
      expect((await fx.request("POST", path, { auth: theirAgent, body: { mode: "viewing" } })).status).toBe(404);
      expect((await fx.request("POST", path, { auth: roles.guest, body: { mode: "viewing" } })).status).toBe(403);
      expect((await fx.request("POST", path, { auth: roles.agent, body: { mode: "typing" } })).status).toBe(422);

      // A heartbeat older than the window no longer counts.
      clockOffsetMs = (PRESENCE_WINDOW_SECONDS + 1) * 1000;
      expect((await fx.request("POST", path, { auth: roles.agent, body: { mode: "viewing" } })).json.viewers).toEqual([]);

      await fx.request("POST", path, { auth: roles.admin, body: { mode: "viewing" } });
      expect((await fx.request("DELETE", path, { auth: roles.admin })).status).toBe(204);
      expect((await fx.request("POST", path, { auth: roles.agent, body: { mode: "viewing" } })).json.viewers).toEqual([]);
    });
  });
});
