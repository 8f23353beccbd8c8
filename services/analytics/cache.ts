// The dashboard's read cache (ADR 015 "Caching"): per key (tenant, path, body without account_id), at
// most CACHE_TTL_HOURS old, dropped when mentions are stored inside an entry's range (or its compared
// range), or when the tenant's definitions, labels or replies change. Each process keeps its own entries;
// every invalidation made here is also sent to the other processes (ADR 043: the event bus, relayed by
// services/events/relay.ts), which apply it to theirs.
import { CACHE_TTL_HOURS } from "../../domain/constants";

interface Entry {
  businessProfileId: number;
  expiresAt: number;
  /** [from, to) instants (ms) whose new mentions make the entry stale. */
  ranges: Array<[number, number]>;
  value: unknown;
}

const MAX_ENTRIES = 2000;
/** Up to this many stored instants are sent to the other processes; beyond, the tenant's entries all go. */
const RELAYED_INSTANTS = 100;
const entries = new Map<string, Entry>();
/** Per tenant, a number that grows whenever anything a dashboard shows may have changed (pages cached whole). */
const versions = new Map<number, number>();

/** An invalidation, as sent to the other processes. */
export type DashboardInvalidation =
  | { kind: "pages"; businessProfileId: number }
  | { kind: "data"; businessProfileId: number }
  | { kind: "mentions"; businessProfileId: number; createdAts: string[] };

let relay: ((invalidation: DashboardInvalidation) => void) | null = null;

/** The server sends this process's invalidations to the others through `send` (null: stop). */
export function relayDashboardInvalidations(send: ((invalidation: DashboardInvalidation) => void) | null): void {
  relay = send;
}

/** Applies another process's invalidation here (never sent on again). */
export function applyDashboardInvalidation(invalidation: DashboardInvalidation): void {
  if (invalidation.kind === "pages") bumpVersion(invalidation.businessProfileId);
  else if (invalidation.kind === "data") dropTenant(invalidation.businessProfileId);
  else dropRanges(invalidation.businessProfileId, invalidation.createdAts);
}

/** The tenant's dashboard version: a page rendered at another version may show outdated numbers. */
export function dashboardVersion(businessProfileId: number): number {
  return versions.get(businessProfileId) ?? 0;
}

/** What a rendered dashboard shows changed without its numbers (annotations, a shared link's definition). */
export function dashboardPagesChanged(businessProfileId: number): void {
  bumpVersion(businessProfileId);
  relay?.({ kind: "pages", businessProfileId });
}

function bumpVersion(businessProfileId: number): void {
  versions.set(businessProfileId, dashboardVersion(businessProfileId) + 1);
}

/** A canonical JSON text: keys sorted at every level (so the same body always gives the same key). */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** The cache key of a dashboard read: tenant, path and body without account_id. */
export function dashboardCacheKey(businessProfileId: number, path: string, body: Record<string, unknown>): string {
  const { account_id: _ignored, ...rest } = body;
  void _ignored;
  return `${businessProfileId}|${path}|${canonical(rest)}`;
}

export function readCached<T>(key: string, nowMs: number): T | undefined {
  const entry = entries.get(key);
  if (!entry) return undefined;
  if (entry.expiresAt <= nowMs) {
    entries.delete(key);
    return undefined;
  }
  return entry.value as T;
}

export function writeCached(
  key: string,
  businessProfileId: number,
  ranges: ReadonlyArray<{ from: string; to: string }>,
  value: unknown,
  nowMs: number,
): void {
  if (entries.size >= MAX_ENTRIES) {
    for (const [k, e] of entries) if (e.expiresAt <= nowMs) entries.delete(k);
    while (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  }
  entries.set(key, {
    businessProfileId,
    expiresAt: nowMs + CACHE_TTL_HOURS * 3_600_000,
    ranges: ranges.map((r) => [Date.parse(r.from), Date.parse(r.to)]),
    value,
  });
}

/** Mentions created at these instants were stored: entries of the tenant whose range holds one go. */
export function mentionsStored(businessProfileId: number, createdAts: Iterable<string>): void {
  const list = [...createdAts];
  if (!dropRanges(businessProfileId, list)) return;
  // A large batch is sent as "all of the tenant's entries" (a NOTIFY payload stays small).
  const distinct = [...new Set(list)];
  relay?.(distinct.length > RELAYED_INSTANTS ? { kind: "data", businessProfileId } : { kind: "mentions", businessProfileId, createdAts: distinct });
}

/** Drops the tenant's entries whose range holds one of the instants; false when none was an instant. */
function dropRanges(businessProfileId: number, createdAts: readonly string[]): boolean {
  const instants = createdAts.map((t) => Date.parse(t)).filter((t) => !Number.isNaN(t));
  if (!instants.length) return false;
  bumpVersion(businessProfileId);
  for (const [key, entry] of entries) {
    if (entry.businessProfileId !== businessProfileId) continue;
    if (entry.ranges.some(([from, to]) => instants.some((t) => t >= from && t < to))) entries.delete(key);
  }
  return true;
}

/** Definitions, labels, replies or mutes of the tenant changed: all its entries go. */
export function dashboardDataChanged(businessProfileId: number): void {
  dropTenant(businessProfileId);
  relay?.({ kind: "data", businessProfileId });
}

function dropTenant(businessProfileId: number): void {
  bumpVersion(businessProfileId);
  for (const [key, entry] of entries) if (entry.businessProfileId === businessProfileId) entries.delete(key);
}

/** Tests: forget everything. */
export function clearDashboardCache(): void {
  entries.clear();
  // Versions only grow: a page kept before the clear must not look current after it.
  for (const id of versions.keys()) bumpVersion(id);
}

/**
 * A cached answer is keyed on the request as sent and on what it resolved to: a shared link pins its
 * contexts' queries and its period (issue 31), so a member's answer to another query of the same context
 * must never be served to the link, nor the link's to the member.
 */
export function keyedOnResolved(
  query: Record<string, unknown>,
  resolved: { range: unknown; comparedRange: unknown; interval: string; timeZone: string; contexts: readonly { filter: unknown }[] },
): Record<string, unknown> {
  return {
    ...query,
    __resolved: { range: resolved.range, compared: resolved.comparedRange, interval: resolved.interval, zone: resolved.timeZone, filters: resolved.contexts.map((c) => c.filter) },
  };
}
