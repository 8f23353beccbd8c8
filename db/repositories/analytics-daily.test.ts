import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createWorkspace } from "../../services/workspace/create-workspace";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { rollupParts } from "./analytics-daily";

// Which parts of a period the rollup reads take from the daily rows (whole UTC days made and not changed
// since) and which from the hourly rows (the ends, and changed days). The rows themselves are checked
// against the hourly ones in analytics-rollups.test.ts and through the API in the dashboard tests.
describe.each(testEngines({ engineSpecific: true }))("daily rollup parts on %s", (engine) => {
  let database: TestDatabase;
  let bp: number;
  let other: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    bp = (await createWorkspace(database.db, { name: "Mine", members: [] })).businessProfile.id;
    other = (await createWorkspace(database.db, { name: "Theirs", members: [] })).businessProfile.id;
    // Changed days (3 March listed twice, as two batches wrote it); every other day is current.
    const changes = [
      [bp, "2026-03-03T00:00:00.000Z"],
      [bp, "2026-03-04T00:00:00.000Z"],
      [bp, "2026-03-03T00:00:00.000Z"],
      [other, "2026-03-06T00:00:00.000Z"],
    ] as const;
    for (const [tenant, bucket] of changes)
      await sql`insert into analytics_daily_changes (business_profile_id, bucket) values (${tenant}, ${bucket})`.execute(database.db);
  });
  afterAll(() => database?.cleanup());

  const DAY = { lengthSeconds: 86_400, shiftSeconds: 0 };

  it("reads whole unchanged days from the daily rows, the ends and changed days from the hourly rows", async () => {
    expect(await rollupParts(database.db, bp, { from: "2026-03-01T05:00:00.000Z", to: "2026-03-08T17:00:00.000Z" }, DAY)).toEqual({
      hours: [
        { from: "2026-03-01T05:00:00.000Z", to: "2026-03-02T00:00:00.000Z" },
        { from: "2026-03-03T00:00:00.000Z", to: "2026-03-05T00:00:00.000Z" },
        { from: "2026-03-08T00:00:00.000Z", to: "2026-03-08T17:00:00.000Z" },
      ],
      days: [
        { from: "2026-03-02T00:00:00.000Z", to: "2026-03-03T00:00:00.000Z" },
        // Another tenant's changed 6 March is not this tenant's.
        { from: "2026-03-05T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" },
      ],
    });
    // Totals (no time grouping) and UTC weeks may read days too; the changed day at the start is hourly.
    expect(await rollupParts(database.db, bp, { from: "2026-03-04T00:00:00.000Z", to: "2026-03-06T00:00:00.000Z" }, null)).toEqual({
      hours: [{ from: "2026-03-04T00:00:00.000Z", to: "2026-03-05T00:00:00.000Z" }],
      days: [{ from: "2026-03-05T00:00:00.000Z", to: "2026-03-06T00:00:00.000Z" }],
    });
    expect((await rollupParts(database.db, bp, { from: "2026-03-02T00:00:00.000Z", to: "2026-03-16T00:00:00.000Z" }, { lengthSeconds: 604_800, shiftSeconds: 345_600 })).days).toHaveLength(2);
  });

  it("reads hour by hour when a day's rows would fall in several groups, or the period has no whole day", async () => {
    const range = { from: "2026-03-01T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" };
    // Hours; Paris days (shifted by an hour); no whole day in the period.
    for (const slots of ["hour", { lengthSeconds: 86_400, shiftSeconds: 3_600 }] as const) expect(await rollupParts(database.db, bp, range, slots)).toEqual({ hours: [range], days: [] });
    const short = { from: "2026-03-02T05:00:00.000Z", to: "2026-03-03T04:00:00.000Z" };
    expect(await rollupParts(database.db, bp, short, null)).toEqual({ hours: [short], days: [] });
  });

  it("covers all time in a few parts", async () => {
    const allTime = { from: "0000-01-01T00:00:00.000Z", to: "9999-12-31T23:00:00.000Z" };
    expect(await rollupParts(database.db, bp, allTime, null)).toEqual({
      hours: [
        { from: "2026-03-03T00:00:00.000Z", to: "2026-03-05T00:00:00.000Z" },
        { from: "9999-12-31T00:00:00.000Z", to: "9999-12-31T23:00:00.000Z" },
      ],
      days: [
        { from: "0000-01-01T00:00:00.000Z", to: "2026-03-03T00:00:00.000Z" },
        { from: "2026-03-05T00:00:00.000Z", to: "9999-12-31T00:00:00.000Z" },
      ],
    });
  });
});
