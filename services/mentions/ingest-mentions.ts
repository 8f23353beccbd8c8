import { addToRollups, findItemIdsByExternalIds, lockItems } from "../../db/repositories/analytics-rollups";
import { insertFeedItemActions, insertFeedItems, listAgentRepliesTo, markRepliedByExternalIds } from "../../db/repositories/feed-items";
import { identityKey, upsertIdentities, type IdentityValues } from "../../db/repositories/identities";
import { listMutedKeywords } from "../../db/repositories/muted-keywords";
import { listExcludeWords } from "../../db/repositories/sentiment-exclude-words";
import {
  addVocabulary,
  insertFtsTokens,
  insertQueryMatches,
  listIdentityIds,
  listItemMatches,
  type QueryMatchValues,
} from "../../db/repositories/search-index";
import { recordStreamItems } from "../../db/repositories/streams";
import type { FromWire } from "../../domain/key-case";
import type { NetworkId } from "../../domain/networks";
import type { IngestReportResponseSchema } from "../../domain/schemas/streams";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { isoNow, type ServiceDeps } from "../context";
import { percolateItems, rematchAfterLabels } from "../queries/backfill";
import { loadTenantDefinitions } from "../queries/definitions";
import { emitStored, type LiveBatch } from "../queries/live";
import { vocabularyStored } from "../queries/vocabulary";
import { dashboardDataChanged, mentionsStored } from "../analytics/cache";
import { actOnNewMentions, loadRulesForIngestion, type LoadedRules } from "../rules/ingest-rules";
import { authorKey, type EnrichedMention, type IngestPorts, type NetworkedItem, type TenantEnrichmentContext } from "./ports";

/** Where a batch goes: a stream of a tenant (found by the caller from a key, a webhook or the session). */
export interface IngestTarget {
  businessProfileId: number;
  streamId: number;
  network: NetworkId;
}

/** One entry of a batch, with its position for error reports (array index or file line). */
export interface IngestEntry {
  position: number;
  value: unknown;
  /** Set when the entry could not even be read (bad JSON on an NDJSON line). */
  error?: string;
}

/** What storing a batch did, as the API answers it (ADR 027). */
export type IngestReport = FromWire<typeof IngestReportResponseSchema>;

/** One item refused, by its position in the batch. */
export type IngestItemError = IngestReport["errors"][number];

/** Per-item errors kept in one answer; the counts stay exact beyond it. */
export const MAX_REPORTED_ERRORS = 1000;

export function emptyReport(): IngestReport {
  return { accepted: 0, duplicates: 0, rejected: 0, errors: [] };
}

export function addReport(total: IngestReport, part: IngestReport): void {
  total.accepted += part.accepted;
  total.duplicates += part.duplicates;
  total.rejected += part.rejected;
  for (const error of part.errors) if (total.errors.length < MAX_REPORTED_ERRORS) total.errors.push(error);
}

export function requireIngestPorts(deps: ServiceDeps): IngestPorts {
  if (!deps.ingest) throw new Error("The ingest connectors are not wired (ServiceDeps.ingest).");
  return deps.ingest;
}

export async function loadEnrichmentContext(deps: ServiceDeps, businessProfileId: number): Promise<TenantEnrichmentContext> {
  const [exclusions, muted] = await Promise.all([listExcludeWords(deps.db, businessProfileId), listMutedKeywords(deps.db, businessProfileId)]);
  return {
    businessProfileId,
    exclusions: exclusions.map((x) => ({
      textToExclude: x.textToExclude,
      replaceWith: x.replaceWith,
      languages: JSON.parse(x.languages) as string[],
      socialTypes: JSON.parse(x.socialTypes) as string[],
    })),
    mutedKeywords: muted.map((m) => m.value),
  };
}

