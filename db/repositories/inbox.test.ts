import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import type { Database } from "../client";
import type { FeedItemFilter } from "./feed-items";
import { insertFeedItems } from "./feed-items";
import { insertQueryMatches } from "./search-index";
import { insertStream } from "./streams";
import {
  countBySentiment,
  countInboxItemsUpTo,
  countOpenAssigned,
  listInboxItems,
  setAssignment,
  setItemsState,
  type InboxMembership,
  type InboxOrder,
} from "./inbox";

// The inbox's list reads a set (a saved search's matches, a label, assignees) member by member when it is
// small and by walking the order's index when it is large (2,000 members or more). Both ways must answer
// exactly what the filter holds, in order, page by page; this corpus has sets on both sides of the line.

const ITEMS = 2600;

interface Fact {
  id: number;
  createdAt: string;
  engagement: number;
  muted: boolean;
  sentiment: number;
  state: number;
  language: string;
  assignee: { type: string; id: number } | null;
  labels: number[];
  searches: number[];
  inStream: boolean;
}

describe.each(testEngines({ engineSpecific: true }))("inbox list strategies on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;
  let mine: number;
  let theirs: number;
  const facts: Fact[] = [];
  const BIG_LABEL = 1;
  const SMALL_LABEL = 2;
  const BIG_SEARCH = 11;
  const SMALL_SEARCH = 12;
  let streamId: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    mine = (await createWorkspace(db, { name: "Mine", members: [] })).businessProfile.id;
    theirs = (await createWorkspace(db, { name: "Theirs", members: [] })).businessProfile.id;
    const streamValues = { socialType: "twitter", category: "inbox", name: "Mentions", source: "webhook", config: "{}", ingestKey: "k", createdBy: null };
    streamId = (await insertStream(db, mine, streamValues, "2024-01-01T00:00:00.000Z")).id;
    const rows = (businessProfileId: number, count: number) =>
      Array.from({ length: count }, (_, i) => ({
        businessProfileId,
        // Every fourth of mine comes from a stream (the count walks the stream's own index).
        streamId: businessProfileId === mine && i % 4 === 1 ? streamId : null,
        socialType: i % 3 === 0 ? "reddit" : "twitter",
        externalId: `x${i}`,
        kind: "post",
        parentExternalId: null,
        title: null,
        description: `item ${i}`,
        postUrl: null,
        language: i % 4 === 0 ? "de" : "en",
        sentiment: (i % 3) - 1,
        sentimentScore: 0,
        sentimentDrivers: "[]",
        keywords: "[]",
        impactScore: 0,
        reach: 0,
        likes: (i * 7919) % 500,
        comments: 0,
        shares: 0,
        views: 0,
        totalEngagements: (i * 7919) % 500,
        rating: null,
        identityId: null,
        authorUsername: "a",
        authorName: null,
        authorFollowers: 0,
        authorCountry: "",
        authorPhotoUrl: null,
        isAgentReply: 0,
        state: i % 5 === 0 ? 3 : 1,
        assignedToType: i % 10 < 8 ? "account" : i % 97 === 1 ? "team" : null,
        assignedToId: i % 10 < 8 ? 1 : i % 97 === 1 ? 2 : null,
        assignedMessage: null,
        assignedAt: null,
        assignedBy: null,
        translation: null,
        translationLanguage: null,
        muted: i % 50 === 7 ? 1 : 0,
        // Several items share a minute: the id breaks ties.
        createdAt: new Date(Date.UTC(2024, 0, 1) + Math.floor(i / 3) * 60_000).toISOString(),
        ingestedAt: "2024-06-01T00:00:00.000Z",
      }));
    const stored = await insertFeedItems(db, rows(mine, ITEMS));
    const theirStored = await insertFeedItems(db, rows(theirs, 50));
    const idOf = new Map(stored.map((r) => [r.externalId, r.id]));
    rows(mine, ITEMS).forEach((row, i) => {
      facts.push({
        id: idOf.get(row.externalId)!,
        createdAt: row.createdAt,
        engagement: row.totalEngagements,
        muted: row.muted === 1,
        sentiment: row.sentiment,
        state: row.state,
        language: row.language,
        assignee: row.assignedToType ? { type: row.assignedToType, id: row.assignedToId! } : null,
        labels: [...(i < 2300 ? [BIG_LABEL] : []), ...(i % 400 === 3 ? [SMALL_LABEL] : [])],
        searches: [...(i % 10 !== 9 ? [BIG_SEARCH] : []), ...(i % 500 === 4 ? [SMALL_SEARCH] : [])],
        inStream: row.streamId !== null,
      });
    });
    const labelRows = facts.flatMap((f) => f.labels.map((labelId) => ({ businessProfileId: mine, feedItemId: f.id, labelId })));
    // Another tenant's items carry the same label ids and matches: never listed.
    labelRows.push(...theirStored.map((r) => ({ businessProfileId: theirs, feedItemId: r.id, labelId: BIG_LABEL })));
    for (let i = 0; i < labelRows.length; i += 500) await db.insertInto("feedItemLabels").values(labelRows.slice(i, i + 500)).execute();
    const matchRows = facts.flatMap((f) => f.searches.map((contextId) => ({ contextType: 1, contextId, feedItemId: f.id })));
    for (let i = 0; i < matchRows.length; i += 500) await insertQueryMatches(db, mine, matchRows.slice(i, i + 500), "2024-06-01T00:00:00.000Z");
    await insertQueryMatches(db, theirs, theirStored.map((r) => ({ contextType: 1, contextId: BIG_SEARCH, feedItemId: r.id })), "2024-06-01T00:00:00.000Z");
    // As autovacuum would have by now: without statistics PostgreSQL plans the fresh tables as empty.
    if (engine === "postgres") await sql`analyze`.execute(db);
  }, 120_000);
  afterAll(() => database?.cleanup());

  function expected(keep: (f: Fact) => boolean, order: InboxOrder, direction: "asc" | "desc"): number[] {
    const key = (f: Fact) => (order === "createdAt" ? f.createdAt : f.engagement);
    const sign = direction === "asc" ? 1 : -1;
    return facts
      .filter((f) => !f.muted && keep(f))
      .sort((a, b) => {
        const ka = key(a);
        const kb = key(b);
        if (ka !== kb) return (ka < kb ? -1 : 1) * sign;
        return (a.id - b.id) * sign;
      })
      .map((f) => f.id);
  }

  const cases: Array<{ name: string; membership?: InboxMembership; filter?: FeedItemFilter; keep: (f: Fact) => boolean }> = [
    { name: "a big saved search", membership: { kind: "matches", contextType: 1, contextId: BIG_SEARCH }, keep: (f) => f.searches.includes(BIG_SEARCH) },
    { name: "a small saved search", membership: { kind: "matches", contextType: 1, contextId: SMALL_SEARCH }, keep: (f) => f.searches.includes(SMALL_SEARCH) },
    { name: "a big label", membership: { kind: "labels", labelIds: [BIG_LABEL] }, keep: (f) => f.labels.includes(BIG_LABEL) },
    { name: "a small label", membership: { kind: "labels", labelIds: [SMALL_LABEL] }, keep: (f) => f.labels.includes(SMALL_LABEL) },
    {
      name: "an assignee with many items, as a filter",
      filter: { assignees: [{ anyOf: [{ type: "account", id: 1 }] }] },
      keep: (f) => f.assignee?.type === "account" && f.assignee.id === 1,
    },
    {
      name: "me and my team, open, in German",
      filter: { assignees: [{ anyOf: [{ type: "account", id: 1 }, { type: "team", id: 2 }] }], states: [1], languages: ["de"] },
      keep: (f) => f.assignee !== null && f.state === 1 && f.language === "de",
    },
    {
      name: "a label filter inside a big saved search",
      membership: { kind: "matches", contextType: 1, contextId: BIG_SEARCH },
      filter: { labels: [[SMALL_LABEL]], sentiments: [-1, 0] },
      keep: (f) => f.searches.includes(BIG_SEARCH) && f.labels.includes(SMALL_LABEL) && f.sentiment <= 0,
    },
    { name: "labels as a filter", filter: { labels: [[BIG_LABEL, SMALL_LABEL]] }, keep: (f) => f.labels.length > 0 },
    { name: "the unassigned", filter: { assignees: [{ unassigned: true }] }, keep: (f) => f.assignee === null },
  ];

  for (const c of cases) {
    it(`lists ${c.name} in order, page by page, either way`, async () => {
      for (const order of ["createdAt", "totalEngagements"] as const) {
        for (const direction of ["desc", "asc"] as const) {
          const want = expected(c.keep, order, direction);
          for (const offset of [0, 15, Math.max(0, want.length - 10)]) {
            const rows = await listInboxItems(db, mine, { filter: c.filter ?? {}, membership: c.membership }, { order, direction, offset, limit: 16 });
            expect(
              rows.map((r) => r.id),
              `${order} ${direction} from ${offset}`,
            ).toEqual(want.slice(offset, offset + 16));
          }
        }
      }
    });
  }

  it("counts a set exactly by sentiment, and up to a maximum", async () => {
    const big = { filter: {}, membership: { kind: "matches", contextType: 1, contextId: BIG_SEARCH } as InboxMembership };
    const members = facts.filter((f) => !f.muted && f.searches.includes(BIG_SEARCH));
    const bySentiment = await countBySentiment(db, mine, big);
    for (const s of [-1, 0, 1]) {
      expect(bySentiment.find((r) => r.sentiment === s)?.count ?? 0).toBe(members.filter((f) => f.sentiment === s).length);
    }
    expect(await countInboxItemsUpTo(db, mine, big, 1000)).toEqual({ count: 1000, capped: true });
    expect(await countInboxItemsUpTo(db, mine, big, 100_000)).toEqual({ count: members.length, capped: false });
    const german = { filter: { languages: ["de"], states: [3] } };
    const want = facts.filter((f) => !f.muted && f.language === "de" && f.state === 3).length;
    expect(await countInboxItemsUpTo(db, mine, german, want)).toEqual({ count: want, capped: false });
    expect(await countInboxItemsUpTo(db, mine, german, want - 1)).toEqual({ count: want - 1, capped: true });
    for (const filter of [{ streamIds: [streamId] }, { streamIds: [streamId], sentiments: [1], states: [1] }]) {
      const inStream = facts.filter((f) => !f.muted && f.inStream && (!filter.sentiments || (f.sentiment === 1 && f.state === 1))).length;
      expect(inStream).toBeGreaterThan(1);
      expect(await countInboxItemsUpTo(db, mine, { filter }, 100_000)).toEqual({ count: inStream, capped: false });
      expect(await countInboxItemsUpTo(db, mine, { filter }, inStream - 1)).toEqual({ count: inStream - 1, capped: true });
    }
  });

  it("counts a label's and an assignee's items up to a maximum, member by member", async () => {
    const cases: Array<{ query: { filter: FeedItemFilter; membership?: InboxMembership }; keep: (f: Fact) => boolean }> = [
      { query: { filter: {}, membership: { kind: "labels", labelIds: [BIG_LABEL] } }, keep: (f) => f.labels.includes(BIG_LABEL) },
      {
        query: { filter: { sentiments: [1] }, membership: { kind: "labels", labelIds: [SMALL_LABEL] } },
        keep: (f) => f.labels.includes(SMALL_LABEL) && f.sentiment === 1,
      },
      {
        query: { filter: { assignees: [{ anyOf: [{ type: "account", id: 1 }, { type: "team", id: 2 }] }], states: [1] } },
        keep: (f) => f.assignee !== null && f.state === 1,
      },
      {
        query: { filter: { languages: ["de"] }, membership: { kind: "matches", contextType: 1, contextId: SMALL_SEARCH } },
        keep: (f) => f.searches.includes(SMALL_SEARCH) && f.language === "de",
      },
    ];
    for (const c of cases) {
      const want = facts.filter((f) => !f.muted && c.keep(f)).length;
      expect(await countInboxItemsUpTo(db, mine, c.query, 100_000)).toEqual({ count: want, capped: false });
      if (want > 1) expect(await countInboxItemsUpTo(db, mine, c.query, want - 1)).toEqual({ count: want - 1, capped: true });
    }
  });
});

