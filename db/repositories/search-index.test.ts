import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { createWorkspace } from "../../services/workspace/create-workspace";
import type { Database } from "../client";
import { earshotNear, evaluateSearchExpr, simplify, type SearchExpr } from "../token-match";
import { listFeedItems } from "./feed-items";
import {
  addVocabulary,
  ftsMatchExpression,
  insertFtsTokens,
  listVocabularyByLength,
  MAX_PROXIMITY_CHAINS,
  nearChecks,
  searchVectorValue,
  tsqueryLiteral,
  tsvectorLiteral,
  type GroupCondition,
} from "./search-index";

const term = (token: string, prefix = false): SearchExpr => ({ kind: "term", token, prefix });
const phrase = (tokens: string[], proximity = 0, prefixLast = false): SearchExpr => ({
  kind: "phrase",
  tokens,
  proximity,
  prefixLast,
});
const and = (...children: SearchExpr[]): SearchExpr => ({ kind: "and", children });
const or = (...children: SearchExpr[]): SearchExpr => ({ kind: "or", children });

describe("the full-text translator", () => {
  it("quotes every token for FTS5, with prefixes, phrases, AND, OR and brackets", () => {
    expect(ftsMatchExpression(term("refund"))).toBe('"refund"');
    expect(ftsMatchExpression(term("log", true))).toBe('"log"*');
    expect(ftsMatchExpression(phrase(["battle", "pass"]))).toBe('"battle pass"');
    expect(ftsMatchExpression(phrase(["e", "on"], 0, true))).toBe('"e on"*');
    expect(ftsMatchExpression(and(term("a"), or(term("b"), term("c", true))))).toBe('("a" AND ("b" OR "c"*))');
    expect(ftsMatchExpression({ kind: "anyOf", tokens: ["refund", "refunds"] })).toBe('("refund" OR "refunds")');
    // Words that are FTS5 operators or hold quotes stay plain tokens.
    expect(ftsMatchExpression(or(term("and"), term("not"), term('a"b')))).toBe('("and" OR "not" OR "a""b")');
  });

  it("turns ordered proximity into an FTS5 AND, checked by earshot_near", () => {
    const near = phrase(["servers", "down"], 1);
    expect(ftsMatchExpression(near)).toBe('("servers" AND "down")');
    expect(nearChecks(near)).toEqual([near]);
    // Under AND each part is checked alone; an OR holding a proximity phrase is checked whole.
    const mixed = and(term("login"), near, or(term("x"), phrase(["a", "b"], 2)));
    expect(nearChecks(mixed)).toEqual([near, or(term("x"), phrase(["a", "b"], 2))]);
    expect(nearChecks(and(term("a"), phrase(["b", "c"])))).toEqual([]);
  });

  it("writes tsquery literals with prefixes, phrases and the distance alternatives of proximity", () => {
    expect(tsqueryLiteral(and(term("a"), or(term("b"), term("c", true))))).toBe("( 'a' & ( 'b' | 'c':* ) )");
    expect(tsqueryLiteral(phrase(["a", "b", "c"], 0, true))).toBe("( 'a' <-> 'b' <-> 'c':* )");
    expect(tsqueryLiteral(phrase(["a", "b"], 1))).toBe("( 'a' <1> 'b' | 'a' <2> 'b' )");
    expect(tsqueryLiteral(phrase(["a", "b", "c"], 1))).toBe(
      "( 'a' <1> 'b' <1> 'c' | 'a' <1> 'b' <2> 'c' | 'a' <2> 'b' <1> 'c' | 'a' <2> 'b' <2> 'c' )",
    );
    expect(tsqueryLiteral(term("it's"))).toBe("'it''s'");
    // A proximity phrase too long to list is approximated by its tokens.
    const long = Array.from({ length: 10 }, (_, i) => `t${i}`);
    expect(3 ** 9).toBeGreaterThan(MAX_PROXIMITY_CHAINS);
    expect(tsqueryLiteral(phrase(long, 2))).toBe(`( ${long.map((t) => `'${t}'`).join(" & ")} )`);
  });

  it("writes tsvector literals with 1-based positions", () => {
    expect(tsvectorLiteral(["tok", "other", "tok"])).toBe("'tok':1,3 'other':2");
    expect(tsvectorLiteral([])).toBe("");
    expect(tsvectorLiteral(["o'k", "a\\b"])).toBe("'o''k':1 'a\\\\b':2");
  });

  it("folds expressions that cannot match", () => {
    const nothing: SearchExpr = { kind: "anyOf", tokens: [] };
    expect(simplify(and(term("a"), nothing))).toEqual(nothing);
    expect(simplify(or(term("a"), nothing))).toEqual(term("a"));
    expect(simplify(phrase(["a"], 2, true))).toEqual(term("a", true));
  });

  it("evaluates ordered proximity over stored tokens (earshot_near)", () => {
    const spec = JSON.stringify(phrase(["servers", "down"], 1));
    expect(earshotNear("the servers are down", spec)).toBe(1);
    expect(earshotNear("the servers are not down", spec)).toBe(0);
    expect(earshotNear("down servers", spec)).toBe(0);
    expect(earshotNear("servers down", spec)).toBe(1);
    expect(evaluateSearchExpr(phrase(["a", "a", "b"], 1), ["a", "x", "a", "b"])).toBe(true);
    expect(evaluateSearchExpr(phrase(["a", "b"], 0, true), ["a", "bc"])).toBe(true);
    expect(earshotNear(null, spec)).toBe(0);
  });
});

