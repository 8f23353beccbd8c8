import type { Database } from "../../db/client";
import { addToRollups, adjustItems, deleteContextRollups } from "../../db/repositories/analytics-rollups";
import { dashboardDataChanged } from "../analytics/cache";
import {
  CONTEXT_TYPES,
  countTenantFeedItems,
  deleteContextMatches,
  deleteContextMatchesInRange,
  deleteItemMatches,
  insertQueryMatches,
  listItemLabels,
  listItemMatches,
  listPercolationFacts,
  setBackfillProgress,
  type QueryMatchValues,
} from "../../db/repositories/search-index";
import { indexDoc, matchesDefinition, tokenize, type MentionFacts } from "../../domain/query";
import { isoNow, type ServiceDeps } from "../context";
import type { PercolatorDefinition } from "../mentions/ports";
import { compileOne, readsFacts } from "./compile";
import { loadDefinition, loadTenantDefinitions } from "./definitions";
import { compilePercolator, percolate, type Percolator } from "./percolator";
import { searchableText } from "./searchable";

// Applying definitions to mentions already stored (ADR 012). A new or edited saved search or topic is
// backfilled in the background: the tenant's mentions in id order, 2,000 at a time, each chunk's matches
// replaced in one transaction with the progress (done / total) stored on the definition. A newer request
// for the same definition supersedes a running one. percolateItems re-evaluates a few mentions against
// the definitions (after their labels changed), through the anchor index of ./percolator.ts.

export type DefinitionContext = { type: 1 | 2; id: number };

export const BACKFILL_CHUNK = 2000;

interface Run {
  finished: Promise<void>;
}

// Runs by database (tests use several), then by tenant and definition.
const runs = new WeakMap<Database, Map<string, Run>>();

function runsOf(db: Database): Map<string, Run> {
  let map = runs.get(db);
  if (!map) runs.set(db, (map = new Map()));
  return map;
}

const keyOf = (businessProfileId: number, context: DefinitionContext) =>
  `${businessProfileId}:${context.type}:${context.id}`;

/** Starts (or restarts) the backfill of one definition; returns at once. Failures go to deps.reportError. */
export function requestBackfill(deps: ServiceDeps, businessProfileId: number, context: DefinitionContext): void {
  const map = runsOf(deps.db);
  const key = keyOf(businessProfileId, context);
  const previous = map.get(key);
  const run: Run = { finished: Promise.resolve() };
  const isCurrent = () => map.get(key) === run;
  map.set(key, run);
  run.finished = (async () => {
    // The superseded run stops at its next chunk; wait for it, so its last chunk cannot land after ours.
    if (previous) await previous.finished;
    if (!isCurrent()) return;
    await runBackfill(deps, businessProfileId, context, isCurrent);
  })()
    .catch((error: unknown) => deps.reportError?.(error))
    .finally(() => {
      if (isCurrent()) map.delete(key);
    });
}

/** Stops any backfill of the definition and deletes its stored matches (the definition was deleted). */
export async function forgetContext(
  deps: ServiceDeps,
  businessProfileId: number,
  context: DefinitionContext,
): Promise<void> {
  const map = runsOf(deps.db);
  const key = keyOf(businessProfileId, context);
  const previous = map.get(key);
  map.delete(key);
  if (previous) await previous.finished;
  await deps.db.transaction().execute(async (trx) => {
    await deleteContextMatches(trx, businessProfileId, context.type, context.id);
    await deleteContextRollups(trx, businessProfileId, context.type, context.id);
  });
  dashboardDataChanged(businessProfileId);
}

/** Resolves when no backfill of this database is running (tests, shutdown). */
export async function backfillsSettled(deps: Pick<ServiceDeps, "db">): Promise<void> {
  const map = runsOf(deps.db);
  while (map.size) await Promise.all([...map.values()].map((run) => run.finished));
}

type FactsRow = Awaited<ReturnType<typeof listPercolationFacts>>[number];

function factsOf(row: FactsRow, labelIds: readonly number[], topicIds: readonly number[]): MentionFacts {
  return {
    tokens: indexDoc(tokenize(searchableText(row.title, row.description))),
    socialType: row.socialType,
    language: row.language,
    country: row.authorCountry,
    sentiment: row.sentiment,
    identityId: row.identityId,
    labelIds,
    topicIds,
  };
}

