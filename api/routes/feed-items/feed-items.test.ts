import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNT_EVENT_CONTEXT } from "../../../domain/account-events";
import { MESSAGES } from "../../../domain/messages";
import { compactDailyRollupsOfAll } from "../../../services/analytics/daily-rollups";
import { backfillsSettled } from "../../../services/queries/backfill";
import { TranslationUnavailableError, type Translator } from "../../../services/translate";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

interface FeedItemJson {
  id: number;
  status_id: string;
  social_type: string;
  description: string;
  language: string;
  sentiment: number;
  state: number;
  is_replied: number;
  label_ids: number[];
  labels: Array<{ id: number; name: string }>;
  assigned_to: { id: number; type: string; name: string; message: string | null; at: string | null; by: number | null } | null;
  translation: string | null;
  translation_language: string | null;
  viewers: Array<{ account_id: number; name: string; mode: string; seen_at: string }>;
  created_at: string;
}

const A = MESSAGES.inboxActions;
const FORBIDDEN = { error_message: MESSAGES.forbidden };
const POSITIVE = "I love this app, it is amazing and works perfectly";
const NEGATIVE = "The app keeps crashing, I want a refund";
const NEUTRAL = "The store opens at nine tomorrow";
const HTML = `<b>Refund</b> <script>alert("x")</script> & <img src=x onerror=alert(1)>`;

/** Translates by tagging the text; "xx" is a language nobody translates into. */
const fakeTranslator: Translator = {
  async translate({ text, from, to }) {
    if (to === "xx") throw new TranslationUnavailableError();
    return { text: `[${from}→${to}] ${text}`, provider: "fake" };
  },
};

