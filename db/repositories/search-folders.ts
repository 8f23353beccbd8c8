import type { Database } from "../client";
import type { SearchFolderRow } from "../schema";

export async function listSearchFolders(db: Database, businessProfileId: number, category?: string): Promise<SearchFolderRow[]> {
  let query = db.selectFrom("searchFolders").selectAll().where("businessProfileId", "=", businessProfileId);
  if (category) query = query.where("category", "=", category);
  return query.orderBy("id").execute();
}

export async function findSearchFolder(db: Database, businessProfileId: number, id: number): Promise<SearchFolderRow | undefined> {
  return db
    .selectFrom("searchFolders")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertSearchFolder(
  db: Database,
  businessProfileId: number,
  values: { name: string; category: string; ownerAccountId: number; entityType: number; entityIds: number[] },
  now: string,
): Promise<SearchFolderRow> {
  return db
    .insertInto("searchFolders")
    .values({
      businessProfileId,
      name: values.name,
      category: values.category,
      ownerAccountId: values.ownerAccountId,
      entityType: values.entityType,
      entityIds: JSON.stringify(values.entityIds),
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSearchFolder(
  db: Database,
  businessProfileId: number,
  id: number,
  values: { name?: string; entityType?: number; entityIds?: number[] },
  now: string,
): Promise<void> {
  await db
    .updateTable("searchFolders")
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.entityType !== undefined ? { entityType: values.entityType } : {}),
      ...(values.entityIds !== undefined ? { entityIds: JSON.stringify(values.entityIds) } : {}),
      updatedAt: now,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

export async function deleteSearchFolder(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("searchFolders").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
