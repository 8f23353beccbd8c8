// Dashboard bench (ADR 015): with the demo corpus stored (100,000 and 1,000,000 mentions by default,
// SQLite) and three saved searches backfilled, through the built web server:
// - every widget's API calls for one context and for a 3-context comparison over the corpus's last 30
//   days, cold (the response cache bypassed with `Cache-Control: no-cache`) and warm (the same call
//   again): each call's server time and its store queries' time, both from the Server-Timing header;
// - a shared link of that comparison opened by 10 anonymous viewers at once: time to first byte p95.
// Targets on a 2-core machine: all widgets at 1M ≤ 300 ms total server time without cache (conversation
// clusters ≤ 1 s on their own), within 3× their store queries' time; shared page TTFB p95 ≤ 200 ms.
// BENCH_DASHBOARD_SIZES (default "100000,1000000"); BENCH_DASHBOARD_SQLITE_DIR keeps one data folder per
// size under it (<dir>/<size>) and reuses them in later runs.
import fs from "node:fs";
import path from "node:path";
import { openDatabase } from "../db/client";
import { countDaysToMake } from "../db/repositories/analytics-daily";
import { signInWithApi, type ApiSession } from "./lib/http";
import { runIngestWorker } from "./lib/ingest-worker-process";
import { runLoad } from "./lib/load";
import { loadTable } from "./lib/report";
import { assertBuilt, makeTempDir, snapshotBuild, spawnServer, waitForStatus200 } from "./lib/server";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

export const TARGETS = { totalMs: 300, clustersMs: 1_000, queryRatio: 3, sharedTtfbP95Ms: 200 } as const;

/** The demo corpus ends here (bench/ingest-worker.ts); the period is its last 30 days. */
export const CORPUS_END = "2026-11-01T00:00:00.000Z";
const RANGE = { from: new Date(Date.parse(CORPUS_END) - 30 * 86_400_000).toISOString(), to: CORPUS_END };
const COMPARED = { from: new Date(Date.parse(RANGE.from) - 30 * 86_400_000).toISOString(), to: RANGE.from };

/** Three brand searches over words the demo corpus uses often, at different sizes. */
const SEARCHES = [
  { name: "Bench: Northwind", query: "northwind" },
  { name: "Bench: app", query: "app OR update" },
  { name: "Bench: price", query: "price OR refund OR subscription" },
];

interface WidgetCall {
  widget: string;
  method: "POST" | "GET";
  path: string;
  params?: Record<string, unknown>;
}

/** The calls the dashboard page makes for all 14 widgets (app/lib/dashboard-widgets.server.ts). */
const WIDGET_CALLS: WidgetCall[] = [
  { widget: "topics", method: "POST", path: "/api/v1/dashboard/topics", params: { limit: 100, sort: true, kind: "status" } },
  { widget: "reviews", method: "POST", path: "/api/v1/dashboard/reviews", params: { social_types: ["trustpilot", "googlePlay", "ios"] } },
  { widget: "sentiment", method: "POST", path: "/api/v1/dashboard/compared_sentiment" },
  { widget: "trend-sentiment", method: "POST", path: "/api/v1/dashboard/sentiment" },
  { widget: "demographics", method: "POST", path: "/api/v1/dashboard/demographics/languages" },
  { widget: "impact-score", method: "POST", path: "/api/v1/dashboard/impact_score" },
  { widget: "impact-score", method: "POST", path: "/api/v1/dashboard/reputation" },
  { widget: "impact-score", method: "POST", path: "/api/v1/dashboard/reach_score" },
  { widget: "impact-score", method: "POST", path: "/api/v1/dashboard/shares_count" },
  { widget: "keywords-cloud", method: "POST", path: "/api/v1/dashboard/keyword_cloud", params: { limit: 30 } },
  { widget: "first-reply-time", method: "GET", path: "/api/v1/dashboard/compared_sla" },
  { widget: "network-breakdown", method: "POST", path: "/api/v1/dashboard/networks" },
  { widget: "trending-keywords", method: "POST", path: "/api/v1/dashboard/trending_labels", params: { page: 1, per_page: 7 } },
  { widget: "conversation-themes", method: "POST", path: "/api/v1/dashboard/conversation_themes" },
  { widget: "trending-label", method: "POST", path: "/api/v1/dashboard/entities", params: { limit: 100 } },
  { widget: "most-impactful-posts", method: "POST", path: "/api/v1/dashboard/most-impactful-posts", params: { page: 1, per_page: 6 } },
  { widget: "conversation-cluster", method: "POST", path: "/api/v1/dashboard/conversation_clusters/searches" },
];

