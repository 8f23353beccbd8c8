import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { rebuildTenantRollups } from "../../../db/repositories/analytics-rollups";
import { insertFeedItems } from "../../../db/repositories/feed-items";
import { insertLabel } from "../../../db/repositories/labels";
import { insertSearchItem } from "../../../db/repositories/search-items";
import { insertQueryMatches, replaceSearchTokens } from "../../../db/repositories/search-index";
import { insertTopic } from "../../../db/repositories/topics";
import { MESSAGES } from "../../../domain/messages";
import { clearDashboardCache } from "../../../services/analytics/cache";
import { jlhScore } from "../../../domain/text-analytics";
import { createApiFixture, type ApiFixture, type SignedIn, type TenantFixture } from "../../../tests/support/api-fixture";
import { testEngines } from "../../../tests/support/database";
import { feedItemRow } from "../../../tests/support/feed-item-row";

// A small hand-made corpus (ADR 016's examples): two conversations in the period, delivery (late parcels,
// mostly negative) and the app (login, design, updates), a quieter previous period, a muted mention, labels,
// topics, a saved search, and another tenant's mention that must never count.
const RANGE = { from: "2026-03-02T12:00:00.000Z", to: "2026-03-05T12:00:00.000Z" };
const NOW = "2026-03-06T00:00:00.000Z";

interface Item {
  key: number;
  at: string;
  network: string;
  sentiment: number;
  keywords: string[];
  impact: number;
  text?: string;
  muted?: boolean;
  labels?: Array<"complaints" | "formula">;
  search?: boolean;
  topic?: "shipping" | "app";
}

const ITEMS: Item[] = [
  // The period (2026-03-02 12:00 to 2026-03-05 12:00): items 1 and 7, 8, 9 lie on its partial days.
  { key: 1, at: "2026-03-02T15:00:00.000Z", network: "twitter", sentiment: -1, keywords: ["delivery", "late", "parcel"], impact: 50, labels: ["complaints"], search: true },
  { key: 2, at: "2026-03-03T10:00:00.000Z", network: "twitter", sentiment: -1, keywords: ["delivery", "late"], impact: 80, text: "Late delivery, why?", labels: ["complaints"], search: true },
  { key: 3, at: "2026-03-03T11:00:00.000Z", network: "reddit", sentiment: 0, keywords: ["delivery", "parcel", "courier"], impact: 10, labels: ["formula"], topic: "shipping" },
  { key: 4, at: "2026-03-04T09:00:00.000Z", network: "reddit", sentiment: -1, keywords: ["parcel", "courier", "late"], impact: 30, search: true, topic: "shipping" },
  { key: 5, at: "2026-03-04T10:00:00.000Z", network: "twitter", sentiment: -1, keywords: ["app", "login", "design"], impact: 90, topic: "app" },
  { key: 6, at: "2026-03-04T20:00:00.000Z", network: "twitter", sentiment: 0, keywords: ["app", "login"], impact: 20, labels: ["complaints"], topic: "app" },
  { key: 7, at: "2026-03-05T08:00:00.000Z", network: "reddit", sentiment: 0, keywords: ["app", "design", "update"], impact: 60, topic: "app" },
  { key: 8, at: "2026-03-05T09:00:00.000Z", network: "twitter", sentiment: 1, keywords: ["app", "update", "login"], impact: 40, search: true },
  { key: 9, at: "2026-03-05T10:00:00.000Z", network: "twitter", sentiment: 1, keywords: ["weather"], impact: 99, muted: true, labels: ["complaints"], search: true },
  // The previous period (2026-02-27 12:00 to 2026-03-02 12:00).
  { key: 10, at: "2026-02-28T10:00:00.000Z", network: "twitter", sentiment: 0, keywords: ["app", "login"], impact: 5, labels: ["formula"] },
  { key: 11, at: "2026-03-01T10:00:00.000Z", network: "twitter", sentiment: 1, keywords: ["app", "update"], impact: 5, labels: ["complaints"], topic: "app" },
  { key: 12, at: "2026-03-01T11:00:00.000Z", network: "reddit", sentiment: 0, keywords: ["weather", "sunny"], impact: 5 },
  { key: 13, at: "2026-03-02T11:00:00.000Z", network: "twitter", sentiment: 0, keywords: ["app"], impact: 5 },
];