// The 'assigned to me' counter reads an index range per assignee (migration 0014): it must equal a
// recount of the rows after every change that moves an item in or out of it, tenant by tenant.
describe.each(testEngines({ engineSpecific: true }))("the open-assigned counter on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;
  let mine: number;
  let theirs: number;
  const ME = { type: "account", id: 5 };
  const TEAM = { type: "team", id: 6 };
  const OTHER = { type: "account", id: 7 };
  let ids: number[] = [];

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    mine = (await createWorkspace(db, { name: "Mine", members: [] })).businessProfile.id;
    theirs = (await createWorkspace(db, { name: "Theirs", members: [] })).businessProfile.id;
    const rows = (businessProfileId: number) =>
      Array.from({ length: 40 }, (_, i) => {
        const assignee = [ME, TEAM, OTHER, null][i % 4]!;
        return {
          businessProfileId,
          streamId: null,
          socialType: i % 3 === 0 ? "reddit" : "twitter",
          externalId: `c${i}`,
          kind: "post",
          parentExternalId: null,
          title: null,
          description: `item ${i}`,
          postUrl: null,
          language: "en",
          sentiment: 0,
          sentimentScore: 0,
          sentimentDrivers: "[]",
          keywords: "[]",
          impactScore: 0,
          reach: 0,
          likes: 0,
          comments: 0,
          shares: 0,
          views: 0,
          totalEngagements: 0,
          rating: null,
          identityId: null,
          authorUsername: "a",
          authorName: null,
          authorFollowers: 0,
          authorCountry: "",
          authorPhotoUrl: null,
          isAgentReply: 0,
          state: i % 5 === 0 ? 2 : 1,
          assignedToType: assignee?.type ?? null,
          assignedToId: assignee?.id ?? null,
          assignedMessage: null,
          assignedAt: null,
          assignedBy: null,
          translation: null,
          translationLanguage: null,
          muted: i % 7 === 3 ? 1 : 0,
          createdAt: new Date(Date.UTC(2024, 0, 1) + i * 60_000).toISOString(),
          ingestedAt: "2024-06-01T00:00:00.000Z",
        };
      });
    ids = (await insertFeedItems(db, rows(mine))).map((r) => r.id);
    // Another tenant's items with the same assignees: never counted for mine.
    await insertFeedItems(db, rows(theirs));
  }, 60_000);
  afterAll(() => database?.cleanup());

  /** The counter's answer, recounted row by row. */
  async function recount(businessProfileId: number, anyOf: Array<{ type: string; id: number }>, socialTypes?: string[]) {
    const rows = await db
      .selectFrom("feedItems")
      .select(["assignedToType", "assignedToId", "state", "muted", "socialType"])
      .where("businessProfileId", "=", businessProfileId)
      .execute();
    return rows.filter(
      (r) =>
        r.state === 1 &&
        r.muted === 0 &&
        (!socialTypes || socialTypes.includes(r.socialType)) &&
        anyOf.some((a) => a.type === r.assignedToType && a.id === r.assignedToId),
    ).length;
  }

  async function expectCounterMatches() {
    for (const businessProfileId of [mine, theirs]) {
      for (const anyOf of [[ME], [ME, TEAM], [TEAM, ME, ME], [OTHER], []]) {
        for (const socialTypes of [undefined, ["reddit"], ["twitter", "reddit"], []]) {
          const counted = await countOpenAssigned(db, businessProfileId, anyOf, { state: 1, ...(socialTypes ? { networks: socialTypes } : {}) });
          expect(counted, `${businessProfileId} ${JSON.stringify(anyOf)} ${JSON.stringify(socialTypes)}`).toBe(
            socialTypes?.length === 0 ? 0 : await recount(businessProfileId, anyOf, socialTypes),
          );
        }
      }
    }
  }

  it("equals a recount as it starts", async () => {
    expect(await countOpenAssigned(db, mine, [ME], { state: 1 })).toBeGreaterThan(0);
    await expectCounterMatches();
  });

  it("equals a recount after assign, unassign, state changes, muting and deletion", async () => {
    const at = "2024-06-02T00:00:00.000Z";
    await setAssignment(db, mine, ids[3]!, { type: ME.type, id: ME.id, message: null, at, by: 1 });
    await setAssignment(db, mine, ids[1]!, { type: OTHER.type, id: OTHER.id, message: null, at, by: 1 });
    await setAssignment(db, mine, ids[4]!, null);
    await expectCounterMatches();
    await setItemsState(db, mine, [ids[8]!, ids[9]!, ids[0]!], 3);
    await setItemsState(db, mine, [ids[5]!], 1);
    await expectCounterMatches();
    await db.updateTable("feedItems").set({ muted: 1 }).where("id", "in", [ids[12]!, ids[13]!]).execute();
    await db.updateTable("feedItems").set({ muted: 0 }).where("id", "=", ids[10]!).execute();
    await expectCounterMatches();
    await db.deleteFrom("feedItems").where("id", "in", [ids[16]!, ids[17]!]).execute();
    await expectCounterMatches();
    // A change in one tenant leaves the other's count as it was.
    const theirsBefore = await countOpenAssigned(db, theirs, [ME], { state: 1 });
    await setAssignment(db, mine, ids[21]!, { type: ME.type, id: ME.id, message: null, at, by: 1 });
    expect(await countOpenAssigned(db, theirs, [ME], { state: 1 })).toBe(theirsBefore);
    // Acting on another tenant's id through my tenant changes nothing.
    await setAssignment(db, theirs, ids[22]!, null);
    await expectCounterMatches();
  });
});