describe.each(testEngines({ engineSpecific: true }))("full-text search on %s", (engine) => {
  let database: TestDatabase;
  let db: Database;
  let mine: number;
  let theirs: number;
  const ids = new Map<string, number>();

  const DOCS: Record<string, string[]> = {
    servers: ["the", "servers", "are", "down", "again"],
    farServers: ["servers", "were", "not", "really", "down"],
    reversed: ["down", "servers"],
    login: ["login", "failed", "logins", "broken"],
    japanese: ["東京", "タワー", "に", "行き", "ました"],
    refund: ["refund", "please"],
  };

  async function store(businessProfileId: number, key: string, tokens: string[], extra: Record<string, unknown> = {}) {
    const row = await db
      .insertInto("feedItems")
      .values({
        businessProfileId,
        streamId: null,
        socialType: "twitter",
        externalId: `${key}-${businessProfileId}`,
        kind: "post",
        parentExternalId: null,
        title: null,
        description: tokens.join(" "),
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
        firstReplyAt: null,
        assignedToType: null,
        assignedToId: null,
        assignedMessage: null,
        assignedAt: null,
        assignedBy: null,
        translation: null,
        translationLanguage: null,
        muted: 0,
        createdAt: "2026-01-01T00:00:00.000Z",
        ingestedAt: "2026-01-01T00:00:00.000Z",
        ...(searchVectorValue(db, tokens) ? { searchVector: searchVectorValue(db, tokens) } : {}),
        ...extra,
      })
      .returning("id")
      .executeTakeFirstOrThrow();
    await insertFtsTokens(db, [{ id: row.id, tokens }]);
    return row.id;
  }

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    db = database.db;
    mine = (await createWorkspace(db, { name: "Mine", members: [] })).businessProfile.id;
    theirs = (await createWorkspace(db, { name: "Theirs", members: [] })).businessProfile.id;
    for (const [key, tokens] of Object.entries(DOCS)) {
      ids.set(key, await store(mine, key, tokens));
      await store(theirs, key, tokens);
    }
    await addVocabulary(
      db,
      mine,
      new Map([
        ["refund", 1],
        ["please", 1],
        ["東京", 1],
      ]),
    );
    await addVocabulary(db, mine, new Map([["refund", 2]]));
    await addVocabulary(db, theirs, new Map([["refunt", 1]]));
  });
  afterAll(() => database?.cleanup());

  async function search(expr: SearchExpr | undefined, groups?: GroupCondition[]) {
    const rows = await listFeedItems(
      db,
      mine,
      { ...(expr ? { search: expr } : {}), ...(groups ? { groups } : {}) },
      {
        orderBy: "created_at",
        direction: "asc",
        offset: 0,
        limit: 100,
      },
    );
    const byId = new Map([...ids].map(([k, v]) => [v, k]));
    return rows.map((r) => byId.get(r.id) ?? `foreign ${r.id}`).sort();
  }

  it("matches terms, prefixes, phrases and booleans, within the tenant only", async () => {
    expect(await search(term("servers"))).toEqual(["farServers", "reversed", "servers"]);
    expect(await search(term("log", true))).toEqual(["login"]);
    expect(await search(phrase(["servers", "are", "down"]))).toEqual(["servers"]);
    expect(await search(phrase(["東京", "タワー"]))).toEqual(["japanese"]);
    expect(await search(or(term("refund"), and(term("login"), term("broken"))))).toEqual(["login", "refund"]);
    expect(await search(phrase(["fail", "log"], 0, true))).toEqual([]);
    expect(await search(phrase(["login", "fail"], 0, true))).toEqual(["login"]);
  });

  it("checks ordered proximity exactly", async () => {
    expect(await search(phrase(["servers", "down"], 1))).toEqual(["servers"]);
    expect(await search(phrase(["servers", "down"], 2))).toEqual(["servers"]);
    expect(await search(phrase(["servers", "down"], 3))).toEqual(["farServers", "servers"]);
    expect(await search(or(term("refund"), phrase(["servers", "down"], 1)))).toEqual(["refund", "servers"]);
    expect(await search(and(term("again"), phrase(["servers", "down"], 1)))).toEqual(["servers"]);
  });

  it("matches nothing for a fuzzy word without expansions", async () => {
    expect(await search({ kind: "anyOf", tokens: [] })).toEqual([]);
    expect(await search(or({ kind: "anyOf", tokens: [] }, term("refund")))).toEqual(["refund"]);
    expect(await search({ kind: "anyOf", tokens: ["please", "ghost"] })).toEqual(["refund"]);
  });

  it("turns structured groups into conditions, must-not included", async () => {
    const text = (expr: SearchExpr) => ({ kind: "text" as const, expr });
    expect(
      await search(undefined, [
        { type: "must", values: [text(term("servers"))] },
        { type: "must-not", values: [text(term("again"))] },
      ]),
    ).toEqual(["farServers", "reversed"]);
    expect(
      await search(undefined, [
        { type: "must", values: [text(term("servers")), { kind: "networks", values: ["reddit"] }] },
        { type: "must-not", values: [{ kind: "authors", ids: [5] }] },
      ]),
    ).toEqual(["farServers", "reversed", "servers"]);
    expect(await search(undefined, [{ type: "must", values: [{ kind: "labels", ids: [1] }] }])).toEqual([]);
    expect(await search(undefined, [{ type: "must", values: [{ kind: "topics", ids: [1] }] }])).toEqual([]);
  });

  it("keeps a vocabulary per tenant with mention counts and lengths in code points", async () => {
    expect((await listVocabularyByLength(db, mine, 2, 2)).sort()).toEqual(["東京"]);
    expect((await listVocabularyByLength(db, mine, 5, 6)).sort()).toEqual(["please", "refund"]);
    expect(await listVocabularyByLength(db, theirs, 6, 6)).toEqual(["refunt"]);
    const row = await db
      .selectFrom("queryVocabulary")
      .select("count")
      .where("businessProfileId", "=", mine)
      .where("token", "=", "refund")
      .executeTakeFirstOrThrow();
    expect(Number(row.count)).toBe(3);
  });
});