function row(businessProfileId: number, item: Item) {
  return feedItemRow(businessProfileId, {
    socialType: item.network,
    externalId: `t${item.key}`,
    description: item.text ?? `Mention number ${item.key}`,
    sentiment: item.sentiment,
    authorUsername: `author${item.key}`,
    keywords: JSON.stringify(item.keywords),
    impactScore: item.impact,
    muted: item.muted ? 1 : 0,
    createdAt: item.at,
    ingestedAt: NOW,
  });
}

describe.each(testEngines({ engineSpecific: true }))("dashboard text widgets on %s", (engine) => {
  let fx: ApiFixture;
  let mine: TenantFixture;
  let agent: SignedIn;
  let theirAdmin: SignedIn;
  const ids = new Map<number, number>();
  let searchId: number;
  let theirSearchId: number;
  let labels: { complaints: number; formula: number; unused: number };
  let topics: { shipping: number; app: number; empty: number };
  let groupId: number;

  beforeAll(async () => {
    // The cache is per process: the other engine's run (same tenant ids) must not answer for this one.
    clearDashboardCache();
    fx = await createApiFixture(engine, { now: () => new Date(NOW) });
    mine = await fx.createTenant();
    const theirs = await fx.createTenant();
    agent = await fx.signIn(mine.accounts.agent.email);
    theirAdmin = await fx.signIn(theirs.accounts.admin.email);
    const db = fx.db;
    const bp = mine.businessProfileId;

    const stored = await insertFeedItems(db, ITEMS.map((i) => row(bp, i)));
    for (const s of stored) ids.set(Number(s.externalId.slice(1)), s.id);
    const label = (name: string) =>
      insertLabel(db, { businessProfileId: bp, name, category: null, labelType: "label", contextId: null, contextType: null, ownerAccountId: null, now: NOW });
    labels = { complaints: (await label("Complaints")).id, formula: (await label("=SUM(A1)")).id, unused: (await label("Unused")).id };
    const definition = { ownerAccountId: mine.accounts.admin.id, entityType: 2, entityIds: [bp] };
    searchId = (await insertSearchItem(db, bp, { name: "Brand", category: "brand", folderId: null, query: "[]", logoSrc: null, alertsEnabled: false, ...definition }, NOW)).id;
    groupId = (
      await db.insertInto("topicGroups").values({ businessProfileId: bp, name: "Operations", createdBy: null, createdAt: NOW, updatedAt: NOW }).returning("id").executeTakeFirstOrThrow()
    ).id;
    const topic = async (name: string, topicGroupId: number | null) =>
      (
        await insertTopic(
          db,
          bp,
          { name, nameKey: name.toLowerCase(), type: "custom", topicGroupId, keywords: [], query: null, category: null, logoSrc: null, alertsEnabled: false, ...definition },
          NOW,
        )
      ).id;
    topics = { shipping: await topic("Shipping", groupId), app: await topic("App", null), empty: await topic("Empty", groupId) };

    for (const item of ITEMS) {
      const id = ids.get(item.key)!;
      for (const l of item.labels ?? []) await db.insertInto("feedItemLabels").values({ businessProfileId: bp, feedItemId: id, labelId: labels[l] }).execute();
      if (item.search) await insertQueryMatches(db, bp, [{ contextType: 1, contextId: searchId, feedItemId: id }], NOW);
      if (item.topic) await insertQueryMatches(db, bp, [{ contextType: 2, contextId: topics[item.topic], feedItemId: id }], NOW);
    }

    // Another tenant: a mention in the period with the same words and a label, in its own saved search.
    const theirBp = theirs.businessProfileId;
    const [their] = await insertFeedItems(db, [row(theirBp, { ...ITEMS[1]!, key: 99 })]);
    const theirLabel = await insertLabel(db, { businessProfileId: theirBp, name: "Complaints", category: null, labelType: "label", contextId: null, contextType: null, ownerAccountId: null, now: NOW });
    await db.insertInto("feedItemLabels").values({ businessProfileId: theirBp, feedItemId: their!.id, labelId: theirLabel.id }).execute();
    theirSearchId = (
      await insertSearchItem(db, theirBp, { name: "Theirs", category: "brand", folderId: null, query: "[]", logoSrc: null, alertsEnabled: false, ownerAccountId: theirs.accounts.admin.id, entityType: 2, entityIds: [theirBp] }, NOW)
    ).id;
    await insertQueryMatches(db, theirBp, [{ contextType: 1, contextId: theirSearchId, feedItemId: their!.id }], NOW);

    // Every mention of the tenant holds the word "mention": the query that selects them all (raw path).
    await replaceSearchTokens(db, [...ids.values()].map((id) => ({ id, tokens: ["mention"] })));
    // The rollups as ingestion maintains them.
    await rebuildTenantRollups(db, bp);
    await rebuildTenantRollups(db, theirBp);
  });
  afterAll(() => fx?.cleanup());

  /** A dashboard read, GET via POST as the web client sends it. */
  const read = (path: string, body: Record<string, unknown>, auth: SignedIn = agent) =>
    fx.request("POST", `/api/v1/dashboard/${path}`, { auth, body, headers: { "x-http-method-override": "GET" } });
  const all = { range: RANGE, time_zone: "UTC" };
  /** The same mentions as `all`, through the raw path (a filter on feed_items). */
  const allRaw = { ...all, properties: { query: "mention" } };
  const keyOf = (id: number) => [...ids.entries()].find(([, v]) => v === id)?.[0];

  describe("keyword_cloud", () => {
    it("lists the period's terms with mentions and sentiment (-1, 0, 1), whole days from the rollup and the edges raw", async () => {
      const res = await read("keyword_cloud", all);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.meta).toMatchObject({ range: RANGE, compared_range: null, time_zone: "UTC", source: "rollup" });
      expect(res.json.data).toHaveLength(1);
      expect(res.json.data[0].context).toMatchObject({ context_type: 6, context_id: 0 });
      expect(res.json.data[0].items).toEqual([
        { term: "app", mentions: 4, sentiment: 0 },
        { term: "delivery", mentions: 3, sentiment: -1 },
        { term: "late", mentions: 3, sentiment: -1 },
        { term: "login", mentions: 3, sentiment: 0 },
        { term: "parcel", mentions: 3, sentiment: -1 },
        { term: "courier", mentions: 2, sentiment: -1 },
        { term: "design", mentions: 2, sentiment: -1 },
        { term: "update", mentions: 2, sentiment: 1 },
      ]);
    });

    it("answers the same numbers through the raw path", async () => {
      const [rollup, raw] = await Promise.all([read("keyword_cloud", all), read("keyword_cloud", allRaw)]);
      expect(raw.status, JSON.stringify(raw.json)).toBe(200);
      expect(raw.json.meta.source).toBe("raw");
      expect(raw.json.data[0].items).toEqual(rollup.json.data[0].items);
    });

    it("reads a saved search's terms, limited, one entry per context in request order", async () => {
      const res = await read("keyword_cloud", {
        ...all,
        limit: 3,
        contexts: [
          { context_type: 1, context_id: searchId },
          { context_type: 2, context_id: topics.app },
        ],
      });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data.map((d: { context: { title: string } }) => d.context.title)).toEqual(["Brand", "App"]);
      expect(res.json.data[0].items).toEqual([
        { term: "late", mentions: 3, sentiment: -1 },
        { term: "delivery", mentions: 2, sentiment: -1 },
        { term: "parcel", mentions: 2, sentiment: -1 },
      ]);
      expect(res.json.data[1].items).toEqual([
        { term: "app", mentions: 3, sentiment: -1 },
        { term: "design", mentions: 2, sentiment: -1 },
        { term: "login", mentions: 2, sentiment: -1 },
      ]);
    });
  });

  describe("trending_labels (trending keywords)", () => {
    const expected = [
      { term: "delivery", mentions: 3, previous: 0, score: jlhScore(3, 8, 0, 4) },
      { term: "late", mentions: 3, previous: 0, score: jlhScore(3, 8, 0, 4) },
      { term: "parcel", mentions: 3, previous: 0, score: jlhScore(3, 8, 0, 4) },
      { term: "courier", mentions: 2, previous: 0, score: jlhScore(2, 8, 0, 4) },
      { term: "design", mentions: 2, previous: 0, score: jlhScore(2, 8, 0, 4) },
      { term: "login", mentions: 3, previous: 1, score: jlhScore(3, 8, 1, 4) },
    ];

    it("scores the period's terms against the previous period of equal length (JLH), 7 a page", async () => {
      const res = await read("trending_labels", all);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(expected[0]!.score).toBe(0.1875);
      expect(res.json.data[0]).toMatchObject({ total: 6, page: 1, per_page: 7, previous_range: { from: "2026-02-27T12:00:00.000Z", to: RANGE.from } });
      expect(res.json.data[0].items).toEqual(expected);
    });

    it("pages, takes tkw_num_sig_terms and tkw_sig_terms, and answers the same raw", async () => {
      const page2 = await read("trending_labels", { ...all, page: 2, per_page: 2 });
      expect(page2.json.data[0].items.map((t: { term: string }) => t.term)).toEqual(["parcel", "courier"]);
      const top = await read("trending_labels", { ...all, tkw_num_sig_terms: 2, nlp_fields: ["title", "description"] });
      expect(top.json.data[0]).toMatchObject({ total: 2 });
      const only = await read("trending_labels", { ...all, tkw_sig_terms: ["login", "app"] });
      expect(only.json.data[0].items).toEqual([expected[5]]);
      const raw = await read("trending_labels", allRaw);
      expect(raw.json.meta.source).toBe("raw");
      expect(raw.json.data[0].items).toEqual(expected);
    });

    it("compares with compared_range when given", async () => {
      const res = await read("trending_labels", { ...all, compared_range: { from: "2026-02-01T00:00:00.000Z", to: "2026-02-02T00:00:00.000Z" } });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      // Nothing before: every term is new and scores its share of the period's mentions.
      expect(res.json.data[0].items.map((t: { term: string; score: number }) => [t.term, t.score])).toEqual([
        ["app", 0.5],
        ["delivery", 0.375],
        ["late", 0.375],
        ["login", 0.375],
        ["parcel", 0.375],
        ["courier", 0.25],
        ["design", 0.25],
      ]);
    });

    it("the CSV holds every significant term with a header", async () => {
      const res = await read("trending_labels.csv", all);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toContain("text/csv");
      const lines = String(res.json).trim().split("\r\n");
      expect(lines[0]).toBe("context,term,mentions,previous,score");
      expect(lines).toHaveLength(7);
      expect(lines[1]).toBe(`${MESSAGES.widgetsUi.everyMention},delivery,3,0,0.1875`);
    });
  });

  describe("entities (trending labels)", () => {
    it("counts the tenant's labels on the period's mentions against the previous period", async () => {
      const res = await read("entities", all);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data[0].items).toEqual([
        { label_id: labels.complaints, name: "Complaints", mentions: 3, previous: 1, change: 200 },
        { label_id: labels.formula, name: "=SUM(A1)", mentions: 1, previous: 1, change: 0 },
      ]);
    });

    it("sorts, orders, filters by keyword and limits", async () => {
      const byName = await read("entities", { ...all, sort: "name", order: "asc" });
      expect(byName.json.data[0].items.map((l: { name: string }) => l.name)).toEqual(["=SUM(A1)", "Complaints"]);
      const keyword = await read("entities", { ...all, keyword: "COMPL" });
      expect(keyword.json.data[0].items.map((l: { name: string }) => l.name)).toEqual(["Complaints"]);
      const limited = await read("entities", { ...all, sort: "change", order: "asc", limit: 1 });
      expect(limited.json.data[0].items.map((l: { name: string }) => l.name)).toEqual(["=SUM(A1)"]);
    });

    it("the CSV neutralises a cell that would run as a formula", async () => {
      const res = await read("entities.csv", all);
      expect(res.status).toBe(200);
      expect(String(res.json).split("\r\n")).toEqual([
        "context,label_id,name,mentions,previous,change",
        `${MESSAGES.widgetsUi.everyMention},${labels.complaints},Complaints,3,1,200`,
        `${MESSAGES.widgetsUi.everyMention},${labels.formula},'=SUM(A1),1,1,0`,
        "",
      ]);
    });
  });

  describe("conversation_themes", () => {
    it("finds the two conversations of the period with their mentions and sentiment", async () => {
      const res = await read("conversation_themes", all);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data[0]).toMatchObject({
        nlp_analyzed_count: 8,
        themes: [
          { name: "app & login", terms: ["app", "login", "design", "update"], mentions: 4, sentiment: 0 },
          { name: "delivery & late", terms: ["delivery", "late", "parcel", "courier"], mentions: 4, sentiment: -1 },
        ],
      });
    });

    it("as CSV", async () => {
      const res = await read("conversation_themes.csv", all);
      expect(String(res.json).split("\r\n").slice(0, 3)).toEqual([
        "context,name,terms,mentions,sentiment",
        `${MESSAGES.widgetsUi.everyMention},app & login,app; login; design; update,4,neutral`,
        `${MESSAGES.widgetsUi.everyMention},delivery & late,delivery; late; parcel; courier,4,negative`,
      ]);
    });
  });

  describe("topics", () => {
    it("lists the tenant's topics by mentions in the period with their sentiment", async () => {
      const res = await read("topics", { ...all, sort: true, kind: "status" });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.meta.source).toBe("rollup");
      const raw = await read("topics", { ...allRaw, sort: true, kind: "status" });
      expect(raw.json.meta.source).toBe("raw");
      expect(raw.json.data[0].items).toEqual(res.json.data[0].items);
      expect(res.json.data[0].items).toEqual([
        { topic_id: topics.app, name: "App", mentions: 3, sentiment: -1 },
        { topic_id: topics.shipping, name: "Shipping", mentions: 2, sentiment: -1 },
        { topic_id: topics.empty, name: "Empty", mentions: 0, sentiment: 0 },
      ]);
    });

    it("filters by topic group, limits, and counts within a context", async () => {
      const group = await read("topics", { ...all, topic_group_id: groupId, limit: 1 });
      expect(group.json.data[0].items).toEqual([{ topic_id: topics.shipping, name: "Shipping", mentions: 2, sentiment: -1 }]);
      const inSearch = await read("topics", { ...all, contexts: [{ context_type: 1, context_id: searchId }] });
      expect(inSearch.json.data[0].items[0]).toEqual({ topic_id: topics.shipping, name: "Shipping", mentions: 1, sentiment: -1 });
      const csv = await read("topics.csv", all);
      expect(String(csv.json).split("\r\n")[1]).toBe(`${MESSAGES.widgetsUi.everyMention},${topics.app},App,3,negative`);
    });
  });

  describe("most-impactful-posts", () => {
    it("pages the period's mentions by impact score in the statuses' shape", async () => {
      const res = await read("most-impactful-posts", all);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const entry = res.json.data[0];
      expect(entry).toMatchObject({ total: 8, page: 1, per_page: 6 });
      expect(entry.items.map((s: { id: number }) => keyOf(s.id))).toEqual([5, 2, 7, 1, 8, 4]);
      expect(entry.items[0]).toMatchObject({ status_id: "t5", social_type: "twitter", impact_score: 90, keywords: ["app", "login", "design"] });
      const page2 = await read("most-impactful-posts", { ...all, page: 2 });
      expect(page2.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([6, 3]);
    });

    it("filters by sentiments and networks", async () => {
      const negative = await read("most-impactful-posts", { ...all, selected_sentiments: [-1] });
      expect(negative.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([5, 2, 1, 4]);
      expect(negative.json.data[0].total).toBe(4);
      // The total comes from the hourly rollup here and from feed_items through the raw path: the same.
      const negativeRaw = await read("most-impactful-posts", { ...allRaw, selected_sentiments: [-1] });
      expect(negativeRaw.json.data[0]).toMatchObject({ total: 4, items: negative.json.data[0].items });
      const bySearch = await read("most-impactful-posts", { ...all, selected_social_types: ["reddit"], contexts: [{ context_type: 1, context_id: searchId }] });
      expect(bySearch.json.data[0].total).toBe(1);
      expect(bySearch.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([4]);
      // A saved search's members only, by impact; the muted member (9, the highest impact) never.
      const inSearch = await read("most-impactful-posts", { ...all, contexts: [{ context_type: 1, context_id: searchId }] });
      expect(inSearch.json.data[0]).toMatchObject({ total: 4 });
      expect(inSearch.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([2, 1, 8, 4]);
      const reddit = await read("most-impactful-posts", { ...all, selected_social_types: ["reddit"] });
      expect(reddit.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([7, 4, 3]);
    });
  });

  describe("conversation_clusters", () => {
    it("clusters the period's mentions, labelled by their top terms, with size and the actionable flag", async () => {
      const res = await read("conversation_clusters/searches", all);
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      const clusters = res.json.data[0].items;
      expect(clusters).toEqual([
        { id: expect.any(String), label: "app, login, design", terms: ["app", "login", "design", "update"], size: 4, actionable: false },
        { id: expect.any(String), label: "delivery, late, parcel", terms: ["delivery", "late", "parcel", "courier"], size: 4, actionable: true },
      ]);
      // Stable: the same request gives the same ids.
      const again = await read("conversation_clusters/searches", all);
      expect(again.json.data[0].items.map((c: { id: string }) => c.id)).toEqual(clusters.map((c: { id: string }) => c.id));
    });

    it("a cluster with its mentions, newest first; cluster_actionable keeps the actionable ones; CSV", async () => {
      const list = await read("conversation_clusters/searches", all);
      const delivery = list.json.data[0].items[1];
      const one = await fx.request("GET", `/api/v1/dashboard/conversation_clusters/searches/${delivery.id}?time_zone=Europe/Paris`, { auth: agent });
      expect(one.status, JSON.stringify(one.json)).toBe(200);
      expect(one.json.data[0]).toMatchObject({ id: delivery.id, label: "delivery, late, parcel", size: 4, actionable: true });
      expect(one.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([4, 3, 2, 1]);
      const actionable = await fx.request("GET", `/api/v1/dashboard/conversation_clusters/searches/${delivery.id}?cluster_actionable=true`, { auth: agent });
      expect(actionable.json.data[0].items.map((s: { id: number }) => keyOf(s.id))).toEqual([4, 2, 1]);
      const csv = await fx.request("GET", `/api/v1/dashboard/conversation_clusters/searches/${delivery.id}.csv?time_zone=Europe/Paris`, { auth: agent });
      expect(csv.status).toBe(200);
      const lines = String(csv.json).split("\r\n");
      expect(lines[0]).toBe("cluster,id,created_at,social_type,author,sentiment,impact_score,text,post_url");
      expect(lines[1]).toBe(`"delivery, late, parcel",${ids.get(4)},2026-03-04 10:00:00,reddit,author4,negative,30,Mention number 4,`);
    });

    it("filter_id reads a saved search's mentions", async () => {
      const res = await read("conversation_clusters/searches", { range: RANGE, filter_id: searchId });
      expect(res.status, JSON.stringify(res.json)).toBe(200);
      expect(res.json.data[0].context).toMatchObject({ context_type: 1, context_id: searchId, title: "Brand" });
      // 1, 2, 4 share delivery/late/parcel; 8 alone.
      expect(res.json.data[0].items).toEqual([
        { id: expect.any(String), label: "late, delivery, parcel", terms: ["late", "delivery", "parcel"], size: 3, actionable: true },
      ]);
    });
  });

  describe("refusals and tenancy", () => {
    it("400 for a missing range and for a bad widget parameter", async () => {
      const noRange = await read("keyword_cloud", { time_zone: "UTC" });
      expect(noRange.status).toBe(400);
      expect(noRange.json.error_message).toBe(MESSAGES.dashboardApi.rangeRequired);
      const perPage = await read("trending_labels", { ...all, per_page: 0 });
      expect(perPage.status).toBe(400);
      expect(perPage.json.error_message).toBe(MESSAGES.dashboardApi.invalidParameter("per_page"));
      const sort = await read("entities", { ...all, sort: "size" });
      expect(sort.status).toBe(400);
      const kind = await read("topics", { ...all, kind: "review" });
      expect(kind.status).toBe(400);
      const sentiment = await read("most-impactful-posts", { ...all, selected_sentiments: [2] });
      expect(sentiment.status).toBe(400);
    });

    it("404 for another tenant's context, and for a cluster id of another tenant or none of ours", async () => {
      for (const path of ["keyword_cloud", "trending_labels", "entities.csv", "conversation_themes", "topics", "most-impactful-posts"]) {
        const res = await read(path, { ...all, contexts: [{ context_type: 1, context_id: theirSearchId }] });
        expect(res.status, path).toBe(404);
      }
      expect((await read("conversation_clusters/searches", { range: RANGE, filter_id: theirSearchId })).status).toBe(404);
      const theirs = await read("conversation_clusters/searches", { range: RANGE, filter_id: theirSearchId }, theirAdmin);
      expect(theirs.status, JSON.stringify(theirs.json)).toBe(200);
      const theirClusters = await read("conversation_clusters/searches", all, theirAdmin);
      expect(theirClusters.json.data[0].items).toEqual([]);
      const mineList = await read("conversation_clusters/searches", { range: RANGE, filter_id: searchId });
      const myCluster = mineList.json.data[0].items[0].id;
      expect((await fx.request("GET", `/api/v1/dashboard/conversation_clusters/searches/${myCluster}`, { auth: theirAdmin })).status).toBe(404);
      expect((await fx.request("GET", "/api/v1/dashboard/conversation_clusters/searches/not-a-cluster", { auth: agent })).status).toBe(404);
    });

    it("never counts another tenant's mentions or labels", async () => {
      const res = await read("entities", all, theirAdmin);
      expect(res.json.data[0].items).toEqual([expect.objectContaining({ name: "Complaints", mentions: 1, previous: 0, change: null })]);
    });

    it("serves a repeated read from the cache (meta.cached), unless Cache-Control: no-cache", async () => {
      const body = { ...all, limit: 2 };
      const first = await read("keyword_cloud", body);
      const second = await read("keyword_cloud", body);
      expect(second.json.meta.cached).toBe(true);
      expect(second.json.data).toEqual(first.json.data);
      const fresh = await fx.request("POST", "/api/v1/dashboard/keyword_cloud", {
        auth: agent,
        body,
        headers: { "x-http-method-override": "GET", "cache-control": "no-cache" },
      });
      expect(fresh.json.meta.cached).toBe(false);
      // Another tenant with the same body has its own entry.
      const theirs = await read("keyword_cloud", body, theirAdmin);
      expect(theirs.json.meta.cached).toBe(false);
      expect(theirs.json.data[0].items).toEqual([{ term: "delivery", mentions: 1, sentiment: -1 }, { term: "late", mentions: 1, sentiment: -1 }]);
    });

    it("a shared link reads the widgets and contexts it names, anonymously; others answer 404", async () => {
      const created = await fx.request("POST", "/api/v1/dashboard_shared_links", {
        auth: agent,
        body: {
          title: "Board",
          non_logged_in_access: true,
          config: { widgets: ["keywords-cloud", "conversation-cluster"], contexts: [{ context_type: 1, context_id: searchId }], time: 30, time_unit: "Days", layer_ids: [] },
        },
      });
      expect(created.status, JSON.stringify(created.json)).toBe(201);
      const viaLink = (path: string, body: Record<string, unknown>) =>
        fx.request("POST", `/api/v1/dashboard/${path}`, { body, headers: { "x-http-method-override": "GET", "shared-link-code": created.json.code } });
      const brand = { ...all, contexts: [{ context_type: 1, context_id: searchId }] };
      const cloud = await viaLink("keyword_cloud", { ...brand, limit: 1 });
      expect(cloud.status, JSON.stringify(cloud.json)).toBe(200);
      expect(cloud.json.data[0].items).toEqual([{ term: "late", mentions: 3, sentiment: -1 }]);
      expect((await viaLink("entities", brand)).status).toBe(404);
      expect((await viaLink("keyword_cloud", all)).status).toBe(404);
      const clusters = await viaLink("conversation_clusters/searches", brand);
      expect(clusters.status).toBe(200);
      const one = await fx.request("GET", `/api/v1/dashboard/conversation_clusters/searches/${clusters.json.data[0].items[0].id}`, {
        headers: { "shared-link-code": created.json.code },
      });
      expect(one.status, JSON.stringify(one.json)).toBe(200);
      expect(one.json.data[0].size).toBe(3);
    });

    it("401 without a session", async () => {
      const res = await fx.request("POST", "/api/v1/dashboard/keyword_cloud", { body: all, headers: { "x-http-method-override": "GET" } });
      expect(res.status).toBe(401);
    });
  });
});
