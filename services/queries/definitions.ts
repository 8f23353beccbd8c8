import type { Database } from "../../db/client";
import { dashboardDataChanged } from "../analytics/cache";
import {
  definitionsFingerprint,
  findSearchItemQuery,
  findTopicQuery,
  listSearchItemQueries,
  listTopicQueries,
} from "../../db/repositories/search-index";
import { QueryGroupsSchema, type QueryGroup } from "../../domain/query";
import type { ServiceDeps } from "../context";
import type { PercolatorDefinition, TenantDefinitions } from "../mentions/ports";

// The tenant's saved searches and topics as the percolator reads them (ADR 012), loaded once per change:
// ingestion asks for them with every batch, so a cached answer costs one small query (a fingerprint of
// both tables, which also catches a change made by another process) and no parsing. Services that edit a
// definition also call definitionsChanged, which drops the cached answer at once.

export interface LoadedDefinitions extends TenantDefinitions {
  items: readonly PercolatorDefinition[];
  /** Some definition has an `authors` group: ingestion then looks up the batch's known authors. */
  usesAuthors: boolean;
  /** Some saved search has a `labels` filter: only then can a change of labels change what matches. */
  usesLabels: boolean;
}

interface CacheEntry {
  fingerprint: string;
  generation: number;
  loaded: LoadedDefinitions;
}

// Keyed by database (tests open many, whose tenant ids repeat), then by business profile.
const caches = new WeakMap<Database, Map<number, CacheEntry>>();
const generations = new Map<number, number>();
let versionCounter = 0;

/** To be called after a saved search or topic of the tenant is created, edited or deleted. */
export function definitionsChanged(businessProfileId: number): void {
  generations.set(businessProfileId, (generations.get(businessProfileId) ?? 0) + 1);
  dashboardDataChanged(businessProfileId);
}

/** A saved search item's `query` column (JSON groups); an unreadable one matches nothing. */
export function parseGroups(raw: string | null | undefined): QueryGroup[] {
  if (!raw) return [];
  try {
    const parsed = QueryGroupsSchema.safeParse(JSON.parse(raw));
    return parsed.success ? (parsed.data as QueryGroup[]) : [];
  } catch {
    return [];
  }
}

function parseKeywords(raw: string | null | undefined): string[] {
  if (!raw) return [];
  try {
    const value = JSON.parse(raw) as unknown;
    return Array.isArray(value) ? value.filter((k): k is string => typeof k === "string") : [];
  } catch {
    return [];
  }
}

function searchItemDefinition(row: { id: number; query: string }): PercolatorDefinition {
  return { contextType: 1, contextId: row.id, groups: parseGroups(row.query) };
}

function topicDefinition(row: { id: number; query: string | null; keywords: string }): PercolatorDefinition {
  return { contextType: 2, contextId: row.id, topic: { query: row.query, keywords: parseKeywords(row.keywords) } };
}

function usesFilter(items: readonly PercolatorDefinition[], filterType: "authors" | "labels"): boolean {
  return items.some(
    (d) => d.contextType === 1 && d.groups.some((g) => g.values.some((v) => v.filterType === filterType)),
  );
}

/** The tenant's definitions, topics first, under a version unique to this content in this process. */
export async function loadTenantDefinitions(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
): Promise<LoadedDefinitions> {
  let cache = caches.get(deps.db);
  if (!cache) caches.set(deps.db, (cache = new Map()));
  const generation = generations.get(businessProfileId) ?? 0;
  const fingerprint = await definitionsFingerprint(deps.db, businessProfileId);
  const entry = cache.get(businessProfileId);
  if (entry && entry.fingerprint === fingerprint && entry.generation === generation) return entry.loaded;

  const [topics, searches] = await Promise.all([
    listTopicQueries(deps.db, businessProfileId),
    listSearchItemQueries(deps.db, businessProfileId),
  ]);
  const items = [...topics.map(topicDefinition), ...searches.map(searchItemDefinition)];
  const loaded: LoadedDefinitions = { version: `defs-${++versionCounter}`, items, usesAuthors: usesFilter(items, "authors"), usesLabels: usesFilter(items, "labels") };
  cache.set(businessProfileId, { fingerprint, generation, loaded });
  return loaded;
}

/** One definition as stored now, or null when it is gone. */
export async function loadDefinition(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  context: { type: 1 | 2; id: number },
): Promise<PercolatorDefinition | null> {
  if (context.type === 2) {
    const row = await findTopicQuery(deps.db, businessProfileId, context.id);
    return row ? topicDefinition(row) : null;
  }
  const row = await findSearchItemQuery(deps.db, businessProfileId, context.id);
  return row ? searchItemDefinition(row) : null;
}
