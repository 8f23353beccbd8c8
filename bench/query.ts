// Query bench (ADR 012): percolation throughput at ingestion (mentions/s against 100 and 1,000 saved
// searches and topics written over the demo corpus's vocabulary, in this process), then ad hoc searches
// through the built server's API at 1,000,000 mentions: GET /api/v1/statuses?query=… (first page) and
// /api/v1/statuses/counts, one request at a time, each query several times, on SQLite and on PostgreSQL
// when BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test) answers.
// BENCH_QUERY_SIZE (default 1000000) mentions; BENCH_QUERY_ENGINES (default "sqlite,postgres");
// BENCH_QUERY_SQLITE_DIR reuses a data directory already filled by an earlier run (BENCH_KEEP_DATA=1);
// BENCH_QUERY_PG_DATABASE_URL reuses a PostgreSQL database already filled (by bench/ingest-worker.ts),
// kept afterwards: before and after a change on the same data. Counts past STATUS_COUNT_CAP say capped.
// The PostgreSQL store is vacuumed and analyzed first, as autovacuum would after the load (the test server
// runs without it). BENCH_QUERY_PERCOLATION=0 skips the percolation part; BENCH_SERVER_PORT fixes the
// server's port (default: one the OS picks). Each query's line shows the store's share of the request
// (its Server-Timing) beside the time through HTTP.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import type { PercolatorDefinition, TenantEnrichmentContext } from "../services/mentions/ports";
import { percolateBatch } from "../ingest/percolate";
import type { WorkingMention } from "../ingest/pipeline-step";
import { signInWithApi } from "./lib/http";
import { assertBuilt, makeTempDir, snapshotBuild, spawnServer, waitForStatus200 } from "./lib/server";
import { percentileOfSorted, round } from "./lib/stats";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";
import { AD_HOC_QUERIES, demoItems, generateDefinitions, vocabularyOf } from "./query-workload";

export const TARGETS = { mentionsPerSecond100: 10_000, mentionsPerSecond1000: 2_000, searchP95Ms: 100 } as const;

const PERCOLATED_MENTIONS = 40_000;
const REPEATS = 12;

function percolationRate(items: ReturnType<typeof demoItems>, definitions: PercolatorDefinition[], version: string) {
  const context: TenantEnrichmentContext = {
    businessProfileId: 1,
    exclusions: [],
    mutedKeywords: [],
    definitions: { version, items: definitions },
  };
  const working = () =>
    items.map(
      (item) =>
        ({
          item,
          language: item.language ?? "en",
          sentiment: 0,
          searchTokens: [],
          matches: [],
        }) as unknown as WorkingMention,
    );
  // Warm-up: compiles the definitions (once per version, as in the worker) and lets the JIT settle.
  percolateBatch(working().slice(0, 2_000), context);
  const batch = working();
  const started = performance.now();
  for (let i = 0; i < batch.length; i += 500) percolateBatch(batch.slice(i, i + 500), context);
  const seconds = (performance.now() - started) / 1000;
  const matches = batch.reduce((n, m) => n + m.matches.length, 0);
  return { mentionsPerSecond: Math.round(batch.length / seconds), matchesPerMention: round(matches / batch.length, 2) };
}

function runIngestWorker(
  ctx: BenchContext,
  target: string,
  count: number,
): Promise<{ seconds: number; itemsPerSecond: number }> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ["--import", "tsx", path.join(ctx.root, "bench/ingest-worker.ts"), target, String(count)],
      {
        cwd: ctx.root,
        stdio: ["ignore", "pipe", "pipe"],
      },
    );
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      ctx.log(d.toString().trimEnd());
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as { seconds: number; itemsPerSecond: number });
      else reject(new Error(`ingest worker exited ${code}: ${err.slice(-2000)}`));
    });
  });
}

async function postgresAvailable(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return true;
  } catch {
    return false;
  }
}

interface SearchTimes {
  query: string;
  matches: number;
  capped: boolean;
  pageMs: number[];
  countMs: number[];
  /** The store's time within each request (Server-Timing `db`). */
  pageDbMs: number[];
  countDbMs: number[];
}

function storeMs(response: Response): number {
  const match = /db;dur=([\d.]+)/.exec(response.headers.get("server-timing") ?? "");
  return match ? Number(match[1]) : NaN;
}

