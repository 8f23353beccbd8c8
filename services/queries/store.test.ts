// Ingestion stores each mention's search data in the same transaction as the mention (ADR 012): its
// tokens (FTS5 / tsvector), the tenant's vocabulary, and its saved-search and topic matches.
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listFeedItems } from "../../db/repositories/feed-items";
import { listContextMemberIds, listVocabularyByLength } from "../../db/repositories/search-index";
import { parseQuery } from "../../domain/query";
import { createIngestPorts } from "../../ingest";
import { DEFAULT_STEPS } from "../../ingest/pipeline";
import type { PipelineStep } from "../../ingest/pipeline-step";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import {
  createSearchTenant,
  ingestItems,
  insertSearchItem,
  insertTopic,
  keywordsGroups,
  testDeps,
  type SearchTenant,
} from "../../tests/support/search";
import type { ServiceDeps } from "../context";
import { prepareBatch, storePrepared } from "../mentions/ingest-mentions";
import { onStored, type LiveBatch } from "./live";
import { searchExprOfQuery, toSearchExprs } from "./search-filter";

const at = (minute: number) => new Date(Date.UTC(2026, 0, 1, 0, minute)).toISOString();

describe.each(testEngines({ engineSpecific: true }))("search data stored with mentions on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps & { errors: unknown[] };
  let mine: SearchTenant;
  let theirs: SearchTenant;
  let refundSearch: number;
  let crashTopic: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = testDeps(database.db, createIngestPorts());
    mine = await createSearchTenant(deps);
    theirs = await createSearchTenant(deps);
    refundSearch = await insertSearchItem(deps.db, mine.businessProfileId, keywordsGroups("refund*"));
    crashTopic = await insertTopic(deps.db, mine.businessProfileId, { keywords: ["crash"] });
    // The other tenant has the same definitions and words, and a word of its own.
    await insertSearchItem(deps.db, theirs.businessProfileId, keywordsGroups("refund*"));
    await ingestItems(deps, theirs, [
      {
        network: "twitter",
        external_id: "t1",
        text: "refund refunds refunt zebra",
        created_at: at(1),
        author: { username: "x" },
      },
    ]);
  });
  afterAll(() => database?.cleanup());

  async function tokensOf(id: number): Promise<string> {
    if (engine === "postgres") {
      const { rows } = await sql<{
        v: string;
      }>`select search_vector::text as v from feed_items where id = ${id}`.execute(deps.db);
      return rows[0]!.v;
    }
    const { rows } = await sql<{ tokens: string }>`select tokens from feed_items_fts where rowid = ${id}`.execute(
      deps.db,
    );
    return rows[0]?.tokens ?? "";
  }

  it("stores tokens, vocabulary counts and matches, and tells live listeners after the commit", async () => {
    const seen: LiveBatch[] = [];
    const stop = onStored(deps, mine.businessProfileId, (batch) => seen.push(batch));
    const report = await ingestItems(deps, mine, [
      {
        network: "twitter",
        external_id: "a",
        title: "Refunds",
        text: "Refund please, refund!",
        created_at: at(1),
        author: { username: "ann" },
      },
      {
        network: "twitter",
        external_id: "b",
        text: "The app crashed. Crash again",
        created_at: at(2),
        author: { username: "bob" },
      },
      {
        network: "twitter",
        external_id: "c",
        text: "Café crash refund",
        created_at: at(3),
        author: { username: "bob" },
      },
    ]);
    stop();
    expect(report.accepted).toBe(3);
    const rows = await listFeedItems(
      deps.db,
      mine.businessProfileId,
      {},
      { orderBy: "created_at", direction: "asc", offset: 0, limit: 10 },
    );
    const id = Object.fromEntries(rows.map((r) => [r.externalId, r.id]));
    if (engine === "postgres") expect(await tokensOf(id.a!)).toBe("'please':3 'refund':2,4 'refunds':1");
    else expect(await tokensOf(id.a!)).toBe("refunds refund please refund");
    expect(await tokensOf(id.c!)).toMatch(/cafe/);

    const vocabulary = await deps.db
      .selectFrom("queryVocabulary")
      .select(["token", "length", "count"])
      .where("businessProfileId", "=", mine.businessProfileId)
      .orderBy("token")
      .execute();
    expect(vocabulary.map((v) => [v.token, Number(v.length), Number(v.count)])).toEqual([
      ["again", 5, 1],
      ["app", 3, 1],
      ["cafe", 4, 1],
      ["crash", 5, 2],
      ["crashed", 7, 1],
      ["please", 6, 1],
      ["refund", 6, 2],
      ["refunds", 7, 1],
      ["the", 3, 1],
    ]);
    expect(await listContextMemberIds(deps.db, mine.businessProfileId, 1, refundSearch)).toEqual([id.a, id.c]);
    expect(await listContextMemberIds(deps.db, mine.businessProfileId, 2, crashTopic)).toEqual([id.b, id.c]);
    expect(seen).toEqual([
      {
        businessProfileId: mine.businessProfileId,
        feedItemIds: [id.a, id.b, id.c],
        matches: expect.arrayContaining([
          [id.a, 1, refundSearch],
          [id.c, 1, refundSearch],
          [id.b, 2, crashTopic],
          [id.c, 2, crashTopic],
        ]),
      },
    ]);
    expect(seen[0]!.matches).toHaveLength(4);

    // A repeated item stores nothing, not even a second count.
    await ingestItems(deps, mine, [
      { network: "twitter", external_id: "a", text: "Refund please", created_at: at(1), author: { username: "ann" } },
    ]);
    const refund = await deps.db
      .selectFrom("queryVocabulary")
      .select("count")
      .where("businessProfileId", "=", mine.businessProfileId)
      .where("token", "=", "refund")
      .executeTakeFirstOrThrow();
    expect(Number(refund.count)).toBe(2);
  });

  it("matches a batch again when a definition changed while it was enriched", async () => {
    const target = {
      businessProfileId: mine.businessProfileId,
      streamId: mine.streams.get("twitter")!,
      network: "twitter" as const,
    };
    const prepared = await prepareBatch(deps, target, [
      {
        position: 0,
        value: { external_id: "late", text: "a brand new zeppelin", created_at: at(9), author: { username: "zed" } },
      },
    ]);
    // Saved (and, say, already backfilled) before the batch is stored.
    const searchId = await insertSearchItem(deps.db, mine.businessProfileId, keywordsGroups("zeppelin"));
    await storePrepared(deps, prepared);
    const [row] = await listFeedItems(
      deps.db,
      mine.businessProfileId,
      { search: { kind: "term", token: "zeppelin", prefix: false } },
      {
        orderBy: "created_at",
        direction: "asc",
        offset: 0,
        limit: 5,
      },
    );
    expect(await listContextMemberIds(deps.db, mine.businessProfileId, 1, searchId)).toEqual([row!.id]);
  });

  it("writes nothing of a batch whose search data cannot be stored", async () => {
    // A step that hands the store a match it cannot write: the whole batch rolls back.
    const broken: PipelineStep = {
      name: "broken-matches",
      run(batch) {
        for (const m of batch) m.matches = [[1, null as unknown as number]];
      },
    };
    const failing = testDeps(deps.db, createIngestPorts({ steps: [...DEFAULT_STEPS, broken] }));
    const tenant = await createSearchTenant(failing);
    await expect(
      ingestItems(failing, tenant, [
        {
          network: "twitter",
          external_id: "z",
          text: "unique words here",
          created_at: at(5),
          author: { username: "z" },
        },
      ]),
    ).rejects.toThrow();
    expect(
      await listFeedItems(
        deps.db,
        tenant.businessProfileId,
        { includeMuted: true },
        { orderBy: "created_at", direction: "asc", offset: 0, limit: 10 },
      ),
    ).toEqual([]);
    expect(await listVocabularyByLength(deps.db, tenant.businessProfileId, 1, 50)).toEqual([]);
    const identities = await deps.db
      .selectFrom("identities")
      .select("id")
      .where("businessProfileId", "=", tenant.businessProfileId)
      .execute();
    expect(identities).toEqual([]);
    if (engine === "sqlite") {
      const { rows } = await sql<{
        n: number;
      }>`select count(*) as n from feed_items_fts where tokens match 'unique'`.execute(deps.db);
      expect(Number(rows[0]!.n)).toBe(0);
    }
  });

  it("never reaches another tenant's mentions, and expands fuzzy words with the caller's vocabulary only", async () => {
    const search = async (tenant: SearchTenant, query: string) => {
      const expr = await searchExprOfQuery(deps, tenant.businessProfileId, query);
      const rows = await listFeedItems(
        deps.db,
        tenant.businessProfileId,
        { search: expr!, includeMuted: true },
        {
          orderBy: "created_at",
          direction: "asc",
          offset: 0,
          limit: 100,
        },
      );
      return rows.map((r) => r.externalId);
    };
    expect(await search(mine, "refund")).toEqual(["a", "c"]);
    expect(await search(theirs, "refund")).toEqual(["t1"]);
    expect(await search(mine, "zebra")).toEqual([]);
    expect(await search(mine, "refund~1")).toEqual(["a", "c"]);
    // "refunt" only exists in the other tenant: it is no expansion of the caller's.
    const [expr] = await toSearchExprs(deps, mine.businessProfileId, [parseQuery("refunt~1").ast!]);
    expect(expr).toEqual({ kind: "anyOf", tokens: ["refund"] });
    const [theirExpr] = await toSearchExprs(deps, theirs.businessProfileId, [parseQuery("refunt~1").ast!]);
    expect((theirExpr as { tokens: string[] }).tokens.sort()).toEqual(["refund", "refunt"]);
    const [none] = await toSearchExprs(deps, mine.businessProfileId, [parseQuery("zebra~2").ast!]);
    expect(none).toEqual({ kind: "anyOf", tokens: [] });
    expect(await search(mine, "zebra~2")).toEqual([]);
    expect(await search(theirs, "zebra~2")).toEqual(["t1"]);
    // Stored membership is per tenant too.
    const theirRows = await listFeedItems(
      deps.db,
      theirs.businessProfileId,
      {},
      { orderBy: "created_at", direction: "asc", offset: 0, limit: 10 },
    );
    const mineMembers = await deps.db
      .selectFrom("queryMatches")
      .select("feedItemId")
      .where("businessProfileId", "=", mine.businessProfileId)
      .execute();
    expect(mineMembers.some((m) => theirRows.some((r) => r.id === m.feedItemId))).toBe(false);
  });
});
