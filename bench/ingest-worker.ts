// One ingest measurement in its own process (so its peak memory is its own): a fresh database, the demo
// workspace, then `count` generated mentions through the real pipeline (validation, enrichment, storage).
// Usage: node --import tsx bench/ingest-worker.ts <sqlite-file | postgres-url> <count> [schema]
// Prints one JSON line: {count, accepted, seconds, itemsPerSecond, peakRssMB}.
// BENCH_PROFILE=1 also prints (stderr) the statements that took the most time, with their counts.
import fs from "node:fs";
import { openDatabase } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { startStatementProfile, type StatementProfile } from "../db/query-timing";
import { createIngestPorts } from "../ingest";
import { loadDemoCorpus } from "../jobs/demo-corpus";
import type { ServiceDeps } from "../services/context";
import { DEMO_BUSINESS_PROFILE_ID, seedDemoWorkspace } from "../services/workspace/seed-demo-workspace";
import { DEMO_PASSWORD } from "./lib/server";

function peakRssMB(): number {
  try {
    const hwm = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync("/proc/self/status", "utf8"));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // not Linux
  }
  return Math.round(process.memoryUsage().rss / 1024 / 1024);
}

function printProfile(profile: StatementProfile, seconds: number) {
  const rows = [...profile.entries()].sort((a, b) => b[1].ms - a[1].ms);
  const total = rows.reduce((n, [, v]) => n + v.ms, 0);
  process.stderr.write(`  statements: ${Math.round(total)} ms of ${Math.round(seconds * 1000)} ms wall clock\n`);
  for (const [text, { count, ms }] of rows.slice(0, 25))
    process.stderr.write(`  ${String(Math.round(ms)).padStart(8)} ms ${String(count).padStart(6)}× ${(ms / count).toFixed(2).padStart(8)} ms  ${text}\n`);
}

async function main() {
  const [target, countArg, schema] = process.argv.slice(2);
  const count = Number(countArg);
  if (!target || !Number.isInteger(count))
    throw new Error("usage: ingest-worker <sqlite-file|postgres-url> <count> [schema]");
  const handle = openDatabase({ url: target, ...(schema ? { postgresSchema: schema } : {}) });
  await migrateToLatest(handle.db);
  await seedDemoWorkspace(handle.db, { password: DEMO_PASSWORD });
  const deps: ServiceDeps = {
    db: handle.db,
    now: () => new Date(),
    mailer: { send: async () => undefined },
    settings: { publicUrl: "http://127.0.0.1", productName: "Earshot" },
    ingest: createIngestPorts({ enrichInWorker: true }),
  };
  const profile = process.env.BENCH_PROFILE ? startStatementProfile() : null;
  const started = performance.now();
  let lastReport = started;
  const report = await loadDemoCorpus(deps, DEMO_BUSINESS_PROFILE_ID, {
    count,
    end: new Date("2026-11-01T00:00:00Z"),
    onProgress: (done) => {
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        process.stderr.write(
          `  ${done} items, ${Math.round(done / ((lastReport - started) / 1000))}/s, rss ${Math.round(process.memoryUsage().rss / 1048576)} MB\n`,
        );
      }
    },
  });
  const seconds = (performance.now() - started) / 1000;
  if (profile) printProfile(profile, seconds);
  await deps.ingest?.close?.();
  await handle.close();
  process.stdout.write(
    `${JSON.stringify({ count, accepted: report.accepted, rejected: report.rejected, seconds: Math.round(seconds * 10) / 10, itemsPerSecond: Math.round(count / seconds), peakRssMB: peakRssMB() })}\n`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