/** Each query REPEATS times: the counts, then the first page (15, default order), one request at a time. */
async function measureSearches(origin: string, token: string): Promise<SearchTimes[]> {
  const headers = { authorization: `Bearer ${token}`, accept: "application/json" };
  const get = async (url: string) => {
    const started = performance.now();
    const response = await fetch(url, { headers });
    const body = (await response.json()) as { total?: number; capped?: boolean };
    if (response.status !== 200) throw new Error(`${url} answered ${response.status}: ${JSON.stringify(body)}`);
    return { ms: performance.now() - started, dbMs: storeMs(response), body };
  };
  const times: SearchTimes[] = AD_HOC_QUERIES.map((query) => ({
    query,
    matches: 0,
    capped: false,
    pageMs: [],
    countMs: [],
    pageDbMs: [],
    countDbMs: [],
  }));
  for (let round = -1; round < REPEATS; round++) {
    for (const t of times) {
      const q = new URLSearchParams({ query: t.query });
      const counts = await get(`${origin}/api/v1/statuses/counts?${q}`);
      const page = await get(`${origin}/api/v1/statuses?${q}`);
      if (round < 0) continue; // warm-up
      t.matches = counts.body.total ?? 0;
      t.capped = counts.body.capped === true;
      t.countMs.push(counts.ms);
      t.pageMs.push(page.ms);
      t.countDbMs.push(counts.dbMs);
      t.pageDbMs.push(page.dbMs);
    }
  }
  return times;
}

function summarize(
  engine: string,
  size: number,
  times: SearchTimes[],
  ctx: BenchContext,
  checks: Check[],
  figures: BenchOutcome["figures"],
) {
  const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
  const pages = sorted(times.flatMap((t) => t.pageMs));
  const counts = sorted(times.flatMap((t) => t.countMs));
  const both = sorted(times.flatMap((t) => t.pageMs.map((ms, i) => ms + t.countMs[i]!)));
  for (const t of times) {
    const p = sorted(t.pageMs);
    const c = sorted(t.countMs);
    const pd = sorted(t.pageDbMs);
    const cd = sorted(t.countDbMs);
    ctx.log(
      `  ${engine} ${t.query.padEnd(52)} ${`${t.matches}${t.capped ? "+" : ""}`.padStart(8)} matches  page p50 ${round(percentileOfSorted(p, 50))} p95 ${round(percentileOfSorted(p, 95))} (store p50 ${round(percentileOfSorted(pd, 50))})  counts p50 ${round(percentileOfSorted(c, 50))} p95 ${round(percentileOfSorted(c, 95))} (store p50 ${round(percentileOfSorted(cd, 50))}) ms`,
    );
  }
  const label = `${engine}, ${size.toLocaleString("en")} mentions`;
  figures.push({
    label: `${label}: first page p50 / p95`,
    value: `${round(percentileOfSorted(pages, 50))} / ${round(percentileOfSorted(pages, 95))}`,
    unit: "ms",
  });
  figures.push({
    label: `${label}: counts p50 / p95`,
    value: `${round(percentileOfSorted(counts, 50))} / ${round(percentileOfSorted(counts, 95))}`,
    unit: "ms",
  });
  const note = `${AD_HOC_QUERIES.length} queries × ${REPEATS}, one request at a time`;
  checks.push({
    label: `Ad hoc search (${label}): first page p95`,
    value: round(percentileOfSorted(pages, 95)),
    unit: "ms",
    target: TARGETS.searchP95Ms,
    kind: "max",
    note,
  });
  checks.push({
    label: `Ad hoc search (${label}): counts p95`,
    value: round(percentileOfSorted(counts, 95)),
    unit: "ms",
    target: TARGETS.searchP95Ms,
    kind: "max",
    note,
  });
  figures.push({
    label: `${label}: counts + first page p50 / p95`,
    value: `${round(percentileOfSorted(both, 50))} / ${round(percentileOfSorted(both, 95))}`,
    unit: "ms",
  });
  return {
    pages: { p50: percentileOfSorted(pages, 50), p95: percentileOfSorted(pages, 95) },
    counts: { p50: percentileOfSorted(counts, 50), p95: percentileOfSorted(counts, 95) },
    perQuery: times,
  };
}

const keepData = () => !!process.env.BENCH_KEEP_DATA;

async function searchThroughServer(ctx: BenchContext, dataDir: string, env: Record<string, string>) {
  const appDir = makeTempDir("earshot-bench-query-app");
  const app = await snapshotBuild(ctx.root, appDir);
  const port = process.env.BENCH_SERVER_PORT ? Number(process.env.BENCH_SERVER_PORT) : undefined;
  const server = await spawnServer({ root: app, dataDir, demo: false, logFile: path.join(dataDir, "server.log"), env, ...(port ? { port } : {}) });
  try {
    await waitForStatus200(server);
    const session = await signInWithApi(server.origin);
    await ctx.quiet("ad hoc searches", [server.pid]);
    return await measureSearches(server.origin, session.accessToken);
  } finally {
    await server.stop();
    fs.rmSync(appDir, { recursive: true, force: true });
  }
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const checks: Check[] = [];
  const figures: BenchOutcome["figures"] = [];
  const warnings: string[] = [];
  const results: Record<string, unknown> = {};

  // ── Percolation ──
  if (process.env.BENCH_QUERY_PERCOLATION !== "0") await measurePercolation(ctx, checks, figures, results);
  await measureAdHocSearches(ctx, checks, figures, warnings, results);
  return { name: "query", checks, figures, warnings, results };
}

