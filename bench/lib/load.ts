// Load scenarios with autocannon's programmatic API. autocannon reports p50/p97.5/p99 but no p95,
// so every response's time is collected here and the percentiles are computed exactly.
import type { EventEmitter } from "node:events";
import http from "node:http";
import { createRequire } from "node:module";
import { processCpuMs } from "./machine";
import { percentileOfSorted, round, sleep } from "./stats";

/** One connection of autocannon's (the slice of its Client the benches use). */
export interface AutocannonClient {
  setHeaders(headers: Record<string, string>): void;
}

/** A request of autocannon's `requests` list; `setupRequest` may change it before each send. */
export interface AutocannonRequest {
  method?: string;
  path?: string;
  headers?: Record<string, string>;
  body?: string;
  setupRequest?: (request: AutocannonRequest, context: Record<string, unknown>) => AutocannonRequest;
}

interface AutocannonOptions {
  url: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  setupClient?: (client: AutocannonClient) => void;
  requests?: AutocannonRequest[];
  connections: number;
  duration: number;
  timeout?: number;
  warmup?: { connections: number; duration: number };
  renderProgressBar?: boolean;
  renderResultsTable?: boolean;
}

interface AutocannonResult {
  duration: number;
  errors: number;
  timeouts: number;
  non2xx: number;
  statusCodeStats: Record<string, { count: number }>;
  requests: { average: number; total: number; sent: number };
  latency: { p50: number; p97_5: number; p99: number; max: number; mean: number };
  throughput: { average: number };
}

type Instance = EventEmitter & PromiseLike<AutocannonResult>;
type Autocannon = (options: AutocannonOptions) => Instance;

// autocannon ships no types; this is the slice of its API the benches use.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

export interface LoadScenario {
  name: string;
  url: string;
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  headers?: Record<string, string>;
  body?: string;
  /** The status every response should have; others are counted as unexpected. */
  expectStatus: number;
  /** Per connection (e.g. each its own signed-in user): called once for each. */
  setupClient?: (client: AutocannonClient) => void;
  /** Requests that vary (e.g. a different item each time); url/method/body above are the defaults. */
  requests?: AutocannonRequest[];
}

export interface LoadResult {
  name: string;
  method: string;
  url: string;
  connections: number;
  durationS: number;
  warmupS: number;
  requests: number;
  requestsPerSecond: number | null;
  latencyMs: { p50: number | null; p95: number | null; p99: number | null; max: number | null; mean: number | null };
  statusCodes: Record<string, number>;
  unexpectedResponses: number;
  errors: number;
  timeouts: number;
  /** Response bytes per second (KB/s), as autocannon measured it. */
  throughputKBps: number | null;
  /**
   * CPU the server used per response (all its threads), when its pid is given. It depends much less
   * than latency on what else runs on the machine: 1000 / this ≈ responses per second per core.
   */
  serverCpuMsPerRequest: number | null;
}

export async function runLoad(
  scenario: LoadScenario,
  options: { connections: number; durationS: number; warmupS: number; serverPid?: number },
): Promise<LoadResult> {
  const method = scenario.method ?? "GET";
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  let unexpected = 0;

  const instance = autocannon({
    url: scenario.url,
    method,
    headers: scenario.headers,
    body: scenario.body,
    ...(scenario.setupClient ? { setupClient: scenario.setupClient } : {}),
    ...(scenario.requests ? { requests: scenario.requests } : {}),
    connections: options.connections,
    duration: options.durationS,
    timeout: 30,
    ...(options.warmupS > 0 ? { warmup: { connections: options.connections, duration: options.warmupS } } : {}),
    renderProgressBar: false,
    renderResultsTable: false,
  });
  // Only the measured run emits on this instance (the warm-up has its own tracker).
  let cpuAtStart: number | null = null;
  let cpuAtEnd: number | null = null;
  instance.once("start", () => {
    cpuAtStart = options.serverPid ? processCpuMs(options.serverPid) : null;
  });
  instance.once("done", () => {
    cpuAtEnd = options.serverPid ? processCpuMs(options.serverPid) : null;
  });
  instance.on("response", (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
    statusCodes[statusCode] = (statusCodes[statusCode] ?? 0) + 1;
    if (statusCode === scenario.expectStatus) times.push(responseTime);
    else unexpected++;
  });
  const result = await instance;
  const serverCpuMs = cpuAtStart !== null && cpuAtEnd !== null ? cpuAtEnd - cpuAtStart : null;
  return summarize(times, {
    name: scenario.name,
    method,
    url: scenario.url,
    connections: options.connections,
    durationS: result.duration || options.durationS,
    warmupS: options.warmupS,
    statusCodes,
    unexpectedResponses: unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
    throughputKBps: round(result.throughput.average / 1024, 1),
    serverCpuMs,
  });
}

