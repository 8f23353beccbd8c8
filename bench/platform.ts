// Platform bench: cold start, request latency/throughput, memory and sign-in page JS weight,
// against the built server on loopback with a fresh demo DATA_DIR.
import fs from "node:fs";
import path from "node:path";
import { signInWithApi, signInWithForm, apiLoginBody } from "./lib/http";
import { measurePageJs } from "./lib/js-weight";
import { runLoad, type LoadResult, type LoadScenario } from "./lib/load";
import { BUSY_THRESHOLD, watchOtherCpu } from "./lib/machine";
import { loadTable } from "./lib/report";
import {
  assertBuilt,
  makeTempDir,
  readMemory,
  snapshotBuild,
  spawnServer,
  waitForStatus200,
  type Memory,
  type RunningServer,
} from "./lib/server";
import { median, round, sleep } from "./lib/stats";
import type { BenchContext, BenchOutcome, Check } from "./lib/types";

export const TARGETS = {
  coldStartMs: 2_000,
  shellP95Ms: 50,
  idleRssMB: 200,
  signInJsGzipKB: 110,
} as const;

const COLD_STARTS = 3;
/** A measurement during which other processes used more than BUSY_THRESHOLD is tried again, up to this many times in all. */
const MAX_ATTEMPTS = 3;
/** Quiet time after the first 200 before idle memory is read. */
const IDLE_SETTLE_MS = 2_000;

interface Contention {
  /** Share of all cores other processes used during the measurement (0..1); null: unknown. */
  otherCpuDuring: number | null;
  attempts: number;
}

interface ColdStart extends Contention {
  run: number;
  spawnToFirst200Ms: number;
  /** The server's own figure (main() to the listening callback), from its "listening" log line. */
  startupMsLogged: number | null;
  idle: Memory | null;
}

type MeasuredLoad = LoadResult & Contention & { rssAfterMB: number | null };

/** A load scenario whose credentials are fetched right before each attempt. */
type Scenario = LoadScenario & { auth?: () => Promise<Record<string, string>> };

const contended = (c: Contention) => c.otherCpuDuring !== null && c.otherCpuDuring > BUSY_THRESHOLD;
const pct = (share: number | null) => (share === null ? "?" : `${Math.round(share * 100)}%`);

function loggedNumber(server: RunningServer, msg: string, field: string): number | null {
  const value = server.logLines().find((l) => l.msg === msg)?.[field];
  return typeof value === "number" ? value : null;
}

/** Runs `attempt` until it is not contended (or attempts/budget run out); keeps the least contended. */
async function leastContended<T extends { otherCpuDuring: number | null }>(
  ctx: BenchContext,
  label: string,
  attempt: () => Promise<T>,
  discard: (result: T) => Promise<void> = async () => {},
): Promise<T & { attempts: number }> {
  let best: T | null = null;
  let attempts = 0;
  while (attempts < MAX_ATTEMPTS) {
    attempts++;
    const result = await attempt();
    if (best === null || (result.otherCpuDuring ?? 0) < (best.otherCpuDuring ?? 0)) {
      if (best) await discard(best);
      best = result;
    } else {
      await discard(result);
    }
    const busy = result.otherCpuDuring;
    if (busy === null || busy <= BUSY_THRESHOLD) break;
    if (attempts < MAX_ATTEMPTS && ctx.canRetry()) {
      ctx.log(`  [${label}] other processes used ${pct(busy)} of the CPU during the measurement; measuring again`);
    } else break;
  }
  return { ...best!, attempts };
}

