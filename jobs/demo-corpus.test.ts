import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NETWORK_IDS } from "../domain/networks";
import { createApiFixture, type ApiFixture, type SignedIn } from "../tests/support/api-fixture";
import { loadDemoCorpus } from "./demo-corpus";

const COUNT = 3000;
const END = new Date("2024-06-01T00:00:00Z");

describe("the demo corpus (SQLite)", () => {
  let fx: ApiFixture;
  let first: { businessProfileId: number; systemAdmin: SignedIn };
  let report: Awaited<ReturnType<typeof loadDemoCorpus>>;

  async function loadedTenant(seed?: number) {
    const tenant = await fx.createTenant();
    const result = await loadDemoCorpus(fx.deps, tenant.businessProfileId, {
      count: COUNT,
      end: END,
      ...(seed === undefined ? {} : { seed }),
    });
    return { tenant, result, systemAdmin: await fx.signIn(tenant.accounts.systemAdmin.email) };
  }

  /** Mentions per (language, sentiment), as stored. */
  async function distribution(businessProfileId: number): Promise<Record<string, number>> {
    const rows = await fx.db
      .selectFrom("feedItems")
      .select(["language", "sentiment", (eb) => eb.fn.countAll<number>().as("count")])
      .where("businessProfileId", "=", businessProfileId)
      .groupBy(["language", "sentiment"])
      .execute();
    return Object.fromEntries(rows.map((r) => [`${r.language}/${r.sentiment}`, Number(r.count)]));
  }

  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    const loaded = await loadedTenant();
    first = { businessProfileId: loaded.tenant.businessProfileId, systemAdmin: loaded.systemAdmin };
    report = loaded.result;
  }, 120_000);
  afterAll(() => fx?.cleanup());

  it("stores the generated mentions through the pipeline", async () => {
    expect(report.rejected).toBe(0);
    expect(report.errors).toEqual([]);
    expect(report.accepted + report.duplicates).toBe(COUNT);
    // In-corpus duplicates, if any, are rare.
    expect(report.accepted).toBeGreaterThanOrEqual(COUNT * 0.98);

    const counts = await fx.request("GET", "/api/v1/statuses/counts?filters=%7B%22include_muted%22%3Atrue%7D", {
      auth: first.systemAdmin,
    });
    expect(counts.status).toBe(200);
    expect(counts.json.total).toBe(report.accepted);
    expect(counts.json.sentiments.positive).toBeGreaterThan(0);
    expect(counts.json.sentiments.negative).toBeGreaterThan(0);
    expect(counts.json.sentiments.neutral).toBeGreaterThan(0);
  });

  it("creates streams for all 24 networks", async () => {
    const res = await fx.request("GET", "/api/v1/streams", { auth: first.systemAdmin });
    expect(res.status).toBe(200);
    const networks = new Set(res.json.data.map((s: { social_type: string }) => s.social_type));
    expect(NETWORK_IDS).toHaveLength(24);
    expect([...networks].sort()).toEqual([...NETWORK_IDS].sort());
    // Every stream's count matches what is stored in it.
    const total = res.json.data.reduce(
      (sum: number, s: { health: { items_count: number } }) => sum + s.health.items_count,
      0,
    );
    expect(total).toBe(report.accepted);
  });

  it("detects at least ten languages among the stored mentions", async () => {
    const rows = await fx.db
      .selectFrom("feedItems")
      .select("language")
      .distinct()
      .where("businessProfileId", "=", first.businessProfileId)
      .execute();
    const languages = rows.map((r) => r.language).filter((l) => l !== "und");
    expect(languages.length).toBeGreaterThanOrEqual(10);
  });

  it("marks customer mentions replied when the brand's agent answered them", async () => {
    const replied = await fx.db
      .selectFrom("feedItems")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("businessProfileId", "=", first.businessProfileId)
      .where("isReplied", "=", 1)
      .executeTakeFirstOrThrow();
    expect(Number(replied.count)).toBeGreaterThan(0);

    // No agent reply whose parent is stored but not marked replied.
    const missed = await sql<{ n: number }>`
      select count(*) as n from feed_items r
      join feed_items p on p.business_profile_id = r.business_profile_id and p.social_type = r.social_type and p.external_id = r.parent_external_id
      where r.business_profile_id = ${first.businessProfileId} and r.is_agent_reply = 1 and p.is_replied = 0`.execute(
      fx.db,
    );
    expect(Number(missed.rows[0]!.n)).toBe(0);
    // And a replied mention has its first reply time and the reply in its history.
    const parent = await fx.db
      .selectFrom("feedItems")
      .select(["id", "firstReplyAt"])
      .where("businessProfileId", "=", first.businessProfileId)
      .where("isReplied", "=", 1)
      .executeTakeFirstOrThrow();
    expect(parent.firstReplyAt).toEqual(expect.any(String));
    const status = await fx.request("GET", `/api/v1/statuses/${parent.id}`, { auth: first.systemAdmin });
    expect(status.json.actions.replied_by.length).toBeGreaterThan(0);
  });

  it("is deterministic: the same seed gives the same corpus", { timeout: 120_000 }, async () => {
    const again = await loadedTenant();
    expect(again.result).toEqual(report);
    expect(await distribution(again.tenant.businessProfileId)).toEqual(await distribution(first.businessProfileId));

    const ids = async (businessProfileId: number) =>
      (
        await fx.db
          .selectFrom("feedItems")
          .select("externalId")
          .where("businessProfileId", "=", businessProfileId)
          .orderBy("externalId")
          .execute()
      ).map((r) => r.externalId);
    expect(await ids(again.tenant.businessProfileId)).toEqual(await ids(first.businessProfileId));
    // Another seed, another corpus.
    const texts = async (businessProfileId: number) =>
      (
        await fx.db
          .selectFrom("feedItems")
          .select("description")
          .where("businessProfileId", "=", businessProfileId)
          .orderBy("externalId")
          .limit(200)
          .execute()
      ).map((r) => r.description);
    const other = await loadedTenant(12);
    expect(await texts(other.tenant.businessProfileId)).not.toEqual(await texts(first.businessProfileId));
  });
});
