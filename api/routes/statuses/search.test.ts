// The boolean query language in GET /v1/statuses and /counts (ADR 012): lint faults, saved searches and
// topics by their stored matches, unsaved searches' groups, and the live stream of new matching mentions
// over a real HTTP connection.
import { serve, type ServerType } from "@hono/node-server";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { insertSearchItem, insertTopic, keywordsGroups } from "../../../tests/support/search";
import { listenerCount } from "../../../services/queries/live";
import { liveStreamSettings } from "./statuses.handlers";

const ITEMS = [
  { external_id: "a", text: "The servers are down again, refund please", created_at: "2024-05-01T10:00:00Z" },
  { external_id: "b", text: "Servers were not really down", created_at: "2024-05-02T10:00:00Z" },
  { external_id: "c", text: "Café au lait, délicieux", created_at: "2024-05-03T10:00:00Z", language: "fr" },
  { external_id: "d", text: "東京タワーに行きました", created_at: "2024-05-04T10:00:00Z", language: "ja" },
  { external_id: "e", text: "Login broken, I want my refunds", created_at: "2024-05-05T10:00:00Z" },
];

describe.each(testEngines({ engineSpecific: true }))("statuses with the query language on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAgent: SignedIn;
  let streamId: number;
  let ingestKey: string;
  let refundSearch: number;
  let privateSearch: number;
  let serversTopic: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAgent = await fx.signIn(theirs.accounts.agent.email);
    const stream = await fx.request("POST", "/api/v1/streams", {
      auth: roles.admin,
      body: { name: "tw", social_type: "twitter", category: "streams", source: "api" },
    });
    streamId = stream.json.id;
    ingestKey = stream.json.ingest_key;
    refundSearch = await insertSearchItem(fx.db, mine.businessProfileId, keywordsGroups("refund*"));
    // Only Me, owned by the admin: the agent may not open it.
    privateSearch = await insertSearchItem(fx.db, mine.businessProfileId, keywordsGroups("servers"));
    await fx.db
      .updateTable("searchItems")
      .set({
        entityType: 1,
        ownerAccountId: mine.accounts.admin.id,
        entityIds: JSON.stringify([mine.accounts.admin.id]),
      })
      .where("id", "=", privateSearch)
      .execute();
    serversTopic = await insertTopic(fx.db, mine.businessProfileId, { query: '"servers down"~2' });
    expect(await ingest(ITEMS)).toMatchObject({ accepted: ITEMS.length });
  });
  afterAll(() => fx?.cleanup());

  async function ingest(items: Array<Record<string, unknown>>) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${streamId}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": ingestKey },
        body: JSON.stringify(items.map((i) => ({ author: { username: "ann" }, ...i }))),
      }),
    );
    return res.json();
  }

  async function ids(params: Record<string, unknown>, auth: SignedIn = roles.agent) {
    const query = new URLSearchParams({ order_by: "created_at", direction: "asc", limit: "100" });
    for (const [k, v] of Object.entries(params)) query.set(k, typeof v === "string" ? v : JSON.stringify(v));
    const res = await fx.request("GET", `/api/v1/statuses?${query}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data.map((s: { status_id: string }) => s.status_id);
  }

  it("searches with the boolean language: phrases, proximity, wildcards, fuzzy words, accents and Japanese", async () => {
    expect(await ids({ query: "servers AND down" })).toEqual(["a", "b"]);
    expect(await ids({ query: '"servers down"' })).toEqual([]);
    expect(await ids({ query: '"servers down"~1' })).toEqual(["a"]);
    expect(await ids({ query: '"down servers"~2' })).toEqual([]);
    expect(await ids({ query: '"servers are down"' })).toEqual(["a"]);
    expect(await ids({ query: "refund*" })).toEqual(["a", "e"]);
    expect(await ids({ query: "refnd~1" })).toEqual(["a"]);
    expect(await ids({ query: "CAFE OR delicieux" })).toEqual(["c"]);
    expect(await ids({ query: "東京タワー" })).toEqual(["d"]);
    expect(await ids({ query: "(login OR servers) AND refund*" })).toEqual(["a", "e"]);
    // The first clients' JSON string still works.
    expect(await ids({ query: JSON.stringify("refund") })).toEqual(["a"]);
    expect(await ids({ query: JSON.stringify({ text: "login" }) })).toEqual(["e"]);
    const counts = await fx.request("GET", `/api/v1/statuses/counts?${new URLSearchParams({ query: "servers" })}`, {
      auth: roles.agent,
    });
    expect(counts.json.total).toBe(2);
  });

  it("answers 400 with the first fault's message, offset and length", async () => {
    const res = await fx.request("GET", `/api/v1/statuses?${new URLSearchParams({ query: "refund AND (login" })}`, {
      auth: roles.agent,
    });
    expect(res.status).toBe(400);
    expect(res.json).toEqual({ error_message: MESSAGES.queryLint.unbalancedBracket, offset: 11, length: 1 });
    const twoWords = await fx.request(
      "GET",
      `/api/v1/statuses/counts?${new URLSearchParams({ query: "servers down" })}`,
      { auth: roles.agent },
    );
    expect(twoWords.status).toBe(400);
    expect(twoWords.json).toMatchObject({
      error_message: MESSAGES.queryLint.phraseNeedsQuotes,
      offset: expect.any(Number),
      length: expect.any(Number),
    });
    const long = await fx.request("GET", `/api/v1/statuses?${new URLSearchParams({ query: "a ".repeat(4001) })}`, {
      auth: roles.agent,
    });
    expect(long.status).toBe(400);
    expect(long.json.error_message).toBe(MESSAGES.queryLint.tooLong);
  });

  it("reads saved searches and topics from their stored matches, with visibility", async () => {
    expect(await ids({ filters: { search_item_id: refundSearch } })).toEqual(["a", "e"]);
    expect(await ids({ filters: { topic_id: serversTopic } })).toEqual(["a"]);
    expect(await ids({ filters: { search_item_id: refundSearch, topic_id: serversTopic } })).toEqual(["a"]);
    expect(await ids({ filters: { search_item_id: refundSearch }, query: "login" })).toEqual(["e"]);
    expect(await ids({ filters: { search_item_id: privateSearch } }, roles.admin)).toEqual(["a", "b"]);
    const hidden = await fx.request(
      "GET",
      `/api/v1/statuses?${new URLSearchParams({ filters: JSON.stringify({ search_item_id: privateSearch }) })}`,
      {
        auth: roles.agent,
      },
    );
    expect(hidden.status).toBe(404);
    const foreign = await fx.request(
      "GET",
      `/api/v1/statuses?${new URLSearchParams({ filters: JSON.stringify({ search_item_id: refundSearch }) })}`,
      {
        auth: theirAgent,
      },
    );
    expect(foreign.status).toBe(404);
    const foreignTopic = await fx.request(
      "GET",
      `/api/v1/statuses?${new URLSearchParams({ filters: JSON.stringify({ topic_id: serversTopic }) })}`,
      {
        auth: theirAgent,
      },
    );
    expect(foreignTopic.status).toBe(404);
  });

  it("runs an unsaved search's groups (must, must-not, structured values)", async () => {
    expect(await ids({ filters: { groups: keywordsGroups("servers OR café") } })).toEqual(["a", "b", "c"]);
    expect(
      await ids({
        filters: {
          groups: [
            { type: "must", values: [{ filterType: "keywords", value: "servers OR café" }] },
            {
              type: "must",
              values: [
                { filterType: "languages", value: "FR" },
                { filterType: "topics", value: serversTopic },
              ],
            },
            { type: "must-not", values: [{ filterType: "keywords", value: "refund" }] },
          ],
        },
      }),
    ).toEqual(["c"]);
    // No must group of keywords: nothing.
    expect(
      await ids({ filters: { groups: [{ type: "must", values: [{ filterType: "languages", value: "fr" }] }] } }),
    ).toEqual([]);
    const bad = await fx.request(
      "GET",
      `/api/v1/statuses?${new URLSearchParams({ filters: JSON.stringify({ groups: keywordsGroups("a OR") }) })}`,
      {
        auth: roles.agent,
      },
    );
    expect(bad.status).toBe(400);
    expect(bad.json).toMatchObject({
      error_message: MESSAGES.queryLint.missingOperand,
      group_index: 0,
      value_index: 0,
    });
  });

  describe("GET /v1/statuses/live", () => {
    let server: ServerType;
    let origin: string;

    beforeAll(async () => {
      liveStreamSettings.heartbeatMs = 200;
      server = serve({ fetch: (request) => fx.api.fetch(request), port: 0, hostname: "127.0.0.1" });
      await new Promise<void>((resolve) => server.once("listening", () => resolve()));
      origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    });
    afterAll(async () => {
      liveStreamSettings.heartbeatMs = 15_000;
      (server as unknown as { closeAllConnections(): void }).closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    });

    /** Opens the stream and collects what it sends until `until` holds. */
    async function open(params: Record<string, unknown>, auth: SignedIn) {
      const query = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) query.set(k, typeof v === "string" ? v : JSON.stringify(v));
      const controller = new AbortController();
      const response = await fetch(`${origin}/api/v1/statuses/live?${query}`, {
        headers: { authorization: `Bearer ${auth.accessToken}`, accept: "text/event-stream" },
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
          .filter((block) => block.includes("event: status"))
          .map(
            (block) =>
              JSON.parse(
                block
                  .split("\n")
                  .find((l) => l.startsWith("data: "))!
                  .slice(6),
              ) as { status_id: string; description: string },
          );
      return { response, read, events, close: () => controller.abort() };
    }

    it("streams each new matching mention of the tenant, with heartbeats, until the client goes", async () => {
      const live = await open({ search_item_id: refundSearch }, roles.agent);
      expect(live.response.status).toBe(200);
      expect(live.response.headers.get("content-type")).toMatch(/text\/event-stream/);
      await live.read((t) => t.includes(": connected"));
      const others = await open({ query: "lait OR refund*" }, roles.agent);
      await others.read((t) => t.includes(": connected"));
      const foreign = await open({ query: "refund*" }, theirAgent);
      await foreign.read((t) => t.includes(": connected"));

      await ingest([
        { external_id: "n1", text: "Another refund request", created_at: "2024-06-01T10:00:00Z" },
        { external_id: "n2", text: "Nothing to see", created_at: "2024-06-01T11:00:00Z" },
        { external_id: "n3", text: "du lait", created_at: "2024-06-01T12:00:00Z" },
      ]);
      await live.read((t) => t.includes("n1"));
      expect(live.events().map((e) => e.status_id)).toEqual(["n1"]);
      expect(live.events()[0]!.description).toBe("Another refund request");
      await others.read((t) => t.includes("n3"));
      expect(others.events().map((e) => e.status_id)).toEqual(["n1", "n3"]);
      await live.read((t) => t.includes(": heartbeat"), 3000);

      // Muted mentions stay out.
      const muted = await fx.request("POST", "/api/v1/muted_keywords", {
        auth: roles.admin,
        body: { muted_keywords: [{ value: "spam" }] },
      });
      expect(muted.status).toBeLessThan(300);
      await ingest([
        { external_id: "n4", text: "refund spam", created_at: "2024-06-02T10:00:00Z" },
        { external_id: "n5", text: "refund again", created_at: "2024-06-02T11:00:00Z" },
      ]);
      await live.read((t) => t.includes("n5"));
      expect(live.events().map((e) => e.status_id)).toEqual(["n1", "n5"]);
      expect(foreign.events()).toEqual([]);

      expect(listenerCount(fx.deps, mine.businessProfileId)).toBe(2);
      live.close();
      others.close();
      foreign.close();
      // The server stops listening once the clients are gone.
      for (let i = 0; i < 50 && listenerCount(fx.deps, mine.businessProfileId) > 0; i++)
        await new Promise((r) => setTimeout(r, 50));
      expect(listenerCount(fx.deps, mine.businessProfileId)).toBe(0);
    });

    it("checks its parameters before streaming", async () => {
      const bad = await fetch(`${origin}/api/v1/statuses/live?${new URLSearchParams({ query: "a AND" })}`, {
        headers: { authorization: `Bearer ${roles.agent.accessToken}` },
      });
      expect(bad.status).toBe(400);
      expect(await bad.json()).toMatchObject({ error_message: MESSAGES.queryLint.missingOperand });
      const hidden = await fetch(`${origin}/api/v1/statuses/live?search_item_id=${privateSearch}`, {
        headers: { authorization: `Bearer ${roles.agent.accessToken}` },
      });
      expect(hidden.status).toBe(404);
      expect((await fetch(`${origin}/api/v1/statuses/live`)).status).toBe(401);
      const guest = await fetch(`${origin}/api/v1/statuses/live`, {
        headers: { authorization: `Bearer ${roles.guest.accessToken}` },
      });
      expect(guest.status).toBe(403);
    });
  });
});