export async function run(ctx: BenchContext): Promise<BenchOutcome> {
  assertBuilt(ctx.root);
  const workDir = makeTempDir("earshot-bench-platform");
  const dataDir = path.join(workDir, "data");
  const logDir = path.join(workDir, "logs");
  fs.mkdirSync(dataDir);
  fs.mkdirSync(logDir);
  const running = new Set<RunningServer>();
  const stopServer = async (server: RunningServer) => {
    await server.stop();
    running.delete(server);
  };
  let ok = false;

  try {
    // The server runs from a copy of the build, so a rebuild elsewhere cannot change it mid-bench.
    const appDir = await snapshotBuild(ctx.root, path.join(workDir, "app"));
    ctx.log(`DATA_DIR ${dataDir}; server files copied to ${appDir}`);
    await ctx.quiet("before the bench");

    // 1. The first start seeds the demo workspace; timed, but not a cold start figure.
    ctx.log("first start (seeds the demo workspace)…");
    const seeding = await spawnServer({ root: appDir, dataDir, demo: true, logFile: path.join(logDir, "seed.log") });
    running.add(seeding);
    const seedStartMs = await waitForStatus200(seeding);
    const seedMs = loggedNumber(seeding, "demo workspace created", "ms");
    if (seedMs === null) {
      throw new Error(`first start did not log "demo workspace created" (is DATA_DIR fresh?):\n${seeding.logTail()}`);
    }
    await stopServer(seeding);
    ctx.log(`  seeded in ${seedMs} ms; first start to first 200 ${Math.round(seedStartMs)} ms`);

    // 2. Cold starts on the seeded DATA_DIR (--demo again, as `npm run demo` restarts: it must not seed).
    const coldStarts: ColdStart[] = [];
    let server: RunningServer | null = null;
    let spawns = 0;
    for (let i = 1; i <= COLD_STARTS; i++) {
      const label = `cold start ${i}`;
      const start = await leastContended(
        ctx,
        label,
        async () => {
          await ctx.quiet(label);
          let started: RunningServer | null = null;
          const otherCpu = watchOtherCpu(() => (started ? [started.pid] : []));
          started = await spawnServer({
            root: appDir,
            dataDir,
            demo: true,
            logFile: path.join(logDir, `start-${++spawns}.log`),
          });
          running.add(started);
          const ms = await waitForStatus200(started);
          const otherCpuDuring = otherCpu();
          if (started.logLines().some((l) => l.msg === "demo workspace created")) {
            throw new Error(`${label} seeded again; the cold start would include seeding`);
          }
          await sleep(IDLE_SETTLE_MS);
          return {
            server: started,
            run: i,
            spawnToFirst200Ms: round(ms, 1)!,
            startupMsLogged: loggedNumber(started, "listening", "startupMs"),
            idle: readMemory(started.pid),
            otherCpuDuring,
          };
        },
        (discarded) => stopServer(discarded.server),
      );
      const { server: started, ...figures } = start;
      coldStarts.push(figures);
      ctx.log(
        `  ${label}: ${figures.spawnToFirst200Ms} ms to first 200 (server logs ${figures.startupMsLogged ?? "?"} ms from main() to listening), ` +
          `idle RSS ${figures.idle?.rssMB ?? "?"} MB, other CPU ${pct(figures.otherCpuDuring)}`,
      );
      if (i < COLD_STARTS) await stopServer(started);
      else server = started;
    }
    if (!server) throw new Error("no server left running after the cold starts");
    const origin = server.origin;
    const coldStartMedian = round(median(coldStarts.map((c) => c.spawnToFirst200Ms)), 1);
    const idleRssMedian = round(median(coldStarts.flatMap((c) => (c.idle ? [c.idle.rssMB] : []))), 1);

    // 3. The sign-in page's JavaScript.
    const js = await measurePageJs(`${origin}/login`);
    ctx.log(
      `sign-in page JS: ${js.assets.length} scripts, ${js.totalGzipKB} KB gzipped (${round(js.totalRawBytes / 1024, 1)} KB raw)`,
    );

    // 4. Load.
    const load = { connections: ctx.connections, durationS: ctx.durationS, warmupS: ctx.warmupS };
    const live = server;
    const measure = (scenario: Scenario): Promise<MeasuredLoad> =>
      leastContended(ctx, scenario.name, async () => {
        await ctx.quiet(scenario.name, [live.pid]);
        ctx.log(
          `load: ${scenario.name} (${load.connections} connections, ${load.warmupS} s warm-up + ${load.durationS} s)…`,
        );
        // Fresh credentials for every attempt: waits and retries may outlast a 15-minute access token.
        const headers = { ...scenario.headers, ...(await scenario.auth?.()) };
        const otherCpu = watchOtherCpu(() => [live.pid]);
        const result = await runLoad({ ...scenario, headers }, { ...load, serverPid: live.pid });
        return { ...result, otherCpuDuring: otherCpu(), rssAfterMB: readMemory(live.pid)?.rssMB ?? null };
      });

    const signedInCookie = async () => ({ cookie: await signInWithForm(origin) });
    const bearer = async () => {
      const api = await signInWithApi(origin);
      return { authorization: `Bearer ${api.accessToken}`, "x-csrf-token": api.csrfToken };
    };
    const scenarios: Scenario[] = [
      { name: "GET /login", url: `${origin}/login`, expectStatus: 200 },
      { name: "GET / (signed in)", url: `${origin}/`, auth: signedInCookie, expectStatus: 200 },
      {
        name: "POST /api/v1/session",
        url: `${origin}/api/v1/session`,
        method: "POST",
        headers: { "content-type": "application/json", accept: "application/json" },
        body: apiLoginBody(),
        expectStatus: 201,
      },
    ];
    const loads: MeasuredLoad[] = [];
    for (const scenario of scenarios) loads.push(await measure(scenario));
    const afterLoad = readMemory(live.pid);
    await sleep(IDLE_SETTLE_MS);
    const afterLoadSettled = readMemory(live.pid);

    // 5. Diagnostics: the API calls GET / makes in process (its loaders call GET /accounts and
    // GET /v1/notifications and record a page view), to tell API time from render time.
    const json = { accept: "application/json" };
    const diagnostics: Scenario[] = [
      { name: "GET /healthz (floor)", url: `${origin}/healthz`, expectStatus: 200 },
      {
        name: "GET /api/accounts (bearer)",
        url: `${origin}/api/accounts`,
        headers: json,
        auth: bearer,
        expectStatus: 200,
      },
      {
        name: "GET /api/v1/notifications (bearer)",
        url: `${origin}/api/v1/notifications`,
        headers: json,
        auth: bearer,
        expectStatus: 200,
      },
      {
        name: "POST /api/v1/account_events",
        url: `${origin}/api/v1/account_events`,
        method: "POST",
        headers: { ...json, "content-type": "application/json" },
        auth: bearer,
        body: JSON.stringify({ action_type: "page_view", event_type: "navigation", action_module: "/" }),
        expectStatus: 201,
      },
    ];
    const diagnosticLoads: MeasuredLoad[] = [];
    for (const scenario of diagnostics) diagnosticLoads.push(await measure(scenario));
    const atEnd = readMemory(live.pid);
    await stopServer(live);

    ctx.log(
      `\nLoad (${load.connections} connections, ${load.durationS} s each after ${load.warmupS} s warm-up; latency of expected-status responses):`,
    );
    ctx.log(loadTable(loads));
    ctx.log(`\nDiagnostics (same settings; the parts of GET / signed in):`);
    ctx.log(loadTable(diagnosticLoads));

    const shell = loads[1]!;
    // The shell's own CPU against the CPU of the API calls it makes, each measured standalone
    // (over HTTP, so a slight overestimate of their in-process cost).
    const apiParts = diagnosticLoads.filter((l) => l.name !== "GET /healthz (floor)");
    const apiCpuMs = apiParts.every((l) => l.serverCpuMsPerRequest !== null)
      ? round(
          apiParts.reduce((sum, l) => sum + l.serverCpuMsPerRequest!, 0),
          2,
        )
      : null;
    const checks: Check[] = [
      {
        label: "Cold start (spawn → first 200 of GET /login), median of 3",
        value: coldStartMedian,
        unit: "ms",
        target: TARGETS.coldStartMs,
        kind: "max",
        note: `runs ${coldStarts.map((c) => c.spawnToFirst200Ms).join(" / ")} ms; seeding excluded (restarts on the seeded DATA_DIR)`,
      },
      {
        label: "Shell page GET / signed in, p95",
        value: shell.latencyMs.p95,
        unit: "ms",
        target: TARGETS.shellP95Ms,
        kind: "max",
        note: `${load.connections} connections for ${load.durationS} s`,
      },
      {
        label: "Idle RSS after start, median of 3",
        value: idleRssMedian,
        unit: "MB",
        target: TARGETS.idleRssMB,
        kind: "max",
        note: `VmRSS ${IDLE_SETTLE_MS / 1000} s after the first 200`,
      },
      {
        label: "Sign-in page JS, gzipped",
        value: js.totalGzipKB,
        unit: "KB",
        target: TARGETS.signInJsGzipKB,
        kind: "max",
        note: `${js.assets.length} scripts (modulepreload + inline), each gzipped at zlib's default level; KB = 1024 bytes`,
      },
    ];

    const measured: Array<{ label: string } & Contention> = [
      ...coldStarts.map((c) => ({ label: `cold start ${c.run}`, ...c })),
      ...[...loads, ...diagnosticLoads].map((l) => ({ label: l.name, ...l })),
    ];
    const flagged = measured.filter(contended);
    const warnings = flagged.length
      ? [
          `other processes used more than ${BUSY_THRESHOLD * 100}% of the CPU during: ` +
            `${flagged.map((m) => `${m.label} (${pct(m.otherCpuDuring)})`).join(", ")}. ` +
            `Those figures are pessimistic; re-run on a quiet machine.`,
        ]
      : [];

    ok = true;
    return {
      name: "platform",
      checks,
      warnings,
      figures: [
        { label: 'Seeding (first start, "demo workspace created")', value: seedMs, unit: "ms" },
        { label: "First start incl. seeding → first 200", value: round(seedStartMs, 0), unit: "ms" },
        {
          label: "Server-logged startupMs, main() → listening (median)",
          value: median(coldStarts.flatMap((c) => (c.startupMsLogged === null ? [] : [c.startupMsLogged]))),
          unit: "ms",
        },
        ...loads.flatMap((l) => [
          { label: `${l.name}: req/s`, value: l.requestsPerSecond },
          {
            label: `${l.name}: p50 / p95 / p99`,
            value: `${l.latencyMs.p50} / ${l.latencyMs.p95} / ${l.latencyMs.p99} ms`,
          },
        ]),
        {
          label: "RSS right after load (peak VmHWM)",
          value: afterLoad ? `${afterLoad.rssMB} MB (peak ${afterLoad.peakRssMB} MB)` : null,
        },
        { label: `RSS ${IDLE_SETTLE_MS / 1000} s after load`, value: afterLoadSettled?.rssMB ?? null, unit: "MB" },
        { label: "RSS after the diagnostics too", value: atEnd?.rssMB ?? null, unit: "MB" },
        { label: "Sign-in page JS raw", value: round(js.totalRawBytes / 1024, 1), unit: "KB" },
        { label: "JS served with Content-Encoding", value: js.servedContentEncoding ?? "none (uncompressed)" },
        {
          label: "Shell CPU/request: its API calls (standalone) / all",
          value:
            apiCpuMs === null || shell.serverCpuMsPerRequest === null
              ? null
              : `${apiCpuMs} / ${shell.serverCpuMsPerRequest} ms`,
        },
        ...[...loads, ...diagnosticLoads].map((l) => ({
          label: `Server CPU per request: ${l.name}`,
          value: l.serverCpuMsPerRequest,
          unit: "ms",
        })),
      ],
      results: {
        settings: {
          ...load,
          coldStarts: COLD_STARTS,
          idleSettleMs: IDLE_SETTLE_MS,
          host: "127.0.0.1",
          restartArgs: ["--demo"],
          contentionThreshold: BUSY_THRESHOLD,
          maxAttempts: MAX_ATTEMPTS,
        },
        targets: TARGETS,
        seeding: { seedMs, firstStartToFirst200Ms: round(seedStartMs, 1) },
        coldStarts,
        coldStartMedianMs: coldStartMedian,
        memory: { idleRssMedianMB: idleRssMedian, afterLoad, afterLoadSettled, atEnd },
        load: loads,
        diagnostics: diagnosticLoads,
        shellCpuMsPerRequest: { all: shell.serverCpuMsPerRequest, apiCallsStandalone: apiCpuMs },
        signInJs: js,
      },
    };
  } finally {
    for (const server of running) await server.stop();
    if (ok && !process.env.BENCH_KEEP_DATA) fs.rmSync(workDir, { recursive: true, force: true });
    else ctx.log(`server logs kept in ${logDir}`);
  }
}