interface Timed {
  status: number;
  /** Server time of the answer (Server-Timing app). */
  appMs: number;
  /** Its store queries' time and count (Server-Timing db). */
  dbMs: number;
  queries: number;
}

function parseServerTiming(header: string | null): { appMs: number; dbMs: number; queries: number } {
  const db = /db;dur=([\d.]+);desc="(\d+) queries"/.exec(header ?? "");
  const app = /app;dur=([\d.]+)/.exec(header ?? "");
  return { appMs: Number(app?.[1] ?? NaN), dbMs: Number(db?.[1] ?? NaN), queries: Number(db?.[2] ?? NaN) };
}

/** Flattens nested params into the query string the API reads (`range[from]=…`, `contexts[0][context_id]=…`). */
function toQuery(params: Record<string, unknown>, prefix = "", out = new URLSearchParams()): URLSearchParams {
  for (const [key, value] of Object.entries(params)) {
    const name = prefix ? `${prefix}[${key}]` : key;
    if (value === undefined || value === null) continue;
    if (typeof value === "object") toQuery(value as Record<string, unknown>, name, out);
    else out.append(name, String(value));
  }
  return out;
}

async function callWidget(origin: string, auth: ApiSession, call: WidgetCall, body: Record<string, unknown>, cold: boolean): Promise<Timed> {
  const params = { ...body, ...call.params };
  const headers: Record<string, string> = { authorization: `Bearer ${auth.accessToken}`, accept: "application/json" };
  if (cold) headers["cache-control"] = "no-cache";
  const response =
    call.method === "GET"
      ? await fetch(`${origin}${call.path}?${toQuery(params).toString()}`, { headers })
      : await fetch(`${origin}${call.path}`, {
          method: "POST",
          headers: { ...headers, "content-type": "application/json", "x-http-method-override": "GET" },
          body: JSON.stringify(params),
        });
  await response.arrayBuffer();
  return { status: response.status, ...parseServerTiming(response.headers.get("server-timing")) };
}

