// Automation bench (issue 24, ADRs 029, 031 and 032): ingestion throughput of the same generated mentions
// through the real pipeline (validation, enrichment on the worker thread, storage on SQLite) into three
// tenants: "none" (no saved searches, rules or alerts), "searches" (the 100 saved searches the alerts
// watch, nothing else) and "automation" (those searches, 100 active rules with labels, assignments and
// states as actions, and 100 active alerts, one per search). An alert costs ingestion nothing itself (it is
// evaluated later from the stored matches); its saved search costs what any saved search costs (its
// matches and its dashboard's rollups), alert or not. So the target's figure is automation ÷ searches, the
// cost of the automation on the same tenant and data (goal ≤ 1.25); automation ÷ none, everything a tenant
// with 100 alerted searches pays against an empty one, is printed beside it.
// Each scenario runs in a fresh database, twice, in turn; the faster run of each counts.
// BENCH_AUTOMATION_SIZE (default 20000) mentions per run.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { insertAlert } from "../db/repositories/alerts";
import { insertRule } from "../db/repositories/rules";
import { insertSearchItem } from "../db/repositories/search-items";
import { insertLabel } from "../db/repositories/labels";
import { listAccounts } from "../db/repositories/accounts";
import type { QueryGroup } from "../domain/query";
import { createIngestPorts } from "../ingest";
import { mulberry32 } from "../ingest/demo/prng";
import { loadDemoCorpus } from "../jobs/demo-corpus";
import type { ServiceDeps } from "../services/context";
import { DEMO_BUSINESS_PROFILE_ID, seedDemoWorkspace } from "../services/workspace/seed-demo-workspace";
import { demoItems, vocabularyOf } from "./query-workload";
import { DEMO_PASSWORD, makeTempDir } from "./lib/server";
import { round } from "./lib/stats";
import type { BenchContext, BenchOutcome } from "./lib/types";

export const TARGETS = { costRatio100Rules: 1.25 } as const;

const RULE_COUNT = 100;
const ALERT_COUNT = 100;

/** 100 saved searches of a word or two of the corpus, each watched by an alert counting the last hour (withAlerts). */
async function addAlertedSearches(
  db: ServiceDeps["db"],
  words: readonly string[],
  ownerAccountId: number,
  now: string,
  withAlerts: boolean,
  seed = 29,
) {
  const rng = mulberry32(seed);
  const word = () => words[Math.floor(words.length * rng() ** 2)]!;
  for (let i = 0; i < ALERT_COUNT; i++) {
    const groups: QueryGroup[] = [
      { type: "must", values: [{ filterType: "keywords", value: rng() < 0.5 ? word() : `${word()} OR ${word()}` }] },
    ];
    const search = await insertSearchItem(
      db,
      DEMO_BUSINESS_PROFILE_ID,
      {
        name: `Alerted search ${i + 1}`,
        category: "brand",
        folderId: null,
        ownerAccountId,
        entityType: 2,
        entityIds: [DEMO_BUSINESS_PROFILE_ID],
        query: JSON.stringify(groups),
        logoSrc: null,
        alertsEnabled: withAlerts,
      },
      now,
    );
    if (!withAlerts) continue;
    await insertAlert(db, {
      businessProfileId: DEMO_BUSINESS_PROFILE_ID,
      ownerAccountId,
      target: { searchId: search.id },
      name: `Alert ${i + 1}`,
      isMuted: false,
      isActive: true,
      recipientEmails: ["ops@example.test"],
      emailDescription: null,
      thresholdCountMode: i % 10 === 0 ? "spike" : "count",
      thresholdCountValue: 10,
      alertTimeSpan: 60,
      now,
    });
  }
}

/** 100 rules written as a team writes them: a word or two of the corpus ORed, some with an exclusion. */
function ruleValues(words: readonly string[], labelIds: readonly number[], agentId: number, seed = 11) {
  const rng = mulberry32(seed);
  const word = () => words[Math.floor(words.length * rng() ** 2)]!;
  return Array.from({ length: RULE_COUNT }, (_, i) => {
    const r = rng();
    const ruleType = r < 0.6 ? 1 : r < 0.85 ? 3 : 4;
    const query = rng() < 0.5 ? word() : `${word()} OR ${word()}`;
    return {
      name: `Rule ${i + 1}`,
      entities: "[]",
      query,
      excludeQuery: rng() < 0.2 ? word() : null,
      ruleType,
      statusType: rng() < 0.7 ? 1 : 2,
      identities: "[]",
      labelIds: JSON.stringify([labelIds[i % labelIds.length]]),
      selectedGroups: "[]",
      assigneeType: ruleType === 3 ? "account" : null,
      assigneeId: ruleType === 3 ? agentId : null,
      state: ruleType === 4 ? 2 : null,
    };
  });
}

