// `npm run bench -- helper` (issue 27, ADR 042): the helper's evaluation set (bench/helper/questions.ts:
// 60 questions in English, Spanish, German and French) asked through the API over the dashboard bench's
// corpus of 1,000,000 demo mentions (the same generator and data folder: BENCH_DASHBOARD_SQLITE_DIR/<size>
// is reused when it holds one), without the model: how many answerable questions get the plan and the
// figures the dashboard API gives (target ≥ 80%), whether every unanswerable one is refused (all), and
// the answer time, nothing cached before each question (target p95 ≤ 500 ms). "Now" is 12 hours before
// the corpus's end, so that yesterday, last week and last month hold its mentions.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createApi } from "../../api/app";
import { openDatabase } from "../../db/client";
import { findBusinessProfile } from "../../db/repositories/business-profiles";
import { clearDashboardCache } from "../../services/analytics/cache";
import type { ServiceDeps } from "../../services/context";
import { CORPUS_END, waitForDailyRollups } from "../dashboard";
import { apiLoginBody } from "../lib/http";
import { runIngestWorker } from "../lib/ingest-worker-process";
import { assertBuilt, makeTempDir, snapshotBuild, spawnServer, waitForStatus200 } from "../lib/server";
import type { BenchContext, BenchOutcome, Check } from "../lib/types";
import { evaluateHelper, percentile } from "./evaluate";
import { ANSWERABLE } from "./questions";

export const TARGETS = { p95Ms: 500, answerablePercent: 80 } as const;
/** Timing passes over the answerable questions after the evaluation's own (more samples for the p95). */
const EXTRA_PASSES = 2;