async function api<T>(origin: string, auth: ApiSession, method: string, pathname: string, body?: unknown): Promise<T> {
  const response = await fetch(`${origin}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${auth.accessToken}`,
      "x-csrf-token": auth.csrfToken,
      accept: "application/json",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (response.status >= 300) throw new Error(`${method} ${pathname} answered ${response.status}: ${text.slice(0, 300)}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** The bench's saved searches (created once per data folder), each backfilled before it is measured. */
export async function ensureSearches(origin: string, auth: ApiSession, log: (line: string) => void): Promise<number[]> {
  const listed = await api<{ data?: Array<{ id: number; name: string }> } | Array<{ id: number; name: string }>>(
    origin,
    auth,
    "GET",
    "/api/search/items?category=brand",
  );
  const existing = Array.isArray(listed) ? listed : (listed.data ?? []);
  const ids: number[] = [];
  for (const search of SEARCHES) {
    const found = existing.find((s) => s.name === search.name);
    if (found) {
      ids.push(found.id);
      continue;
    }
    const created = await api<{ id: number }>(origin, auth, "POST", "/api/search/items", {
      name: search.name,
      category: "brand",
      query: [{ type: "must", values: [{ filter_type: "keywords", value: search.query }] }],
    });
    ids.push(created.id);
  }
  const started = performance.now();
  for (const id of ids) {
    for (;;) {
      const item = await api<{ backfill: { finished: boolean } }>(origin, auth, "GET", `/api/search/items/${id}`);
      if (item.backfill.finished) break;
      if (performance.now() - started > 30 * 60_000) throw new Error(`saved search ${id} did not finish its backfill in 30 minutes`);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
    }
  }
  log(`  saved searches ${ids.join(", ")} backfilled (${Math.round((performance.now() - started) / 1000)} s)`);
  return ids;
}

/**
 * Waits for the server's scheduler to make the daily rollups of the days that changed (ADR 017): after an
 * ingestion or a backfill, what a dashboard opened a minute later reads. Prints how long it took.
 */
export async function waitForDailyRollups(file: string, log: (line: string) => void): Promise<void> {
  const handle = openDatabase({ url: file });
  const started = performance.now();
  try {
    const today = `${new Date().toISOString().slice(0, 10)}T00:00:00.000Z`;
    for (;;) {
      if ((await countDaysToMake(handle.db, today)) === 0) break;
      if (performance.now() - started > 10 * 60_000) throw new Error("the daily rollups were not made in 10 minutes");
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  } finally {
    await handle.close();
  }
  log(`  daily rollups made (waited ${Math.round((performance.now() - started) / 1000)} s)`);
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? NaN;
};
const round = (value: number) => Math.round(value * 10) / 10;

interface WidgetTiming {
  widget: string;
  coldMs: number;
  dbMs: number;
  queries: number;
  warmMs: number;
}

/** Every widget's calls, cold then warm, `repeat` times; per widget the median of the sums of its calls. */
async function measureWidgets(origin: string, auth: ApiSession, body: Record<string, unknown>, repeat: number): Promise<WidgetTiming[]> {
  const runs: Array<Map<string, { cold: number; db: number; queries: number; warm: number }>> = [];
  for (let i = 0; i < repeat; i++) {
    const byWidget = new Map<string, { cold: number; db: number; queries: number; warm: number }>();
    for (const call of WIDGET_CALLS) {
      const cold = await callWidget(origin, auth, call, body, true);
      const warm = await callWidget(origin, auth, call, body, false);
      if (cold.status !== 200 || warm.status !== 200) throw new Error(`${call.path} answered ${cold.status}/${warm.status}`);
      const entry = byWidget.get(call.widget) ?? { cold: 0, db: 0, queries: 0, warm: 0 };
      entry.cold += cold.appMs;
      entry.db += cold.dbMs;
      entry.queries += cold.queries;
      entry.warm += warm.appMs;
      byWidget.set(call.widget, entry);
    }
    runs.push(byWidget);
  }
  return [...runs[0]!.keys()].map((widget) => ({
    widget,
    coldMs: round(median(runs.map((r) => r.get(widget)!.cold))),
    dbMs: round(median(runs.map((r) => r.get(widget)!.db))),
    queries: runs[0]!.get(widget)!.queries,
    warmMs: round(median(runs.map((r) => r.get(widget)!.warm))),
  }));
}

function widgetTable(rows: WidgetTiming[]): string {
  const lines = ["| widget | cold ms | store queries ms (count) | warm ms |", "| --- | --- | --- | --- |"];
  for (const r of rows) lines.push(`| ${r.widget} | ${r.coldMs} | ${r.dbMs} (${r.queries}) | ${r.warmMs} |`);
  const sum = (pick: (r: WidgetTiming) => number) => round(rows.reduce((total, r) => total + pick(r), 0));
  lines.push(`| **all** | ${sum((r) => r.coldMs)} | ${sum((r) => r.dbMs)} | ${sum((r) => r.warmMs)} |`);
  return lines.join("\n");
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const checks: Check[] = [];
  const figures: BenchOutcome["figures"] = [];
  const warnings: string[] = [];
  const results: Record<string, unknown> = {};
  const sizes = (process.env.BENCH_DASHBOARD_SIZES ?? "100000,1000000").split(",").map((s) => Number(s.trim()));
  const keptBase = process.env.BENCH_DASHBOARD_SQLITE_DIR;

  for (const size of sizes) {
    const dir = keptBase ? path.join(keptBase, String(size)) : makeTempDir(`earshot-bench-dashboard-${size}`);
    fs.mkdirSync(dir, { recursive: true });
    if (!fs.existsSync(path.join(dir, "app.db"))) {
      await ctx.quiet(`ingest ${size}`);
      const ingest = await runIngestWorker(ctx, path.join(dir, "app.db"), size);
      figures.push({ label: `${size.toLocaleString("en")} demo mentions ingested (rollups maintained)`, value: ingest.itemsPerSecond, unit: "items/s" });
    }
    const appDir = makeTempDir("earshot-bench-dashboard-app");
    try {
      const app = await snapshotBuild(ctx.root, appDir);
      const server = await spawnServer({ root: app, dataDir: dir, demo: false, logFile: path.join(dir, "server.log") });
      try {
        await waitForStatus200(server);
        const origin = server.origin;
        const auth = await signInWithApi(origin);
        const searchIds = await ensureSearches(origin, auth, ctx.log);
        await waitForDailyRollups(path.join(dir, "app.db"), ctx.log);
        const contexts = searchIds.map((id) => ({ context_type: 1, context_id: id }));
        const common = { range: RANGE, compared_range: COMPARED, time_zone: "UTC", interval: "day" };
        const label = `${size.toLocaleString("en")} mentions`;

        for (const [name, chosen] of [
          ["1 context", contexts.slice(0, 1)],
          ["3 contexts", contexts],
        ] as const) {
          await ctx.quiet(`dashboard ${label}, ${name}`, [server.pid]);
          const rows = await measureWidgets(origin, auth, { ...common, contexts: chosen }, 3);
          ctx.log(`\nAll widgets, ${label}, ${name}, last 30 days by day (median of 3; ms of server time per widget):`);
          ctx.log(widgetTable(rows));
          results[`${size}:${name}`] = rows;
          const withoutClusters = rows.filter((r) => r.widget !== "conversation-cluster");
          const cold = round(withoutClusters.reduce((t, r) => t + r.coldMs, 0));
          const db = round(withoutClusters.reduce((t, r) => t + r.dbMs, 0));
          const warm = round(rows.reduce((t, r) => t + r.warmMs, 0));
          const clusters = rows.find((r) => r.widget === "conversation-cluster");
          figures.push({ label: `${label}, ${name}: all widgets cold / their store queries / warm`, value: `${cold} / ${db} / ${warm} ms` });
          if (size >= 1_000_000) {
            checks.push({ label: `${label}, ${name}: all widgets but clusters, cold`, value: cold, unit: "ms", target: TARGETS.totalMs, kind: "max" });
            checks.push({ label: `${label}, ${name}: server time ÷ store queries' time`, value: round(cold / Math.max(db, 0.1)), unit: "×", target: TARGETS.queryRatio, kind: "max" });
            if (clusters) checks.push({ label: `${label}, ${name}: conversation clusters, cold`, value: clusters.coldMs, unit: "ms", target: TARGETS.clustersMs, kind: "max" });
          }
        }

        // A shared link of the 3-context comparison, opened by anonymous viewers (no cookie, no token).
        const link = await api<{ code?: string; data?: { code: string } }>(origin, auth, "POST", "/api/v1/dashboard_shared_links", {
          title: "Bench comparison",
          non_logged_in_access: true,
          config: {
            widgets: [...new Set(WIDGET_CALLS.map((c) => c.widget))].map((id) => ({ id, config: {} })),
            contexts,
            time: 30 * 24,
            time_range: RANGE,
            time_unit: "day",
          },
        });
        const code = link.code ?? link.data?.code;
        const pageUrl = `${origin}/?shared_link_code=${code}&from=${encodeURIComponent(RANGE.from)}&to=${encodeURIComponent(RANGE.to)}&timeUnit=day&contextIds=${searchIds.join(",")}`;
        const first = await fetch(pageUrl);
        const html = await first.text();
        if (first.status !== 200) throw new Error(`the shared link page answered ${first.status}`);
        await ctx.quiet(`shared link ${label}`, [server.pid]);
        const load = await runLoad(
          { name: `GET /?shared_link_code (${label}, 3 contexts)`, url: pageUrl, expectStatus: 200 },
          { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS, serverPid: server.pid },
        );
        if (load.unexpectedResponses) warnings.push(`shared link: ${load.unexpectedResponses} answers not 200`);
        ctx.log(`\nShared link page (${ctx.connections} anonymous viewers, ${html.length.toLocaleString("en")} bytes):`);
        ctx.log(loadTable([load]));
        checks.push({ label: `${label}: shared link page p95 (${ctx.connections} viewers)`, value: load.latencyMs.p95, unit: "ms", target: TARGETS.sharedTtfbP95Ms, kind: "max" });
        results[`${size}:shared`] = load;
      } finally {
        await server.stop();
      }
    } finally {
      fs.rmSync(appDir, { recursive: true, force: true });
      if (!keptBase && !process.env.BENCH_KEEP_DATA) fs.rmSync(dir, { recursive: true, force: true });
      else ctx.log(`  data kept in ${dir}`);
    }
  }
  return { name: "dashboard", checks, figures, warnings, results };
}