async function measurePercolation(ctx: BenchContext, checks: Check[], figures: BenchOutcome["figures"], results: Record<string, unknown>) {
  const items = demoItems(PERCOLATED_MENTIONS + 20_000);
  const vocabulary = vocabularyOf(items.slice(0, 20_000));
  const mentions = items.slice(20_000);
  results.vocabulary = vocabulary.ranked.length;
  const none = percolationRate(mentions, [], "bench-0");
  figures.push({ label: "Tokenizing only (no definitions)", value: none.mentionsPerSecond, unit: "mentions/s" });
  for (const [count, target] of [
    [100, TARGETS.mentionsPerSecond100],
    [1000, TARGETS.mentionsPerSecond1000],
  ] as const) {
    await ctx.quiet(`percolation ${count}`);
    const rate = percolationRate(mentions, generateDefinitions(vocabulary, count), `bench-${count}`);
    results[`percolation_${count}`] = rate;
    checks.push({
      label: `Percolation against ${count.toLocaleString("en")} saved searches and topics`,
      value: rate.mentionsPerSecond,
      unit: "mentions/s",
      target,
      kind: "min",
      note: `one thread, tokenizing included; ${rate.matchesPerMention} matches per mention`,
    });
  }
}

/** What autovacuum does after a bulk load (the test server runs without it): visibility map, planner statistics. */
async function vacuumAnalyze(url: string) {
  const db = new pg.Client({ connectionString: url });
  await db.connect();
  await db.query("vacuum analyze");
  await db.end();
}

async function measureAdHocSearches(
  ctx: BenchContext,
  checks: Check[],
  figures: BenchOutcome["figures"],
  warnings: string[],
  results: Record<string, unknown>,
) {
  // ── Ad hoc searches at scale ──
  const size = Number(process.env.BENCH_QUERY_SIZE ?? 1_000_000);
  const engines = (process.env.BENCH_QUERY_ENGINES ?? "sqlite,postgres").split(",");
  if (engines.includes("sqlite")) {
    let dir = process.env.BENCH_QUERY_SQLITE_DIR;
    const own = !dir;
    if (!dir) {
      dir = makeTempDir("earshot-bench-query");
      await ctx.quiet(`ingest ${size} (sqlite)`);
      const ingest = await runIngestWorker(ctx, path.join(dir, "app.db"), size);
      figures.push({
        label: `SQLite: ${size.toLocaleString("en")} demo mentions ingested`,
        value: ingest.itemsPerSecond,
        unit: "items/s",
      });
    } else if (!fs.existsSync(path.join(dir, "app.db")))
      throw new Error(`BENCH_QUERY_SQLITE_DIR has no app.db: ${dir}`);
    try {
      results.sqlite = summarize("SQLite", size, await searchThroughServer(ctx, dir, {}), ctx, checks, figures);
    } finally {
      if (own && !keepData()) fs.rmSync(dir, { recursive: true, force: true });
      else ctx.log(`  SQLite data kept in ${dir}`);
    }
  }
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const filledPg = process.env.BENCH_QUERY_PG_DATABASE_URL;
  if (engines.includes("postgres") && filledPg) {
    await vacuumAnalyze(filledPg);
    const dir = makeTempDir("earshot-bench-query-pg");
    results.postgres = summarize("PostgreSQL", size, await searchThroughServer(ctx, dir, { DATABASE_URL: filledPg }), ctx, checks, figures);
  } else if (engines.includes("postgres")) {
    if (!(await postgresAvailable(pgUrl)))
      warnings.push(`PostgreSQL not reachable at ${pgUrl}: its figures are missing.`);
    else {
      const name = `bench_query_${crypto.randomBytes(4).toString("hex")}`;
      const admin = new pg.Client({ connectionString: pgUrl });
      await admin.connect();
      await admin.query(`create database ${name}`);
      const url = new URL(pgUrl);
      url.pathname = `/${name}`;
      try {
        await ctx.quiet(`ingest ${size} (postgres)`);
        const ingest = await runIngestWorker(ctx, url.toString(), size);
        figures.push({
          label: `PostgreSQL: ${size.toLocaleString("en")} demo mentions ingested`,
          value: ingest.itemsPerSecond,
          unit: "items/s",
        });
        await vacuumAnalyze(url.toString());
        const dir = makeTempDir("earshot-bench-query-pg");
        results.postgres = summarize(
          "PostgreSQL",
          size,
          await searchThroughServer(ctx, dir, { DATABASE_URL: url.toString() }),
          ctx,
          checks,
          figures,
        );
      } finally {
        await admin.query(`drop database if exists ${name} with (force)`);
        await admin.end();
      }
    }
  }
}