function describeIssues(error: { issues: Array<{ path: PropertyKey[]; message: string }> }): string {
  return error.issues
    .slice(0, 5)
    .map((issue) => (issue.path.length ? `${issue.path.map(String).join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}

/** A batch validated and enriched, ready to be stored. */
export interface PreparedBatch {
  target: IngestTarget;
  report: IngestReport;
  mentions: EnrichedMention[];
  /** The version of the tenant's definitions the mentions were percolated against. */
  definitionsVersion?: string;
  /** The tenant's rules the mentions were matched against (ADR 031); their actions are stored with them. */
  rules?: LoadedRules | null;
}

/** Validates and de-duplicates a batch, then enriches it (on the enrichment thread when there is one). */
export async function prepareBatch(deps: ServiceDeps, target: IngestTarget, entries: readonly IngestEntry[]): Promise<PreparedBatch> {
  const ports = requireIngestPorts(deps);
  const report = emptyReport();
  const valid: NetworkedItem[] = [];
  const seen = new Set<string>();
  for (const entry of entries) {
    if (entry.error) {
      report.rejected++;
      report.errors.push({ position: entry.position, message: entry.error });
      continue;
    }
    const parsed = IngestItemSchema.safeParse(entry.value);
    if (!parsed.success) {
      report.rejected++;
      const externalId = (entry.value as { external_id?: unknown } | null)?.external_id;
      report.errors.push({
        position: entry.position,
        ...(typeof externalId === "string" ? { externalId } : {}),
        message: describeIssues(parsed.error),
      });
      continue;
    }
    const network = parsed.data.network ?? target.network;
    if (network !== target.network) {
      report.rejected++;
      report.errors.push({ position: entry.position, externalId: parsed.data.external_id, message: `network: this stream takes ${target.network} items` });
      continue;
    }
    const key = parsed.data.external_id;
    if (seen.has(key)) {
      report.duplicates++;
      continue;
    }
    seen.add(key);
    valid.push({ ...parsed.data, network });
  }
  if (valid.length === 0) return { target, report, mentions: [] };
  const [base, definitions, rules] = await Promise.all([
    loadEnrichmentContext(deps, target.businessProfileId),
    loadTenantDefinitions(deps, target.businessProfileId),
    loadRulesForIngestion(deps, target.businessProfileId),
  ]);
  const context: TenantEnrichmentContext = {
    ...base,
    streamId: target.streamId,
    definitions: { version: definitions.version, items: definitions.items },
    ...(definitions.usesAuthors || rules?.usesAuthors ? { identityIds: await knownAuthors(deps, target, valid) } : {}),
    ...(rules ? { rules: { version: rules.version, items: rules.items } } : {}),
  };
  return { target, report, mentions: await ports.enricher.enrich(valid, context), definitionsVersion: definitions.version, rules };
}

/**
 * Stores a prepared batch in one transaction: either every accepted item of the batch is stored or
 * none is, so an acknowledged batch is durable and a retried one is skipped as duplicates.
 */
export async function storePrepared(deps: ServiceDeps, prepared: PreparedBatch): Promise<IngestReport> {
  const report = { ...prepared.report, errors: [...prepared.report.errors] };
  if (!prepared.mentions.length) return report;
  const { stored, live, tokens, labelled } = await storeEnriched(deps, prepared.target, prepared.mentions, prepared.rules);
  report.accepted += stored;
  report.duplicates += prepared.mentions.length - stored;
  if (tokens) vocabularyStored(deps, prepared.target.businessProfileId, tokens);
  if (stored > 0) {
    // The dashboard's cached reads over these instants are stale; a reply changes earlier mentions too.
    if (prepared.mentions.some((m) => m.item.is_agent_reply)) dashboardDataChanged(prepared.target.businessProfileId);
    else mentionsStored(prepared.target.businessProfileId, prepared.mentions.map((m) => m.item.created_at));
  }
  if (labelled.length) {
    // Rules put labels on some: saved searches that filter by label match them again (ADR 031).
    try {
      await rematchAfterLabels(deps, prepared.target.businessProfileId, labelled);
    } catch (error) {
      deps.reportError?.(error);
    }
  }
  if (live && prepared.definitionsVersion !== undefined) {
    // A saved search or topic changed while the batch was enriched: its backfill may already have passed
    // these ids, so they are matched again against the definitions as they are now.
    const current = await loadTenantDefinitions(deps, prepared.target.businessProfileId);
    if (current.version !== prepared.definitionsVersion) {
      await percolateItems(deps, prepared.target.businessProfileId, live.feedItemIds);
      const matches = await listItemMatches(deps.db, prepared.target.businessProfileId, live.feedItemIds);
      live.matches = matches.filter((m) => m.contextType <= 2).map((m) => [m.feedItemId, m.contextType, m.contextId]);
    }
  }
  if (live) emitStored(deps, live);
  return report;
}

/** One batch end to end: validate, enrich, store. */
export async function ingestBatch(deps: ServiceDeps, target: IngestTarget, entries: readonly IngestEntry[]): Promise<IngestReport> {
  return storePrepared(deps, await prepareBatch(deps, target, entries));
}

/**
 * Batches in order, with the next batch enriching while the previous one is stored (the two cores of
 * a small machine both work). Stores happen in submission order, so replies follow their parents.
 * `push` waits while two batches are in flight (bounded memory); `onStored` runs after each commit.
 */
export function createIngestQueue(deps: ServiceDeps, onStored?: (report: IngestReport) => void | Promise<void>) {
  const total = emptyReport();
  let lastStore: Promise<void> = Promise.resolve();
  const inFlight = new Set<Promise<void>>();
  let failure: unknown = null;

  return {
    total,
    async push(target: IngestTarget, entries: readonly IngestEntry[]): Promise<void> {
      if (failure) throw failure;
      while (inFlight.size >= 2) await Promise.race(inFlight);
      if (failure) throw failure;
      const prepared = prepareBatch(deps, target, entries);
      const previous = lastStore;
      const stored = (async () => {
        const batch = await prepared;
        await previous;
        // Storing is synchronous SQL under the awaits: without a turn of the event loop between batches,
        // a long import (the demo corpus) would keep every request waiting until it ends.
        await new Promise<void>((resolve) => setImmediate(resolve));
        const report = await storePrepared(deps, batch);
        addReport(total, report);
        await onStored?.(report);
      })();
      const tracked: Promise<void> = stored.catch((error: unknown) => {
        failure ??= error;
      });
      lastStore = tracked;
      inFlight.add(tracked);
      void tracked.finally(() => inFlight.delete(tracked));
    },
    async drain(): Promise<IngestReport> {
      await lastStore;
      await Promise.all(inFlight);
      if (failure) throw failure;
      return total;
    },
  };
}

function authorExternalId(item: NetworkedItem): string {
  return item.author.external_id || item.author.username;
}

/** Ids of the batch's authors already stored, for definitions with `authors` groups. */
async function knownAuthors(deps: ServiceDeps, target: IngestTarget, items: readonly NetworkedItem[]) {
  const externalIds = [...new Set(items.map(authorExternalId))];
  const rows = await listIdentityIds(deps.db, target.businessProfileId, target.network, externalIds);
  const ids: Record<string, number> = {};
  for (const row of rows) ids[authorKey(target.network, row.externalId)] = row.id;
  return ids;
}

async function storeEnriched(
  deps: ServiceDeps,
  target: IngestTarget,
  mentions: EnrichedMention[],
  rules: LoadedRules | null | undefined,
): Promise<{ stored: number; live: LiveBatch | null; tokens: Iterable<string> | null; labelled: number[] }> {
  const now = isoNow(deps);
  return deps.db.transaction().execute(async (trx) => {
    const authors = new Map<string, IdentityValues>();
    for (const { item } of mentions) {
      const externalId = authorExternalId(item);
      authors.set(identityKey(item.network, externalId), {
        socialType: item.network,
        externalId,
        username: item.author.username,
        name: item.author.name ?? null,
        photoUrl: item.author.photo_url ?? null,
        profileUrl: item.author.profile_url ?? null,
        followers: item.author.followers,
        country: item.author.country ?? "",
      });
    }
    const identityIds = await upsertIdentities(trx, target.businessProfileId, [...authors.values()], now);

    const rows = mentions.map((m) => ({
      businessProfileId: target.businessProfileId,
      streamId: target.streamId,
      socialType: m.item.network,
      externalId: m.item.external_id,
      kind: m.item.kind,
      parentExternalId: m.item.parent_external_id ?? null,
      title: m.item.title ?? null,
      description: m.item.text,
      postUrl: m.item.url ?? null,
      language: m.language,
      sentiment: m.sentiment,
      sentimentScore: m.sentimentScore,
      sentimentDrivers: JSON.stringify(m.sentimentDrivers),
      keywords: JSON.stringify(m.keywords),
      impactScore: m.impactScore,
      reach: m.reach,
      likes: m.item.likes,
      comments: m.item.comments,
      shares: m.item.shares,
      views: m.item.views,
      totalEngagements: m.totalEngagements,
      rating: m.item.rating ?? null,
      identityId: identityIds.get(identityKey(m.item.network, authorExternalId(m.item))) ?? null,
      authorUsername: m.item.author.username,
      authorName: m.item.author.name ?? null,
      authorFollowers: m.item.author.followers,
      authorCountry: m.item.author.country ?? "",
      authorPhotoUrl: m.item.author.photo_url ?? null,
      isAgentReply: m.item.is_agent_reply ? 1 : 0,
      firstReplyAt: null,
      assignedToType: null,
      assignedToId: null,
      assignedMessage: null,
      assignedAt: null,
      assignedBy: null,
      translation: null,
      translationLanguage: null,
      muted: m.muted ? 1 : 0,
      createdAt: m.item.created_at,
      ingestedAt: now,
      searchTokens: m.searchTokens,
    }));
    const inserted = await insertFeedItems(trx, rows);
    if (inserted.length === 0) return { stored: 0, live: null, tokens: null, labelled: [] };

    const insertedKeys = new Set(inserted.map((r) => r.externalId));
    const idOf = new Map(inserted.map((r) => [r.externalId, r.id]));
    const { live, tokens } = await storeSearchData(trx, target.businessProfileId, mentions, idOf, now);
    // The rules step's verdicts (ADR 031): their actions and history rows, before the rollups count the batch.
    const labelled = await actOnNewMentions(trx, target.businessProfileId, rules, mentions, idOf, now);
    let newest: string | null = null;
    const replies: Array<{ parentExternalId: string; externalId: string; createdAt: string; actorName: string; text: string }> = [];
    for (const m of mentions) {
      if (!insertedKeys.has(m.item.external_id)) continue;
      if (!newest || m.item.created_at > newest) newest = m.item.created_at;
      if (m.item.is_agent_reply && m.item.parent_external_id) {
        replies.push({
          parentExternalId: m.item.parent_external_id,
          externalId: m.item.external_id,
          createdAt: m.item.created_at,
          actorName: m.item.author.name ?? m.item.author.username,
          text: m.item.text,
        });
      }
    }
    // Agent replies stored before their parent (out-of-order webhooks, files) count once the parent arrives.
    const early = await listAgentRepliesTo(trx, target.businessProfileId, target.network, [...insertedKeys]);
    for (const r of early) {
      if (r.parentExternalId && !insertedKeys.has(r.externalId)) {
        replies.push({ parentExternalId: r.parentExternalId, externalId: r.externalId, createdAt: r.createdAt, actorName: r.authorName ?? r.authorUsername, text: r.description });
      }
    }
    // The rollups (ADR 015): parents stored before this batch count again once replied; the new mentions
    // count with their replies and memberships.
    const earlierParents = await findItemIdsByExternalIds(
      trx,
      target.businessProfileId,
      target.network,
      [...new Set(replies.map((r) => r.parentExternalId).filter((id) => !insertedKeys.has(id)))],
    );
    await lockItems(trx, target.businessProfileId, earlierParents);
    await addToRollups(trx, target.businessProfileId, { kind: "items", ids: earlierParents, contexts: "all" }, -1);
    // Every reply of the batch in one statement, then their history rows in one more.
    const parentIds = await markRepliedByExternalIds(
      trx,
      target.businessProfileId,
      target.network,
      replies.map((r) => ({ parentExternalId: r.parentExternalId, repliedAt: r.createdAt })),
    );
    await insertFeedItemActions(
      trx,
      replies.flatMap((reply) => {
        const feedItemId = parentIds.get(reply.parentExternalId) ?? idOf.get(reply.parentExternalId);
        if (feedItemId === undefined) return [];
        return [
          {
            businessProfileId: target.businessProfileId,
            feedItemId,
            actionType: "replied_by",
            accountId: null,
            actorName: reply.actorName,
            data: JSON.stringify({ external_id: reply.externalId, text: reply.text.slice(0, 500) }),
            createdAt: reply.createdAt,
          },
        ];
      }),
    );
    await addToRollups(trx, target.businessProfileId, { kind: "items", ids: [...inserted.map((r) => r.id), ...earlierParents], contexts: "all" }, 1);
    await recordStreamItems(trx, target.streamId, inserted.length, newest, now);
    return { stored: inserted.length, live, tokens, labelled };
  });
}

/**
 * The full-text side of newly stored mentions, in their transaction (ADR 012): their tokens (FTS5 on
 * SQLite; PostgreSQL's tsvector went in with the row), the tenant's vocabulary (mentions per token, for
 * fuzzy words) and their membership in saved searches and topics.
 */
async function storeSearchData(
  trx: ServiceDeps["db"],
  businessProfileId: number,
  mentions: readonly EnrichedMention[],
  idOf: ReadonlyMap<string, number>,
  now: string,
): Promise<{ live: LiveBatch; tokens: Iterable<string> }> {
  const fts: Array<{ id: number; tokens: readonly string[] }> = [];
  const vocabulary = new Map<string, number>();
  const matches: QueryMatchValues[] = [];
  const feedItemIds: number[] = [];
  for (const m of mentions) {
    const id = idOf.get(m.item.external_id);
    if (id === undefined) continue;
    feedItemIds.push(id);
    fts.push({ id, tokens: m.searchTokens });
    for (const token of new Set(m.searchTokens)) vocabulary.set(token, (vocabulary.get(token) ?? 0) + 1);
    for (const [contextType, contextId] of m.matches) matches.push({ feedItemId: id, contextType, contextId });
  }
  await insertFtsTokens(trx, fts);
  await addVocabulary(trx, businessProfileId, vocabulary);
  await insertQueryMatches(trx, businessProfileId, matches, now);
  feedItemIds.sort((a, b) => a - b);
  return {
    live: { businessProfileId, feedItemIds, matches: matches.map((m) => [m.feedItemId, m.contextType, m.contextId]) },
    tokens: vocabulary.keys(),
  };
}
