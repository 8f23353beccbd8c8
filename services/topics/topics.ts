import { isUniqueViolation } from "../../db/errors";
import { deletePinsOf, isPinned, listPinnedIds } from "../../db/repositories/pins";
import { findTopicGroup } from "../../db/repositories/topic-groups";
import {
  deleteTopic as deleteTopicRow,
  findTopic,
  findTopicByNameKey,
  insertTopic,
  listTopics as listTopicRows,
  updateTopic as updateTopicRow,
} from "../../db/repositories/topics";
import type { TopicRow } from "../../db/schema";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { MoveTopicInput, TopicFormInput, TopicType, TopicUpdateInput } from "../../domain/schemas/topics";
import { VISIBILITY } from "../../domain/visibility";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { byPinnedThenName, canSee, resolveVisibility, resolveVisibilityChange, viewerOf, type Viewer } from "../searches/access";
import { assertValidTopic } from "../searches/definition-check";
import { definitionDeleted, definitionSaved } from "../searches/definition-events";
import { parseKeywords, requireWriteTopics, TOPIC_PIN, topicView, type TopicView } from "./topic-view";
import { assertRoomFor } from "../limits/assert-room-for";

/** Topic names are unique in a business profile whatever their case (analytics spec §5). */
function topicNameKey(name: string): string {
  return name.trim().normalize("NFC").toLowerCase();
}

/** A topic the caller may see, or 404 (missing, another tenant's and invisible answer alike). */
export async function findVisibleTopic(deps: ServiceDeps, actor: Actor, id: number): Promise<TopicRow> {
  const row = await findTopic(deps.db, actor.businessProfileId, id);
  if (!row || !canSee(await viewerOf(deps, actor), row)) throw notFound(MESSAGES.searches.topicNotFound);
  return row;
}

export interface TopicFilter {
  /** A group's topics; null: the ungrouped ones. */
  topicGroupId?: number | null;
  /** Part of the name, whatever its case. */
  search?: string;
  type?: TopicType;
}

/** The topics the caller sees, as views, pinned first then by name. */
export async function visibleTopicViews(deps: ServiceDeps, actor: Actor, viewer: Viewer, filter: TopicFilter = {}): Promise<TopicView[]> {
  const [rows, pinnedIds] = await Promise.all([
    listTopicRows(deps.db, actor.businessProfileId, filter.topicGroupId === undefined ? {} : { topicGroupId: filter.topicGroupId }),
    listPinnedIds(deps.db, actor.accountId, TOPIC_PIN),
  ]);
  const pinned = new Set(pinnedIds);
  const needle = filter.search?.trim().toLowerCase();
  return rows
    .filter((row) => canSee(viewer, row))
    .filter((row) => !needle || row.name.toLowerCase().includes(needle))
    .filter((row) => !filter.type || row.type === filter.type)
    .map((row) => topicView(actor, row, pinned.has(row.id)))
    .sort(byPinnedThenName);
}

/** GET /v1/topics */
export async function listTopics(deps: ServiceDeps, actor: Actor, filter: TopicFilter = {}): Promise<TopicView[]> {
  return visibleTopicViews(deps, actor, await viewerOf(deps, actor), filter);
}

async function viewOf(deps: ServiceDeps, actor: Actor, id: number): Promise<TopicView> {
  const row = await findTopic(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.searches.topicNotFound);
  return topicView(actor, row, await isPinned(deps.db, actor.accountId, TOPIC_PIN, id));
}

/** GET /v1/topics/{id} */
export async function getTopic(deps: ServiceDeps, actor: Actor, id: number): Promise<TopicView> {
  await findVisibleTopic(deps, actor, id);
  return viewOf(deps, actor, id);
}

async function assertGroup(deps: ServiceDeps, actor: Actor, topicGroupId: number | null | undefined): Promise<void> {
  if (topicGroupId === null || topicGroupId === undefined) return;
  if (!(await findTopicGroup(deps.db, actor.businessProfileId, topicGroupId))) {
    throw validationError({ topic_group_id: [MESSAGES.searches.topicGroupNotFound] });
  }
}

async function assertNameFree(deps: ServiceDeps, actor: Actor, nameKey: string, exceptId?: number): Promise<void> {
  const existing = await findTopicByNameKey(deps.db, actor.businessProfileId, nameKey);
  if (existing && existing.id !== exceptId) throw validationError({ name: [MESSAGES.searches.topicNameTaken] });
}

/** A write that lost a race for the name answers like the check before it (the unique index holds the rule). */
async function nameTakenOnConflict<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw validationError({ name: [MESSAGES.searches.topicNameTaken] });
    throw error;
  }
}

/**
 * The stored definition of a topic of this type (ADR 013): a keywords topic keeps its keywords and no
 * query; a query topic its query and no keywords, so what the engines match is what the type says.
 */
