import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { countFeedItems, listFeedItems } from "../../db/repositories/feed-items";
import type { SearchExpr } from "../../db/repositories/search-index";
import { listContextMemberIds } from "../../db/repositories/search-index";
import { createIngestPorts } from "../../ingest";
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
import { BACKFILL_CHUNK, backfillsSettled, forgetContext, percolateItems, requestBackfill } from "./backfill";

const at = (i: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString();

describe.each(testEngines({ engineSpecific: true }))("backfills on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps & { errors: unknown[] };
  let tenant: SearchTenant;
  let other: SearchTenant;
  const ids = new Map<string, number>();
  const COUNT = BACKFILL_CHUNK + 300;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = testDeps(database.db, createIngestPorts());
    tenant = await createSearchTenant(deps);
    other = await createSearchTenant(deps);
    // More mentions than one chunk; every 10th mentions a refund, every 7th a crash.
    const items = Array.from({ length: COUNT }, (_, i) => ({
      network: "twitter" as const,
      external_id: `m${i}`,
      text: `${i % 10 === 0 ? "Refund" : "thanks"} number ${i}${i % 7 === 0 ? ", app crash" : ""}`,
      created_at: at(i),
      author: { username: `u${i % 5}` },
    }));
    for (let i = 0; i < items.length; i += 500) await ingestItems(deps, tenant, items.slice(i, i + 500));
    await ingestItems(deps, other, [
      { network: "twitter", external_id: "o1", text: "refund", created_at: at(1), author: { username: "o" } },
    ]);
    const rows = await listFeedItems(
      deps.db,
      tenant.businessProfileId,
      {},
      { orderBy: "created_at", direction: "asc", offset: 0, limit: 100_000 },
    );
    for (const row of rows) ids.set(row.externalId, row.id);
  }, 120_000);
  afterAll(() => database?.cleanup());

  const expectedIds = (test: (i: number) => boolean) =>
    Array.from({ length: COUNT }, (_, i) => i)
      .filter(test)
      .map((i) => ids.get(`m${i}`)!)
      .sort((a, b) => a - b);

  async function progress(table: "searchItems" | "topics", id: number) {
    return deps.db
      .selectFrom(table)
      .select(["backfillDone", "backfillTotal", "backfillFinishedAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
  }

  it("applies a definition created after the mentions to all of them, with progress up to the total", async () => {
    const searchId = await insertSearchItem(deps.db, tenant.businessProfileId, keywordsGroups("refund"));
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    await backfillsSettled(deps);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual(
      expectedIds((i) => i % 10 === 0),
    );
    const p = await progress("searchItems", searchId);
    expect(Number(p.backfillDone)).toBe(COUNT);
    expect(Number(p.backfillTotal)).toBe(COUNT);
    expect(p.backfillFinishedAt).not.toBeNull();
    // Another tenant's mention is never a member.
    const all = await deps.db
      .selectFrom("queryMatches")
      .select("feedItemId")
      .where("contextId", "=", searchId)
      .where("contextType", "=", 1)
      .execute();
    expect(all).toHaveLength(expectedIds((i) => i % 10 === 0).length);
    expect(deps.errors).toEqual([]);
  });

  it("replaces the matches of an edited definition; the newest request wins", async () => {
    const searchId = await insertSearchItem(deps.db, tenant.businessProfileId, keywordsGroups("crash"));
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    // Edited at once, before the first backfill is through: only the second definition's matches stay.
    await deps.db
      .updateTable("searchItems")
      .set({ query: JSON.stringify(keywordsGroups("number AND refund")) })
      .where("id", "=", searchId)
      .execute();
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    await backfillsSettled(deps);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual(
      expectedIds((i) => i % 10 === 0),
    );
    expect(Number((await progress("searchItems", searchId)).backfillDone)).toBe(COUNT);

    await deps.db.deleteFrom("searchItems").where("id", "=", searchId).execute();
    await forgetContext(deps, tenant.businessProfileId, { type: 1, id: searchId });
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual([]);
  });

  it("backfills topics, then the saved searches that read them", async () => {
    const searchId = await insertSearchItem(deps.db, tenant.businessProfileId, [
      { type: "must", values: [{ filterType: "keywords", value: "thanks" }] },
      { type: "must", values: [{ filterType: "topics", value: 999 }] },
    ]);
    const topicId = await insertTopic(deps.db, tenant.businessProfileId, { keywords: ["crash"] });
    await deps.db
      .updateTable("searchItems")
      .set({
        query: JSON.stringify([
          { type: "must", values: [{ filterType: "keywords", value: "thanks" }] },
          { type: "must", values: [{ filterType: "topics", value: topicId }] },
        ]),
      })
      .where("id", "=", searchId)
      .execute();
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    await backfillsSettled(deps);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual([]);
    requestBackfill(deps, tenant.businessProfileId, { type: 2, id: topicId });
    await backfillsSettled(deps);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 2, topicId)).toEqual(
      expectedIds((i) => i % 7 === 0),
    );
    expect(Number((await progress("topics", topicId)).backfillDone)).toBe(COUNT);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual(
      expectedIds((i) => i % 7 === 0 && i % 10 !== 0),
    );
  });

  it("re-percolates mentions whose labels changed", async () => {
    const searchId = await insertSearchItem(deps.db, tenant.businessProfileId, [
      { type: "must", values: [{ filterType: "keywords", value: "number" }] },
      { type: "must", values: [{ filterType: "labels", value: 5 }] },
    ]);
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    await backfillsSettled(deps);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual([]);
    const labelled = [ids.get("m3")!, ids.get("m4")!];
    await deps.db
      .insertInto("feedItemLabels")
      .values(labelled.map((feedItemId) => ({ businessProfileId: tenant.businessProfileId, feedItemId, labelId: 5 })))
      .execute();
    const before = await deps.db
      .selectFrom("queryMatches")
      .select(["contextType", "contextId"])
      .where("feedItemId", "=", ids.get("m0")!)
      .execute();
    expect(before.length).toBeGreaterThan(0);
    // A mark on m0's stored matches: they are not written again when its memberships stay as they are.
    const untouched = "2000-01-01T00:00:00.000Z";
    await deps.db.updateTable("queryMatches").set({ createdAt: untouched }).where("feedItemId", "=", ids.get("m0")!).execute();
    await percolateItems(deps, tenant.businessProfileId, [...labelled, ids.get("m0")!]);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual(
      labelled.sort((a, b) => a - b),
    );
    // Other memberships of the re-percolated mentions are unchanged.
    const after = await deps.db
      .selectFrom("queryMatches")
      .select(["contextType", "contextId"])
      .where("feedItemId", "=", ids.get("m0")!)
      .execute();
    expect(after.map((m) => `${m.contextType}:${m.contextId}`).sort()).toEqual(
      before.map((m) => `${m.contextType}:${m.contextId}`).sort(),
    );
    const marks = await deps.db.selectFrom("queryMatches").select("createdAt").where("feedItemId", "=", ids.get("m0")!).execute();
    expect(marks.map((m) => m.createdAt)).toEqual(before.map(() => untouched));
  });

  it("pages a search with thousands of matches like one with few (the order's index walked on SQLite)", async () => {
    const thanks = expectedIds((i) => i % 10 !== 0);
    expect(thanks.length).toBeGreaterThan(2000);
    const page = async (query: SearchExpr, orderBy: "counts.total_engagements" | "created_at", offset: number) =>
      (
        await listFeedItems(
          deps.db,
          tenant.businessProfileId,
          { search: query },
          { orderBy, direction: "desc", offset, limit: 15 },
        )
      ).map((r) => r.id);
    const many: SearchExpr = { kind: "term", token: "thanks", prefix: false };
    // No engagement: the order falls to ids; created_at grows with the index of the mention.
    expect(await page(many, "counts.total_engagements", 0)).toEqual([...thanks].reverse().slice(0, 15));
    expect(await page(many, "counts.total_engagements", 30)).toEqual([...thanks].reverse().slice(30, 45));
    const byDate = Array.from({ length: COUNT }, (_, i) => i)
      .filter((i) => i % 10 !== 0)
      .reverse()
      .map((i) => ids.get(`m${i}`)!);
    expect(await page(many, "created_at", 15)).toEqual(byDate.slice(15, 30));
    const counts = await countFeedItems(deps.db, tenant.businessProfileId, { search: many });
    expect(counts.reduce((n, c) => n + c.count, 0)).toBe(thanks.length);
  });

  it("deletes the matches of a definition that is gone, and reports failures", async () => {
    const searchId = await insertSearchItem(deps.db, tenant.businessProfileId, keywordsGroups("refund"));
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    await backfillsSettled(deps);
    await deps.db.deleteFrom("searchItems").where("id", "=", searchId).execute();
    requestBackfill(deps, tenant.businessProfileId, { type: 1, id: searchId });
    await backfillsSettled(deps);
    expect(await listContextMemberIds(deps.db, tenant.businessProfileId, 1, searchId)).toEqual([]);

    const errors: unknown[] = [];
    const broken = {
      ...deps,
      db: {
        ...deps.db,
        selectFrom: () => {
          throw new Error("db down");
        },
      } as unknown as ServiceDeps["db"],
      reportError: (e: unknown) => errors.push(e),
    };
    requestBackfill(broken, tenant.businessProfileId, { type: 1, id: 1 });
    await backfillsSettled(broken);
    expect(errors).toHaveLength(1);
  });
});
