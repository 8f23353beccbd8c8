import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, testEngines, type TestDatabase } from "../../tests/support/database";
import { createSearchTenant, insertSearchItem, keywordsGroups, testDeps } from "../../tests/support/search";
import type { ServiceDeps } from "../context";
import { timeCountWidgets } from "./count-reads";
import { COUNT_WIDGET_READS } from "./counts";
import { resolveDashboardRequest } from "./request";
import type { DashboardViewer } from "./viewer";

const range = { from: "2026-03-01T00:00:00.000Z", to: "2026-03-08T00:00:00.000Z" };

describe.each(testEngines({ engineSpecific: true }))("dashboard request resolution on %s", (engine) => {
  let database: TestDatabase;
  let deps: ServiceDeps;
  let tenant: number;
  let shown: number;
  let hidden: number;

  beforeAll(async () => {
    database = await createTestDatabase(engine);
    deps = testDeps(database.db, undefined);
    tenant = (await createSearchTenant(deps)).businessProfileId;
    shown = await insertSearchItem(deps.db, tenant, keywordsGroups("refund"), "Shown");
    hidden = await insertSearchItem(deps.db, tenant, keywordsGroups("login"), "Hidden");
  });
  afterAll(() => database?.cleanup());

  const linkViewer = (): DashboardViewer => ({
    businessProfileId: tenant,
    accountId: null,
    timeZone: "Europe/Paris",
    readsMentionText: true,
    sharedLink: {
      id: 1,
      contexts: [{ contextType: 1, contextId: shown, properties: null }],
      widgets: ["sentiment"],
      layerIds: [],
      timeRange: null,
      timeZone: null,
    },
  });

  it("a shared link reads only the contexts it names (404 otherwise)", async () => {
    const ok = await resolveDashboardRequest(deps, linkViewer(), { range, contexts: [{ context_type: 1, context_id: shown }] });
    expect(ok.contexts[0]).toMatchObject({ title: "Shown", color: "blue", rollup: { contextType: 1, contextId: shown } });
    // The viewer's zone is the default; Paris has whole-hour offsets, and the range is on whole hours.
    expect(ok.timeZone).toBe("Europe/Paris");
    expect(ok.source).toBe("rollup");
    await expect(resolveDashboardRequest(deps, linkViewer(), { range, contexts: [{ context_type: 1, context_id: hidden }] })).rejects.toMatchObject({ status: 404 });
    await expect(resolveDashboardRequest(deps, linkViewer(), { range })).rejects.toMatchObject({ status: 404 });
  });

  it("reads raw for a query, extra filters or a half-hour zone; contexts arrive as JSON text from a query string", async () => {
    const viewer: DashboardViewer = { businessProfileId: tenant, accountId: null, timeZone: "UTC", readsMentionText: true, sharedLink: null };
    const queried = await resolveDashboardRequest(deps, viewer, { range, properties: { query: "refund" } });
    expect(queried.source).toBe("raw");
    expect(queried.contexts[0]!.filter.search).toBeDefined();
    const text = await resolveDashboardRequest(deps, viewer, { range, contexts: [JSON.stringify({ context_type: 1, context_id: shown })] });
    expect(text.contexts[0]!.contextId).toBe(shown);
    const kolkata = await resolveDashboardRequest(deps, viewer, { range, time_zone: "Asia/Kolkata" });
    expect(kolkata.source).toBe("raw");
    expect(kolkata.interval).toBe("day");
    const previous = await resolveDashboardRequest(deps, viewer, { range });
    expect(previous.previousRange).toEqual({ from: "2026-02-22T00:00:00.000Z", to: range.from });
  });
});

describe.each(testEngines({ engineSpecific: true }))("count widget timing on %s", (engine) => {
  it("times every count widget raw and from the rollups (bench helper)", async () => {
    const database = await createTestDatabase(engine);
    try {
      const deps = testDeps(database.db, undefined);
      const tenant = (await createSearchTenant(deps)).businessProfileId;
      const viewer: DashboardViewer = { businessProfileId: tenant, accountId: null, timeZone: "UTC", readsMentionText: true, sharedLink: null };
      const timings = await timeCountWidgets(deps, viewer, { range }, COUNT_WIDGET_READS);
      expect(timings.map((t) => `${t.widget}:${t.source}`)).toContain("sentiment:rollup");
      expect(timings.map((t) => `${t.widget}:${t.source}`)).toContain("sla:raw");
    } finally {
      await database.cleanup();
    }
  });
});
