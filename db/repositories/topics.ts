import type { Database } from "../client";
import type { TopicRow } from "../schema";

export async function listTopics(
  db: Database,
  businessProfileId: number,
  filter: { topicGroupId?: number | null } = {},
): Promise<TopicRow[]> {
  let query = db.selectFrom("topics").selectAll().where("businessProfileId", "=", businessProfileId);
  if (filter.topicGroupId === null) query = query.where("topicGroupId", "is", null);
  else if (filter.topicGroupId !== undefined) query = query.where("topicGroupId", "=", filter.topicGroupId);
  return query.orderBy("id").execute();
}

export async function findTopic(db: Database, businessProfileId: number, id: number): Promise<TopicRow | undefined> {
  return db.selectFrom("topics").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

/** The topic holding this name in the tenant, whatever its case (name_key is the lower-cased name). */
export async function findTopicByNameKey(db: Database, businessProfileId: number, nameKey: string): Promise<{ id: number } | undefined> {
  return db
    .selectFrom("topics")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("nameKey", "=", nameKey)
    .executeTakeFirst();
}

export interface TopicValues {
  name: string;
  nameKey: string;
  type: string;
  topicGroupId: number | null;
  keywords: string[];
  query: string | null;
  category: string | null;
  logoSrc: string | null;
  alertsEnabled: boolean;
  ownerAccountId: number;
  entityType: number;
  entityIds: number[];
}

export async function insertTopic(db: Database, businessProfileId: number, values: TopicValues, now: string): Promise<TopicRow> {
  return db
    .insertInto("topics")
    .values({
      businessProfileId,
      name: values.name,
      nameKey: values.nameKey,
      type: values.type,
      topicGroupId: values.topicGroupId,
      keywords: JSON.stringify(values.keywords),
      query: values.query,
      category: values.category,
      logoSrc: values.logoSrc,
      alertsEnabled: values.alertsEnabled ? 1 : 0,
      ownerAccountId: values.ownerAccountId,
      entityType: values.entityType,
      entityIds: JSON.stringify(values.entityIds),
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTopic(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<Omit<TopicValues, "ownerAccountId">>,
  now: string,
): Promise<void> {
  await db
    .updateTable("topics")
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.nameKey !== undefined ? { nameKey: values.nameKey } : {}),
      ...(values.type !== undefined ? { type: values.type } : {}),
      ...(values.topicGroupId !== undefined ? { topicGroupId: values.topicGroupId } : {}),
      ...(values.keywords !== undefined ? { keywords: JSON.stringify(values.keywords) } : {}),
      ...(values.query !== undefined ? { query: values.query } : {}),
      ...(values.category !== undefined ? { category: values.category } : {}),
      ...(values.logoSrc !== undefined ? { logoSrc: values.logoSrc } : {}),
      ...(values.alertsEnabled !== undefined ? { alertsEnabled: values.alertsEnabled ? 1 : 0 } : {}),
      ...(values.entityType !== undefined ? { entityType: values.entityType } : {}),
      ...(values.entityIds !== undefined ? { entityIds: JSON.stringify(values.entityIds) } : {}),
      updatedAt: now,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

/** A topic group goes without its topics: they stay, ungrouped. */
export async function ungroupTopics(db: Database, businessProfileId: number, topicGroupId: number, now: string) {
  await db
    .updateTable("topics")
    .set({ topicGroupId: null, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("topicGroupId", "=", topicGroupId)
    .execute();
}

export async function deleteTopic(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("topics").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
