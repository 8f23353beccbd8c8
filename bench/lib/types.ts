// Shared shapes for every bench (platform now; query, inbox and dashboard later).

export interface BenchContext {
  /** The project root (where build/ and public/ live); servers run with it as cwd. */
  root: string;
  /** Where bench/results/<name>.json goes. */
  resultsDir: string;
  /** Seconds per load scenario (BENCH_DURATION, default 10). */
  durationS: number;
  /** Seconds of unmeasured warm-up before each scenario (BENCH_WARMUP, default 2; 0 = none). */
  warmupS: number;
  /** Concurrent connections per scenario (BENCH_CONNECTIONS, default 10). */
  connections: number;
  /** Most seconds to wait for other processes to leave the CPU before the bench (BENCH_QUIET_WAIT, default 300). */
  quietWaitS: number;
  log(line: string): void;
  /**
   * Waits (at most maxWaitS, default min(60, quietWaitS)) for the machine to be quiet and returns the
   * share of CPU other processes used (0..1, null if unknown), to be reported with the figures.
   */
  quiet(label: string, maxWaitS?: number): Promise<number | null>;
}

/** One figure compared with its target. */
export interface Check {
  label: string;
  value: number | null;
  unit: string;
  target: number;
  /** "max": PASS when value <= target (all targets so far are ceilings). */
  kind: "max";
  /** Where the figure comes from, shown under the table. */
  note?: string;
}

export type CheckStatus = "PASS" | "MISS" | "N/A";

export interface BenchOutcome {
  name: string;
  checks: Check[];
  /** Other rows worth printing (no target): label → value with unit. */
  figures: Array<{ label: string; value: number | string | null; unit?: string }>;
  /** Printed under the table and kept in the JSON (e.g. "measured on a busy machine"). */
  warnings: string[];
  /** Everything measured, written as JSON. */
  results: Record<string, unknown>;
}

export interface BenchModule {
  run(ctx: BenchContext): Promise<BenchOutcome>;
}