const round = (n: number) => Math.round(n * 10) / 10;
const loadAverage = () => os.loadavg().map((l) => l.toFixed(2)).join(" / ");

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const size = Number(process.env.BENCH_HELPER_SIZE ?? 1_000_000);
  const label = size.toLocaleString("en");
  const checks: Check[] = [];
  const figures: BenchOutcome["figures"] = [];
  const warnings: string[] = [];
  const keptBase = process.env.BENCH_DASHBOARD_SQLITE_DIR;
  const dir = keptBase ? path.join(keptBase, String(size)) : makeTempDir(`earshot-bench-helper-${size}`);
  fs.mkdirSync(dir, { recursive: true });
  const file = path.join(dir, "app.db");
  const results: Record<string, unknown> = { size };
  try {
    if (!fs.existsSync(file)) {
      await ctx.quiet(`ingest ${size}`);
      const started = performance.now();
      const ingest = await runIngestWorker(ctx, file, size);
      figures.push({ label: `${label} demo mentions ingested`, value: ingest.itemsPerSecond, unit: "items/s" });
      results.ingestSeconds = round((performance.now() - started) / 1000);
    }
    // The daily rollups the dashboard reads, made by the server as after any ingestion.
    const appDir = makeTempDir("earshot-bench-helper-app");
    try {
      const app = await snapshotBuild(ctx.root, appDir);
      const server = await spawnServer({ root: app, dataDir: dir, demo: false, logFile: path.join(dir, "server.log") });
      try {
        await waitForStatus200(server);
        await waitForDailyRollups(file, ctx.log);
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(appDir, { recursive: true, force: true });
    }

    const handle = openDatabase({ url: file });
    try {
      const now = new Date(Date.parse(CORPUS_END) - 12 * 3_600_000);
      const deps: ServiceDeps = {
        db: handle.db,
        now: () => now,
        mailer: { send: async () => undefined },
        settings: { publicUrl: "http://localhost:3000", productName: "Earshot" },
      };
      const api = createApi({ deps, settings: { trustProxy: false, secureCookies: false }, logError: (error) => ctx.log(`  api error: ${String(error)}`) });
      const call = async (method: string, url: string, body: unknown, auth?: { accessToken: string; csrfToken: string }, extra: Record<string, string> = {}) => {
        const headers = new Headers({ "content-type": "application/json", accept: "application/json", ...extra });
        if (auth) {
          headers.set("authorization", `Bearer ${auth.accessToken}`);
          headers.set("x-csrf-token", auth.csrfToken);
        }
        const response = await api.fetch(new Request(`http://bench.test${url}`, { method, headers, body: typeof body === "string" ? body : JSON.stringify(body) }), {});
        const json = (await response.json()) as any;
        if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${JSON.stringify(json)}`);
        return json;
      };
      const session = await call("POST", "/api/v1/session", apiLoginBody());
      const auth = { accessToken: session.access_token as string, csrfToken: session.csrf_token as string };
      const chat = await call("POST", "/api/v1/helper/chats/", {}, auth);
      // The tenant's zone: the helper's periods and the figures read to check them are its calendar days.
      const timeZone = (await findBusinessProfile(handle.db, Number(session.account.business_profile.id)))?.timeZone || "UTC";
      const ask = (question: string) => call("POST", `/api/v1/helper/chats/${chat.id}/messages`, { question }, auth);

      const share = await ctx.quiet(`helper evaluation over ${label} mentions`);
      const loadBefore = loadAverage();
      // Nothing cached before each question: the answer time as a first asker sees it.
      const report = await evaluateHelper({
        ask: (question) => {
          clearDashboardCache();
          return ask(question);
        },
        read: (readPath, body) => call("POST", `/api/v1/dashboard/${readPath}`, body, auth, { "x-http-method-override": "GET" }),
        timeZone,
        now,
      });
      const answerableTimes = report.timesMs.slice(0, ANSWERABLE.length);
      for (let pass = 0; pass < EXTRA_PASSES; pass++) {
        for (const q of ANSWERABLE) {
          clearDashboardCache();
          const started = performance.now();
          await ask(q.question);
          answerableTimes.push(performance.now() - started);
        }
      }
      const loadAfter = loadAverage();
      const p95 = round(percentile(answerableTimes, 95));
      const p50 = round(percentile(answerableTimes, 50));
      const max = round(Math.max(...answerableTimes));
      const p95All = round(percentile(report.timesMs, 95));
      const correctPercent = round((report.correct / report.answerable) * 100);

      ctx.log(`\nHelper over ${label} mentions (built-in planner, no model, nothing cached before each question):`);
      ctx.log(`  answerable answered right: ${report.correct} of ${report.answerable} (${correctPercent}%)`);
      ctx.log(`  unanswerable refused: ${report.refused} of ${report.unanswerable}`);
      ctx.log(`  numbers not from a tool result: ${report.provenanceFailures.length}; answers not in the question's language: ${report.languageFailures.length}`);
      ctx.log(`  answer time, answerable (${answerableTimes.length} answers): p50 ${p50} ms, p95 ${p95} ms, max ${max} ms; all 60 (first pass) p95 ${p95All} ms`);
      ctx.log(`  load average (1/5/15 min) before ${loadBefore}, after ${loadAfter}`);
      for (const miss of report.misses) ctx.log(`  miss: ${miss}`);
      for (const failure of [...report.provenanceFailures, ...report.languageFailures]) ctx.log(`  failure: ${failure}`);

      figures.push(
        { label: "answerable answered right", value: `${report.correct} / ${report.answerable} (${correctPercent}%)` },
        { label: "unanswerable refused", value: `${report.refused} / ${report.unanswerable}` },
        { label: "numbers not from a tool result / answers not in the question's language", value: `${report.provenanceFailures.length} / ${report.languageFailures.length}` },
        { label: `${label} mentions: answer time p50 / p95 / max (answerable, cold)`, value: `${p50} / ${p95} / ${max} ms` },
        { label: "load average before / after", value: `${loadBefore} → ${loadAfter}` },
      );
      checks.push(
        { label: "answerable questions answered right", value: correctPercent, unit: "%", target: TARGETS.answerablePercent, kind: "min" },
        { label: "unanswerable questions refused", value: report.refused, unit: `of ${report.unanswerable}`, target: report.unanswerable, kind: "min" },
        { label: `${label} mentions: answer time p95, no model, cold`, value: p95, unit: "ms", target: TARGETS.p95Ms, kind: "max" },
      );
      if (share !== null && share > 0.25) warnings.push(`other processes used ${Math.round(share * 100)}% of the CPU when the measurement began (load average ${loadBefore})`);
      Object.assign(results, { report: { ...report, timesMs: undefined }, answerableTimesMs: answerableTimes.map(round), p50, p95, max, p95All, loadBefore, loadAfter });
    } finally {
      await handle.close();
    }
  } finally {
    if (!keptBase && !process.env.BENCH_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
    else ctx.log(`  data kept in ${dir}`);
  }
  return { name: "helper", checks, figures, warnings, results };
}
