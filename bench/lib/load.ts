// Load scenarios with autocannon's programmatic API. autocannon reports p50/p97.5/p99 but no p95,
// so every response's time is collected here and the percentiles are computed exactly.
import type { EventEmitter } from "node:events";
import { createRequire } from "node:module";
import { processCpuMs } from "./machine";
import { percentileOfSorted, round } from "./stats";

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

  times.sort((a, b) => a - b);
  const responses = times.length + unexpected;
  const serverCpuMs = cpuAtStart !== null && cpuAtEnd !== null ? cpuAtEnd - cpuAtStart : null;
  const mean = times.length ? times.reduce((sum, t) => sum + t, 0) / times.length : null;
  return {
    name: scenario.name,
    method,
    url: scenario.url,
    connections: options.connections,
    durationS: result.duration,
    warmupS: options.warmupS,
    requests: responses,
    requestsPerSecond: round(times.length / (result.duration || options.durationS), 1),
    latencyMs: {
      p50: round(percentileOfSorted(times, 50), 1),
      p95: round(percentileOfSorted(times, 95), 1),
      p99: round(percentileOfSorted(times, 99), 1),
      max: round(times.at(-1) ?? null, 1),
      mean: round(mean, 1),
    },
    statusCodes,
    unexpectedResponses: unexpected,
    errors: result.errors,
    timeouts: result.timeouts,
    throughputKBps: round(result.throughput.average / 1024, 1),
    serverCpuMsPerRequest: serverCpuMs !== null && responses ? round(serverCpuMs / responses, 2) : null,
  };
}
