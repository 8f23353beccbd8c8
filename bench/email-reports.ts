// `npm run bench -- email-reports`: building one executive report (issue 25, ADR 039) over the dashboard
// bench's corpus of 1,000,000 demo mentions (bench/ingest-worker.ts, the same generator and data folder:
// BENCH_DASHBOARD_SQLITE_DIR/<size> is reused when it holds one). The report compares the dashboard
// bench's three brand searches over the corpus's last 7 days, lists 5 posts and 5 articles, and is
// rendered to HTML, plain text and two PNG charts: the time from nothing cached to a ready e-mail.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { findAccountByEmail } from "../db/repositories/accounts";
import { insertEmailReport } from "../db/repositories/email-reports";
import { clearDashboardCache } from "../services/analytics/cache";
import type { ServiceDeps } from "../services/context";
import { buildExecutiveReport } from "../services/reports/build-report";
import { renderExecutiveReport } from "../services/reports/executive-mail";
import { CORPUS_END, ensureSearches, waitForDailyRollups } from "./dashboard";
import { signInWithApi } from "./lib/http";
import { runIngestWorker } from "./lib/ingest-worker-process";
import { assertBuilt, DEMO_ADMIN, makeTempDir, snapshotBuild, spawnServer, waitForStatus200 } from "./lib/server";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

export const TARGETS = { buildMs: 2_000 } as const;
const REPEAT = 3;

const round = (n: number) => Math.round(n * 10) / 10;
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const size = Number(process.env.BENCH_REPORT_SIZE ?? 1_000_000);
  const checks: Check[] = [];
  const figures: BenchOutcome["figures"] = [];
  const warnings: string[] = [];
  const keptBase = process.env.BENCH_DASHBOARD_SQLITE_DIR;
  const dir = keptBase ? path.join(keptBase, String(size)) : makeTempDir(`earshot-bench-email-reports-${size}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "app.db");
  try {
    if (!fs.existsSync(file)) {
      await ctx.quiet(`ingest ${size}`);
      const ingest = await runIngestWorker(ctx, file, size);
      figures.push({ label: `${size.toLocaleString("en")} demo mentions ingested`, value: ingest.itemsPerSecond, unit: "items/s" });
    }
    // The saved searches and their backfills, and the daily rollups, as the dashboard bench makes them.
    const appDir = makeTempDir("earshot-bench-email-reports-app");
    let searchIds: number[];
    try {
      const app = await snapshotBuild(ctx.root, appDir);
      const server = await spawnServer({ root: app, dataDir: dir, demo: false, logFile: path.join(dir, "server.log") });
      try {
        await waitForStatus200(server);
        searchIds = await ensureSearches(server.origin, await signInWithApi(server.origin), ctx.log);
        await waitForDailyRollups(file, ctx.log);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(appDir, { recursive: true, force: true });
    }

    const handle = openDatabase({ url: file });
    try {
      const db = handle.db;
      const admin = (await findAccountByEmail(db, DEMO_ADMIN))!;
      const deps: ServiceDeps = {
        db,
        now: () => new Date(CORPUS_END),
        mailer: { send: async () => undefined },
        settings: { publicUrl: "http://localhost:3000", productName: "Earshot" },
      };
      const report = await insertEmailReport(
        db,
        admin.businessProfileId,
        {
          emailName: "Bench weekly",
          brandName: "Northwind",
          emailType: "executive",
          reciverAccountId: admin.id,
          searchId: searchIds[0]!,
          articlesFilterId: null,
          mailFrequency: "[1]",
          deliverHour: 0,
          dataFrom: 7,
          articlesUrl: null,
          extraEmails: "[]",
          competitors: JSON.stringify(searchIds.slice(1)),
          articlesLimit: 5,
          postsLimit: 5,
          omitResponse: 0,
          minLimitation: 0,
          nextRunAt: null,
        },
        CORPUS_END,
      );
      const builds: number[] = [];
      const renders: number[] = [];
      let mentions = 0;
      await ctx.quiet(`executive report over ${size.toLocaleString("en")} mentions`);
      for (let i = 0; i < REPEAT; i++) {
        clearDashboardCache();
        const started = performance.now();
        const built = await buildExecutiveReport(deps, report, CORPUS_END);
        const builtAt = performance.now();
        await renderExecutiveReport(built, "Earshot");
        builds.push(builtAt - started);
        renders.push(performance.now() - builtAt);
        mentions = built.contexts.reduce((n, c) => n + c.mentions, 0);
      }
      const build = round(median(builds));
      const render = round(median(renders));
      const total = round(median(builds.map((b, i) => b + renders[i]!)));
      ctx.log(`\nExecutive report, ${size.toLocaleString("en")} mentions, 3 searches, last 7 days (${mentions.toLocaleString("en")} of their mentions), median of ${REPEAT}, nothing cached:`);
      ctx.log(`  numbers ${build} ms, e-mail (HTML, text, 2 PNG charts) ${render} ms, total ${total} ms`);
      figures.push({ label: `${size.toLocaleString("en")} mentions: executive report numbers / e-mail / total`, value: `${build} / ${render} / ${total} ms` });
      checks.push({ label: `${size.toLocaleString("en")} mentions: one executive report built and rendered, cold`, value: total, unit: "ms", target: TARGETS.buildMs, kind: "max" });
    } finally {
      await handle.close();
    }
  } finally {
    if (!keptBase && !process.env.BENCH_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
    else ctx.log(`  data kept in ${dir}`);
  }
  return { name: "email-reports", checks, figures, warnings, results: {} };
}
