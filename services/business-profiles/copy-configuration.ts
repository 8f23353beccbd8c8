// A new business profile's start: a copy of another profile's configuration (issue 26, ADR 040).
// Copied: search folders and saved searches, topic groups and topics, labels, reply templates, rules, muted
// keywords, sentiment exclusions (the profile's own, not the global ones), dashboard templates and
// annotation layers. Never copied: mentions and everything derived from them (matches, rollups, annotations),
// accounts, teams, pins, saved filters, streams and webhooks (they hold secrets), alerts (their recipients
// are the source's people), shared links (their codes are credentials).
// Every copy gets its own id; the ids inside the copied configuration are remapped to the copies.
import type { Database } from "../../db/client";
import {
  insertConfigurationRow,
  listConfigurationRows,
  type ConfigurationRow,
  type ConfigurationTable,
} from "../../db/repositories/configuration-copy";
import { DASHBOARD_CONTEXT_TYPES } from "../../domain/dashboard";
import { MESSAGES } from "../../domain/messages";
import { RULE_ENTITY_TYPES } from "../../domain/schemas/rules";
import { VISIBILITY } from "../../domain/visibility";

/** How many rows of each table were copied (the create answer does not show it; tests and logs do). */
export type CopySummary = Record<ConfigurationTable, number>;

interface CopyTarget {
  businessProfileId: number;
  /** The new profile's default account: it owns the copies (their authors are the source's people). */
  ownerAccountId: number;
  now: string;
}

type IdMap = Map<number, number>;

