import type { Database } from "../../db/client";
import { listVocabularyByLength } from "../../db/repositories/search-index";
import type { ServiceDeps } from "../context";

// The tenant's vocabulary (query_vocabulary) by token length, kept in memory once read: a fuzzy word reads
// the lengths within its distance, and a tenant's vocabulary holds tens of thousands of tokens (order
// numbers, names), which cost more to read than to filter. New tokens are added by the store path after
// each commit, so the copy stays exact in the process that stored them; the other processes are told
// through the event bus (ADR 043) and drop their copy of the tenant, read again at the next fuzzy word.

interface TenantVocabulary {
  byLength: Map<number, Set<string>>;
  /** Bumped by every commit that added tokens: a read that overlapped one is not kept. */
  epoch: number;
}

const TENANTS_KEPT = 32;
const caches = new WeakMap<Database, Map<number, TenantVocabulary>>();

function tenantOf(db: Database, businessProfileId: number): TenantVocabulary {
  let cache = caches.get(db);
  if (!cache) caches.set(db, (cache = new Map()));
  let tenant = cache.get(businessProfileId);
  if (tenant) {
    cache.delete(businessProfileId);
  } else {
    tenant = { byLength: new Map(), epoch: 0 };
    if (cache.size >= TENANTS_KEPT) cache.delete(cache.keys().next().value!);
  }
  cache.set(businessProfileId, tenant);
  return tenant;
}

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

/** The tenant's tokens whose length (code points) is within [min, max]. */
export async function vocabularyByLength(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  min: number,
  max: number,
): Promise<string[]> {
  const tenant = tenantOf(deps.db, businessProfileId);
  const missing: number[] = [];
  for (let length = min; length <= max; length++) if (!tenant.byLength.has(length)) missing.push(length);
  let fresh: Map<number, Set<string>> | null = null;
  if (missing.length) {
    const epoch = tenant.epoch;
    const tokens = await listVocabularyByLength(deps.db, businessProfileId, missing[0]!, missing[missing.length - 1]!);
    fresh = new Map(missing.map((length) => [length, new Set<string>()]));
    for (const token of tokens) fresh.get(codePointLength(token))?.add(token);
    if (tenant.epoch === epoch) for (const [length, set] of fresh) tenant.byLength.set(length, set);
  }
  const out: string[] = [];
  for (let length = min; length <= max; length++) {
    const set = fresh?.get(length) ?? tenant.byLength.get(length);
    if (set) for (const token of set) out.push(token);
  }
  return out;
}

/** Tokens a commit added to the tenant's vocabulary (called after the commit). */
export function vocabularyStored(
  deps: Pick<ServiceDeps, "db" | "events">,
  businessProfileId: number,
  tokens: Iterable<string>,
): void {
  deps.events?.publish("vocabulary", { businessProfileId });
  const cache = caches.get(deps.db);
  const tenant = cache?.get(businessProfileId);
  if (!tenant) return;
  tenant.epoch++;
  if (!tenant.byLength.size) return;
  for (const token of tokens) tenant.byLength.get(codePointLength(token))?.add(token);
}

/** Another process added tokens to the tenant's vocabulary (or events may have been missed: no id): the copy goes. */
export function forgetVocabulary(deps: Pick<ServiceDeps, "db">, businessProfileId?: number): void {
  const cache = caches.get(deps.db);
  if (!cache) return;
  if (businessProfileId === undefined) return cache.clear();
  const tenant = cache.get(businessProfileId);
  if (!tenant) return;
  // A read in flight must not keep what it read before the change.
  tenant.epoch++;
  tenant.byLength.clear();
}
