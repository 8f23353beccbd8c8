import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createIngestPorts } from "../ingest";
import type { ServiceDeps } from "../services/context";
import { createTestDatabase, testEngines, type TestDatabase } from "../tests/support/database";
import { createSearchTenant, ingestItems, testDeps, type SearchTenant } from "../tests/support/search";
import { startScheduler } from "./scheduler";

// A scheduler round makes the daily rollups of the days that changed and are over (ADR 017); today's
// stay hour by hour.
describe.each(testEngines({ engineSpecific: true }))("scheduler on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let tenant: SearchTenant;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = { ...testDeps(database.db, createIngestPorts()), now: () => new Date("2026-03-03T12:00:00.000Z") };
    tenant = await createSearchTenant(deps);
    await ingestItems(
      deps,
      tenant,
      ["2026-03-01T10:00:00.000Z", "2026-03-02T23:30:00.000Z", "2026-03-03T08:00:00.000Z"].map((createdAt, i) => ({
        network: "twitter" as const,
        external_id: `m${i}`,
        text: `mention ${i}`,
        created_at: createdAt,
        author: { username: "someone" },
      })),
    );
  }, 60_000);
  afterAll(() => database?.cleanup());

  const changed = async () =>
    (
      await sql<{ bucket: string; n: number }>`select bucket, count(*) as n from analytics_daily_changes
        where business_profile_id = ${tenant.businessProfileId} group by bucket order by bucket`.execute(database.db)
    ).rows.map((r) => [r.bucket, Number(r.n)]);

  it("makes the daily rollups of the changed days that are over, and lists today once", async () => {
    // A second batch lists today again.
    await ingestItems(deps, tenant, [{ network: "twitter", external_id: "late", text: "late mention", created_at: "2026-03-03T09:00:00.000Z", author: { username: "someone" } }]);
    expect(await changed()).toEqual([
      ["2026-03-01T00:00:00.000Z", 1],
      ["2026-03-02T00:00:00.000Z", 1],
      ["2026-03-03T00:00:00.000Z", 2],
    ]);
    const errors: unknown[] = [];
    const scheduler = startScheduler(deps, { intervalMs: 3_600_000, onError: (error) => errors.push(error) });
    try {
      await scheduler.tick();
    } finally {
      await scheduler.stop();
    }
    expect(errors).toEqual([]);
    // The days that are over are made; today stays changed, listed once.
    expect(await changed()).toEqual([["2026-03-03T00:00:00.000Z", 1]]);
    const daily = await sql<{ bucket: string; mentions: number }>`select bucket, sum(mentions) as mentions from analytics_daily_dimensions
      where business_profile_id = ${tenant.businessProfileId} and context_type = 0 and dimension = 'sentiment' group by bucket order by bucket`.execute(database.db);
    expect(daily.rows.map((r) => [r.bucket, Number(r.mentions)])).toEqual([
      ["2026-03-01T00:00:00.000Z", 1],
      ["2026-03-02T00:00:00.000Z", 1],
    ]);
  });
});