function parseJson(text: string | null): unknown {
  if (text === null) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function numbers(text: string): number[] {
  const value = parseJson(text);
  return Array.isArray(value) ? value.filter((v): v is number => typeof v === "number") : [];
}

/**
 * Visibility in the copy: Everyone stays everyone's (the new profile); Only Me and Teams become the
 * owner's own, since the people and teams they named are not copied.
 */
function visibility(entityType: number, target: CopyTarget): { entityType: number; entityIds: string } {
  return entityType === VISIBILITY.everyone
    ? { entityType, entityIds: JSON.stringify([target.businessProfileId]) }
    : { entityType: VISIBILITY.onlyMe, entityIds: JSON.stringify([target.ownerAccountId]) };
}

/** A saved search's groups with label and topic ids remapped; author filters (mentions' people) dropped. */
function remapQueryGroups(text: string, labels: IdMap, topics: IdMap): string {
  const groups = parseJson(text);
  if (!Array.isArray(groups)) return "[]";
  const remapped = groups.flatMap((group: unknown) => {
    if (!group || typeof group !== "object") return [];
    const { values, ...rest } = group as { values?: unknown };
    const kept = (Array.isArray(values) ? values : []).flatMap((entry: unknown) => {
      if (!entry || typeof entry !== "object") return [];
      const value = entry as { filterType?: unknown; value?: unknown };
      const map = value.filterType === "labels" ? labels : value.filterType === "topics" ? topics : null;
      if (value.filterType === "authors") return [];
      if (!map) return [value];
      const copy = map.get(Number(value.value));
      return copy === undefined ? [] : [{ ...value, value: copy }];
    });
    return kept.length ? [{ ...rest, values: kept }] : [];
  });
  return JSON.stringify(remapped);
}

async function copyRows<T extends ConfigurationTable>(
  db: Database,
  table: T,
  sourceId: number,
  build: (row: ConfigurationRow<T>) => Record<string, unknown>,
): Promise<{ ids: IdMap; count: number }> {
  const ids: IdMap = new Map();
  for (const row of await listConfigurationRows(db, table, sourceId)) {
    const { id, ...values } = row as unknown as { id: number } & Record<string, unknown>;
    const newId = await insertConfigurationRow(db, table, { ...values, ...build(row) } as never);
    ids.set(id, newId);
  }
  return { ids, count: ids.size };
}

/**
 * Copies the configuration of profile `sourceId` into the new profile, inside the caller's transaction
 * (`db` is it): a failure midway leaves nothing, the profile included.
 */
export async function copyConfiguration(db: Database, sourceId: number, target: CopyTarget): Promise<CopySummary> {
  const owned = { businessProfileId: target.businessProfileId, createdAt: target.now, updatedAt: target.now };
  const author = (createdBy: number | null) => (createdBy === null ? null : target.ownerAccountId);

  const labels = await copyRows(db, "labels", sourceId, (row) => ({
    ...owned,
    ownerAccountId: row.ownerAccountId === null ? null : target.ownerAccountId,
    // A label made for a saved search or topic names it by id: that context is not the copy's.
    contextId: null,
    contextType: null,
  }));
  const topicGroups = await copyRows(db, "topicGroups", sourceId, (row) => ({ ...owned, createdBy: author(row.createdBy) }));
  const topics = await copyRows(db, "topics", sourceId, (row) => ({
    ...owned,
    ...visibility(row.entityType, target),
    ownerAccountId: row.ownerAccountId === null ? null : target.ownerAccountId,
    topicGroupId: row.topicGroupId === null ? null : (topicGroups.ids.get(row.topicGroupId) ?? null),
    // The copy has no mentions yet: nothing to backfill, and its alerts are not copied.
    alertsEnabled: 0,
    backfillDone: 0,
    backfillTotal: 0,
    backfillFinishedAt: target.now,
  }));
  const searchFolders = await copyRows(db, "searchFolders", sourceId, (row) => ({
    ...owned,
    ...visibility(row.entityType, target),
    ownerAccountId: row.ownerAccountId === null ? null : target.ownerAccountId,
  }));
  const searchItems = await copyRows(db, "searchItems", sourceId, (row) => ({
    ...owned,
    ...visibility(row.entityType, target),
    ownerAccountId: row.ownerAccountId === null ? null : target.ownerAccountId,
    folderId: row.folderId === null ? null : (searchFolders.ids.get(row.folderId) ?? null),
    query: remapQueryGroups(row.query, labels.ids, topics.ids),
    alertsEnabled: 0,
    backfillDone: 0,
    backfillTotal: 0,
    backfillFinishedAt: target.now,
  }));
  const replyTemplates = await copyRows(db, "replyTemplates", sourceId, (row) => ({
    ...owned,
    ...visibility(row.entityType, target),
    createdBy: author(row.createdBy),
    updatedBy: author(row.updatedBy),
  }));
  const rules = await copyRows(db, "rules", sourceId, (row) => copiedRule(row, { labels, topicGroups, topics, searchItems }, owned, author));
  const mutedKeywords = await copyRows(db, "mutedKeywords", sourceId, (row) => ({
    businessProfileId: target.businessProfileId,
    createdBy: author(row.createdBy),
    createdAt: target.now,
  }));
  const sentimentExcludeWords = await copyRows(db, "sentimentExcludeWords", sourceId, () => owned);
  const dashboardTemplates = await copyRows(db, "dashboardTemplates", sourceId, (row) => ({
    ...owned,
    createdBy: author(row.createdBy),
    config: remapTemplateConfig(row.config, searchItems.ids, topics.ids),
  }));
  const annotationLayers = await copyRows(db, "annotationLayers", sourceId, (row) => ({ ...owned, createdBy: author(row.createdBy) }));

  return {
    labels: labels.count,
    topicGroups: topicGroups.count,
    topics: topics.count,
    searchFolders: searchFolders.count,
    searchItems: searchItems.count,
    replyTemplates: replyTemplates.count,
    rules: rules.count,
    mutedKeywords: mutedKeywords.count,
    sentimentExcludeWords: sentimentExcludeWords.count,
    dashboardTemplates: dashboardTemplates.count,
    annotationLayers: annotationLayers.count,
  };
}

/**
 * A rule in the copy: its labels, saved searches, topics and topic groups are the copies'. What it named
 * that is not copied (streams, authors, a user or team to assign to) is dropped, and the rule is marked
 * broken with the reason, so it acts on nothing until an admin edits it (never on more than it did).
 */
function copiedRule(
  row: ConfigurationRow<"rules">,
  maps: { labels: { ids: IdMap }; topicGroups: { ids: IdMap }; topics: { ids: IdMap }; searchItems: { ids: IdMap } },
  owned: Record<string, unknown>,
  author: (createdBy: number | null) => number | null,
): Record<string, unknown> {
  const byType: Record<number, IdMap> = {
    [RULE_ENTITY_TYPES.search]: maps.searchItems.ids,
    [RULE_ENTITY_TYPES.topic]: maps.topics.ids,
    [RULE_ENTITY_TYPES.group]: maps.topicGroups.ids,
  };
  let broken: string | null = row.brokenReason;
  const entities = (parseJson(row.entities) as Array<{ entity_id?: unknown; entity_type?: unknown }> | null) ?? [];
  const kept = entities.flatMap((e) => {
    const copy = byType[Number(e.entity_type)]?.get(Number(e.entity_id));
    if (copy === undefined) {
      broken ??= MESSAGES.rulesScreen.brokenSource;
      return [];
    }
    return [{ entity_id: copy, entity_type: Number(e.entity_type) }];
  });
  if (numbers(row.identities).length) broken ??= MESSAGES.rulesScreen.authorGone;
  if (row.assigneeId !== null) broken ??= MESSAGES.rulesScreen.brokenAssignee;
  const remap = (ids: number[], map: IdMap) => ids.flatMap((id) => (map.has(id) ? [map.get(id)!] : []));
  return {
    ...owned,
    entities: JSON.stringify(kept),
    identities: "[]",
    labelIds: JSON.stringify(remap(numbers(row.labelIds), maps.labels.ids)),
    selectedGroups: JSON.stringify(remap(numbers(row.selectedGroups), maps.topicGroups.ids)),
    assigneeType: null,
    assigneeId: null,
    actedCount: 0,
    brokenReason: broken,
    applyStatus: null,
    applyDone: 0,
    applyTotal: 0,
    applyActed: 0,
    applyFinishedAt: null,
    createdBy: author(row.createdBy),
  };
}

/** A dashboard template's contexts are the copied saved searches and topics (a context not copied is dropped). */
function remapTemplateConfig(text: string, searchItems: IdMap, topics: IdMap): string {
  const config = parseJson(text);
  if (!config || typeof config !== "object" || Array.isArray(config)) return text;
  const { contextIds, ...rest } = config as { contextIds?: unknown };
  const remapped = (Array.isArray(contextIds) ? contextIds : []).flatMap((token: unknown) => {
    if (typeof token !== "string") return [];
    const [type, id] = token.split("-").map(Number);
    if (type === DASHBOARD_CONTEXT_TYPES.savedSearch || type === DASHBOARD_CONTEXT_TYPES.topic) {
      const copy = (type === DASHBOARD_CONTEXT_TYPES.savedSearch ? searchItems : topics).get(id!);
      return copy === undefined ? [] : [`${type}-${copy}`];
    }
    return [token];
  });
  return JSON.stringify({ ...rest, contextIds: remapped });
}