function definitionOf(type: TopicType, keywords: string[], query: string | null | undefined) {
  if (type === "keywords") {
    if (keywords.length === 0) throw validationError({ keywords: [MESSAGES.atLeastOneItem] });
    return { type, keywords, query: null };
  }
  const text = query?.trim() ?? "";
  if (!text) throw validationError({ query: [MESSAGES.required] });
  return { type, keywords: [] as string[], query: text };
}

/** POST /v1/topics: name (unique), type and its definition, group; visibility defaults to Everyone. */
export async function createTopic(deps: ServiceDeps, actor: Actor, input: TopicFormInput): Promise<TopicView> {
  requireWriteTopics(actor);
  const nameKey = topicNameKey(input.name);
  await assertNameFree(deps, actor, nameKey);
  await assertGroup(deps, actor, input.topic_group_id);
  const definition = definitionOf(input.type, input.keywords ?? [], input.query);
  assertValidTopic(definition);
  const visibility = await resolveVisibility(deps, actor, input.entity_type ?? VISIBILITY.everyone, input.entity_ids);
  const row = await nameTakenOnConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertRoomFor(trx, "topics", actor.businessProfileId, isoNow(deps));
      return insertTopic(
        trx,
        actor.businessProfileId,
        {
          name: input.name,
          nameKey,
          ...definition,
          topicGroupId: input.topic_group_id ?? null,
          category: input.category ?? null,
          logoSrc: input.logo_src ?? null,
          // Derived, never written by the client: a new search or topic has no alert yet (ADR 029).
        alertsEnabled: false,
          ownerAccountId: actor.accountId,
          entityType: visibility.entityType,
          entityIds: visibility.entityIds,
        },
        isoNow(deps),
      );
    }),
  );
  definitionSaved(deps, actor.businessProfileId, { type: 2, id: row.id });
  return viewOf(deps, actor, row.id);
}

/**
 * PUT /v1/topics/{id}: the topic as the form holds it (name and type required); a field left out keeps
 * its value. A changed definition is matched against the stored mentions again.
 */
export async function updateTopic(deps: ServiceDeps, actor: Actor, id: number, input: TopicUpdateInput): Promise<TopicView> {
  requireWriteTopics(actor);
  const row = await findVisibleTopic(deps, actor, id);
  const nameKey = topicNameKey(input.name);
  await assertNameFree(deps, actor, nameKey, id);
  await assertGroup(deps, actor, input.topic_group_id);
  const definition = definitionOf(
    input.type,
    input.keywords ?? parseKeywords(row.keywords),
    input.query === undefined ? row.query : input.query,
  );
  assertValidTopic(definition);
  const visibility = await resolveVisibilityChange(deps, actor, row, input);
  await nameTakenOnConflict(() =>
    updateTopicRow(
      deps.db,
      actor.businessProfileId,
      id,
      {
        name: input.name,
        nameKey,
        ...definition,
        ...(input.topic_group_id !== undefined ? { topicGroupId: input.topic_group_id } : {}),
        ...(input.category !== undefined ? { category: input.category } : {}),
        ...(input.logo_src !== undefined ? { logoSrc: input.logo_src } : {}),
        ...(visibility ? { entityType: visibility.entityType, entityIds: visibility.entityIds } : {}),
      },
      isoNow(deps),
    ),
  );
  const changed =
    definition.type !== row.type ||
    definition.query !== row.query ||
    JSON.stringify(definition.keywords) !== JSON.stringify(parseKeywords(row.keywords));
  if (changed) definitionSaved(deps, actor.businessProfileId, { type: 2, id });
  return viewOf(deps, actor, id);
}

/** PUT /v1/topics/move/{id}: into a group of the tenant, or out of any (null). */
export async function moveTopic(deps: ServiceDeps, actor: Actor, id: number, input: MoveTopicInput): Promise<TopicView> {
  requireWriteTopics(actor);
  await findVisibleTopic(deps, actor, id);
  await assertGroup(deps, actor, input.topic_group_id);
  await updateTopicRow(deps.db, actor.businessProfileId, id, { topicGroupId: input.topic_group_id }, isoNow(deps));
  return viewOf(deps, actor, id);
}

/** Deletes a topic the caller was allowed to see: its pins (everyone's) and stored matches go with it. */
export async function removeTopic(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  await deps.db.transaction().execute(async (trx) => {
    await deletePinsOf(trx, TOPIC_PIN, id);
    await deleteTopicRow(trx, actor.businessProfileId, id);
  });
  await definitionDeleted(deps, actor.businessProfileId, { type: 2, id });
}

/** DELETE /v1/topics/{id} */
export async function deleteTopic(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireWriteTopics(actor);
  await findVisibleTopic(deps, actor, id);
  await removeTopic(deps, actor, id);
}
