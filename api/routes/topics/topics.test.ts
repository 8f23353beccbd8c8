import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { lintQuery } from "../../../domain/query";
import { backfillsSettled } from "../../../services/queries/backfill";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";

const S = MESSAGES.searches;

let counter = 0;
const unique = (prefix: string) => `${prefix} ${++counter}`;

describe.each(testEngines({ engineSpecific: true }))("topics API on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let admin: SignedIn;
  let agent: SignedIn;
  let guest: SignedIn;
  let systemAdmin: SignedIn;
  let theirAdmin: SignedIn;
  /** agent and guest; not admin. */
  let team: number;

  beforeAll(async () => {
    fx = await createApiFixture(engine);
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    ({ admin, agent, guest, systemAdmin } = await fx.signInRoles(mine));
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const res = await fx.request("POST", "/api/v1/teams", {
      auth: admin,
      body: { name: "Topic team", account_ids: [agent.accountId, guest.accountId] },
    });
    team = res.json.id;
  });
  afterAll(async () => {
    if (fx) await backfillsSettled(fx.deps);
    await fx?.cleanup();
  });

  const createTopic = (auth: SignedIn, body: Record<string, unknown>) => fx.request("POST", "/api/v1/topics", { auth, body });
  const putTopic = (auth: SignedIn, id: number, body: Record<string, unknown>) =>
    fx.request("PUT", `/api/v1/topics/${id}`, { auth, body });
  const getTopic = (auth: SignedIn, id: number) => fx.request("GET", `/api/v1/topics/${id}`, { auth });
  const listTopics = async (auth: SignedIn, query = "") => {
    const res = await fx.request("GET", `/api/v1/topics${query}`, { auth });
    expect(res.status).toBe(200);
    return res.json.data as Array<Record<string, any>>;
  };
  const createGroup = (auth: SignedIn, name: string) => fx.request("POST", "/api/v1/topic_groups", { auth, body: { name } });

  async function topic(auth: SignedIn, body: Record<string, unknown> = {}) {
    const res = await createTopic(auth, { name: unique("Topic"), type: "keywords", keywords: ["battery"], ...body });
    expect(res.status, JSON.stringify(res.json)).toBe(201);
    return res.json;
  }
  async function group(auth: SignedIn = agent) {
    const res = await createGroup(auth, unique("Group"));
    expect(res.status).toBe(201);
    return res.json;
  }

  describe("POST /v1/topics then PUT (analytics §4: created, then updated with the visibility)", () => {
    it("creates a keywords topic, then shares it with a team", async () => {
      const g = await group();
      const res = await createTopic(agent, {
        name: " Battery life ",
        type: "keywords",
        topic_group_id: g.id,
        keywords: ["battery", "charging cable", "battery", " "],
        query: "ignored",
      });
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: "Battery life",
        type: "keywords",
        topic_group_id: g.id,
        keywords: ["battery", "charging cable"],
        query: null,
        entity_type: 2,
        entity_ids: [mine.businessProfileId],
        pinned: false,
        logo_src: null,
        category: null,
        are_alerts_enabled: false,
        owner_account_id: agent.accountId,
        editable: true,
        backfill: { done: expect.any(Number), total: expect.any(Number), finished: expect.any(Boolean) },
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });

      const put = await putTopic(agent, res.json.id, { ...res.json, entity_type: 3, entity_ids: [team] });
      expect(put.status).toBe(200);
      expect(put.json).toMatchObject({ name: "Battery life", topic_group_id: g.id, entity_type: 3, entity_ids: [team] });
      expect((await getTopic(guest, res.json.id)).status).toBe(200);
      const hidden = await getTopic(admin, res.json.id);
      expect(hidden.status).toBe(404);
      expect(hidden.json).toEqual((await getTopic(admin, 999_999)).json);
      expect(hidden.json).toEqual({ error_message: S.topicNotFound });
    });

    it("creates a query topic, keeping no keywords", async () => {
      const created = await topic(agent, { type: "query", query: '"screen" AND crack*', keywords: ["x"] });
      expect(created).toMatchObject({ type: "query", query: '"screen" AND crack*', keywords: [] });
      await backfillsSettled(fx.deps);
      expect((await getTopic(agent, created.id)).json.backfill).toEqual({ done: 0, total: 0, finished: true });
    });

    it("requires name and type, with catalogue messages", async () => {
      const res = await createTopic(agent, { keywords: ["x"] });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ name: [MESSAGES.required], type: [MESSAGES.required] });
      const blank = await createTopic(agent, { name: "", type: "" });
      expect(blank.json.errors).toMatchObject({ name: [MESSAGES.required], type: [MESSAGES.required] });
      const wrong = await createTopic(agent, { name: "x", type: "regex" });
      expect(wrong.json.errors).toEqual({ type: [MESSAGES.wrongFormat] });
    });

    it("needs keywords for a keywords topic and a clean query for a query topic", async () => {
      const noKeywords = await createTopic(agent, { name: unique("K"), type: "keywords", keywords: [] });
      expect(noKeywords.status).toBe(422);
      expect(noKeywords.json.errors).toEqual({ keywords: [MESSAGES.atLeastOneItem] });
      const noQuery = await createTopic(agent, { name: unique("Q"), type: "query", query: "  " });
      expect(noQuery.json.errors).toEqual({ query: [MESSAGES.required] });

      const badQuery = await createTopic(agent, { name: unique("Q"), type: "query", query: "battery AND" });
      expect(badQuery.status).toBe(422);
      expect(badQuery.json.errors).toEqual({ query: lintQuery("battery AND").map((f) => f.message) });

      const symbols = await createTopic(agent, { name: unique("K"), type: "keywords", keywords: ["ok", "!!!"] });
      expect(symbols.status).toBe(422);
      expect(symbols.json.errors).toEqual({ "keywords.1": [MESSAGES.queryLint.noLetters] });

      const tooMany = await createTopic(agent, {
        name: unique("K"),
        type: "keywords",
        keywords: Array.from({ length: 101 }, (_, i) => `word${i}`),
      });
      expect(tooMany.json.errors).toEqual({ keywords: [MESSAGES.tooManyElements] });
    });

    it("keeps names unique in the tenant whatever their case", async () => {
      const first = await topic(agent, { name: "Shipping delays" });
      const again = await createTopic(admin, { name: "SHIPPING delays", type: "keywords", keywords: ["late"] });
      expect(again.status).toBe(422);
      expect(again.json).toEqual({ error_message: `name ${S.topicNameTaken}`, errors: { name: [S.topicNameTaken] } });

      const other = await topic(agent, { name: "Refunds" });
      const rename = await putTopic(agent, other.id, { name: "shipping DELAYS", type: "keywords", keywords: ["x"] });
      expect(rename.json.errors).toEqual({ name: [S.topicNameTaken] });
      // Its own name in another case is fine.
      expect((await putTopic(agent, first.id, { name: "Shipping Delays", type: "keywords" })).status).toBe(200);
      // Another tenant may use it.
      expect((await createTopic(theirAdmin, { name: "Shipping delays", type: "keywords", keywords: ["x"] })).status).toBe(201);
    });

    it("refuses an unknown group and guests' writes", async () => {
      const res = await createTopic(agent, { name: unique("G"), type: "keywords", keywords: ["x"], topic_group_id: 999_999 });
      expect(res.status).toBe(422);
      expect(res.json.errors).toEqual({ topic_group_id: [S.topicGroupNotFound] });

      expect((await createTopic(guest, { name: unique("G"), type: "keywords", keywords: ["x"] })).status).toBe(403);
      const shared = await topic(agent);
      expect((await getTopic(guest, shared.id)).json.editable).toBe(false);
      expect((await putTopic(guest, shared.id, { name: "Guest", type: "keywords" })).status).toBe(403);
      expect((await fx.request("DELETE", `/api/v1/topics/${shared.id}`, { auth: guest })).status).toBe(403);
      expect((await fx.request("PUT", `/api/v1/topics/move/${shared.id}`, { auth: guest, body: { topic_group_id: null } })).status).toBe(
        403,
      );
    });
  });

  describe("visibility and tenancy", () => {
    it("answers 404 alike for missing, another tenant's and invisible topics on every call", async () => {
      const onlyMe = await topic(agent);
      expect((await putTopic(agent, onlyMe.id, { ...onlyMe, entity_type: 1 })).json.entity_ids).toEqual([agent.accountId]);
      // Each call answers as for a missing topic: 404, or 403 for a guest's change (no topics.index.write;
      // the permission is checked first, ADR 035).
      const calls = (auth: SignedIn, id: number) => [
        () => getTopic(auth, id),
        () => putTopic(auth, id, { name: "x", type: "keywords", keywords: ["x"] }),
        () => fx.request("PUT", `/api/v1/topics/move/${id}`, { auth, body: { topic_group_id: null } }),
        () => fx.request("DELETE", `/api/v1/topics/${id}`, { auth }),
        () => fx.request("POST", "/api/v3/accounts/pins", { auth, body: { entity_id: id, type: "topic" } }),
      ];
      for (const auth of [admin, systemAdmin, guest, theirAdmin]) {
        const missing = calls(auth, 999_999);
        for (const [i, call] of calls(auth, onlyMe.id).entries()) {
          const [res, like] = [await call(), await missing[i]!()];
          expect(res.status).toBe(auth === guest && i > 0 && i < 4 ? 403 : 404);
          expect(res.json).toEqual(like.json);
        }
        expect((await listTopics(auth)).map((t) => t.id)).not.toContain(onlyMe.id);
      }
    });

    it("needs a team of the tenant for Teams visibility", async () => {
      const created = await topic(agent);
      const none = await putTopic(agent, created.id, { ...created, entity_type: 3, entity_ids: [] });
      expect(none.json.errors).toEqual({ entity_ids: [MESSAGES.atLeastOneItem] });
      const foreign = await putTopic(agent, created.id, { ...created, entity_type: 3, entity_ids: [team + 1000] });
      expect(foreign.json.errors).toEqual({ entity_ids: [MESSAGES.unknownTeam] });
    });
  });

  describe("GET /v1/topics", () => {
    it("filters by group (or ungrouped), name and type, pinned first then by name", async () => {
      const owner = await fx.signIn((await fx.createTenant()).accounts.agent.email);
      const g = await group(owner);
      const banana = await topic(owner, { name: "banana", topic_group_id: g.id });
      const apple = await topic(owner, { name: "Apple", topic_group_id: g.id });
      const cherry = await topic(owner, { name: "cherry", type: "query", query: "cherry" });
      expect((await listTopics(owner)).map((t) => t.id)).toEqual([apple.id, banana.id, cherry.id]);
      expect((await listTopics(owner, `?topic_group_id=${g.id}`)).map((t) => t.id)).toEqual([apple.id, banana.id]);
      expect((await listTopics(owner, "?topic_group_id=null")).map((t) => t.id)).toEqual([cherry.id]);
      expect((await listTopics(owner, "?search=AN")).map((t) => t.id)).toEqual([banana.id]);
      expect((await listTopics(owner, "?type=query")).map((t) => t.id)).toEqual([cherry.id]);

      const pinned = await fx.request("POST", "/api/v3/accounts/pins", { auth: owner, body: { entity_id: cherry.id, type: "topic" } });
      expect(pinned.status).toBe(201);
      expect((await listTopics(owner)).map((t) => [t.id, t.pinned])).toEqual([
        [cherry.id, true],
        [apple.id, false],
        [banana.id, false],
      ]);
    });
  });

  describe("PUT /v1/topics/move/{id} and DELETE /v1/topics/{id}", () => {
    it("moves a topic between groups and out of any", async () => {
      const [one, two] = [await group(), await group()];
      const t = await topic(agent, { topic_group_id: one.id });
      const moved = await fx.request("PUT", `/api/v1/topics/move/${t.id}`, { auth: agent, body: { topic_group_id: two.id } });
      expect(moved.status).toBe(200);
      expect(moved.json.topic_group_id).toBe(two.id);
      const out = await fx.request("PUT", `/api/v1/topics/move/${t.id}`, { auth: agent, body: { topic_group_id: null } });
      expect(out.json.topic_group_id).toBeNull();
      const unknown = await fx.request("PUT", `/api/v1/topics/move/${t.id}`, { auth: agent, body: { topic_group_id: 999_999 } });
      expect(unknown.status).toBe(422);
      expect(unknown.json.errors).toEqual({ topic_group_id: [S.topicGroupNotFound] });
    });

    it("deletes a topic and everyone's pins of it", async () => {
      const t = await topic(agent);
      await fx.request("POST", "/api/v3/accounts/pins", { auth: guest, body: { entity_id: t.id, type: "topic" } });
      expect((await fx.request("DELETE", `/api/v1/topics/${t.id}`, { auth: agent })).status).toBe(204);
      expect((await getTopic(agent, t.id)).status).toBe(404);
      const pins = await fx.request("GET", "/api/v3/accounts/pins?type=topic", { auth: guest });
      expect(pins.json.data.map((p: { entity_id: number }) => p.entity_id)).not.toContain(t.id);
    });
  });

  describe("topic groups", () => {
    it("creates, lists with visible topic counts, reads with topics and renames", async () => {
      const res = await createGroup(agent, " Product ");
      expect(res.status).toBe(201);
      expect(res.json).toEqual({
        id: expect.any(Number),
        name: "Product",
        topics_count: 0,
        topics: [],
        created_at: expect.any(String),
        updated_at: expect.any(String),
      });
      const g = res.json;
      const visible = await topic(agent, { topic_group_id: g.id });
      const hidden = await topic(agent, { topic_group_id: g.id });
      await putTopic(agent, hidden.id, { ...hidden, entity_type: 1 });

      const listed = await fx.request("GET", "/api/v1/topic_groups", { auth: admin });
      expect(listed.json.data.find((x: { id: number }) => x.id === g.id)).toMatchObject({ name: "Product", topics_count: 1 });
      const detail = await fx.request("GET", `/api/v1/topic_groups/${g.id}`, { auth: admin });
      expect(detail.json.topics.map((t: { id: number }) => t.id)).toEqual([visible.id]);
      expect((await fx.request("GET", `/api/v1/topic_groups/${g.id}`, { auth: agent })).json.topics_count).toBe(2);

      const renamed = await fx.request("PUT", `/api/v1/topic_groups/${g.id}`, { auth: agent, body: { name: "Products" } });
      expect(renamed.status).toBe(200);
      expect(renamed.json.name).toBe("Products");
    });

    it("validates names (required, unique whatever the case) and refuses guests", async () => {
      expect((await createGroup(agent, "")).json.errors).toEqual({ name: [MESSAGES.required] });
      await createGroup(agent, "Support");
      const dup = await createGroup(admin, "SUPPORT");
      expect(dup.status).toBe(422);
      expect(dup.json.errors).toEqual({ name: [S.topicGroupNameTaken] });
      expect((await createGroup(guest, unique("Guest"))).status).toBe(403);
      expect((await fx.request("GET", "/api/v1/topic_groups", { auth: guest })).status).toBe(200);
    });

    it("answers 404 for another tenant's group", async () => {
      const g = await group();
      for (const res of [
        await fx.request("GET", `/api/v1/topic_groups/${g.id}`, { auth: theirAdmin }),
        await fx.request("PUT", `/api/v1/topic_groups/${g.id}`, { auth: theirAdmin, body: { name: "x" } }),
        await fx.request("DELETE", `/api/v1/topic_groups/${g.id}`, { auth: theirAdmin }),
      ]) {
        expect(res.status).toBe(404);
        expect(res.json).toEqual({ error_message: S.topicGroupNotFound });
      }
      const theirs = await fx.request("GET", "/api/v1/topic_groups", { auth: theirAdmin });
      expect(theirs.json.data.map((x: { id: number }) => x.id)).not.toContain(g.id);
    });

    it("deletes a group leaving its topics ungrouped (remove_topics=false, the default)", async () => {
      const g = await group();
      const t = await topic(agent, { topic_group_id: g.id });
      expect((await fx.request("DELETE", `/api/v1/topic_groups/${g.id}?remove_topics=false`, { auth: agent })).status).toBe(204);
      expect((await getTopic(agent, t.id)).json.topic_group_id).toBeNull();
      expect((await fx.request("GET", `/api/v1/topic_groups/${g.id}`, { auth: agent })).status).toBe(404);

      const g2 = await group();
      const t2 = await topic(agent, { topic_group_id: g2.id });
      expect((await fx.request("DELETE", `/api/v1/topic_groups/${g2.id}`, { auth: agent })).status).toBe(204);
      expect((await getTopic(agent, t2.id)).json.topic_group_id).toBeNull();
    });

    it("deletes a group with the topics the caller sees (remove_topics=true); the others stay, ungrouped", async () => {
      const g = await group();
      const seen = await topic(agent, { topic_group_id: g.id });
      const adminsOwn = await topic(admin, { topic_group_id: g.id });
      await putTopic(admin, adminsOwn.id, { ...adminsOwn, entity_type: 1 });
      expect((await fx.request("DELETE", `/api/v1/topic_groups/${g.id}?remove_topics=true`, { auth: guest })).status).toBe(403);
      expect((await fx.request("DELETE", `/api/v1/topic_groups/${g.id}?remove_topics=true`, { auth: agent })).status).toBe(204);
      expect((await getTopic(agent, seen.id)).status).toBe(404);
      expect((await getTopic(admin, adminsOwn.id)).json).toMatchObject({ id: adminsOwn.id, topic_group_id: null });
    });
  });
});
