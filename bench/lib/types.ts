// Shared shapes for every bench (platform now; query, inbox and dashboard later).

export interface BenchContext {
  /** The project root (where build/ and public/ live; benches run servers from a copy of them). */
  root: string;
  /** Where bench/results/<name>.json goes. */
  resultsDir: string;
  /** Seconds per load scenario (BENCH_DURATION, default 10). */
  durationS: number;
  /** Seconds of unmeasured warm-up before each scenario (BENCH_WARMUP, default 2; 0 = none). */
  warmupS: number;
  /** Concurrent connections per scenario (BENCH_CONNECTIONS, default 10). */
  connections: number;
  /** Total seconds the run may spend waiting for other processes to leave the CPU (BENCH_QUIET_WAIT, default 600). */
  quietWaitS: number;
  log(line: string): void;
  /**
   * Waits (from the shared budget) for the machine to be quiet and returns the share of all cores
   * other processes used (0..1, null if unknown); ownPids (servers under test) do not count.
   */
  quiet(label: string, ownPids?: number[]): Promise<number | null>;
  /** Whether a contended measurement may be repeated (waiting budget left). */
  canRetry(): boolean;
}

/** One figure compared with its target. */
export interface Check {
  label: string;
  value: number | null;
  unit: string;
  target: number;
  /** "max": PASS when value <= target (a ceiling); "min": PASS when value >= target (a floor). */
  kind: "max" | "min";
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
