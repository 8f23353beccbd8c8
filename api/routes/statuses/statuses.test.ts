import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countFeedItemsUpTo } from "../../../db/repositories/feed-items";
import { MESSAGES } from "../../../domain/messages";
import {
  createApiFixture,
  type ApiFixture,
  type SignedIn,
  type TenantFixture,
} from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

interface StatusJson {
  id: number;
  status_id: string;
  social_type: string;
  stream_id: number;
  kind: string;
  description: string;
  language: string;
  sentiment: number;
  counts: { likes: number; comments: number; shares: number; views: number; total_engagements: number };
  reach: number;
  identity: { id: number; username: string; followers: number; country: string };
  author_country: string;
  state: number;
  created_at: string;
}

const POSITIVE = "I love this app, it is amazing and works perfectly";
const NEGATIVE = "The app keeps crashing, I want a refund";
const NEUTRAL = "The store opens at nine tomorrow";

/** The corpus every test reads: ids tell what each item is. */
const ITEMS = [
  {
    external_id: "p1",
    text: POSITIVE,
    created_at: "2024-05-01T10:00:00Z",
    language: "en",
    likes: 50,
    shares: 1,
    author: { username: "ann", followers: 100, country: "us" },
  },
  {
    external_id: "n1",
    text: NEGATIVE,
    created_at: "2024-05-02T10:00:00Z",
    language: "en",
    likes: 5,
    shares: 20,
    author: { username: "bob", followers: 5000, country: "gb" },
  },
  {
    external_id: "z1",
    text: NEUTRAL,
    created_at: "2024-05-03T10:00:00Z",
    language: "en",
    likes: 0,
    comments: 9,
    author: { username: "cat", followers: 10, country: "us" },
  },
  {
    external_id: "d1",
    text: "Die App stürzt ständig ab, das ist furchtbar",
    created_at: "2024-05-04T10:00:00Z",
    language: "de",
    likes: 1,
    author: { username: "dora", followers: 1, country: "de" },
  },
  {
    external_id: "r1",
    kind: "review",
    text: NEGATIVE,
    created_at: "2024-05-05T10:00:00Z",
    language: "en",
    rating: 1,
    author: { username: "ann", followers: 100, country: "us" },
  },
];

