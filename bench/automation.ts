// Automation bench (issue 24, ADRs 029 and 031): ingestion throughput of the same generated mentions
// through the real pipeline (validation, enrichment on the worker thread, storage on SQLite) into a tenant
// without automation and into one with 100 active rules (queries over the corpus's own vocabulary; labels,
// assignments and states as actions) and 100 active alerts, each on a saved search of its own (an alert
// costs ingestion nothing itself: it is evaluated later from the stored matches, but its saved search is
// percolated for every mention). The figure is the cost ratio, seconds with / seconds without (goal ≤ 1.25).
// Each scenario runs in a fresh database, twice, alternating; the faster run of each counts.
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

/** 100 saved searches of a word or two of the corpus, each watched by an alert counting the last hour. */
async function addAlerts(db: ServiceDeps["db"], words: readonly string[], ownerAccountId: number, now: string, seed = 29) {
  const rng = mulberry32(seed);
  const word = () => words[Math.floor(words.length * rng() ** 2)]!;
  for (let i = 0; i < ALERT_COUNT; i++) {
    const groups: QueryGroup[] = [{ type: "must", values: [{ filterType: "keywords", value: rng() < 0.5 ? word() : `${word()} OR ${word()}` }] }];
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
        alertsEnabled: true,
      },
      now,
    );
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

async function measure(count: number, withRules: boolean, words: readonly string[]) {
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
    if (withRules) {
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
      for (const values of ruleValues(words, labels.map((l) => l.id), agent.id)) {
        await insertRule(handle.db, DEMO_BUSINESS_PROFILE_ID, values, null, now);
      }
      await addAlerts(handle.db, words, agent.id, now);
    }
    const started = performance.now();
    const report = await loadDemoCorpus(deps, DEMO_BUSINESS_PROFILE_ID, { count, end: new Date("2026-11-01T00:00:00Z") });
    const seconds = (performance.now() - started) / 1000;
    if (withRules) {
      const row = await handle.db.selectFrom("rules").select((eb) => eb.fn.sum<number>("actedCount").as("acted")).executeTakeFirstOrThrow();
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
  const none: number[] = [];
  const rules: number[] = [];
  let acted = 0;
  let accepted = 0;
  for (let round_ = 0; round_ < 2; round_++) {
    await ctx.quiet(`automation without rules, run ${round_ + 1}`);
    const a = await measure(count, false, words);
    none.push(a.seconds);
    await ctx.quiet(`automation with ${RULE_COUNT} rules, run ${round_ + 1}`);
    const b = await measure(count, true, words);
    rules.push(b.seconds);
    acted = b.acted;
    accepted = b.accepted;
  }
  const best = (list: number[]) => Math.min(...list);
  const ratio = best(rules) / best(none);
  return {
    name: "automation",
    checks: [
      {
        label: `Ingestion cost with ${RULE_COUNT} active rules and ${ALERT_COUNT} alerts / none (${count.toLocaleString("en")} mentions, SQLite)`,
        value: round(ratio, 2),
        unit: "×",
        target: TARGETS.costRatio100Rules,
        kind: "max",
        note: "best of 2 runs each, fresh database per run; one evaluation round of alerts: npm run bench -- automation-alerts",
      },
    ],
    figures: [
      { label: "Without rules", value: Math.round(count / best(none)), unit: "mentions/s" },
      { label: `With ${RULE_COUNT} rules and ${ALERT_COUNT} alerts`, value: Math.round(count / best(rules)), unit: "mentions/s" },
      { label: "Rule actions taken (mentions acted on, summed over rules)", value: acted },
    ],
    warnings: [],
    results: { count, accepted, secondsWithout: none, secondsWith: rules, ratio, acted },
  };
}
