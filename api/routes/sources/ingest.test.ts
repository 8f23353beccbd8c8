import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { INGEST_LIMITS } from "../../../domain/schemas/mention-input";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

let counter = 0;
const uid = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 8)}`;

interface Stream {
  id: number;
  key: string;
}

interface StatusJson {
  id: number;
  status_id: string;
  stream_id: number;
  description: string;
  language: string;
  sentiment: number;
  sentiment_drivers: Array<{ term: string; weight: number }>;
  is_replied: 0 | 1;
  is_agent_reply: boolean;
  parent_status_id: string | null;
  first_reply_at: string | null;
  muted: boolean;
}

function mention(
  externalId: string,
  text = "Loving the new dashboard, great work",
  extra: Record<string, unknown> = {},
) {
  return {
    external_id: externalId,
    text,
    created_at: "2024-05-14T09:21:00Z",
    author: { username: "jane", followers: 10 },
    ...extra,
  };
}

describe.each(testEngines({ engineSpecific: true }))("ingest API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let theirAdmin: SignedIn;
  let stream: Stream;
  let other: Stream;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    [admin, agent, theirAdmin] = await Promise.all([
      fx.signIn(mine.accounts.admin.email),
      fx.signIn(mine.accounts.agent.email),
      fx.signIn(theirs.accounts.admin.email),
    ]);
    stream = await createStream(admin, "twitter");
    other = await createStream(admin, "reddit");
  });
  afterAll(() => fx?.cleanup());

  async function createStream(auth: SignedIn, network: string, category = "streams"): Promise<Stream> {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth,
      body: { name: uid("Stream"), social_type: network, category, source: "api" },
    });
    expect(res.status).toBe(201);
    return { id: res.json.id, key: res.json.ingest_key };
  }

  async function post(streamId: number, body: string, headers: Record<string, string> = {}) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, { method: "POST", headers, body }),
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

  const push = (target: Stream, items: unknown, key: string | null = target.key) =>
    post(target.id, JSON.stringify(items), {
      "content-type": "application/json",
      ...(key ? { "x-ingest-key": key } : {}),
    });

  async function statuses(auth: SignedIn, filters: Record<string, unknown> = {}, limit = 100): Promise<StatusJson[]> {
    const query = new URLSearchParams({ filters: JSON.stringify(filters), limit: String(limit) });
    const res = await fx.request("GET", `/api/v1/statuses?${query}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data;
  }

  async function counts(auth: SignedIn, filters: Record<string, unknown> = {}) {
    const res = await fx.request(
      "GET",
      `/api/v1/statuses/counts?${new URLSearchParams({ filters: JSON.stringify(filters) })}`,
      { auth },
    );
    expect(res.status).toBe(200);
    return res.json as { total: number; sentiments: Record<string, number>; social_types: Record<string, number> };
  }

  async function byExternalId(
    externalId: string,
    auth: SignedIn = agent,
    target: Stream = stream,
  ): Promise<StatusJson | undefined> {
    return (await statuses(auth, { stream_ids: [target.id], include_muted: true })).find(
      (s) => s.status_id === externalId,
    );
  }

  describe("POST /v1/ingest/streams/{id}", () => {
    it("stores a JSON array once: sending it again counts duplicates and stores nothing", async () => {
      const target = await createStream(admin, "twitter", "hashtags");
      const items = [mention(uid("a")), mention(uid("b")), mention(uid("c"))];
      const first = await push(target, items);
      expect(first).toEqual({ status: 200, json: { accepted: 3, duplicates: 0, rejected: 0, errors: [] } });
      const again = await push(target, items);
      expect(again).toEqual({ status: 200, json: { accepted: 0, duplicates: 3, rejected: 0, errors: [] } });

      const stored = await statuses(agent, { stream_ids: [target.id] });
      expect(stored.map((s) => s.status_id).sort()).toEqual(items.map((i) => i.external_id).sort());
      expect((await counts(agent, { stream_ids: [target.id] })).total).toBe(3);
      expect((await fx.request("GET", `/api/v1/streams/${target.id}`, { auth: admin })).json.health).toMatchObject({
        items_count: 3,
        last_item_at: "2024-05-14T09:21:00.000Z",
        last_success_at: expect.any(String),
      });
    });

    it("accepts a single JSON object", async () => {
      const externalId = uid("single");
      expect(await push(stream, mention(externalId))).toEqual({
        status: 200,
        json: { accepted: 1, duplicates: 0, rejected: 0, errors: [] },
      });
      expect(await byExternalId(externalId)).toBeDefined();
    });

    it("reads NDJSON line by line: a malformed line and an invalid item are rejected by line number, the rest stored", async () => {
      const ids = [uid("nd"), uid("nd"), uid("nd"), uid("nd")];
      const lines = [
        JSON.stringify(mention(ids[0]!)),
        '{"external_id": "broken", "text": ',
        JSON.stringify(mention(ids[1]!)),
        JSON.stringify({ ...mention(ids[2]!), text: undefined }),
        "",
        JSON.stringify(mention(ids[3]!)),
      ];
      const res = await post(stream.id, lines.join("\n"), {
        "content-type": "application/x-ndjson",
        "x-ingest-key": stream.key,
      });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ accepted: 3, duplicates: 0, rejected: 2 });
      expect(res.json.errors).toEqual([
        { position: 2, message: expect.stringMatching(/^Invalid JSON/) },
        { position: 4, external_id: ids[2], message: expect.stringMatching(/^text: /) },
      ]);
      const stored = (await statuses(agent, { stream_ids: [stream.id] })).map((s) => s.status_id);
      expect(stored).toEqual(expect.arrayContaining([ids[0], ids[1], ids[3]]));
      expect(stored).not.toContain(ids[2]);
      expect(stored).not.toContain("broken");
    });

    it("reports invalid items of a JSON array by index", async () => {
      const good = uid("good");
      const res = await push(stream, [
        mention(good),
        { external_id: uid("bad"), text: "no author", created_at: "2024-05-14T09:21:00Z" },
        42,
      ]);
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ accepted: 1, rejected: 2 });
      expect(res.json.errors.map((e: { position: number }) => e.position)).toEqual([1, 2]);
      expect(res.json.errors[0].message).toMatch(/author/);
    });

    it("refuses a missing or unknown key (401) and another stream's key (404)", async () => {
      const item = mention(uid("auth"));
      for (const key of [null, "esk_not-a-real-key", "", "wrong"]) {
        const res = await push(stream, [item], key);
        expect(res).toEqual({ status: 401, json: { error_message: MESSAGES.ingestKeyInvalid } });
      }
      // A key of another stream than the one in the path.
      const mismatch = await push({ id: stream.id, key: other.key }, [item]);
      expect(mismatch).toEqual({ status: 404, json: { error_message: MESSAGES.notFound } });
      // The key also works as a bearer token.
      const bearer = await post(stream.id, JSON.stringify([item]), {
        "content-type": "application/json",
        authorization: `Bearer ${stream.key}`,
      });
      expect(bearer).toMatchObject({ status: 200, json: { accepted: 1 } });
      expect((await statuses(agent, { stream_ids: [other.id] })).map((s) => s.status_id)).not.toContain(
        item.external_id,
      );
    });

    it("refuses a body over 10 MB with 413", async () => {
      const externalId = uid("big");
      const big = JSON.stringify([mention(externalId, "x".repeat(INGEST_LIMITS.bodyBytesMax + 10))]);
      const res = await post(stream.id, big, { "content-type": "application/json", "x-ingest-key": stream.key });
      expect(res.status).toBe(413);
      expect(res.json).toEqual({ error_message: MESSAGES.payloadTooLarge });
      expect(await byExternalId(externalId)).toBeUndefined();
    });

    it("stores markup verbatim as text", async () => {
      const externalId = uid("xss");
      const text = 'Nice <script>alert(1)</script> <img src=x onerror="alert(2)"> & "quotes"';
      expect((await push(stream, [mention(externalId, text, { title: "<b>bold</b>" })])).json.accepted).toBe(1);
      const res = await fx.request("GET", `/api/v1/statuses/${(await byExternalId(externalId))!.id}`, { auth: agent });
      expect(res.json.description).toBe(text);
      expect(res.json.title).toBe("<b>bold</b>");
    });
  });

  describe("enrichment", () => {
    it("detects language and scores sentiment with its drivers", async () => {
      const negative = uid("neg");
      const japanese = uid("ja");
      const res = await push(stream, [
        mention(negative, "The app keeps crashing, I want a refund"),
        mention(japanese, "このアプリは本当に素晴らしいです。毎日使っています。"),
      ]);
      expect(res.json.accepted).toBe(2);

      const neg = (await byExternalId(negative))!;
      expect(neg.language).toBe("en");
      expect(neg.sentiment).toBe(-1);
      const terms = neg.sentiment_drivers.map((d) => d.term).join(" | ");
      expect(terms).toMatch(/crash/);
      expect(terms).toMatch(/refund/);
      expect(neg.sentiment_drivers.every((d) => d.weight < 0)).toBe(true);

      expect((await byExternalId(japanese))!.language).toBe("ja");
    });

    it("marks the parent replied when an agent's reply arrives, with the reply in its history", async () => {
      const parentId = uid("parent");
      const replyId = uid("reply");
      await push(stream, [mention(parentId, "Where is my order? It has been two weeks")]);
      const before = (await byExternalId(parentId))!;
      expect(before).toMatchObject({ is_replied: 0, first_reply_at: null });

      const reply = mention(replyId, "Sorry about that, we are looking into it now", {
        created_at: "2024-05-14T10:00:00Z",
        is_agent_reply: true,
        parent_external_id: parentId,
        author: { username: "NorthwindHelp", name: "Northwind Support" },
      });
      expect((await push(stream, [reply])).json.accepted).toBe(1);

      const parent = await fx.request("GET", `/api/v1/statuses/${before.id}`, { auth: agent });
      expect(parent.status).toBe(200);
      expect(parent.json).toMatchObject({ is_replied: 1, first_reply_at: "2024-05-14T10:00:00.000Z" });
      expect(parent.json.actions.replied_by).toEqual([
        { name: "Northwind Support", account_id: null, at: "2024-05-14T10:00:00.000Z", text: reply.text },
      ]);
      expect(parent.json.replies.map((r: StatusJson) => r.status_id)).toEqual([replyId]);
      expect((await byExternalId(replyId))!).toMatchObject({ is_agent_reply: true, parent_status_id: parentId });

      // A repeated reply changes nothing.
      await push(stream, [reply]);
      expect(
        (await fx.request("GET", `/api/v1/statuses/${before.id}`, { auth: agent })).json.actions.replied_by,
      ).toHaveLength(1);
    });

    it("marks the parent replied when the agent's reply arrived before it (out-of-order delivery)", async () => {
      const parentId = uid("late-parent");
      const replyId = uid("early-reply");
      const reply = mention(replyId, "We have refunded your order", {
        created_at: "2024-05-14T10:00:00Z",
        is_agent_reply: true,
        parent_external_id: parentId,
        author: { username: "NorthwindHelp", name: "Northwind Support" },
      });
      expect((await push(stream, [reply])).json.accepted).toBe(1);
      expect((await push(stream, [mention(parentId, "I was charged twice, please refund me")])).json.accepted).toBe(1);

      const parent = (await byExternalId(parentId))!;
      const detail = await fx.request("GET", `/api/v1/statuses/${parent.id}`, { auth: agent });
      expect(detail.json.replies.map((r: StatusJson) => r.status_id)).toEqual([replyId]);
      expect(detail.json).toMatchObject({ is_replied: 1, first_reply_at: "2024-05-14T10:00:00.000Z" });
    });

    it("applies the tenant's sentiment exclusions to later mentions", async () => {
      // A product name that reads as negative ("crash"): the tenant excludes it from scoring.
      // (The lexicon does not score "killer", so an exclusion of it would change nothing.)
      const text = "Crash Bandicoot is on sale this week";
      const before = uid("excl");
      await push(stream, [mention(before, text)]);
      const scoredBefore = (await byExternalId(before))!;
      expect(scoredBefore).toMatchObject({ language: "en", sentiment: -1 });
      expect(scoredBefore.sentiment_drivers.map((d) => d.term)).toContain("crash");

      const exclusion = await fx.request("POST", "/api/v1/sentiments/exclude_words", {
        auth: admin,
        body: { text_to_exclude: "crash bandicoot", replace_with: "", languages: ["en"] },
      });
      expect(exclusion.status).toBe(201);

      const after = uid("excl");
      await push(stream, [mention(after, text)]);
      const scoredAfter = (await byExternalId(after))!;
      expect(scoredAfter).toMatchObject({ language: "en", sentiment: 0, sentiment_drivers: [] });
      // The stored text is left as it was written.
      expect(scoredAfter.description).toBe(text);
      // Mentions stored before keep their score.
      expect((await byExternalId(before))!.sentiment).toBe(-1);
    });

    it("stores mentions with a muted keyword but hides them from lists and counts unless asked for", async () => {
      const target = await createStream(admin, "twitter", "timelines");
      const muted = await fx.request("POST", "/api/v1/muted_keywords", {
        auth: agent,
        body: { muted_keywords: [{ value: "giveaway" }] },
      });
      expect(muted.status).toBe(201);

      const hidden = uid("muted");
      const shown = uid("shown");
      const res = await push(target, [
        mention(hidden, "Join our GIVEAWAY for free coins!"),
        mention(shown, "Giveaways are not my thing"),
      ]);
      expect(res.json).toMatchObject({ accepted: 2, rejected: 0 });

      const visible = await statuses(agent, { stream_ids: [target.id] });
      expect(visible.map((s) => s.status_id)).toEqual([shown]);
      expect((await counts(agent, { stream_ids: [target.id] })).total).toBe(1);

      const all = await statuses(agent, { stream_ids: [target.id], include_muted: true });
      expect(all.map((s) => s.status_id).sort()).toEqual([hidden, shown].sort());
      expect(all.find((s) => s.status_id === hidden)!.muted).toBe(true);
      expect((await counts(agent, { stream_ids: [target.id], include_muted: true })).total).toBe(2);
    });
  });

  describe("tenancy", () => {
    it("never shows a tenant's mentions to another tenant", async () => {
      const externalId = uid("private");
      await push(stream, [mention(externalId, "Only for tenant A")]);
      const mine = (await byExternalId(externalId, admin))!;
      expect(mine).toBeDefined();

      const theirs = await statuses(theirAdmin, { include_muted: true });
      expect(theirs.map((s) => s.status_id)).not.toContain(externalId);
      expect((await counts(theirAdmin, { include_muted: true })).total).toBe(0);
      expect((await statuses(theirAdmin, { stream_ids: [stream.id] })).length).toBe(0);
      const direct = await fx.request("GET", `/api/v1/statuses/${mine.id}`, { auth: theirAdmin });
      expect(direct).toMatchObject({ status: 404, json: { error_message: MESSAGES.notFound } });

      // The same external id in another tenant's stream is another mention.
      const theirStream = await createStream(theirAdmin, "twitter");
      expect((await push(theirStream, [mention(externalId, "Tenant B's own")])).json).toMatchObject({
        accepted: 1,
        duplicates: 0,
      });
      expect((await byExternalId(externalId, admin))!.description).toBe("Only for tenant A");
    });
  });
});