describe.each(testEngines())("statuses API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let roles: Record<"systemAdmin" | "admin" | "agent" | "guest", SignedIn>;
  let theirAgent: SignedIn;
  let streamId: number;
  let wixanStreamId: number;
  const byId = new Map<string, StatusJson>();

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    const theirs = await fx.createTenant();
    mine = await fx.createTenant();
    roles = await fx.signInRoles(mine);
    theirAgent = await fx.signIn(theirs.accounts.agent.email);

    streamId = await createStream(roles.admin, "twitter");
    expect(await ingest(streamId, ITEMS)).toMatchObject({ accepted: ITEMS.length, rejected: 0 });
    wixanStreamId = await createStream(roles.systemAdmin, "wixan");
    expect(
      await ingest(wixanStreamId, [
        { external_id: "w1", text: NEUTRAL, created_at: "2024-05-06T10:00:00Z", author: { username: "wix" } },
      ]),
    ).toMatchObject({
      accepted: 1,
    });

    for (const status of await list(roles.systemAdmin, {
      filters: JSON.stringify({ include_muted: true }),
      limit: "100",
    }))
      byId.set(status.status_id, status);
    expect([...byId.keys()].sort()).toEqual(["d1", "n1", "p1", "r1", "w1", "z1"]);
  });
  afterAll(() => fx?.cleanup());

  const keysOf: Record<string, string> = {};

  async function createStream(auth: SignedIn, network: string): Promise<number> {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth,
      body: { name: `${network} ${Math.random()}`, social_type: network, category: "streams", source: "api" },
    });
    expect(res.status).toBe(201);
    keysOf[res.json.id] = res.json.ingest_key;
    return res.json.id;
  }

  async function ingest(id: number, items: unknown[]) {
    const res = await fx.api.fetch(
      new Request(`http://api.test/api/v1/ingest/streams/${id}`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-ingest-key": keysOf[id]! },
        body: JSON.stringify(items),
      }),
    );
    return res.json();
  }

  async function list(auth: SignedIn, params: Record<string, string> = {}): Promise<StatusJson[]> {
    const res = await fx.request("GET", `/api/v1/statuses?${new URLSearchParams(params)}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data;
  }

  const ids = async (params: Record<string, string>, auth: SignedIn = roles.agent) =>
    (await list(auth, params)).map((s) => s.status_id);
  const filtered = (filters: Record<string, unknown>, extra: Record<string, string> = {}) =>
    ids({ filters: JSON.stringify(filters), order_by: "created_at", direction: "asc", ...extra });

  describe("GET /v1/statuses", () => {
    it("lists the tenant's mentions, most engaging first by default, with their enrichment", async () => {
      const data = await list(roles.agent);
      expect(data.map((s) => s.status_id)).toEqual(["p1", "n1", "z1", "d1", "r1"]);
      const totals = data.map((s) => s.counts.total_engagements);
      expect(totals).toEqual([...totals].sort((a, b) => b - a));
      expect(byId.get("p1")).toMatchObject({
        social_type: "twitter",
        stream_id: streamId,
        kind: "post",
        description: POSITIVE,
        language: "en",
        sentiment: 1,
        counts: { likes: 50, shares: 1, comments: 0, views: 0 },
        identity: { username: "ann", followers: 100, country: "US" },
        state: 1,
        created_at: "2024-05-01T10:00:00.000Z",
      });
      expect(byId.get("n1")!.sentiment).toBe(-1);
      expect(byId.get("z1")!.sentiment).toBe(0);
      // The same author is one identity.
      expect(byId.get("r1")!.identity.id).toBe(byId.get("p1")!.identity.id);
    });

    it("orders by the spec's keys in both directions, and pages", async () => {
      expect(await ids({ order_by: "created_at", direction: "asc" })).toEqual(["p1", "n1", "z1", "d1", "r1"]);
      expect(await ids({ order_by: "created_at", direction: "desc" })).toEqual(["r1", "d1", "z1", "n1", "p1"]);
      expect((await ids({ order_by: "counts.shares" }))[0]).toBe("n1");
      expect((await ids({ order_by: "counts.comments" }))[0]).toBe("z1");
      expect((await ids({ order_by: "author.followers" }))[0]).toBe("n1");
      expect(await ids({ order_by: "created_at", direction: "asc", limit: "2", offset: "2" })).toEqual(["z1", "d1"]);
      expect(await ids({ order_by: "created_at", limit: "2", offset: "10" })).toEqual([]);
    });

    it("filters by sentiment, language, country, kind, stream, author, state, dates and words", async () => {
      expect(await filtered({ sentiments: [-1] })).toEqual(["n1", "d1", "r1"]);
      expect(await filtered({ sentiments: [1, 0] })).toEqual(["p1", "z1"]);
      expect(await filtered({ languages: ["de"] })).toEqual(["d1"]);
      expect(await filtered({ countries: ["us"] })).toEqual(["p1", "z1", "r1"]);
      expect(await filtered({ kinds: ["review"] })).toEqual(["r1"]);
      expect(await filtered({ stream_ids: [streamId] })).toEqual(["p1", "n1", "z1", "d1", "r1"]);
      expect(await filtered({ identity_id: byId.get("p1")!.identity.id })).toEqual(["p1", "r1"]);
      expect(await filtered({ states: [1] })).toHaveLength(5);
      expect(await filtered({ states: [3] })).toEqual([]);
      expect(await filtered({ social_types: ["twitter"] })).toHaveLength(5);
      expect(await filtered({ range: { from: "2024-05-02T00:00:00Z", to: "2024-05-04T10:00:00Z" } })).toEqual([
        "n1",
        "z1",
      ]);
      expect(await filtered({}, { query: JSON.stringify("refund") })).toEqual(["n1", "r1"]);
      expect(await filtered({}, { query: "\"APP keeps\"" })).toEqual(["n1", "r1"]);
      expect(await filtered({ languages: ["en"], sentiments: [-1] }, { query: "refund" })).toEqual(["n1", "r1"]);
    });

    it("answers a GET sent as a POST with X-HTTP-Method-Override", async () => {
      const res = await fx.request("POST", "/api/v1/statuses", {
        auth: roles.agent,
        csrf: null,
        headers: { "x-http-method-override": "GET" },
        body: { filters: JSON.stringify({ sentiments: [-1] }), order_by: "created_at", direction: "asc", limit: 2 },
      });
      expect(res.status).toBe(200);
      expect(res.json.data.map((s: StatusJson) => s.status_id)).toEqual(["n1", "d1"]);
    });

    it("refuses malformed filters (400) and out-of-range parameters (422)", async () => {
      const bad = await fx.request("GET", `/api/v1/statuses?filters=${encodeURIComponent("{nope")}`, {
        auth: roles.agent,
      });
      expect(bad.status).toBe(400);
      expect(bad.json.error_message).toMatch(/^filters/);
      const unknown = await fx.request(
        "GET",
        `/api/v1/statuses?filters=${encodeURIComponent(JSON.stringify({ colour: "red" }))}`,
        { auth: roles.agent },
      );
      expect(unknown.status).toBe(400);
      const wrongType = await fx.request(
        "GET",
        `/api/v1/statuses?filters=${encodeURIComponent(JSON.stringify({ sentiments: [2] }))}`,
        { auth: roles.agent },
      );
      expect(wrongType.status).toBe(400);
      expect((await fx.request("GET", "/api/v1/statuses?limit=101", { auth: roles.agent })).status).toBe(422);
      expect((await fx.request("GET", "/api/v1/statuses?order_by=secret", { auth: roles.agent })).status).toBe(422);
    });

    it("refuses guests (403) and anonymous callers (401)", async () => {
      expect(await fx.request("GET", "/api/v1/statuses", { auth: roles.guest })).toMatchObject({
        status: 403,
        json: { error_message: MESSAGES.forbidden },
      });
      expect((await fx.request("GET", "/api/v1/statuses")).status).toBe(401);
      expect((await fx.request("GET", "/api/v1/statuses/counts", { auth: roles.guest })).status).toBe(403);
      expect((await fx.request("GET", `/api/v1/statuses/${byId.get("p1")!.id}`, { auth: roles.guest })).status).toBe(
        403,
      );
    });

    it("keeps wixan mentions for system admins", async () => {
      expect(await ids({}, roles.admin)).not.toContain("w1");
      // Asking for wixan by name does not lift the restriction (nor turn the filter off).
      expect(await ids({ filters: JSON.stringify({ social_types: ["wixan"] }) }, roles.admin)).toEqual([]);
      const asked = await fx.request(
        "GET",
        `/api/v1/statuses/counts?filters=${encodeURIComponent(JSON.stringify({ social_types: ["wixan"] }))}`,
        {
          auth: roles.admin,
        },
      );
      expect(asked.json.total).toBe(0);
      expect(await ids({}, roles.systemAdmin)).toContain("w1");
      expect((await fx.request("GET", `/api/v1/statuses/${byId.get("w1")!.id}`, { auth: roles.admin })).status).toBe(
        404,
      );
      expect(
        (await fx.request("GET", `/api/v1/statuses/${byId.get("w1")!.id}`, { auth: roles.systemAdmin })).status,
      ).toBe(200);
      const counts = await fx.request("GET", "/api/v1/statuses/counts", { auth: roles.admin });
      expect(counts.json.social_types.wixan).toBeUndefined();
      expect(
        (await fx.request("GET", "/api/v1/statuses/counts", { auth: roles.systemAdmin })).json.social_types.wixan,
      ).toBe(1);
    });

    it("shows nothing of one tenant to another", async () => {
      expect(await ids({}, theirAgent)).toEqual([]);
      expect((await fx.request("GET", `/api/v1/statuses/${byId.get("p1")!.id}`, { auth: theirAgent })).status).toBe(
        404,
      );
      expect(
        (await fx.request("GET", `/api/v1/identities/${byId.get("p1")!.identity.id}`, { auth: theirAgent })).status,
      ).toBe(404);
    });
  });

  describe("GET /v1/statuses/counts", () => {
    it("counts by sentiment and network under the same filters as the list", async () => {
      const all = await fx.request("GET", "/api/v1/statuses/counts", { auth: roles.agent });
      expect(all.status).toBe(200);
      expect(all.json).toEqual({
        total: 5,
        sentiments: { positive: 1, neutral: 1, negative: 3 },
        social_types: { twitter: 5 },
        capped: false,
      });
      const query = new URLSearchParams({ query: "refund", filters: JSON.stringify({ kinds: ["review"] }) });
      const some = await fx.request("GET", `/api/v1/statuses/counts?${query}`, { auth: roles.agent });
      expect(some.json).toEqual({
        total: 1,
        sentiments: { positive: 0, neutral: 0, negative: 1 },
        social_types: { twitter: 1 },
        capped: false,
      });
    });

    it("counts at most a cap of matches: past it, capped and the counts of exactly that many", async () => {
      const filter = { search: { kind: "term", token: "app", prefix: false } } as const;
      const exact = await countFeedItemsUpTo(fx.db, mine.businessProfileId, filter, 10);
      expect(exact.capped).toBe(false);
      const total = exact.rows.reduce((n, r) => n + r.count, 0);
      expect(total).toBeGreaterThanOrEqual(3);
      for (const cap of [1, total - 1]) {
        const some = await countFeedItemsUpTo(fx.db, mine.businessProfileId, filter, cap);
        expect(some.capped).toBe(true);
        expect(some.rows.reduce((n, r) => n + r.count, 0)).toBe(cap);
        // A sample of the matches: no group counts more than it holds.
        for (const row of some.rows)
          expect(row.count).toBeLessThanOrEqual(exact.rows.find((r) => r.sentiment === row.sentiment && r.socialType === row.socialType)!.count);
      }
      expect((await countFeedItemsUpTo(fx.db, mine.businessProfileId, filter, total)).capped).toBe(false);
    });
  });

  describe("GET /v1/statuses/{id} and /v1/identities/{id}", () => {
    it("shows one mention with its (empty) history, and 404 for an unknown id", async () => {
      const res = await fx.request("GET", `/api/v1/statuses/${byId.get("r1")!.id}`, { auth: roles.agent });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({ status_id: "r1", kind: "review", rating: 1, is_replied: 0, replies: [] });
      expect(res.json.actions).toEqual({ liked_by: [], replied_by: [], reviewed_by: [], sent_by: [], assignments: [] });
      expect(await fx.request("GET", "/api/v1/statuses/999999", { auth: roles.agent })).toMatchObject({
        status: 404,
        json: { error_message: MESSAGES.notFound },
      });
    });

    it("shows an author with their latest mentions", async () => {
      const identityId = byId.get("p1")!.identity.id;
      const res = await fx.request("GET", `/api/v1/identities/${identityId}`, { auth: roles.agent });
      expect(res.status).toBe(200);
      expect(res.json).toMatchObject({
        id: identityId,
        social_type: "twitter",
        username: "ann",
        followers: 100,
        country: "US",
      });
      expect(res.json.latest_statuses.map((s: StatusJson) => s.status_id)).toEqual(["r1", "p1"]);
    });
  });
});
