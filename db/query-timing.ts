// Time spent in the store per request (the dashboard bench compares a request's total time with the
// time of the queries it issued). A request opens a tally; every query run inside it adds its duration.
import { AsyncLocalStorage } from "node:async_hooks";
import type { LogEvent } from "kysely";

export interface QueryTally {
  queries: number;
  ms: number;
}

const tallies = new AsyncLocalStorage<QueryTally>();

/** Runs `work` with a fresh tally of the queries it issues (nested tallies each count their own). */
export async function withQueryTally<T>(work: () => Promise<T>): Promise<{ result: T; tally: QueryTally }> {
  const tally: QueryTally = { queries: 0, ms: 0 };
  const result = await tallies.run(tally, work);
  return { result, tally };
}

/** Time and count per statement (its text's start, whitespace folded), while a profile is on (benches). */
export type StatementProfile = Map<string, { count: number; ms: number }>;
let profile: StatementProfile | null = null;

/** Starts a fresh profile of every statement this process runs (bench/ingest-worker.ts). */
export function startStatementProfile(): StatementProfile {
  profile = new Map();
  return profile;
}

/** Kysely's log hook: adds each query's duration to the tally of the request running it, if any. */
export function tallyQuery(event: LogEvent): void {
  if (profile) {
    const key = event.query.sql.replace(/\s+/g, " ").trim().slice(0, 160);
    const entry = profile.get(key);
    if (entry) {
      entry.count++;
      entry.ms += event.queryDurationMillis;
    } else profile.set(key, { count: 1, ms: event.queryDurationMillis });
  }
  const tally = tallies.getStore();
  if (!tally) return;
  tally.queries += 1;
  tally.ms += event.queryDurationMillis;
}