function group<T, V = number>(rows: readonly T[], key: (row: T) => number, value: (row: T) => V): Map<number, V[]> {
  const map = new Map<number, V[]>();
  for (const row of rows) {
    const list = map.get(key(row));
    if (list) list.push(value(row));
    else map.set(key(row), [value(row)]);
  }
  return map;
}

const NONE: readonly number[] = [];

async function runBackfill(
  deps: ServiceDeps,
  businessProfileId: number,
  context: DefinitionContext,
  isCurrent: () => boolean,
): Promise<void> {
  const definition = await loadDefinition(deps, businessProfileId, context);
  if (!definition) {
    await deps.db.transaction().execute(async (trx) => {
      await deleteContextMatches(trx, businessProfileId, context.type, context.id);
      await deleteContextRollups(trx, businessProfileId, context.type, context.id);
    });
    return;
  }
  const compiled = compileOne(definition);
  const total = await countTenantFeedItems(deps.db, businessProfileId);
  if (!compiled) {
    // It matches nothing: no mention to read.
    await deps.db.transaction().execute(async (trx) => {
      await deleteContextMatches(trx, businessProfileId, context.type, context.id);
      await deleteContextRollups(trx, businessProfileId, context.type, context.id);
      await setBackfillProgress(trx, businessProfileId, context, { done: total, total, finishedAt: isoNow(deps) });
    });
    return;
  }
  const reads = readsFacts(compiled);
  await setBackfillProgress(deps.db, businessProfileId, context, { done: 0, total, finishedAt: null });
  let afterId = 0;
  let done = 0;
  for (;;) {
    if (!isCurrent()) return;
    const rows = await listPercolationFacts(deps.db, businessProfileId, { afterId, limit: BACKFILL_CHUNK });
    if (!rows.length) break;
    const ids = rows.map((r) => r.id);
    const [labels, topics] = await Promise.all([
      reads.labels ? listItemLabels(deps.db, businessProfileId, ids) : [],
      reads.topics && context.type === CONTEXT_TYPES.searchItem ? listItemMatches(deps.db, businessProfileId, ids) : [],
    ]);
    const labelsOf = group(
      labels,
      (r) => r.feedItemId,
      (r) => r.labelId,
    );
    const topicsOf = group(
      topics.filter((m) => m.contextType === CONTEXT_TYPES.topic),
      (r) => r.feedItemId,
      (r) => r.contextId,
    );
    const matched: QueryMatchValues[] = [];
    for (const row of rows) {
      if (matchesDefinition(compiled, factsOf(row, labelsOf.get(row.id) ?? NONE, topicsOf.get(row.id) ?? NONE)))
        matched.push({ feedItemId: row.id, contextType: context.type, contextId: context.id });
    }
    if (!isCurrent()) return;
    const fromId = afterId + 1;
    const toId = ids[ids.length - 1]!;
    done += rows.length;
    const now = isoNow(deps);
    await deps.db.transaction().execute(async (trx) => {
      // The rollups (ADR 015): the chunk's old members stop counting in the context, the new ones start.
      const chunk = { kind: "context" as const, contextType: context.type, contextId: context.id, fromId, toId };
      await addToRollups(trx, businessProfileId, chunk, -1);
      await deleteContextMatchesInRange(trx, businessProfileId, context.type, context.id, fromId, toId);
      await insertQueryMatches(trx, businessProfileId, matched, now);
      await addToRollups(trx, businessProfileId, chunk, 1);
      dashboardDataChanged(businessProfileId);
      await setBackfillProgress(trx, businessProfileId, context, {
        done,
        total: Math.max(total, done),
        finishedAt: null,
      });
    });
    afterId = toId;
    // Let requests and ingestion through between chunks.
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (!isCurrent()) return;
  await setBackfillProgress(deps.db, businessProfileId, context, { done, total: done, finishedAt: isoNow(deps) });
  if (context.type === CONTEXT_TYPES.topic) await refreshSearchesOfTopic(deps, businessProfileId, context.id);
}

/** Saved searches with a `topics` group naming this topic read its matches: they are backfilled again. */
async function refreshSearchesOfTopic(deps: ServiceDeps, businessProfileId: number, topicId: number): Promise<void> {
  const { items } = await loadTenantDefinitions(deps, businessProfileId);
  for (const item of items) {
    if (item.contextType !== 1) continue;
    const names = item.groups.some((g) =>
      g.values.some((v) => v.filterType === "topics" && Number(v.value) === topicId),
    );
    if (names) requestBackfill(deps, businessProfileId, { type: 1, id: item.contextId });
  }
}

// Compiled definitions of a tenant by version, for percolateItems.
const compiledVersions = new Map<string, Percolator>();

function compiledOf(version: string, items: readonly PercolatorDefinition[]): Percolator {
  let percolator = compiledVersions.get(version);
  if (!percolator) {
    percolator = compilePercolator(items);
    compiledVersions.set(version, percolator);
    while (compiledVersions.size > 16) compiledVersions.delete(compiledVersions.keys().next().value!);
  }
  return percolator;
}

/**
 * After labels changed on stored mentions (a rule, an agent, a deleted label): only saved searches with a
 * `labels` filter can answer differently, so when the tenant has none nothing is matched again.
 */
export async function rematchAfterLabels(deps: ServiceDeps, businessProfileId: number, feedItemIds: readonly number[]): Promise<void> {
  if (!feedItemIds.length) return;
  const definitions = await loadTenantDefinitions(deps, businessProfileId);
  if (!definitions.usesLabels) return;
  await percolateItems(deps, businessProfileId, feedItemIds);
}

/**
 * Matches stored mentions against every saved search and topic of the tenant again (their labels or
 * sentiment changed) and replaces their stored matches, in one transaction.
 */
export async function percolateItems(
  deps: ServiceDeps,
  businessProfileId: number,
  feedItemIds: readonly number[],
): Promise<void> {
  const ids = [...new Set(feedItemIds)];
  if (!ids.length) return;
  const definitions = await loadTenantDefinitions(deps, businessProfileId);
  const compiled = compiledOf(definitions.version, definitions.items);
  const [rows, labels] = await Promise.all([
    listPercolationFacts(deps.db, businessProfileId, { ids }),
    listItemLabels(deps.db, businessProfileId, ids),
  ]);
  const labelsOf = group(
    labels,
    (r) => r.feedItemId,
    (r) => r.labelId,
  );
  const matched: QueryMatchValues[] = [];
  for (const row of rows) {
    // Topics first (saved searches' `topics` groups read them), each from the anchor index's candidates.
    for (const [contextType, contextId] of percolate(compiled, factsOf(row, labelsOf.get(row.id) ?? NONE, NONE)))
      matched.push({ feedItemId: row.id, contextType, contextId });
  }
  // A label or a sentiment seldom changes what a mention matches: only mentions whose matches differ are
  // written again, with their rollups (subtracting and adding back the same memberships is most of the
  // cost of a label change otherwise).
  const percolated = new Set<number>([CONTEXT_TYPES.searchItem, CONTEXT_TYPES.topic]);
  const keysOf = (list: ReadonlyArray<{ feedItemId: number; contextType: number; contextId: number }>) =>
    group(
      list.filter((m) => percolated.has(m.contextType)),
      (m) => m.feedItemId,
      (m) => `${m.contextType}:${m.contextId}`,
    );
  const [was, now] = [keysOf(await listItemMatches(deps.db, businessProfileId, rows.map((r) => r.id))), keysOf(matched)];
  const sameKeys = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((key) => b.includes(key));
  const changed = rows.map((r) => r.id).filter((id) => !sameKeys(was.get(id), now.get(id)));
  if (changed.length) {
    const changedSet = new Set(changed);
    await deps.db.transaction().execute(async (trx) => {
      // The rollups (ADR 015) follow the memberships: the old ones subtracted, the new ones added.
      await adjustItems(trx, businessProfileId, changed, "memberships", async () => {
        await deleteItemMatches(trx, businessProfileId, changed, [...percolated]);
        await insertQueryMatches(
          trx,
          businessProfileId,
          matched.filter((m) => changedSet.has(m.feedItemId)),
          isoNow(deps),
        );
      });
    });
  }
  dashboardDataChanged(businessProfileId);
}