/** A LoadResult from the response times of the expected status (sorted here) and what else was counted. */
function summarize(
  times: number[],
  counted: Omit<LoadResult, "requests" | "requestsPerSecond" | "latencyMs" | "serverCpuMsPerRequest"> & { serverCpuMs: number | null },
): LoadResult {
  const { serverCpuMs, ...rest } = counted;
  times.sort((a, b) => a - b);
  const responses = times.length + counted.unexpectedResponses;
  const mean = times.length ? times.reduce((sum, t) => sum + t, 0) / times.length : null;
  return {
    ...rest,
    requests: responses,
    requestsPerSecond: round(times.length / counted.durationS, 1),
    latencyMs: {
      p50: round(percentileOfSorted(times, 50), 1),
      p95: round(percentileOfSorted(times, 95), 1),
      p99: round(percentileOfSorted(times, 99), 1),
      max: round(times.at(-1) ?? null, 1),
      mean: round(mean, 1),
    },
    serverCpuMsPerRequest: serverCpuMs !== null && responses ? round(serverCpuMs / responses, 2) : null,
  };
}

export interface PacedScenario {
  name: string;
  url: string;
  /** One entry per user (e.g. each its own signed-in cookie): as many users as entries. */
  userHeaders: Array<Record<string, string>>;
  expectStatus: number;
}

/**
 * Users who read what they loaded before asking again: each user sends a request, waits for its answer,
 * then pauses for a think time drawn at random between half and one and a half times `thinkS`. Unlike
 * runLoad's connections, which ask again the instant an answer arrives (a saturation test: with one
 * process, p95 is about the number of connections times a request's CPU), these users' requests meet
 * only by chance, as people's do. Each user keeps one connection alive, as a browser does.
 */
export async function runPacedLoad(
  scenario: PacedScenario,
  options: { thinkS: number; durationS: number; warmupS: number; serverPid?: number },
): Promise<LoadResult> {
  const target = new URL(scenario.url);
  const times: number[] = [];
  const statusCodes: Record<string, number> = {};
  let unexpected = 0;
  let errors = 0;
  let bytes = 0;
  const started = performance.now();
  const measureFrom = started + options.warmupS * 1000;
  const stopAt = measureFrom + options.durationS * 1000;
  let cpuAtStart: number | null = null;
  const cpuTimer = setTimeout(() => {
    cpuAtStart = options.serverPid ? processCpuMs(options.serverPid) : null;
  }, options.warmupS * 1000);

  const once = (agent: http.Agent, headers: Record<string, string>) =>
    new Promise<{ status: number; bytes: number }>((resolve, reject) => {
      const request = http.get(target, { agent, headers, timeout: 30_000 }, (response) => {
        let size = 0;
        response.on("data", (chunk: Buffer) => (size += chunk.length));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, bytes: size }));
        response.on("error", reject);
      });
      request.on("timeout", () => request.destroy(new Error("timed out")));
      request.on("error", reject);
    });

  const user = async (headers: Record<string, string>, index: number) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    // Users arrive spread over one think time, not all in the same instant.
    await sleep((index / scenario.userHeaders.length) * options.thinkS * 1000);
    try {
      while (performance.now() < stopAt) {
        const sentAt = performance.now();
        try {
          const answer = await once(agent, headers);
          const took = performance.now() - sentAt;
          if (sentAt >= measureFrom) {
            statusCodes[answer.status] = (statusCodes[answer.status] ?? 0) + 1;
            if (answer.status === scenario.expectStatus) {
              times.push(took);
              bytes += answer.bytes;
            } else unexpected++;
          }
        } catch {
          if (sentAt >= measureFrom) errors++;
        }
        await sleep((0.5 + Math.random()) * options.thinkS * 1000);
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(scenario.userHeaders.map((headers, index) => user(headers, index)));
  clearTimeout(cpuTimer);
  const cpuAtEnd = options.serverPid ? processCpuMs(options.serverPid) : null;

  // A request sent in the window counts whenever it ends; the CPU is counted to when every user stopped
  // (after a pause, in which the server had nothing of theirs to do).
  const measuredS = (performance.now() - measureFrom) / 1000;
  return summarize(times, {
    name: scenario.name,
    method: "GET",
    url: scenario.url,
    connections: scenario.userHeaders.length,
    durationS: options.durationS,
    warmupS: options.warmupS,
    statusCodes,
    unexpectedResponses: unexpected,
    errors,
    timeouts: 0,
    throughputKBps: round(bytes / 1024 / measuredS, 1),
    serverCpuMs: cpuAtStart !== null && cpuAtEnd !== null ? cpuAtEnd - cpuAtStart : null,
  });
}
