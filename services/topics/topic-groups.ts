import {
  deleteTopicGroup as deleteTopicGroupRow,
  findTopicGroup,
  insertTopicGroup,
  listTopicGroups as listTopicGroupRows,
  updateTopicGroup as updateTopicGroupRow,
} from "../../db/repositories/topic-groups";
import { listTopics as listTopicRows, ungroupTopics } from "../../db/repositories/topics";
import type { TopicGroupRow } from "../../db/schema";
import { notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { TopicGroupFormInput, TopicGroupResponseSchema } from "../../domain/schemas/topics";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { canSee, viewerOf } from "../searches/access";
import { requireWriteTopics, type TopicView } from "./topic-view";
import { removeTopic, visibleTopicViews } from "./topics";
import { assertRoomFor } from "../limits/assert-room-for";
import type { FromWire } from "../../domain/key-case";

export type TopicGroupView = FromWire<typeof TopicGroupResponseSchema>;

export interface TopicGroupDetailView extends TopicGroupView {
  topics: TopicView[];
}

/** Topic groups belong to the business profile: everyone in it sees them (their topics keep their own visibility). */
async function groupOrNotFound(deps: ServiceDeps, actor: Actor, id: number): Promise<TopicGroupRow> {
  const row = await findTopicGroup(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.searches.topicGroupNotFound);
  return row;
}

function groupView(row: TopicGroupRow, topicsCount: number): TopicGroupView {
  return { id: row.id, name: row.name, topicsCount, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

const byName = (a: { name: string; id: number }, b: { name: string; id: number }) => {
  const an = a.name.toLowerCase();
  const bn = b.name.toLowerCase();
  return an === bn ? a.id - b.id : an < bn ? -1 : 1;
};

/** GET /v1/topic_groups: by name, each with how many of its topics the caller sees. */
export async function listTopicGroups(deps: ServiceDeps, actor: Actor): Promise<TopicGroupView[]> {
  const viewer = await viewerOf(deps, actor);
  const [rows, topics] = await Promise.all([
    listTopicGroupRows(deps.db, actor.businessProfileId),
    listTopicRows(deps.db, actor.businessProfileId),
  ]);
  const counts = new Map<number, number>();
  for (const topic of topics) {
    if (topic.topicGroupId !== null && canSee(viewer, topic)) counts.set(topic.topicGroupId, (counts.get(topic.topicGroupId) ?? 0) + 1);
  }
  return rows.map((row) => groupView(row, counts.get(row.id) ?? 0)).sort(byName);
}

/** GET /v1/topic_groups/{id}: the group and the topics in it that the caller sees. */
export async function getTopicGroup(deps: ServiceDeps, actor: Actor, id: number): Promise<TopicGroupDetailView> {
  const row = await groupOrNotFound(deps, actor, id);
  const topics = await visibleTopicViews(deps, actor, await viewerOf(deps, actor), { topicGroupId: id });
  return { ...groupView(row, topics.length), topics };
}

async function assertNameFree(deps: ServiceDeps, actor: Actor, name: string, exceptId?: number): Promise<void> {
  const key = name.toLowerCase();
  const rows = await listTopicGroupRows(deps.db, actor.businessProfileId);
  if (rows.some((row) => row.id !== exceptId && row.name.toLowerCase() === key)) {
    throw validationError({ name: [MESSAGES.searches.topicGroupNameTaken] });
  }
}

/** POST /v1/topic_groups: a name unique in the business profile whatever its case. */
export async function createTopicGroup(deps: ServiceDeps, actor: Actor, input: TopicGroupFormInput): Promise<TopicGroupDetailView> {
  requireWriteTopics(actor);
  await assertNameFree(deps, actor, input.name);
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "topicGroups", actor.businessProfileId, isoNow(deps));
    return insertTopicGroup(trx, actor.businessProfileId, { name: input.name, createdBy: actor.accountId }, isoNow(deps));
  });
  return { ...groupView(row, 0), topics: [] };
}

/** PUT /v1/topic_groups/{id}: rename. */
export async function updateTopicGroup(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: TopicGroupFormInput,
): Promise<TopicGroupDetailView> {
  requireWriteTopics(actor);
  await groupOrNotFound(deps, actor, id);
  await assertNameFree(deps, actor, input.name, id);
  await updateTopicGroupRow(deps.db, actor.businessProfileId, id, { name: input.name }, isoNow(deps));
  return getTopicGroup(deps, actor, id);
}

/**
 * DELETE /v1/topic_groups/{id}?remove_topics: with remove_topics the group's topics that the caller sees
 * are deleted with it; the others (and all of them without remove_topics) stay, ungrouped.
 */
export async function deleteTopicGroup(deps: ServiceDeps, actor: Actor, id: number, removeTopics: boolean): Promise<void> {
  requireWriteTopics(actor);
  await groupOrNotFound(deps, actor, id);
  if (removeTopics) {
    const topics = await visibleTopicViews(deps, actor, await viewerOf(deps, actor), { topicGroupId: id });
    for (const topic of topics) await removeTopic(deps, actor, topic.id);
  }
  await deps.db.transaction().execute(async (trx) => {
    await ungroupTopics(trx, actor.businessProfileId, id, isoNow(deps));
    await deleteTopicGroupRow(trx, actor.businessProfileId, id);
  });
}
