import type { Database } from "../client";
import type { TopicGroupRow } from "../schema";

export async function listTopicGroups(db: Database, businessProfileId: number): Promise<TopicGroupRow[]> {
  return db.selectFrom("topicGroups").selectAll().where("businessProfileId", "=", businessProfileId).orderBy("id").execute();
}

export async function findTopicGroup(db: Database, businessProfileId: number, id: number): Promise<TopicGroupRow | undefined> {
  return db
    .selectFrom("topicGroups")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertTopicGroup(
  db: Database,
  businessProfileId: number,
  values: { name: string; createdBy: number },
  now: string,
): Promise<TopicGroupRow> {
  return db
    .insertInto("topicGroups")
    .values({ businessProfileId, name: values.name, createdBy: values.createdBy, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateTopicGroup(db: Database, businessProfileId: number, id: number, values: { name: string }, now: string) {
  await db
    .updateTable("topicGroups")
    .set({ name: values.name, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function deleteTopicGroup(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("topicGroups").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
