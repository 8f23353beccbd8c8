// `npm run bench [-- <name>...] [-- --strict]`: runs the named benches (default: all) against the
// built server (`npm run build` first), prints each table and writes bench/results/<name>.json.
// Settings: BENCH_DURATION (s, default 10), BENCH_WARMUP (s, default 2), BENCH_CONNECTIONS (default 10),
// BENCH_QUIET_WAIT (s, default 600) bounds the total wait for other processes to leave the CPU,
// BENCH_KEEP_DATA=1 keeps the temporary DATA_DIR and server logs.
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createQuietGate } from "./lib/machine";
import { formatOutcome, statusOf, writeResults } from "./lib/report";
import type { BenchContext, BenchModule } from "./lib/types";

// Later issues add theirs here.
const BENCHES: Record<string, () => Promise<BenchModule>> = {
  platform: () => import("./platform"),
  ingest: () => import("./ingest"),
  query: () => import("./query"),
  inbox: () => import("./inbox"),
  dashboard: () => import("./dashboard"),
  automation: () => import("./automation"),
  "automation-alerts": () => import("./automation-alerts"),
  "moderation-export": () => import("./moderation-export"),
  "two-instances": () => import("./two-instances"),
  drills: () => import("./drills"),
  scale: () => import("./scale"),
  "email-reports": () => import("./email-reports"),
  helper: () => import("./helper/bench"),
};

function numberFromEnv(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new Error(`${name} must be a number ≥ ${min} (got ${raw})`);
  return value;
}

async function main(): Promise<number> {
  const args = process.argv.slice(2);
  const strict = args.includes("--strict");
  const names = args.filter((a) => !a.startsWith("--"));
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length) {
    process.stderr.write(`Unknown bench: ${unknown.join(", ")}. Available: ${Object.keys(BENCHES).join(", ")}\n`);
    return 2;
  }
  const selected = names.length ? names : Object.keys(BENCHES);

  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
  const ctx: BenchContext = {
    root,
    resultsDir: path.join(root, "bench/results"),
    durationS: numberFromEnv("BENCH_DURATION", 10, 1),
    warmupS: numberFromEnv("BENCH_WARMUP", 2, 0),
    connections: numberFromEnv("BENCH_CONNECTIONS", 10, 1),
    quietWaitS: numberFromEnv("BENCH_QUIET_WAIT", 600, 0),
    log: (line) => process.stdout.write(`${line}\n`),
    quiet: (label, ownPids) => gate.quiet(label, ownPids),
    canRetry: () => gate.remainingS() > 0,
  };
  const gate = createQuietGate(ctx.quietWaitS, (line) => ctx.log(`  ${line}`));

  let misses = 0;
  for (const name of selected) {
    ctx.log(`\n### bench: ${name}`);
    const bench = await BENCHES[name]!();
    const outcome = await bench.run(ctx);
    ctx.log(formatOutcome(outcome));
    const file = writeResults(ctx.resultsDir, root, outcome);
    ctx.log(`\nresults: ${path.relative(process.cwd(), file)}`);
    misses += outcome.checks.filter((c) => statusOf(c) !== "PASS").length;
  }
  if (misses)
    ctx.log(
      `\n${misses} target(s) missed or not measured${strict ? "" : " (exit 0; pass --strict to fail on a miss)"}`,
    );
  return strict && misses ? 1 : 0;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    process.stderr.write(`\nbench failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exit(1);
  },
);
