// `npm run bench -- scale` (issue 28, ADR 043): the same data served by 1 and then 2 server processes
// (WEB_CONCURRENCY, Node's cluster module) on one port, on this machine's cores, the load generator
// included. The demo workspace with BENCH_SCALE_MENTIONS mentions (default 20,000) on SQLite, seeded
// once and reused by both runs. Per process count:
// - requests per second with BENCH_CONNECTIONS connections that never pause, for the API's inbox list
//   (GET /api/v1/feed-items), an in-app navigation (the inbox route's loader data, as the browser asks
//   for it when a link is followed) and the first /inbox page (the whole HTML);
// - p95 of the first /inbox page for 20 agents who pause 0.5–1.5 s between pages, and for one agent alone.
// Goals: ≥ 1.6× the requests per second with 2 processes on 2 cores; the page's p95 ≤ 100 ms for 20
// agents and ≤ 25 ms for one.
import os from "node:os";
import path from "node:path";
import { signInWithApi, signInWithForm } from "./lib/http";
import { runLoad, runPacedLoad, type LoadResult } from "./lib/load";
import { assertBuilt, makeTempDir, spawnServer, waitForStatus200, type RunningServer } from "./lib/server";
import { round, sleep } from "./lib/stats";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

const MENTIONS = Number(process.env.BENCH_SCALE_MENTIONS ?? 20_000);
const AGENTS = 20;
const PACED_DURATION_S = 20;
/** What a browser asks for when an agent follows a link to the inbox (as bench/inbox.ts): loader data, no markup. */
const IN_APP_NAVIGATION_ROUTES = ["root", "routes/_shell.inbox._index"].join(",");

interface Run {
  processes: number;
  api: LoadResult;
  navigation: LoadResult;
  page: LoadResult;
  agents: LoadResult;
  alone: LoadResult;
}

async function waitForDemo(server: RunningServer): Promise<void> {
  const deadline = performance.now() + 600_000;
  while (performance.now() < deadline) {
    const lines = server.logLines();
    if (lines.some((l) => l.msg === "demo mentions loaded")) return;
    if (lines.some((l) => l.msg === "demo mentions failed")) throw new Error("demo mentions failed");
    await sleep(500);
  }
  throw new Error("the demo mentions were not loaded within 10 minutes");
}

async function measure(ctx: BenchContext, dataDir: string, processes: number, first: boolean): Promise<Run> {
  const server = await spawnServer({
    root: ctx.root,
    dataDir,
    demo: true,
    logFile: path.join(dataDir, `server-${processes}.log`),
    env: { WEB_CONCURRENCY: String(processes), DEMO_MENTIONS: String(MENTIONS), POLL_INTERVAL_SECONDS: "3600" },
  });
  try {
    await waitForStatus200(server, "/healthz");
    if (first) await waitForDemo(server);
    // Every worker listens before the load starts.
    const deadline = performance.now() + 60_000;
    while (server.logLines().filter((l) => l.msg === "listening").length < processes && performance.now() < deadline) await sleep(200);
    const cookie = await signInWithForm(server.origin);
    const api = await signInWithApi(server.origin);
    const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    await ctx.quiet(`scale ${processes}`);
    const apiResult = await runLoad(
      { name: "API inbox list", url: `${server.origin}/api/v1/feed-items?source_type=all&limit=20`, headers: { authorization: `Bearer ${api.accessToken}` }, expectStatus: 200 },
      load,
    );
    const navigation = await runLoad(
      { name: "in-app navigation to the inbox", url: `${server.origin}/inbox.data?_routes=${encodeURIComponent(IN_APP_NAVIGATION_ROUTES)}`, headers: { cookie }, expectStatus: 200 },
      load,
    );
    const page = await runLoad({ name: "first /inbox page", url: `${server.origin}/inbox`, headers: { cookie }, expectStatus: 200 }, load);
    const agents = await runPacedLoad(
      { name: `${AGENTS} agents pausing 0.5–1.5 s`, url: `${server.origin}/inbox`, userHeaders: Array.from({ length: AGENTS }, () => ({ cookie })), expectStatus: 200 },
      { thinkS: 1, durationS: PACED_DURATION_S, warmupS: ctx.warmupS },
    );
    const alone = await runPacedLoad(
      { name: "one agent alone", url: `${server.origin}/inbox`, userHeaders: [{ cookie }], expectStatus: 200 },
      { thinkS: 0.2, durationS: 10, warmupS: 1 },
    );
    for (const r of [apiResult, navigation, page, agents, alone]) {
      ctx.log(`  ${processes} process(es), ${r.name}: ${r.requestsPerSecond} req/s, p95 ${r.latencyMs.p95} ms (${r.unexpectedResponses} unexpected, ${r.errors} errors)`);
    }
    return { processes, api: apiResult, navigation, page, agents, alone };
  } finally {
    await server.stop();
  }
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const dataDir = makeTempDir("earshot-bench-scale-");
  const one = await measure(ctx, dataDir, 1, true);
  const two = await measure(ctx, dataDir, 2, false);
  const ratio = (a: LoadResult, b: LoadResult) =>
    a.requestsPerSecond && b.requestsPerSecond ? round(b.requestsPerSecond / a.requestsPerSecond, 2) : null;
  const checks: Check[] = [
    { label: "API list: req/s with 2 processes ÷ 1", value: ratio(one.api, two.api), unit: "×", target: 1.6, kind: "min" },
    { label: "in-app navigation: req/s with 2 processes ÷ 1", value: ratio(one.navigation, two.navigation), unit: "×", target: 1.6, kind: "min" },
    { label: "first /inbox page: req/s with 2 processes ÷ 1", value: ratio(one.page, two.page), unit: "×", target: 1.6, kind: "min" },
    { label: `/inbox p95, ${AGENTS} pausing agents, 2 processes`, value: two.agents.latencyMs.p95, unit: "ms", target: 100, kind: "max" },
    { label: "/inbox p95, one agent alone, 2 processes", value: two.alone.latencyMs.p95, unit: "ms", target: 25, kind: "max" },
  ];
  const figures = [one, two].flatMap((r) => [
    { label: `${r.processes} process(es): API list`, value: r.api.requestsPerSecond, unit: "req/s" },
    { label: `${r.processes} process(es): in-app navigation`, value: r.navigation.requestsPerSecond, unit: "req/s" },
    { label: `${r.processes} process(es): first /inbox page`, value: r.page.requestsPerSecond, unit: "req/s" },
    { label: `${r.processes} process(es): /inbox p95, ${AGENTS} pausing agents`, value: r.agents.latencyMs.p95, unit: "ms" },
    { label: `${r.processes} process(es): /inbox p95, one agent`, value: r.alone.latencyMs.p95, unit: "ms" },
  ]);
  return {
    name: "scale",
    checks,
    figures,
    warnings: [`${os.availableParallelism()} cores; the load generator runs on the same machine; the machine is shared with other work`],
    results: { mentions: MENTIONS, one, two },
  };
}
