// Notifications of the signed-in account (spec core §2, §4, §7; ADR 014): the list, dismissing,
// marking read, and the live stream over a real HTTP connection.
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertNotification } from "../../../db/repositories/notifications";
import { MESSAGES } from "../../../domain/messages";
import { MARK_AS_READ_MAX_IDS } from "../../../domain/notifications";
import { liveNotificationListeners } from "../../../services/notifications/live-notifications";
import { notify } from "../../../services/notifications/notify";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { liveNotificationSettings } from "./notifications.handlers";

interface ApiNotification {
  id: number;
  text: string;
  category: string;
  social_type: string | null;
  entity_name: string | null;
  link: string | null;
  read_at: string | null;
  created_at: string;
  dismissed: boolean;
}

describe.each(testEngines({ engineSpecific: true }))("notifications API on %s", (engine) => {
  let fx: ApiFixture;
  let tenant: TenantFixture;
  let other: TenantFixture;
  let agent: SignedIn;
  let admin: SignedIn;
  let theirAgent: SignedIn;
  const base = { category: "assignment", socialType: "twitter", readAt: null, dismissed: 0 };

  /** Stores a notification for the tenant's agent (as another process would: no event). */
  async function store(values: Partial<Parameters<typeof insertNotification>[1]> = {}) {
    return insertNotification(fx.db, {
      ...base,
      businessProfileId: tenant.businessProfileId,
      accountId: tenant.accounts.agent.id,
      text: "Stored",
      entityName: null,
      createdAt: new Date().toISOString(),
      ...values,
    });
  }

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    tenant = await fx.createTenant();
    other = await fx.createTenant();
    await store({ text: "Older <b>item</b>", entityName: "Brand search", createdAt: "2026-11-01T10:00:00.000Z" });
    await store({
      text: "Newer item",
      dismissed: 1,
      link: "/inbox?item=42",
      createdAt: "2026-11-02T10:00:00.000Z",
    });
    await store({
      businessProfileId: other.businessProfileId,
      accountId: other.accounts.agent.id,
      text: "Someone else's",
      createdAt: "2026-11-03T10:00:00.000Z",
    });
    [agent, admin, theirAgent] = await Promise.all([
      fx.signIn(tenant.accounts.agent.email),
      fx.signIn(tenant.accounts.admin.email),
      fx.signIn(other.accounts.agent.email),
    ]);
  });
  afterAll(() => fx.cleanup());

  const list = async (auth: SignedIn) => (await fx.request("GET", "/api/v1/notifications", { auth })).json.data as ApiNotification[];

  it("lists the caller's notifications newest first, text untouched, with their link", async () => {
    const res = await fx.request("GET", "/api/v1/notifications", { auth: agent });
    expect(res.status).toBe(200);
    expect(res.json.data.map((n: ApiNotification) => n.text)).toEqual(["Newer item", "Older <b>item</b>"]);
    expect(res.json.data[0]).toMatchObject({ dismissed: true, read_at: null, social_type: "twitter", link: "/inbox?item=42" });
    expect(res.json.data[1]).toMatchObject({ entity_name: "Brand search", link: null });
  });

  it("lists the newest `limit`, counting the unread of all it would list and saying there are more", async () => {
    const res = await fx.request("GET", "/api/v1/notifications?limit=1", { auth: agent });
    expect(res.status).toBe(200);
    // The dismissed newer one is listed; the unread older one is counted though not listed.
    expect(res.json.data.map((n: ApiNotification) => n.text)).toEqual(["Newer item"]);
    expect(res.json).toMatchObject({ unread_count: 1, has_more: true });
    const all = await fx.request("GET", "/api/v1/notifications", { auth: agent });
    expect(all.json).toMatchObject({ unread_count: 1, has_more: false });
    expect(all.json.data).toHaveLength(2);
    expect((await fx.request("GET", "/api/v1/notifications?limit=2", { auth: agent })).json).toMatchObject({ has_more: false });
    for (const limit of ["0", "101", "x"]) expect((await fx.request("GET", `/api/v1/notifications?limit=${limit}`, { auth: agent })).status).toBe(422);
    expect((await fx.request("GET", "/api/v1/notifications?limit=1", { auth: admin })).json).toEqual({ data: [], unread_count: 0, has_more: false });
  });

  it("counts the unread among the newest 100 only: read and dismissed ones are not unread", async () => {
    // The other tenant's agent: an unread one, then 100 newer ones (read, dismissed or unread).
    const mine = { businessProfileId: other.businessProfileId, accountId: other.accounts.agent.id };
    await store({ ...mine, text: "Unread, but 101st newest" });
    for (let i = 0; i < 100; i++) {
      const kind = i % 4;
      await store({
        ...mine,
        text: `Newer ${i}`,
        readAt: kind === 0 ? "2026-11-04T10:00:00.000Z" : null,
        dismissed: kind === 1 ? 1 : 0,
      });
    }
    const first = await fx.request("GET", "/api/v1/notifications?limit=20", { auth: theirAgent });
    expect(first.json.data).toHaveLength(20);
    expect(first.json.data[0].text).toBe("Newer 99");
    // Of the newest 100, the 50 neither read nor dismissed; the 101st newest is not counted.
    expect(first.json).toMatchObject({ unread_count: 50, has_more: true });
    const all = await fx.request("GET", "/api/v1/notifications", { auth: theirAgent });
    expect(all.json.data).toHaveLength(100);
    expect(all.json).toMatchObject({ unread_count: 50, has_more: false });
  });

  it("shows nothing of other accounts or tenants", async () => {
    expect(await list(admin)).toEqual([]);
  });

  it("needs a signed-in caller", async () => {
    expect((await fx.request("GET", "/api/v1/notifications")).status).toBe(401);
    expect((await fx.request("PATCH", "/api/v1/notifications/1", { body: { dismissed: true } })).status).toBe(401);
    expect((await fx.request("POST", "/api/v1/notifications/mark_as_read", { body: { ids: [1] } })).status).toBe(401);
    expect((await fx.request("GET", "/api/v1/notifications/live")).status).toBe(401);
  });

  describe("PATCH /v1/notifications/{id}", () => {
    it("dismisses an unread notification, reading it too, and brings it back", async () => {
      const row = await store({ text: "To dismiss" });
      const res = await fx.request("PATCH", `/api/v1/notifications/${row.id}`, { auth: agent, body: { dismissed: true } });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ id: row.id, text: "To dismiss", dismissed: true });
      expect(res.json.read_at).toEqual(expect.any(String));
      const readAt = res.json.read_at as string;

      const back = await fx.request("PATCH", `/api/v1/notifications/${row.id}`, { auth: agent, body: { dismissed: false } });
      expect(back.json).toMatchObject({ id: row.id, dismissed: false, read_at: readAt });
      // Dismissed again: the first reading time stays.
      const again = await fx.request("PATCH", `/api/v1/notifications/${row.id}`, { auth: agent, body: { dismissed: true } });
      expect(again.json).toMatchObject({ dismissed: true, read_at: readAt });
      expect((await list(agent)).find((n) => n.id === row.id)).toMatchObject({ dismissed: true, read_at: readAt });
    });

    it("answers 404 for a colleague's or another tenant's notification, changing nothing", async () => {
      const mine = await store({ text: "Mine alone" });
      const theirs = await store({ businessProfileId: other.businessProfileId, accountId: other.accounts.agent.id, text: "Theirs" });
      const colleague = await fx.request("PATCH", `/api/v1/notifications/${mine.id}`, { auth: admin, body: { dismissed: true } });
      expect(colleague.status).toBe(404);
      expect(colleague.json).toEqual({ error_message: MESSAGES.notFound });
      const foreign = await fx.request("PATCH", `/api/v1/notifications/${theirs.id}`, { auth: agent, body: { dismissed: true } });
      expect(foreign.status).toBe(404);
      expect((await list(agent)).find((n) => n.id === mine.id)).toMatchObject({ dismissed: false, read_at: null });
      expect((await list(theirAgent)).find((n) => n.id === theirs.id)).toMatchObject({ dismissed: false, read_at: null });
      expect((await fx.request("PATCH", "/api/v1/notifications/999999", { auth: agent, body: { dismissed: true } })).status).toBe(404);
    });

    it("refuses a body without a boolean `dismissed`", async () => {
      const row = await store();
      for (const body of [{}, { dismissed: "yes" }, { dismissed: 1 }]) {
        const res = await fx.request("PATCH", `/api/v1/notifications/${row.id}`, { auth: agent, body });
        expect(res.status).toBe(422);
      }
      // A non-numeric id is no notification's address (ADR 035).
      expect((await fx.request("PATCH", "/api/v1/notifications/abc", { auth: agent, body: { dismissed: true } })).status).toBe(404);
      expect((await list(agent)).find((n) => n.id === row.id)).toMatchObject({ dismissed: false });
    });

    it("needs the CSRF header with the bearer token", async () => {
      const row = await store();
      const res = await fx.request("PATCH", `/api/v1/notifications/${row.id}`, { auth: agent, csrf: null, body: { dismissed: true } });
      expect(res.status).toBe(403);
      expect((await list(agent)).find((n) => n.id === row.id)).toMatchObject({ dismissed: false });
    });
  });

  describe("POST /v1/notifications/mark_as_read", () => {
    it("reads the listed notifications and answers them as updated, newest first", async () => {
      const first = await store({ text: "First unread" });
      const second = await store({ text: "Second unread" });
      const read = await store({ text: "Read before", readAt: "2026-11-05T08:00:00.000Z" });
      const untouched = await store({ text: "Not listed" });
      const res = await fx.request("POST", "/api/v1/notifications/mark_as_read", {
        auth: agent,
        body: { ids: [first.id, second.id, read.id, second.id] },
      });
      expect(res.status).toBe(200);
      const data = res.json.data as ApiNotification[];
      expect(data.map((n) => n.id)).toEqual([read.id, second.id, first.id]);
      expect(data.every((n) => n.read_at !== null)).toBe(true);
      // Read once is read: the earlier time stays.
      expect(data[0]!.read_at).toBe("2026-11-05T08:00:00.000Z");
      expect(data[1]!.read_at).toBe(data[2]!.read_at);
      expect((await list(agent)).find((n) => n.id === untouched.id)!.read_at).toBeNull();
    });

    it("leaves out and never changes a colleague's or another tenant's notifications", async () => {
      const mine = await store({ text: "Mine to read" });
      const colleagues = await store({ accountId: tenant.accounts.admin.id, text: "The admin's" });
      const foreign = await store({ businessProfileId: other.businessProfileId, accountId: other.accounts.agent.id, text: "Foreign" });
      const res = await fx.request("POST", "/api/v1/notifications/mark_as_read", {
        auth: agent,
        body: { ids: [mine.id, colleagues.id, foreign.id, 999_999] },
      });
      expect(res.status).toBe(200);
      expect(res.json.data.map((n: ApiNotification) => n.id)).toEqual([mine.id]);
      expect((await list(admin)).find((n) => n.id === colleagues.id)!.read_at).toBeNull();
      expect((await list(theirAgent)).find((n) => n.id === foreign.id)!.read_at).toBeNull();
    });

    it("answers an empty list for no ids and refuses malformed ones", async () => {
      const empty = await fx.request("POST", "/api/v1/notifications/mark_as_read", { auth: agent, body: { ids: [] } });
      expect(empty).toMatchObject({ status: 200, json: { data: [] } });
      for (const body of [{}, { ids: "1,2" }, { ids: [0] }, { ids: [1.5] }, { ids: Array.from({ length: MARK_AS_READ_MAX_IDS + 1 }, (_, i) => i + 1) }]) {
        const res = await fx.request("POST", "/api/v1/notifications/mark_as_read", { auth: agent, body });
        expect(res.status, JSON.stringify(body).slice(0, 40)).toBe(422);
      }
    });
  });

  describe("GET /v1/notifications/live", () => {
    let server: ServerType;
    let origin: string;

    beforeAll(async () => {
      liveNotificationSettings.heartbeatMs = 200;
      liveNotificationSettings.rereadMs = 300;
      server = serve({ fetch: (request) => fx.api.fetch(request), port: 0, hostname: "127.0.0.1" });
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      liveNotificationSettings.heartbeatMs = 15_000;
      liveNotificationSettings.rereadMs = 5_000;
      (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** Opens the stream and collects what it sends. */
    async function open(auth: SignedIn, options: { afterId?: number; lastEventId?: string } = {}) {
      const controller = new AbortController();
      const query = options.afterId === undefined ? "" : `?after_id=${options.afterId}`;
      const response = await fetch(`${origin}/api/v1/notifications/live${query}`, {
        headers: {
          authorization: `Bearer ${auth.accessToken}`,
          accept: "text/event-stream",
          ...(options.lastEventId ? { "last-event-id": options.lastEventId } : {}),
        },
        signal: controller.signal,
      });
      let text = "";
      const reader = response.body!.getReader();
      const decoder = new TextDecoder();
      // One read in flight at a time: a read abandoned to a timer would swallow the next chunk.
      let pending: Promise<ReadableStreamReadResult<Uint8Array>> | null = null;
      let done = false;
      const read = async (until: (text: string) => boolean, timeoutMs = 5000) => {
        const deadline = Date.now() + timeoutMs;
        while (!until(text) && !done) {
          if (Date.now() > deadline) throw new Error(`stream timed out; got: ${text}`);
          pending ??= reader.read();
          const chunk = await Promise.race([pending, new Promise<null>((r) => setTimeout(() => r(null), 100))]);
          if (!chunk) continue;
          pending = null;
          if (chunk.done) done = true;
          else text += decoder.decode(chunk.value, { stream: true });
        }
        return text;
      };
      const events = () =>
        text
          .split("\n\n")
          .filter((block) => block.includes("event: notification"))
          .map((block) => {
            const lines = block.split("\n");
            return {
              id: lines.find((l) => l.startsWith("id: "))!.slice(4),
              data: JSON.parse(lines.find((l) => l.startsWith("data: "))!.slice(6)) as ApiNotification,
            };
          });
      return { response, read, events, close: () => controller.abort() };
    }

    const notifyAgent = (text: string, accountId = tenant.accounts.agent.id, businessProfileId = tenant.businessProfileId) =>
      notify(fx.deps, {
        businessProfileId,
        accountIds: [accountId],
        text,
        category: "assignment",
        socialType: "facebook",
        entityName: "<script>alert(1)</script>",
        link: "/inbox?item=7",
      });

    it("sends the caller's new notifications as they are created, only theirs, with heartbeats", async () => {
      const before = liveNotificationListeners();
      const live = await open(agent);
      expect(live.response.status).toBe(200);
      expect(live.response.headers.get("content-type")).toMatch(/text\/event-stream/);
      await live.read((t) => t.includes(": connected"));
      const colleague = await open(admin);
      await colleague.read((t) => t.includes(": connected"));
      const foreign = await open(theirAgent);
      await foreign.read((t) => t.includes(": connected"));
      expect(liveNotificationListeners()).toBe(before + 3);

      const [created] = await notifyAgent("Ada assigned you an item.");
      await notifyAgent("For the admin", tenant.accounts.admin.id);
      await live.read((t) => t.includes("Ada assigned you an item."));
      expect(live.events()).toEqual([
        {
          id: String(created),
          data: expect.objectContaining({
            id: created,
            text: "Ada assigned you an item.",
            category: "assignment",
            social_type: "facebook",
            entity_name: "<script>alert(1)</script>",
            link: "/inbox?item=7",
            read_at: null,
            dismissed: false,
          }),
        },
      ]);
      await colleague.read((t) => t.includes("For the admin"));
      expect(colleague.events().map((e) => e.data.text)).toEqual(["For the admin"]);
      await live.read((t) => t.includes(": heartbeat"), 3000);

      // Same account id in another tenant? Never: the other tenant's agent hears only their own.
      await notifyAgent("Foreign news", other.accounts.agent.id, other.businessProfileId);
      await foreign.read((t) => t.includes("Foreign news"));
      expect(foreign.events().map((e) => e.data.text)).toEqual(["Foreign news"]);
      expect(live.events().map((e) => e.data.text)).toEqual(["Ada assigned you an item."]);

      live.close();
      colleague.close();
      foreign.close();
      // The server stops listening once the clients are gone.
      for (let i = 0; i < 50 && liveNotificationListeners() > before; i++) await new Promise((r) => setTimeout(r, 50));
      expect(liveNotificationListeners()).toBe(before);
    });

    it("finds notifications another process wrote by re-reading the table", async () => {
      const live = await open(agent);
      await live.read((t) => t.includes(": connected"));
      const row = await store({ text: "Written elsewhere", category: "permissions_error", link: "/settings/channels" });
      await live.read((t) => t.includes("Written elsewhere"));
      expect(live.events().map((e) => e.id)).toEqual([String(row.id)]);
      expect(live.events()[0]!.data).toMatchObject({ category: "permissions_error", link: "/settings/channels" });
      live.close();
    });

    it("catches up from after_id or the Last-Event-ID of a reconnecting client, oldest first", async () => {
      const first = await store({ text: "Catch-up one" });
      const second = await store({ text: "Catch-up two" });
      const third = await store({ text: "Catch-up three" });

      const fromQuery = await open(agent, { afterId: first.id });
      await fromQuery.read((t) => t.includes("Catch-up three"));
      expect(fromQuery.events().map((e) => e.data.text)).toEqual(["Catch-up two", "Catch-up three"]);
      fromQuery.close();

      // The larger of the two wins; a malformed header is ignored.
      const reconnect = await open(agent, { afterId: first.id, lastEventId: String(second.id) });
      await reconnect.read((t) => t.includes("Catch-up three"));
      expect(reconnect.events().map((e) => e.id)).toEqual([String(third.id)]);
      reconnect.close();
      const garbled = await open(agent, { lastEventId: "12; drop table" });
      await garbled.read((t) => t.includes(": connected"));
      const fresh = await notifyAgent("Only the new one");
      await garbled.read((t) => t.includes("Only the new one"));
      expect(garbled.events().map((e) => e.data.id)).toEqual(fresh);
      garbled.close();

      expect((await fetch(`${origin}/api/v1/notifications/live?after_id=-1`, { headers: { authorization: `Bearer ${agent.accessToken}` } })).status).toBe(422);
    });
  });
});
