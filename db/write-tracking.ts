// Which writes this process made through a SQLite database (ADR 020, 2026-11-29): a number that moves
// with every statement that may change what the application shows, so an answer derived from the data
// can be kept until it moves (db/repositories/change-stamp.ts adds the other connections' commits).
// The bookkeeping tables below never change an answer kept this way, and are written with most pages.
import type { LogEvent } from "kysely";

const BOOKKEEPING = new Set(["account_events", "live_events", "job_leases", "feed_item_presence", "auth_sessions", "auth_tokens", "login_throttle"]);
const TARGET = /^\s*(?:insert(?:\s+or\s+\w+)?\s+into|replace\s+into|update(?:\s+or\s+\w+)?|delete\s+from)\s+"?([A-Za-z_][A-Za-z0-9_]*)"?/i;
const READ = /^\s*(?:select|pragma)\b/i;
const WITH = /^\s*with\b/i;
const WRITE_WORD = /\b(?:insert|update|delete|replace)\b/i;

export interface WriteCounter {
  writes: number;
}

/** Whether the statement may have changed data outside the bookkeeping tables (when unsure: yes). */
function changesData(event: LogEvent): boolean {
  if (event.level === "query" && event.query.query.kind === "SelectQueryNode") return false;
  const text = event.query.sql;
  if (READ.test(text) || (WITH.test(text) && !WRITE_WORD.test(text))) return false;
  const target = TARGET.exec(text)?.[1];
  return !(target && BOOKKEEPING.has(target.toLowerCase()));
}

/** A Kysely log hook counting such statements (failed ones too: a failure may have changed something). */
export function countWrites(counter: WriteCounter): (event: LogEvent) => void {
  return (event) => {
    if (changesData(event)) counter.writes += 1;
  };
}
