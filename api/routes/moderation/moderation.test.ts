import crypto from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { FEED_ITEM_STATE, MODERATION_PER_PAGE } from "../../../domain/constants";
import { MODERATION_ACTIONS, MODERATION_REASONS } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { MODERATION_CSV_HEADER } from "../../../services/moderation/export-moderation-events";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { startCallbackServer, type CallbackServer } from "../../../tests/support/callback-server";
import { testEngines } from "../../../tests/support/database";

const SCRIPT_TEXT = `<img src=x onerror="alert(1)"> spam spam`;

describe.each(testEngines({ engineSpecific: true }))("moderation API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAgent: SignedIn;
  let callbacks: CallbackServer;
  let zendeskSecret: string;
  const items: Record<string, number> = {};
  const theirItems: Record<string, number> = {};

  beforeAll(async () => {
    callbacks = await startCallbackServer();
    fx = await createApiFixture(engine);
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    const theirRoles = await fx.signInRoles(theirs);
    theirAgent = theirRoles.agent;

    const twitter = await createStream(roles.admin, { social_type: "twitter", category: "streams", source: "api" });
    await ingest(twitter, [
      post("spam", SCRIPT_TEXT, { url: "https://x.test/spam" }),
      post("delete-me", "Buy followers now", { url: "https://x.test/delete-me" }),
      post("edit-me", "My phone number is 555-0100"),
      post("troll", "You are all idiots"),
      ...Array.from({ length: 10 }, (_, i) => post(`bulk-${i}`, `Bulk item ${i}`)),
    ]);
    const zendesk = await createStream(roles.admin, { social_type: "zendesk", category: "inboxes", source: "webhook" });
    zendeskSecret = zendesk.webhook.secret;
    expect(
      (await fx.request("PATCH", `/api/v1/streams/${zendesk.id}`, { auth: roles.admin, body: { name: "Support", reply_url: callbacks.url("/moderation") } }))
        .status,
    ).toBe(200);
    await ingest(zendesk, [post("ticket", "Abusive ticket")]);
    Object.assign(items, await itemIds(mine.businessProfileId));

    const theirTwitter = await createStream(theirRoles.admin, { social_type: "twitter", category: "streams", source: "api" });
    await ingest(theirTwitter, [post("their-1", "Their mention")]);
    Object.assign(theirItems, await itemIds(theirs.businessProfileId));
    // Another tenant's event, which our report must never show.
    expect((await moderate(theirAgent, theirItems["their-1"]!, { action: "flag_spam", reason: "spamming" })).status).toBe(201);
  });
  afterAll(async () => {
    await fx?.cleanup();
    await callbacks?.close();
  });
  beforeEach(() => callbacks.answerWith(() => ({ status: 200 })));

  function post(externalId: string, text: string, extra: Record<string, unknown> = {}) {
    return {
      external_id: externalId,
      text,
      created_at: "2024-05-01T10:00:00Z",
      author: { username: `user_${externalId}`, name: `Author ${externalId}` },
      ...extra,
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

  function moderate(auth: SignedIn, itemId: number, body: Record<string, unknown>) {
    return fx.request("POST", `/api/v1/feed-items/${itemId}/moderation`, { auth, body });
  }

  async function history(itemId: number) {
    const rows = await fx.db.selectFrom("feedItemActions").selectAll().where("feedItemId", "=", itemId).orderBy("id").execute();
    return rows.map((r) => ({ type: r.actionType, accountId: r.accountId, name: r.actorName, data: JSON.parse(r.data) as Record<string, unknown> }));
  }

  async function state(itemId: number) {
    return (await fx.db.selectFrom("feedItems").select("state").where("id", "=", itemId).executeTakeFirstOrThrow()).state;
  }

  function events(auth: SignedIn, params: Record<string, string> = {}) {
    return fx.request("GET", `/api/v1/moderation/events?${new URLSearchParams(params)}`, { auth });
  }

  describe("taking an action", () => {
    it("writes the event with the spec's fields and a moderation row in the item's history", async () => {
      const id = items["spam"]!;
      const res = await moderate(roles.agent, id, { action: "flag_spam", reason: "spamming", note: "Third time this week" });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({
        feed_item_id: id,
        social_type: "twitter",
        agent: "agent Tester",
        agent_account_id: roles.agent.accountId,
        user: "Author spam",
        action: "flagged as spam",
        action_code: "flag_spam",
        reason: "spamming",
        note: "Third time this week",
        post: "https://x.test/spam",
        original_text: SCRIPT_TEXT,
        delivery: "manual",
        delivery_error: null,
      });
      expect(await history(id)).toEqual([
        {
          type: "moderation",
          accountId: roles.agent.accountId,
          name: "agent Tester",
          data: { event_id: res.json.id, action: "flag_spam", action_text: "flagged as spam", reason: "spamming", note: "Third time this week" },
        },
      ]);
      // Flagging hides nothing by itself.
      expect(await state(id)).toBe(FEED_ITEM_STATE.open);
    });

    it("closes the item of a deleted post and records the state change", async () => {
      const id = items["delete-me"]!;
      const res = await moderate(roles.agent, id, { action: "delete_post", reason: "solicitation" });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ action: "post deleted", note: "", post: "https://x.test/delete-me" });
      expect(await state(id)).toBe(FEED_ITEM_STATE.closed);
      expect((await history(id)).map((h) => [h.type, h.data.to ?? h.data.action])).toEqual([
        ["moderation", "delete_post"],
        ["state", FEED_ITEM_STATE.closed],
      ]);
    });

    it("needs the new text to edit a post, keeping the original in the event and the new text in the history", async () => {
      const id = items["edit-me"]!;
      const missing = await moderate(roles.agent, id, { action: "edit_post", reason: "private details" });
      expect(missing.status).toBe(422);
      expect(missing.json.errors.text).toEqual([MESSAGES.required]);
      expect(await history(id)).toEqual([]);

      const res = await moderate(roles.agent, id, { action: "edit_post", reason: "private details", text: "My phone number is [removed]" });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ action: "post edited", original_text: "My phone number is 555-0100", post: "My phone number is 555-0100" });
      expect((await history(id))[0]!.data).toMatchObject({ action: "edit_post", text: "My phone number is [removed]" });
    });

    it("answers an unknown action or reason with the catalogue messages", async () => {
      const id = items["troll"]!;
      const res = await moderate(roles.agent, id, { action: "ban_forever", reason: "because" });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ action: [MESSAGES.selectAction], reason: [MESSAGES.replies.selectReason] });
      const noReason = await moderate(roles.agent, id, { action: "block_user" });
      expect(noReason.json.errors).toEqual({ reason: [MESSAGES.replies.selectReason] });
      expect(await history(id)).toEqual([]);
    });

    it("answers 404 for another tenant's item and 403 for a guest, writing nothing", async () => {
      const before = await fx.db.selectFrom("moderationEvents").select("id").execute();
      expect((await moderate(roles.agent, theirItems["their-1"]!, { action: "block_user", reason: "trolling" })).status).toBe(404);
      expect((await moderate(theirAgent, items["troll"]!, { action: "block_user", reason: "trolling" })).status).toBe(404);
      expect((await moderate(roles.guest, items["troll"]!, { action: "block_user", reason: "trolling" })).status).toBe(403);
      expect(await fx.db.selectFrom("moderationEvents").select("id").execute()).toHaveLength(before.length);
    });

    it("delivers through the webhook callback, signed, when the stream has a reply URL", async () => {
      const id = items["ticket"]!;
      const before = callbacks.received.length;
      const res = await moderate(roles.admin, id, { action: "block_user", reason: "abusive", note: "Repeated insults" });
      expect(res.status).toBe(201);
      expect(res.json).toMatchObject({ action: "user blocked", delivery: "sent", delivery_error: null, original_text: "" });
      const [call] = callbacks.received.slice(before);
      expect(call!.path).toBe("/moderation");
      expect(call!.headers["x-earshot-signature"]).toBe(`sha256=${crypto.createHmac("sha256", zendeskSecret).update(call!.body).digest("hex")}`);
      expect(JSON.parse(call!.body)).toMatchObject({
        type: "moderation",
        id: `moderation-${res.json.id}`,
        network: "zendesk",
        item_external_id: "ticket",
        action: "block_user",
        action_text: "user blocked",
        reason: "abusive",
        note: "Repeated insults",
        agent: { id: roles.admin.accountId, name: "admin Tester" },
      });

      callbacks.answerWith(() => ({ status: 403 }));
      const refused = await moderate(roles.admin, id, { action: "unblock_user", reason: "user request" });
      expect(refused.json).toMatchObject({ delivery: "failed", delivery_error: MESSAGES.replies.deliveryRejected(403) });
      const stored = await fx.db.selectFrom("moderationEvents").select("delivery").where("id", "=", refused.json.id).executeTakeFirstOrThrow();
      expect(stored.delivery).toBe("failed");
    });
  });

  describe("the report", () => {
    beforeAll(async () => {
      // Ten more events (15 in all), a reason each, so that the report has two pages.
      for (let i = 0; i < 10; i++) {
        const res = await moderate(i % 2 ? roles.admin : roles.agent, items[`bulk-${i}`]!, {
          action: i % 2 ? "delete_avatar" : "make_profile_private",
          reason: MODERATION_REASONS[i]!,
        });
        expect(res.status).toBe(201);
      }
    });

    it("pages the tenant's events 8 at a time, newest first by default", async () => {
      const total = await fx.db.selectFrom("moderationEvents").select("id").where("businessProfileId", "=", mine.businessProfileId).execute();
      const first = await events(roles.agent);
      expect(first.status).toBe(200);
      expect(first.json).toMatchObject({ page: 1, per_page: MODERATION_PER_PAGE, total: total.length, total_pages: Math.ceil(total.length / MODERATION_PER_PAGE) });
      expect(first.json.data).toHaveLength(MODERATION_PER_PAGE);
      const second = await events(roles.agent, { page: "2" });
      const all = [...first.json.data, ...second.json.data];
      expect(all).toHaveLength(total.length);
      expect(all.map((e: { id: number }) => e.id)).toEqual([...total.map((t) => t.id)].sort((a, b) => b - a));
      expect(all.every((e: { feed_item_id: number }) => e.feed_item_id !== theirItems["their-1"])).toBe(true);
    });

    it('sorts by "{field} asc|desc"', async () => {
      const byUser = await events(roles.agent, { order: "user asc" });
      const users = byUser.json.data.map((e: { user: string }) => e.user);
      expect(users).toEqual([...users].sort());
      const byReason = await events(roles.agent, { order: "reason desc" });
      const reasons = byReason.json.data.map((e: { reason: string }) => e.reason);
      expect(reasons).toEqual([...reasons].sort().reverse());
      const byTime = await events(roles.agent, { order: "dateAndTime asc" });
      expect(byTime.json.data[0].id).toBeLessThan(byTime.json.data.at(-1).id);
      expect((await events(roles.agent, { order: "password asc" })).status).toBe(400);
    });

    it("filters by action (code or text), reason, agent and text", async () => {
      const byCode = await events(roles.agent, { filters: JSON.stringify({ actions: ["delete_avatar"] }) });
      expect(byCode.json.total).toBe(5);
      expect(new Set(byCode.json.data.map((e: { action: string }) => e.action))).toEqual(new Set(["avatar deleted"]));
      const byText = await events(roles.agent, { filters: JSON.stringify({ actions: ["avatar deleted", "post deleted"] }) });
      expect(byText.json.total).toBe(6);
      const byReason = await events(roles.agent, { filters: JSON.stringify({ reasons: ["abusive", "solicitation"] }) });
      expect(byReason.json.data.map((e: { reason: string }) => e.reason).sort()).toEqual(["abusive", "abusive", "solicitation", "solicitation"]);
      const byAgent = await events(roles.agent, { filters: JSON.stringify({ agent: "ADMIN" }) });
      expect(byAgent.json.total).toBe(7);
      expect(new Set(byAgent.json.data.map((e: { agent: string }) => e.agent))).toEqual(new Set(["admin Tester"]));
      const none = await events(roles.agent, { filters: JSON.stringify({ agent: "ADMIN", actions: ["make_profile_private"] }) });
      expect(none.json).toMatchObject({ total: 0, data: [] });
      const search = await events(roles.agent, { filters: JSON.stringify({ search: "555-0100" }) });
      expect(search.json.data.map((e: { action: string }) => e.action)).toEqual(["post edited"]);
      expect((await events(roles.agent, { filters: "{nope" })).status).toBe(400);
      expect((await events(roles.agent, { filters: JSON.stringify({ reasons: ["because"] }) })).status).toBe(400);
    });

    it("is closed to guests", async () => {
      expect((await events(roles.guest)).status).toBe(403);
      expect((await fx.request("GET", "/api/v1/moderation/filters", { auth: roles.guest })).status).toBe(403);
    });

    it("lists the actions and reasons to filter by as results", async () => {
      const res = await fx.request("GET", "/api/v1/moderation/filters", { auth: roles.agent });
      expect(res.status).toBe(200);
      expect(res.json.results.reasons).toEqual([...MODERATION_REASONS]);
      expect(res.json.results.actions.map((a: { event: string }) => a.event)).toEqual(MODERATION_ACTIONS.map((a) => a.event));
    });
  });

  describe("the CSV export and the filters' choices", () => {
    type Row = { id: number; agent: string; user: string; action: string; reason: string; note: string; post: string | null; social_type: string };

    function exportCsv(auth: SignedIn, params: Record<string, string> = {}) {
      return fx.request("GET", `/api/v1/moderation/events/export-to-csv?${new URLSearchParams(params)}`, { auth });
    }

    /** Every page of the report for these parameters, in its order. */
    async function allPages(auth: SignedIn, params: Record<string, string> = {}): Promise<Row[]> {
      const rows: Row[] = [];
      for (let page = 1; ; page++) {
        const res = await events(auth, { ...params, page: String(page) });
        expect(res.status).toBe(200);
        rows.push(...(res.json.data as Row[]));
        if (page >= res.json.total_pages) return rows;
      }
    }

    /** The CSV's lines as cells (none of these tests' cells hold a comma, a quote or a line break). */
    function lines(text: string): string[][] {
      expect(text.endsWith("\r\n")).toBe(true);
      return text.slice(0, -2).split("\r\n").map((line) => line.split(","));
    }

    beforeAll(async () => {
      // A note a spreadsheet would run as a formula, and an event of long ago with no post.
      const res = await moderate(roles.agent, items["troll"]!, { action: "block_user", reason: "trolling", note: "=HYPERLINK(evil)" });
      expect(res.status).toBe(201);
      await fx.db
        .insertInto("moderationEvents")
        .values({
          businessProfileId: mine.businessProfileId,
          feedItemId: null,
          identityId: null,
          socialType: "reddit",
          agentAccountId: roles.admin.accountId,
          agentName: "admin Tester",
          userName: "Old author",
          action: "user unblocked",
          reason: "user request",
          note: "",
          post: null,
          originalText: "",
          delivery: "manual",
          createdAt: "2020-01-15T12:00:00.000Z",
        })
        .execute();
    });

    it("writes every matching event (not one page), in the report's order, only the tenant's, formulas neutralised", async () => {
      const res = await exportCsv(roles.agent);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
      expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="moderation-events_\d{4}-\d{2}-\d{2}\.csv"$/);
      const [header, ...rows] = lines(res.json as string);
      expect(header).toEqual([...MODERATION_CSV_HEADER]);
      const pages = await allPages(roles.agent);
      expect(pages.length).toBeGreaterThan(MODERATION_PER_PAGE);
      expect(rows).toHaveLength(pages.length);
      expect(rows.map((r) => [r[0], r[1], r[2], r[3]])).toEqual(pages.map((e) => [e.agent, e.user, e.action, e.reason]));
      expect(rows.some((r) => r[1] === "Author their-1")).toBe(false);
      const trolled = rows.find((r) => r[7]?.includes("HYPERLINK"));
      expect(trolled?.[7]).toBe("'=HYPERLINK(evil)");
      // Dates carry the business profile's offset (UTC here).
      expect(rows.at(-1)![4]).toBe("2020-01-15T12:00:00Z");
    });

    it("takes the same filters and order as the report, on both engines' sort of a missing post", async () => {
      const params = { order: "post asc", filters: JSON.stringify({ agent_ids: [roles.admin.accountId] }) };
      const pages = await allPages(roles.agent, params);
      expect(new Set(pages.map((e) => e.agent))).toEqual(new Set(["admin Tester"]));
      // A missing post sorts as an empty one, first going up, wherever the engine puts nulls.
      expect(pages[0]!.post).toBeNull();
      const [, ...rows] = lines((await exportCsv(roles.agent, params)).json as string);
      expect(rows.map((r) => [r[1], r[5]])).toEqual(pages.map((e) => [e.user, e.post ?? ""]));

      const byNetwork = await exportCsv(roles.agent, { filters: JSON.stringify({ social_types: ["zendesk"], reasons: ["abusive", "user request"] }), order: "reason desc" });
      const [, ...zendesk] = lines(byNetwork.json as string);
      expect(zendesk.map((r) => [r[3], r[8]])).toEqual([
        ["user request", "zendesk"],
        ["abusive", "zendesk"],
      ]);
    });

    it("filters by a preset period in the tenant's zone, or by from and to", async () => {
      const recent = await allPages(roles.agent, { filters: JSON.stringify({ period: "7d" }) });
      const everything = await allPages(roles.agent);
      expect(recent).toHaveLength(everything.length - 1);
      expect(recent.some((e) => e.user === "Old author")).toBe(false);
      const old = await events(roles.agent, { filters: JSON.stringify({ from: "2020-01-01T00:00:00Z", to: "2020-02-01T00:00:00Z" }) });
      expect(old.json.data.map((e: Row) => e.user)).toEqual(["Old author"]);
      const yesterday = await events(roles.agent, { filters: JSON.stringify({ period: "yesterday" }) });
      expect(yesterday.json.total).toBe(0);
    });

    it("offers the tenant's own agents and networks, every action, reason and period", async () => {
      const res = await fx.request("GET", "/api/v1/moderation/filters", { auth: roles.agent });
      expect(res.status).toBe(200);
      const { agents, networks, periods } = res.json.results;
      expect(agents).toEqual([
        { id: roles.admin.accountId, name: "admin Tester" },
        { id: roles.agent.accountId, name: "agent Tester" },
      ]);
      expect(networks.map((n: { id: string }) => n.id)).toEqual(["reddit", "twitter", "zendesk"]);
      expect(networks[1]).toEqual({ id: "twitter", label: "X (Twitter)" });
      expect(periods.map((p: { id: string }) => p.id)).toEqual(["1h", "3h", "8h", "12h", "24h", "yesterday", "3d", "7d", "14d", "30d", "90d"]);
      // Another tenant's agent sees only their own.
      const theirs = await fx.request("GET", "/api/v1/moderation/filters", { auth: theirAgent });
      expect(theirs.json.results.agents).toEqual([{ id: theirAgent.accountId, name: "agent Tester" }]);
      expect(theirs.json.results.networks.map((n: { id: string }) => n.id)).toEqual(["twitter"]);
    });

    it("answers a bad order or filter with the catalogue's 400 naming it, and a guest with 403, before any CSV", async () => {
      for (const call of [events, exportCsv]) {
        const order = await call(roles.agent, { order: "password asc" });
        expect(order.status).toBe(400);
        expect(order.json.error_message).toBe(MESSAGES.dashboardApi.invalidParameter("order"));
        const reason = await call(roles.agent, { filters: JSON.stringify({ reasons: ["because"] }) });
        expect(reason.json.error_message).toBe(MESSAGES.dashboardApi.invalidParameter("filters.reasons.0"));
        const period = await call(roles.agent, { filters: JSON.stringify({ period: "forever" }) });
        expect([period.status, period.json.error_message]).toEqual([400, MESSAGES.dashboardApi.invalidParameter("filters.period")]);
        const backwards = await call(roles.agent, { filters: JSON.stringify({ from: "2021-01-01T00:00:00Z", to: "2020-01-01T00:00:00Z" }) });
        expect(backwards.json.error_message).toBe(MESSAGES.dashboardApi.invalidParameter("filters.to"));
        const json = await call(roles.agent, { filters: "{nope" });
        expect(json.json.error_message).toBe(MESSAGES.dashboardApi.invalidParameter("filters"));
        expect((await call(roles.guest)).status).toBe(403);
      }
    });

    it("pages through batches by the sort value and id, never skipping or repeating rows that tie", async () => {
      // A tenant of its own with more events than one batch (500), in few distinct values.
      const big = await fx.createTenant();
      const bigRoles = await fx.signInRoles(big);
      const reasons = ["abusive", "spamming", "trolling"];
      const values = Array.from({ length: 1234 }, (_, i) => ({
        businessProfileId: big.businessProfileId,
        feedItemId: null,
        identityId: null,
        socialType: i % 2 ? "twitter" : "reddit",
        agentAccountId: bigRoles.agent.accountId,
        agentName: "agent Tester",
        userName: `user ${String(i % 7)}`,
        action: "flagged as spam",
        reason: reasons[i % 3]!,
        note: `n${i}`,
        post: i % 5 ? `post ${i % 4}` : null,
        originalText: "",
        delivery: "manual",
        createdAt: new Date(Date.UTC(2026, 0, 1, 0, i % 11)).toISOString(),
      }));
      for (let i = 0; i < values.length; i += 200) await fx.db.insertInto("moderationEvents").values(values.slice(i, i + 200)).execute();
      for (const order of ["reason asc", "post desc", "dateAndTime desc", "user asc"]) {
        const [, ...rows] = lines((await exportCsv(bigRoles.agent, { order })).json as string);
        expect(rows).toHaveLength(values.length);
        const notes = rows.map((r) => r[7]);
        expect(new Set(notes).size).toBe(values.length);
        // The first page of the report is the file's first lines.
        const first = await events(bigRoles.agent, { order });
        expect(notes.slice(0, MODERATION_PER_PAGE)).toEqual(first.json.data.map((e: Row) => e.note));
        const last = await events(bigRoles.agent, { order, page: String(first.json.total_pages) });
        expect(notes.slice(-last.json.data.length)).toEqual(last.json.data.map((e: Row) => e.note));
      }
    });
  });
});