type Scenario = "none" | "searches" | "automation";

async function measure(count: number, scenario: Scenario, words: readonly string[]) {
  const dir = makeTempDir("earshot-bench-automation-");
  const handle = openDatabase({ url: path.join(dir, "app.db") });
  const deps: ServiceDeps = {
    db: handle.db,
    now: () => new Date(),
    mailer: { send: async () => undefined },
    settings: { publicUrl: "http://127.0.0.1", productName: "Earshot" },
    ingest: createIngestPorts({ enrichInWorker: true }),
  };
  try {
    await migrateToLatest(handle.db);
    await seedDemoWorkspace(handle.db, { password: DEMO_PASSWORD });
    let acted = 0;
    if (scenario !== "none") {
      const now = new Date().toISOString();
      const labels = [];
      for (let i = 0; i < 20; i++) {
        labels.push(
          await insertLabel(handle.db, {
            businessProfileId: DEMO_BUSINESS_PROFILE_ID,
            name: `Bench label ${i}`,
            category: null,
            labelType: "feed_item",
            contextId: null,
            contextType: null,
            ownerAccountId: null,
            now,
          }),
        );
      }
      const agent = (await listAccounts(handle.db, DEMO_BUSINESS_PROFILE_ID)).find((a) => a.role === 2)!;
      if (scenario === "automation") {
        for (const values of ruleValues(
          words,
          labels.map((l) => l.id),
          agent.id,
        )) {
          await insertRule(handle.db, DEMO_BUSINESS_PROFILE_ID, values, null, now);
        }
      }
      await addAlertedSearches(handle.db, words, agent.id, now, scenario === "automation");
    }
    const started = performance.now();
    const report = await loadDemoCorpus(deps, DEMO_BUSINESS_PROFILE_ID, {
      count,
      end: new Date("2026-11-01T00:00:00Z"),
    });
    const seconds = (performance.now() - started) / 1000;
    if (scenario === "automation") {
      const row = await handle.db
        .selectFrom("rules")
        .select((eb) => eb.fn.sum<number>("actedCount").as("acted"))
        .executeTakeFirstOrThrow();
      acted = Number(row.acted);
    }
    return { seconds, accepted: report.accepted, acted };
  } finally {
    await deps.ingest?.close?.();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  const count = Number(process.env.BENCH_AUTOMATION_SIZE ?? 20_000);
  const words = vocabularyOf(demoItems(5_000)).ranked.slice(0, 400);
  const seconds: Record<Scenario, number[]> = { none: [], searches: [], automation: [] };
  let acted = 0;
  let accepted = 0;
  for (let round_ = 0; round_ < 2; round_++) {
    for (const scenario of ["none", "searches", "automation"] as const) {
      await ctx.quiet(`automation, ${scenario}, run ${round_ + 1}`);
      const result = await measure(count, scenario, words);
      seconds[scenario].push(result.seconds);
      if (scenario === "automation") ({ acted, accepted } = result);
    }
  }
  const best = (list: number[]) => Math.min(...list);
  const ratio = best(seconds.automation) / best(seconds.searches);
  const allIn = best(seconds.automation) / best(seconds.none);
  const rate = (scenario: Scenario) => Math.round(count / best(seconds[scenario]));
  return {
    name: "automation",
    checks: [
      {
        label: `Ingestion cost of ${RULE_COUNT} active rules and ${ALERT_COUNT} alerts / none, same tenant and ${ALERT_COUNT} saved searches (${count.toLocaleString("en")} mentions, SQLite)`,
        value: round(ratio, 2),
        unit: "×",
        target: TARGETS.costRatio100Rules,
        kind: "max",
        note: "best of 2 runs each, fresh database per run; one evaluation round of alerts: npm run bench -- automation-alerts",
      },
    ],
    figures: [
      {
        label: `All in: rules, alerts and their ${ALERT_COUNT} saved searches / a tenant without saved searches`,
        value: round(allIn, 2),
        unit: "×",
      },
      { label: "No saved searches, rules or alerts", value: rate("none"), unit: "mentions/s" },
      { label: `${ALERT_COUNT} saved searches, no rules or alerts`, value: rate("searches"), unit: "mentions/s" },
      {
        label: `${ALERT_COUNT} saved searches, ${RULE_COUNT} rules and ${ALERT_COUNT} alerts`,
        value: rate("automation"),
        unit: "mentions/s",
      },
      { label: "Rule actions taken (mentions acted on, summed over rules)", value: acted },
    ],
    warnings: [],
    results: { count, accepted, seconds, ratio, allIn, acted },
  };
}
