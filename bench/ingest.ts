// Ingest bench: end-to-end throughput (generated mentions through enrichment into the store) and peak
// memory for 100,000 and 1,000,000 items on SQLite and PostgreSQL, then GET /v1/statuses p95 with
// 1,000,000 mentions in the store (the built server on loopback).
// BENCH_INGEST_SIZES (default "100000,1000000"), BENCH_INGEST_ENGINES (default "sqlite,postgres") and
// BENCH_PG_URL (default postgres://postgres@127.0.0.1:5432/test).
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import path from "node:path";
import pg from "pg";
import { signInWithApi } from "./lib/http";
import { runLoad } from "./lib/load";
import { loadTable } from "./lib/report";
import { assertBuilt, makeTempDir, snapshotBuild, spawnServer, waitForStatus200 } from "./lib/server";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

export const TARGETS = { sqliteItemsPerSecond: 5_000, peakRssMB1M: 500, statusesP95Ms: 50 } as const;

interface WorkerResult {
  count: number;
  accepted: number;
  rejected: number;
  seconds: number;
  itemsPerSecond: number;
  peakRssMB: number;
}

function runWorker(ctx: BenchContext, target: string, count: number, schema?: string): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const args = [
      "--import",
      "tsx",
      path.join(ctx.root, "bench/ingest-worker.ts"),
      target,
      String(count),
      ...(schema ? [schema] : []),
    ];
    const child = spawn(process.execPath, args, { cwd: ctx.root, stdio: ["ignore", "pipe", "pipe"] });
    let out = "";
    let err = "";
    child.stdout.on("data", (d: Buffer) => (out += d.toString()));
    child.stderr.on("data", (d: Buffer) => {
      err += d.toString();
      ctx.log(d.toString().trimEnd());
    });
    child.on("exit", (code) => {
      const line = out.trim().split("\n").at(-1);
      if (code === 0 && line) resolve(JSON.parse(line) as WorkerResult);
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

async function withSchema<T>(url: string, run: (schema: string) => Promise<T>): Promise<T> {
  const schema = `bench_${crypto.randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await run(schema);
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const sizes = (process.env.BENCH_INGEST_SIZES ?? "100000,1000000")
    .split(",")
    .map(Number)
    .filter((n) => n > 0);
  const pgUrl = process.env.BENCH_PG_URL ?? "postgres://postgres@127.0.0.1:5432/test";
  const engines = (process.env.BENCH_INGEST_ENGINES ?? "sqlite,postgres").split(",");
  const hasPg = engines.includes("postgres") && (await postgresAvailable(pgUrl));
  const results: Record<string, unknown> = {};
  const figures: BenchOutcome["figures"] = [];
  const warnings: string[] = [];
  const checks: Check[] = [];
  const largest = Math.max(...sizes);
  let largestSqliteDir: string | null = null;

  for (const size of sizes) {
    if (engines.includes("sqlite")) {
      const dir = makeTempDir("earshot-bench-ingest-");
      await ctx.quiet(`ingest sqlite ${size}`);
      const sqlite = await runWorker(ctx, path.join(dir, "app.db"), size);
      results[`sqlite_${size}`] = sqlite;
      figures.push({ label: `SQLite ${size.toLocaleString("en")} items: peak RSS`, value: sqlite.peakRssMB, unit: "MB" });
      if (size === largest) largestSqliteDir = dir;
      checks.push({
        label: `SQLite ingest throughput, ${size.toLocaleString("en")} items`,
        value: sqlite.itemsPerSecond,
        unit: "items/s",
        target: TARGETS.sqliteItemsPerSecond,
        kind: "min",
      });
      if (size === 1_000_000) checks.push({ label: "Peak RSS during the 1M import (SQLite)", value: sqlite.peakRssMB, unit: "MB", target: TARGETS.peakRssMB1M, kind: "max" });
    }

    if (hasPg) {
      await ctx.quiet(`ingest postgres ${size}`);
      const postgres = await withSchema(pgUrl, (schema) => runWorker(ctx, pgUrl, size, schema));
      results[`postgres_${size}`] = postgres;
      figures.push({
        label: `PostgreSQL ${size.toLocaleString("en")} items: throughput`,
        value: postgres.itemsPerSecond,
        unit: "items/s",
      });
      figures.push({
        label: `PostgreSQL ${size.toLocaleString("en")} items: peak RSS`,
        value: postgres.peakRssMB,
        unit: "MB",
      });
    }
  }
  if (engines.includes("postgres") && !hasPg) warnings.push(`PostgreSQL not reachable at ${pgUrl}: its figures are missing.`);

  // Statuses page at the largest size, on the SQLite database just filled.
  if (largestSqliteDir) {
    const app = await snapshotBuild(ctx.root, makeTempDir("earshot-bench-ingest-app-"));
    const server = await spawnServer({
      root: app,
      dataDir: largestSqliteDir,
      demo: false,
      logFile: path.join(largestSqliteDir, "server.log"),
    });
    try {
      await waitForStatus200(server);
      const session = await signInWithApi(server.origin);
      const headers = { authorization: `Bearer ${session.accessToken}`, accept: "application/json" };
      await ctx.quiet("statuses load", [server.pid]);
      const page = await runLoad(
        {
          name: "GET /api/v1/statuses (default order, 15)",
          url: `${server.origin}/api/v1/statuses`,
          headers,
          expectStatus: 200,
        },
        { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS, serverPid: server.pid },
      );
      const recent = await runLoad(
        {
          name: "GET /api/v1/statuses?order_by=created_at",
          url: `${server.origin}/api/v1/statuses?order_by=created_at`,
          headers,
          expectStatus: 200,
        },
        { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS, serverPid: server.pid },
      );
      results.statuses = { default: page, byDate: recent };
      ctx.log(loadTable([page, recent]));
      checks.push({
        label: `GET /v1/statuses p95 at ${largest.toLocaleString("en")} mentions`,
        value: page.latencyMs.p95,
        unit: "ms",
        target: TARGETS.statusesP95Ms,
        kind: "max",
        note: `${ctx.connections} connections`,
      });
    } finally {
      await server.stop();
    }
  }
  return { name: "ingest", checks, figures, warnings, results };
}