describe.each(testEngines({ engineSpecific: true }))("feed items API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let theirs: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAdmin: SignedIn;
  let twitter: number;
  let reddit: number;
  let theirStream: number;
  let theirItem: number;
  let theirLabel: number;
  /** agent and admin. */
  let support: number;
  let theirTeam: number;
  const ingestKeys: Record<number, string> = {};
  /** status_id → item id, for every item of the tenant. */
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    fx = await createApiFixture(engine, { translator: fakeTranslator });
    theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);

    twitter = await createStream(roles.admin, "twitter");
    reddit = await createStream(roles.admin, "reddit");
    theirStream = await createStream(theirAdmin, "twitter");
    expect(
      await ingest(twitter, [
        item("t1", POSITIVE, "2024-05-01T10:00:00Z", { likes: 50 }),
        item("t2", NEGATIVE, "2024-05-02T10:00:00Z", { likes: 5, shares: 20, author: { username: "bob", name: "Bob Builder" } }),
        item("t3", NEUTRAL, "2024-05-03T10:00:00Z", { comments: 9 }),
        item("t4", "Die App stürzt ständig ab, das ist furchtbar", "2024-05-04T10:00:00Z", { language: "de", likes: 1 }),
        item("h1", HTML, "2024-05-05T10:00:00Z"),
        // Our reply to t2: t2 becomes replied, and r1 is in t2's thread.
        item("r1", "We are sorry, please write to us", "2024-05-06T10:00:00Z", {
          parent_external_id: "t2",
          is_agent_reply: true,
          author: { username: "northwind" },
        }),
      ]),
    ).toMatchObject({ accepted: 6, rejected: 0 });
    expect(await ingest(reddit, [item("d1", "A reddit thread about the login outage", "2024-05-07T10:00:00Z")])).toMatchObject({
      accepted: 1,
    });
    expect(await ingest(theirStream, [item("x1", NEGATIVE, "2024-05-01T10:00:00Z")])).toMatchObject({ accepted: 1 });

    for (const entry of await listAll(roles.agent)) ids[entry.status_id] = entry.id;
    expect(Object.keys(ids).sort()).toEqual(["d1", "h1", "r1", "t1", "t2", "t3", "t4"]);
    const their = await fx.request("GET", "/api/v1/feed-items", { auth: theirAdmin });
    theirItem = their.json.data[0].id;

    support = await createTeam(roles.admin, "Support", [roles.agent.accountId, roles.admin.accountId]);
    theirTeam = await createTeam(theirAdmin, "Theirs", []);
    const label = await fx.request("POST", "/api/labels", { auth: theirAdmin, body: { name: "Theirs" } });
    expect(label.status).toBe(201);
    theirLabel = label.json.id;
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  function item(externalId: string, text: string, createdAt: string, extra: Record<string, unknown> = {}) {
    return { external_id: externalId, text, created_at: createdAt, language: "en", author: { username: `u-${externalId}` }, ...extra };
  }

  async function createStream(auth: SignedIn, network: string): Promise<number> {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth,
      body: { name: `${network} ${Math.random()}`, social_type: network, category: "streams", source: "api" },
    });
    expect(res.status).toBe(201);
    ingestKeys[res.json.id] = res.json.ingest_key;
    return res.json.id;
  }

  async function ingest(streamId: number, items: unknown[]) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": ingestKeys[streamId]! },
        body: JSON.stringify(items),
      }),
    );
    return res.json();
  }

  /** A fresh item of the tenant for a test that changes it. */
  let fresh = 0;
  async function freshItem(text = NEUTRAL): Promise<number> {
    const externalId = `fresh-${++fresh}`;
    expect(await ingest(twitter, [item(externalId, text, "2023-01-01T00:00:00Z")])).toMatchObject({ accepted: 1 });
    const row = await fx.db.selectFrom("feedItems").select("id").where("externalId", "=", externalId).executeTakeFirstOrThrow();
    return row.id;
  }

  async function createTeam(auth: SignedIn, name: string, accountIds: number[]): Promise<number> {
    const res = await fx.request("POST", "/api/v1/teams", { auth, body: { name, account_ids: accountIds } });
    expect(res.status).toBe(201);
    return res.json.id;
  }

  async function createLabel(name: string, auth: SignedIn = roles.agent): Promise<number> {
    const res = await fx.request("POST", "/api/labels", { auth, body: { name } });
    expect(res.status).toBe(201);
    return res.json.id;
  }

  async function page(auth: SignedIn, params: Record<string, string> = {}) {
    const res = await fx.request("GET", `/api/v1/feed-items?${new URLSearchParams(params)}`, { auth });
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    return res.json as { data: FeedItemJson[]; has_more: boolean };
  }

  async function listAll(auth: SignedIn, params: Record<string, string> = {}) {
    return (await page(auth, { limit: "100", ...params })).data;
  }

  /** The status ids a list shows, in order (fresh items of the action tests left out). */
  const listed = async (params: Record<string, string>, auth: SignedIn = roles.agent) =>
    (await listAll(auth, params)).map((i) => i.status_id).filter((s) => !s.startsWith("fresh-"));

  const getItem = (id: number, auth: SignedIn = roles.agent) => fx.request("GET", `/api/v1/feed-items/${id}`, { auth });
  const assign = (id: number, body: Record<string, unknown>, auth: SignedIn = roles.agent) =>
    fx.request("POST", `/api/v1/feed-items/${id}/assign`, { auth, body });
  const setLabels = (id: number, body: Record<string, unknown>, auth: SignedIn = roles.agent) =>
    fx.request("POST", `/api/v1/feed-items/${id}/set-labels`, { auth, body });
  const setState = (body: Record<string, unknown>, auth: SignedIn = roles.agent) =>
    fx.request("POST", "/api/v1/feed-items/status/properties/state", { auth, body });

  async function history(id: number) {
    const res = await getItem(id);
    expect(res.status).toBe(200);
    return res.json.actions.history as Array<{ action_type: string; account_id: number; actor_name: string; data: any }>;
  }

  async function notificationsOf(accountId: number) {
    return fx.db.selectFrom("notifications").selectAll().where("accountId", "=", accountId).orderBy("id").execute();
  }

  describe("GET /v1/feed-items", () => {
    it("lists the tenant's items newest first, as status views with labels, assignee and viewers", async () => {
      const { data, has_more } = await page(roles.agent);
      expect(data.map((i) => i.status_id)).toEqual(["d1", "r1", "h1", "t4", "t3", "t2", "t1"]);
      expect(has_more).toBe(false);
      expect(data.find((i) => i.status_id === "t1")).toMatchObject({
        social_type: "twitter",
        description: POSITIVE,
        sentiment: 1,
        state: 1,
        labels: [],
        label_ids: [],
        assigned_to: null,
        viewers: [],
        translation: null,
        translation_language: null,
      });
      // Another tenant's item is never listed.
      expect(data.map((i) => i.id)).not.toContain(theirItem);
    });

    it("returns post text exactly as received, HTML included (clients render it as text)", async () => {
      const [h1] = (await listAll(roles.agent)).filter((i) => i.status_id === "h1");
      expect(h1!.description).toBe(HTML);
      const detail = await getItem(ids.h1!);
      expect(detail.json.description).toBe(HTML);
    });

    it("pages with offset and limit, telling whether more follow", async () => {
      const first = await page(roles.agent, { limit: "3" });
      expect(first.data.map((i) => i.status_id)).toEqual(["d1", "r1", "h1"]);
      expect(first.has_more).toBe(true);
      const second = await page(roles.agent, { limit: "3", offset: "3" });
      expect(second.data.map((i) => i.status_id)).toEqual(["t4", "t3", "t2"]);
      expect(second.has_more).toBe(true);
      const last = await page(roles.agent, { limit: "3", offset: "6" });
      expect(last.data.map((i) => i.status_id)).toEqual(["t1"]);
      expect(last.has_more).toBe(false);
      expect((await page(roles.agent, { offset: "50" })).data).toEqual([]);
      // The default page size is 15; more than 100 is refused.
      expect((await fx.request("GET", "/api/v1/feed-items?limit=101", { auth: roles.agent })).status).toBe(422);
    });

    it("sorts by date or by engagement, either way", async () => {
      expect(await listed({ sort_by: "created_at", order: "asc" })).toEqual(["t1", "t2", "t3", "t4", "h1", "r1", "d1"]);
      const byEngagement = await listed({ sort_by: "engagement" });
      expect(byEngagement.slice(0, 4)).toEqual(["t1", "t2", "t3", "t4"]);
      const ascending = await listed({ sort_by: "engagement", order: "asc" });
      expect(ascending.slice(-4)).toEqual(["t4", "t3", "t2", "t1"]);
    });

    it("filters by network, sentiment, language and replied, with lists as commas or brackets", async () => {
      expect(await listed({ social_type: "reddit" })).toEqual(["d1"]);
      expect(await listed({ social_type: "reddit,twitter" })).toHaveLength(7);
      const brackets = await fx.request("GET", "/api/v1/feed-items?social_type[]=reddit&social_type[]=facebook", { auth: roles.agent });
      expect(brackets.json.data.map((i: FeedItemJson) => i.status_id)).toEqual(["d1"]);
      expect(await listed({ social_type: "facebook" })).toEqual([]);
      expect(await listed({ sentiments: "-1" })).toEqual(expect.arrayContaining(["t2", "t4"]));
      expect(await listed({ sentiments: "-1" })).not.toContain("t1");
      expect(await listed({ sentiments: "1" })).toContain("t1");
      expect(await listed({ languages: "de" })).toEqual(["t4"]);
      expect(await listed({ is_replied: "1" })).toEqual(["t2"]);
      expect(await listed({ is_replied: "0" })).not.toContain("t2");
      const wrong = await fx.request("GET", "/api/v1/feed-items?social_type=myspace", { auth: roles.agent });
      expect(wrong.status).toBe(422);
      expect(Object.keys(wrong.json.errors)).toEqual(["social_type.0"]);
    });

    it("filters by state, assignee and label", async () => {
      const t1 = ids.t1!;
      const t2 = ids.t2!;
      const t3 = ids.t3!;
      expect((await assign(t1, { assignee_type: "account", assignee_id: roles.agent.accountId })).status).toBe(200);
      expect((await assign(t2, { assignee_type: "team", assignee_id: support })).status).toBe(200);
      expect((await assign(t3, { assignee_type: "account", assignee_id: roles.admin.accountId })).status).toBe(200);
      const bug = await createLabel("Filter bug");
      const praise = await createLabel("Filter praise");
      expect((await setLabels(t1, { label_ids: [bug] })).status).toBe(200);
      expect((await setLabels(t3, { label_ids: [bug, praise] })).status).toBe(200);
      expect((await setState({ ids: [ids.t4!], state: 3 })).status).toBe(200);
      expect((await setState({ ids: [ids.h1!], state: 2 })).status).toBe(200);

      expect(await listed({ states: "3" })).toEqual(["t4"]);
      expect(await listed({ states: "2,3" })).toEqual(["h1", "t4"]);
      expect(await listed({ states: "1" })).not.toContain("t4");
      // me: mine and my teams'; the admin's item is not the agent's.
      expect(await listed({ assignee: "me" })).toEqual(["t2", "t1"]);
      expect(await listed({ assignee: "me" }, roles.admin)).toEqual(["t3", "t2"]);
      expect(await listed({ assignee: `account:${roles.admin.accountId}` })).toEqual(["t3"]);
      expect(await listed({ assignee: `team:${support}` })).toEqual(["t2"]);
      expect(await listed({ assignee: "unassigned" })).toEqual(["d1", "r1", "h1", "t4"]);
      expect((await fx.request("GET", "/api/v1/feed-items?assignee=everyone", { auth: roles.agent })).json).toEqual({
        error_message: A.wrongAssigneeFilter,
      });
      expect(await listed({ label_ids: String(bug) })).toEqual(["t3", "t1"]);
      expect(await listed({ label_ids: `${praise}` })).toEqual(["t3"]);
      expect(await listed({ label_ids: String(theirLabel) })).toEqual([]);
      // Filters combine.
      expect(await listed({ label_ids: String(bug), assignee: "me" })).toEqual(["t1"]);
      expect(await listed({ assignee: "unassigned", states: "1" })).toEqual(["d1", "r1"]);

      const listedT3 = (await listAll(roles.agent)).find((i) => i.status_id === "t3")!;
      expect(listedT3.labels.map((l) => l.name)).toEqual(["Filter bug", "Filter praise"]);
      expect(listedT3.label_ids.sort()).toEqual([bug, praise].sort());
      expect(listedT3.assigned_to).toMatchObject({ type: "account", id: roles.admin.accountId, name: "admin Tester", by: roles.agent.accountId });
      const listedT2 = (await listAll(roles.agent)).find((i) => i.status_id === "t2")!;
      expect(listedT2.assigned_to).toMatchObject({ type: "team", id: support, name: "Support" });
    });

    it("reads one stream, a saved search the caller sees, a label, or the caller's assignments", async () => {
      expect(await listed({ source_type: "stream", source_id: String(reddit) })).toEqual(["d1"]);
      expect((await fx.request("GET", `/api/v1/feed-items?source_type=stream&source_id=${theirStream}`, { auth: roles.agent })).status).toBe(404);
      expect((await fx.request("GET", "/api/v1/feed-items?source_type=stream", { auth: roles.agent })).json).toEqual({
        error_message: A.sourceIdRequired,
      });

      const search = await fx.request("POST", "/api/search/items", {
        auth: roles.admin,
        body: { name: "Refunds", category: "brand", query: [{ type: "must", values: [{ filter_type: "keywords", value: "refund OR outage" }] }] },
      });
      expect(search.status).toBe(201);
      const personal = await fx.request("POST", "/api/search/items", {
        auth: roles.admin,
        body: { name: "Mine only", category: "my", query: [{ type: "must", values: [{ filter_type: "keywords", value: "app" }] }] },
      });
      await backfillsSettled(fx.deps);
      expect(await listed({ source_type: "search", source_id: String(search.json.id) })).toEqual(["d1", "h1", "t2"]);
      expect(await listed({ source_type: "search", source_id: String(search.json.id), social_type: "twitter" })).toEqual(["h1", "t2"]);
      // Another's personal search is not the agent's to read: 404 as if it did not exist.
      expect((await fx.request("GET", `/api/v1/feed-items?source_type=search&source_id=${personal.json.id}`, { auth: roles.agent })).status).toBe(404);

      const label = await createLabel("Source label");
      await setLabels(ids.d1!, { label_ids: [label] });
      expect(await listed({ source_type: "label", source_id: String(label) })).toEqual(["d1"]);
      expect((await fx.request("GET", `/api/v1/feed-items?source_type=label&source_id=${theirLabel}`, { auth: roles.agent })).json).toEqual({
        error_message: A.labelNotFound,
      });

      await assign(ids.d1!, { assignee_type: "account", assignee_id: roles.agent.accountId });
      expect(await listed({ source_type: "assigned" })).toEqual(expect.arrayContaining(["d1", "t2", "t1"]));
      expect((await fx.request("GET", "/api/v1/feed-items?source_type=assigned", { auth: roles.guest })).status).toBe(403);
    });

    it("accepts user_id only as the caller's own", async () => {
      expect((await page(roles.agent, { user_id: String(roles.agent.accountId), limit: "1" })).data).toHaveLength(1);
      const other = await fx.request("GET", `/api/v1/feed-items?user_id=${roles.admin.accountId}`, { auth: roles.agent });
      expect(other.status).toBe(403);
      expect(other.json).toEqual({ error_message: A.otherUsersItems });
    });

    it("refuses guests (no inbox permission) and anonymous callers", async () => {
      expect(await fx.request("GET", "/api/v1/feed-items", { auth: roles.guest })).toMatchObject({ status: 403, json: FORBIDDEN });
      expect((await fx.request("GET", "/api/v1/feed-items")).status).toBe(401);
    });

    it("hides networks the role may not see (wixan is for system admins)", async () => {
      const wixan = await createStream(roles.systemAdmin, "wixan");
      expect(await ingest(wixan, [item("w1", NEUTRAL, "2024-06-01T00:00:00Z")])).toMatchObject({ accepted: 1 });
      expect(await listed({ social_type: "wixan" })).toEqual([]);
      expect(await listed({}, roles.systemAdmin)).toContain("w1");
      const w1 = (await listAll(roles.systemAdmin)).find((i) => i.status_id === "w1")!;
      expect((await getItem(w1.id)).status).toBe(404);
      expect((await getItem(w1.id, roles.systemAdmin)).status).toBe(200);
    });
  });

  describe("GET /v1/feed-items/{id}", () => {
    it("shows the item with its thread, author, history, the caller's draft, viewers and moderation events", async () => {
      const t2 = ids.t2!;
      const now = Date.now();
      await fx.db
        .insertInto("feedItemPresence")
        .values([
          { businessProfileId: mine.businessProfileId, feedItemId: t2, accountId: roles.admin.accountId, mode: "replying", seenAt: new Date(now - 5_000).toISOString() },
          // Older than the presence window: gone.
          { businessProfileId: mine.businessProfileId, feedItemId: t2, accountId: roles.systemAdmin.accountId, mode: "viewing", seenAt: new Date(now - 120_000).toISOString() },
          // The caller is not their own viewer.
          { businessProfileId: mine.businessProfileId, feedItemId: t2, accountId: roles.agent.accountId, mode: "viewing", seenAt: new Date(now).toISOString() },
        ])
        .execute();
      const at = new Date(now).toISOString();
      await fx.db
        .insertInto("replyDrafts")
        .values([
          { businessProfileId: mine.businessProfileId, feedItemId: t2, accountId: roles.agent.accountId, text: "Hello <b>Bob</b>", templateId: null, createdAt: at, updatedAt: at },
          { businessProfileId: mine.businessProfileId, feedItemId: t2, accountId: roles.admin.accountId, text: "Admin's own", templateId: null, createdAt: at, updatedAt: at },
        ])
        .execute();
      await fx.db
        .insertInto("moderationEvents")
        .values({
          businessProfileId: mine.businessProfileId,
          feedItemId: t2,
          identityId: null,
          socialType: "twitter",
          agentAccountId: roles.admin.accountId,
          agentName: "admin Tester",
          userName: "bob",
          action: "flagged as spam",
          reason: "spamming",
          note: "",
          post: NEGATIVE,
          originalText: "",
          delivery: "manual",
          createdAt: at,
        })
        .execute();

      const res = await getItem(t2);
      expect(res.status).toBe(200);
      const detail = res.json;
      expect(detail).toMatchObject({ id: t2, status_id: "t2", description: NEGATIVE, is_replied: 1 });
      expect(detail.thread.parent).toBeNull();
      expect(detail.thread.replies.map((r: { status_id: string }) => r.status_id)).toEqual(["r1"]);
      expect(detail.author).toMatchObject({ username: "bob", name: "Bob Builder" });
      expect(detail.author.recent_items).toEqual([]);
      expect(detail.viewers).toEqual([{ account_id: roles.admin.accountId, name: "admin Tester", mode: "replying", seen_at: expect.any(String) }]);
      expect(detail.draft).toMatchObject({ text: "Hello <b>Bob</b>", template_id: null });
      expect(detail.moderation_events).toEqual([expect.objectContaining({ action: "flagged as spam", reason: "spamming", agent_name: "admin Tester" })]);
      expect(detail.actions).toMatchObject({
        liked_by: [],
        replied_by: [expect.objectContaining({ name: "northwind", text: "We are sorry, please write to us" })],
        assignments: [expect.objectContaining({ account_id: roles.agent.accountId, name: "agent Tester" })],
      });
      expect(detail.actions.history.map((h: { action_type: string }) => h.action_type)).toContain("assignment");

      // The reply's thread leads back to its parent.
      const reply = await getItem(ids.r1!);
      expect(reply.json.thread.parent).toMatchObject({ status_id: "t2" });
      // In the list, viewers show too.
      expect((await listAll(roles.agent)).find((i) => i.id === t2)!.viewers).toHaveLength(1);
    });

    it("answers 404 for another tenant's item, a missing one, or a path that is not an id", async () => {
      expect(await getItem(theirItem)).toMatchObject({ status: 404, json: { error_message: A.itemNotFound } });
      expect((await getItem(999_999)).status).toBe(404);
      expect((await fx.request("GET", "/api/v1/feed-items/abc", { auth: roles.agent })).status).toBe(404);
      expect((await getItem(ids.t1!, roles.guest)).status).toBe(403);
    });
  });

  describe("POST /v1/feed-items/{id}/assign and /unassign", () => {
    it("assigns to an account: who, when and a message are kept, the history and account events record it, the assignee is told", async () => {
      const id = await freshItem("Order #1 never arrived and support <i>ignores</i> me completely, this is the third time I write");
      const before = (await notificationsOf(roles.admin.accountId)).length;
      const res = await assign(id, { assignee_type: "account", assignee_id: roles.admin.accountId, message: "Can you take this?" });
      expect(res.status).toBe(200);
      expect(res.json.assigned_to).toMatchObject({
        type: "account",
        id: roles.admin.accountId,
        name: "admin Tester",
        message: "Can you take this?",
        by: roles.agent.accountId,
        at: expect.any(String),
      });
      const [entry] = (await history(id)).filter((h) => h.action_type === "assignment");
      expect(entry).toMatchObject({
        account_id: roles.agent.accountId,
        actor_name: "agent Tester",
        data: { assignee_type: "account", assignee_id: roles.admin.accountId, assignee_name: "admin Tester", message: "Can you take this?" },
      });

      const notes = (await notificationsOf(roles.admin.accountId)).slice(before);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({
        category: "assignment",
        socialType: "twitter",
        entityName: `u-fresh-${fresh}`,
        link: `/inbox?item=${id}`,
        businessProfileId: mine.businessProfileId,
      });
      expect(notes[0]!.text).toContain("agent Tester assigned you an item");
      expect(notes[0]!.text).toContain("Order #1 never arrived and support <i>ignores</i> me");
      expect(notes[0]!.text).toContain("…");
      expect(notes[0]!.text).toContain("Can you take this?");

      const events = await fx.db.selectFrom("accountEvents").selectAll().where("contextId", "=", id).where("actionType", "=", "assign").execute();
      expect(events).toEqual([
        expect.objectContaining({ accountId: roles.agent.accountId, socialType: "twitter", contextType: ACCOUNT_EVENT_CONTEXT.feedItem }),
      ]);
    });

    it("assigns to a team: each member is told except the one who assigned", async () => {
      const id = await freshItem();
      const agentBefore = (await notificationsOf(roles.agent.accountId)).length;
      const adminBefore = (await notificationsOf(roles.admin.accountId)).length;
      const res = await assign(id, { assignee_type: "team", assignee_id: support });
      expect(res.json.assigned_to).toMatchObject({ type: "team", id: support, name: "Support" });
      expect((await notificationsOf(roles.agent.accountId)).length).toBe(agentBefore);
      const adminNotes = (await notificationsOf(roles.admin.accountId)).slice(adminBefore);
      expect(adminNotes).toHaveLength(1);
      expect(adminNotes[0]!.text).toContain("assigned your team Support an item");
    });

    it("records a repeated assignment (same assignee, same message) once: no second history row, event or notification", async () => {
      const id = await freshItem();
      const before = (await notificationsOf(roles.admin.accountId)).length;
      const body = { assignee_type: "account", assignee_id: roles.admin.accountId, message: "Yours" };
      const first = await assign(id, body);
      // A client that lost the answer (its server was killed) sends the request again.
      const again = await assign(id, body);
      expect(again.status).toBe(200);
      expect(again.json.assigned_to).toEqual(first.json.assigned_to);
      expect((await history(id)).filter((h) => h.action_type === "assignment")).toHaveLength(1);
      expect((await notificationsOf(roles.admin.accountId)).length).toBe(before + 1);
      const events = await fx.db.selectFrom("accountEvents").select("id").where("contextId", "=", id).where("actionType", "=", "assign").execute();
      expect(events).toHaveLength(1);
      // Another message is a change.
      expect((await assign(id, { ...body, message: "Yours, today" })).status).toBe(200);
      expect((await history(id)).filter((h) => h.action_type === "assignment")).toHaveLength(2);
      expect((await notificationsOf(roles.admin.accountId)).length).toBe(before + 2);
    });

    it("does not tell an agent who assigns to themselves", async () => {
      const id = await freshItem();
      const before = (await notificationsOf(roles.agent.accountId)).length;
      expect((await assign(id, { assignee_type: "account", assignee_id: roles.agent.accountId })).status).toBe(200);
      expect((await notificationsOf(roles.agent.accountId)).length).toBe(before);
    });

    it("answers 422 with the catalogue message for an assignee outside the business profile, and writes nothing", async () => {
      const id = await freshItem();
      for (const body of [
        { assignee_type: "account", assignee_id: theirs.accounts.agent.id },
        { assignee_type: "team", assignee_id: theirTeam },
        { assignee_type: "account", assignee_id: 999_999 },
      ]) {
        const res = await assign(id, body);
        expect(res.status).toBe(422);
        expect(res.json).toEqual({ error_message: A.assigneeNotFound, errors: { assignee_id: [A.assigneeNotFound] } });
      }
      expect(await history(id)).toEqual([]);
      expect((await getItem(id)).json.assigned_to).toBeNull();
      const missing = await assign(id, {});
      expect(missing.status).toBe(422);
      expect(missing.json.errors).toEqual({ assignee_type: [MESSAGES.required], assignee_id: [MESSAGES.required] });
    });

    it("answers 404 for another tenant's item and 403 for a guest", async () => {
      expect((await assign(theirItem, { assignee_type: "account", assignee_id: roles.agent.accountId })).status).toBe(404);
      const id = await freshItem();
      expect(await assign(id, { assignee_type: "account", assignee_id: roles.agent.accountId }, roles.guest)).toMatchObject({
        status: 403,
        json: FORBIDDEN,
      });
      expect((await fx.request("POST", `/api/v1/feed-items/${id}/unassign`, { auth: roles.guest, body: {} })).status).toBe(403);
    });

    it("unassigns, keeping whose it was in the history", async () => {
      const id = await freshItem();
      await assign(id, { assignee_type: "team", assignee_id: support });
      const res = await fx.request("POST", `/api/v1/feed-items/${id}/unassign`, { auth: roles.admin, body: { message: "Back to the pool" } });
      expect(res.status).toBe(200);
      expect(res.json.assigned_to).toBeNull();
      const entries = await history(id);
      expect(entries.map((h) => h.action_type)).toEqual(["assignment", "unassignment"]);
      expect(entries[1]).toMatchObject({
        account_id: roles.admin.accountId,
        data: { previous: { type: "team", id: support, name: "Support" }, message: "Back to the pool" },
      });
      // Unassigning an unassigned item changes nothing.
      expect((await fx.request("POST", `/api/v1/feed-items/${id}/unassign`, { auth: roles.admin })).status).toBe(200);
      expect(await history(id)).toHaveLength(2);
    });
  });

  describe("POST /v1/feed-items/{id}/set-labels", () => {
    it("sets exactly the given labels, creating new names inline and reusing an existing name whatever its case", async () => {
      const id = await freshItem();
      const urgent = await createLabel("Urgent");
      const res = await setLabels(id, { label_ids: [urgent], new_labels: ["billing", "URGENT", "Brand new"] });
      expect(res.status).toBe(200);
      expect(res.json.labels.map((l: { name: string }) => l.name)).toEqual(["billing", "Brand new", "Urgent"]);
      const labels = (await fx.request("GET", "/api/v1/labels", { auth: roles.agent })).json.data as Array<{ id: number; name: string; owner_account_id: number }>;
      expect(labels.filter((l) => l.name.toLowerCase() === "urgent")).toHaveLength(1);
      const brandNew = labels.find((l) => l.name === "Brand new")!;
      expect(brandNew.owner_account_id).toBe(roles.agent.accountId);

      // A second call reuses "billing" (any case) and takes "Urgent" off.
      const again = await setLabels(id, { label_ids: [brandNew.id], new_labels: ["BILLING"] });
      expect(again.json.labels.map((l: { name: string }) => l.name)).toEqual(["billing", "Brand new"]);
      const labelsAfter = (await fx.request("GET", "/api/v1/labels", { auth: roles.agent })).json.data as Array<{ name: string }>;
      expect(labelsAfter.filter((l) => l.name.toLowerCase() === "billing")).toHaveLength(1);

      const entries = (await history(id)).filter((h) => h.action_type === "labels");
      expect(entries).toHaveLength(2);
      expect(entries[1]!.data.added).toEqual([]);
      expect(entries[1]!.data.removed).toEqual([{ id: urgent, name: "Urgent" }]);

      const events = await fx.db
        .selectFrom("accountEvents")
        .select(["contextId"])
        .where("businessProfileId", "=", mine.businessProfileId)
        .where("actionType", "=", "label")
        .where("contextType", "=", ACCOUNT_EVENT_CONTEXT.label)
        .where("contextId", "=", urgent)
        .execute();
      expect(events.length).toBeGreaterThanOrEqual(1);

      // Clearing every label.
      const cleared = await setLabels(id, { label_ids: [] });
      expect(cleared.json.labels).toEqual([]);
    });

    it("answers 404 for another tenant's label or item, and writes nothing", async () => {
      const id = await freshItem();
      const mineLabel = await createLabel("Mine 404");
      const res = await setLabels(id, { label_ids: [mineLabel, theirLabel], new_labels: ["Should not exist"] });
      expect(res).toMatchObject({ status: 404, json: { error_message: A.labelNotFound } });
      expect((await getItem(id)).json.labels).toEqual([]);
      const names = ((await fx.request("GET", "/api/v1/labels", { auth: roles.agent })).json.data as Array<{ name: string }>).map((l) => l.name);
      expect(names).not.toContain("Should not exist");
      expect((await setLabels(theirItem, { label_ids: [mineLabel] })).status).toBe(404);
      expect((await setLabels(id, { label_ids: [mineLabel] }, roles.guest)).status).toBe(403);
    });

    it("matches the item against saved searches again: a search filtering by the label picks it up", async () => {
      const id = await freshItem("Nothing special about this one");
      const vip = await createLabel("VIP");
      const search = await fx.request("POST", "/api/search/items", {
        auth: roles.admin,
        body: {
          name: "VIP items",
          category: "brand",
          query: [
            { type: "must", values: [{ filter_type: "keywords", value: "special" }] },
            { type: "must", values: [{ filter_type: "labels", value: vip }] },
          ],
        },
      });
      expect(search.status).toBe(201);
      await backfillsSettled(fx.deps);
      const source = { source_type: "search", source_id: String(search.json.id) };
      expect((await listAll(roles.agent, source)).map((i) => i.id)).toEqual([]);

      await setLabels(id, { label_ids: [vip] });
      expect((await listAll(roles.agent, source)).map((i) => i.id)).toEqual([id]);
      await setLabels(id, { label_ids: [] });
      expect((await listAll(roles.agent, source)).map((i) => i.id)).toEqual([]);
    });
  });

  describe("POST /v1/feed-items/status/properties/state", () => {
    it("changes the state of several items at once, with a history row for each", async () => {
      const a = await freshItem();
      const b = await freshItem();
      const res = await setState({ ids: [a, b], state: 2 });
      expect(res.status).toBe(200);
      expect(res.json.data.map((i: FeedItemJson) => [i.id, i.state])).toEqual([
        [a, 2],
        [b, 2],
      ]);
      expect((await history(a)).filter((h) => h.action_type === "state").map((h) => h.data)).toEqual([{ from: 1, to: 2 }]);
      // Already in that state: no new row.
      await setState({ ids: [a], state: 2 });
      expect((await history(a)).filter((h) => h.action_type === "state")).toHaveLength(1);
      await setState({ ids: [a], state: 3 });
      expect((await getItem(a)).json.state).toBe(3);
    });

    it("changes nothing when one id is another tenant's (404), and checks the state and ids", async () => {
      const a = await freshItem();
      expect((await setState({ ids: [a, theirItem], state: 3 })).status).toBe(404);
      expect((await getItem(a)).json.state).toBe(1);
      const bad = await setState({ ids: [], state: 4 });
      expect(bad.status).toBe(422);
      expect(bad.json.errors).toEqual({ ids: [MESSAGES.atLeastOneItem], state: [MESSAGES.wrongFormat] });
      expect((await setState({ ids: [a], state: 3 }, roles.guest)).status).toBe(403);
    });
  });

  describe("POST /v1/feed-items/status/properties/translate", () => {
    it("stores each item's translation and its language, with a history row", async () => {
      const a = await freshItem("Die App stürzt ab");
      const b = await freshItem("Hello there");
      const res = await fx.request("POST", "/api/v1/feed-items/status/properties/translate", { auth: roles.agent, body: { ids: [a, b], lang: "es" } });
      expect(res.status).toBe(200);
      const byId = new Map(res.json.data.map((i: FeedItemJson) => [i.id, i]));
      expect(byId.get(a)).toMatchObject({ translation: "[en→es] Die App stürzt ab", translation_language: "es" });
      expect(byId.get(b)).toMatchObject({ translation: "[en→es] Hello there", translation_language: "es" });
      expect((await history(a)).filter((h) => h.action_type === "translation").map((h) => h.data)).toEqual([{ language: "es" }]);
    });

    it("answers 400 when the language pair cannot be translated, and stores nothing", async () => {
      const a = await freshItem();
      const res = await fx.request("POST", "/api/v1/feed-items/status/properties/translate", { auth: roles.agent, body: { ids: [a], lang: "xx" } });
      expect(res).toMatchObject({ status: 400, json: { error_message: MESSAGES.translationUnavailable } });
      expect((await getItem(a)).json.translation).toBeNull();
      expect((await fx.request("POST", "/api/v1/feed-items/status/properties/translate", { auth: roles.agent, body: { ids: [theirItem], lang: "es" } })).status).toBe(404);
    });
  });

  describe("two agents at once", () => {
    it("keeps every change in the history, in one order", async () => {
      const id = await freshItem();
      const a = await createLabel("Concurrent A");
      const results = await Promise.all([
        assign(id, { assignee_type: "account", assignee_id: roles.admin.accountId }, roles.agent),
        assign(id, { assignee_type: "account", assignee_id: roles.agent.accountId }, roles.admin),
        setLabels(id, { label_ids: [a] }, roles.agent),
        setState({ ids: [id], state: 2 }, roles.admin),
      ]);
      expect(results.map((r) => r.status)).toEqual([200, 200, 200, 200]);
      const entries = await history(id);
      expect(entries.map((h) => h.action_type).sort()).toEqual(["assignment", "assignment", "labels", "state"]);
      expect(entries.filter((h) => h.action_type === "assignment").map((h) => h.account_id).sort()).toEqual(
        [roles.agent.accountId, roles.admin.accountId].sort(),
      );
      // The item shows the assignment that came last in the history.
      const last = entries.filter((h) => h.action_type === "assignment").at(-1)!;
      expect((await getItem(id)).json.assigned_to.id).toBe(last.data.assignee_id);
    });
  });

  describe("counters", () => {
    it("counts open items assigned to me or my teams, and lists them", async () => {
      const before = (await fx.request("GET", "/api/v1/feed-items/assigned-to-me-count", { auth: roles.guest })).status;
      expect(before).toBe(403);
      const mineOpen = await freshItem();
      const teamOpen = await freshItem();
      const mineClosed = await freshItem();
      const count = async () => (await fx.request("GET", "/api/v1/feed-items/assigned-to-me-count", { auth: roles.agent })).json.count as number;
      const start = await count();
      await assign(mineOpen, { assignee_type: "account", assignee_id: roles.agent.accountId }, roles.admin);
      await assign(teamOpen, { assignee_type: "team", assignee_id: support }, roles.admin);
      await assign(mineClosed, { assignee_type: "account", assignee_id: roles.agent.accountId }, roles.admin);
      await setState({ ids: [mineClosed], state: 3 });
      expect(await count()).toBe(start + 2);

      const listedMine = await fx.request("GET", "/api/v1/feed-items/assigned-to-me?limit=100", { auth: roles.agent });
      expect(listedMine.status).toBe(200);
      const listedIds = listedMine.json.data.map((i: FeedItemJson) => i.id);
      expect(listedIds).toEqual(expect.arrayContaining([mineOpen, teamOpen, mineClosed]));
      const others = await fx.request("GET", "/api/v1/feed-items/assigned-to-me?limit=100", { auth: roles.systemAdmin });
      expect(others.json.data.map((i: FeedItemJson) => i.id)).not.toContain(mineOpen);
    });

    it("counts the list's items and their sentiments under the same filters", async () => {
      const count = async (params: string) => (await fx.request("GET", `/api/v1/feed-items/count?${params}`, { auth: roles.agent })).json;
      const total = (await listAll(roles.agent)).length;
      expect(await count("")).toEqual({ count: total, capped: false });
      expect(await count("social_type=reddit")).toEqual({ count: 1, capped: false });
      expect(await count("languages=de")).toEqual({ count: 1, capped: false });
      expect(await count(`label_ids=${theirLabel}`)).toEqual({ count: 0, capped: false });
      // Counted up to max: past it, capped says there are more.
      expect(await count(`max=${total - 1}`)).toEqual({ count: total - 1, capped: true });
      expect(await count(`max=${total}`)).toEqual({ count: total, capped: false });
      expect(await count(`source_type=assigned&max=1`)).toEqual({ count: 1, capped: true });
      const sentiments = (await fx.request("GET", "/api/v1/feed-items/sentiments?social_type=twitter", { auth: roles.agent })).json;
      const twitterItems = (await listAll(roles.agent, { social_type: "twitter" })).map((i) => i.sentiment);
      expect(sentiments).toEqual({
        positive: twitterItems.filter((s) => s > 0).length,
        neutral: twitterItems.filter((s) => s === 0).length,
        negative: twitterItems.filter((s) => s < 0).length,
      });
      expect((await fx.request("GET", "/api/v1/feed-items/count", { auth: roles.guest })).status).toBe(403);
    });

    it("counts open items per saved search the caller sees", async () => {
      const search = await fx.request("POST", "/api/search/items", {
        auth: roles.admin,
        body: { name: "Crashes", category: "brand", query: [{ type: "must", values: [{ filter_type: "keywords", value: "crashing" }] }] },
      });
      const hidden = await fx.request("POST", "/api/search/items", {
        auth: roles.admin,
        body: { name: "Admin's crashes", category: "my", query: [{ type: "must", values: [{ filter_type: "keywords", value: "crashing" }] }] },
      });
      await backfillsSettled(fx.deps);
      const res = await fx.request("GET", `/api/v1/feed-items/search-results?user_id=${roles.agent.accountId}`, { auth: roles.agent });
      expect(res.status).toBe(200);
      const counts = new Map(res.json.data.map((r: { search_item_id: number; count: number }) => [r.search_item_id, r.count]));
      // t2 matches "crashing" and is open.
      expect(counts.get(search.json.id)).toBe(1);
      expect(counts.has(hidden.json.id)).toBe(false);
      // The counts are kept until the data changes (ADR 020): a change of state shows at once.
      const countOf = async () => {
        const again = await fx.request("GET", `/api/v1/feed-items/search-results?user_id=${roles.agent.accountId}`, { auth: roles.agent });
        return new Map(again.json.data.map((r: { search_item_id: number; count: number }) => [r.search_item_id, r.count])).get(search.json.id);
      };
      expect(await countOf()).toBe(1);
      expect((await setState({ ids: [ids.t2], state: 3 })).status).toBe(200);
      expect(await countOf()).toBe(0);
      expect((await setState({ ids: [ids.t2], state: 1 })).status).toBe(200);
      expect(await countOf()).toBe(1);
      const negative = await fx.request("GET", "/api/v1/feed-items/search-results?sentiment=1&social_types=reddit", { auth: roles.agent });
      expect(new Map(negative.json.data.map((r: { search_item_id: number; count: number }) => [r.search_item_id, r.count])).get(search.json.id)).toBe(0);
      expect((await fx.request("GET", `/api/v1/feed-items/search-results?user_id=${roles.admin.accountId}`, { auth: roles.agent })).status).toBe(403);
    });

    it("lists the languages of the tenant's mentions once a scheduler round has made their days, and only the tenant's", async () => {
      expect(await ingest(theirStream, [item("x2", "Une panne de connexion", "2024-05-02T10:00:00Z", { language: "fr" })])).toMatchObject({
        accepted: 1,
      });
      await compactDailyRollupsOfAll(fx.deps);
      const res = await fx.request("GET", "/api/v1/feed-items/languages", { auth: roles.agent });
      expect(res.status).toBe(200);
      expect(res.json).toEqual({ data: ["de", "en"] });
      const theirLanguages = await fx.request("GET", "/api/v1/feed-items/languages", { auth: theirAdmin });
      expect(theirLanguages.json).toEqual({ data: ["en", "fr"] });
      // A language first seen shows after the next round.
      expect(await ingest(reddit, [item("d2", "Il login non funziona da stamattina", "2024-05-08T10:00:00Z", { language: "it" })])).toMatchObject({
        accepted: 1,
      });
      await compactDailyRollupsOfAll(fx.deps);
      expect((await fx.request("GET", "/api/v1/feed-items/languages", { auth: roles.agent })).json).toEqual({ data: ["de", "en", "it"] });
      expect((await fx.request("GET", "/api/v1/feed-items/languages", { auth: roles.guest })).status).toBe(403);
      expect((await fx.request("GET", "/api/v1/feed-items/languages")).status).toBe(401);
    });

    it("counts the caller's drafts", async () => {
      const res = await fx.request("GET", `/api/v1/feed-items/drafts?user_id=${roles.agent.accountId}`, { auth: roles.agent });
      expect(res.status).toBe(200);
      const stored = await fx.db
        .selectFrom("replyDrafts")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("accountId", "=", roles.agent.accountId)
        .executeTakeFirstOrThrow();
      expect(res.json).toEqual({ count: Number(stored.n) });
      expect(Number(stored.n)).toBeGreaterThan(0);
      expect((await fx.request("GET", `/api/v1/feed-items/drafts?user_id=${roles.admin.accountId}`, { auth: roles.agent })).status).toBe(403);
    });
  });
});
