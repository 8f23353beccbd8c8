import type { Database } from "../client";
import type { SearchItemRow } from "../schema";

export async function listSearchItems(db: Database, businessProfileId: number, category?: string): Promise<SearchItemRow[]> {
  let query = db.selectFrom("searchItems").selectAll().where("businessProfileId", "=", businessProfileId);
  if (category) query = query.where("category", "=", category);
  return query.orderBy("id").execute();
}

export async function findSearchItem(db: Database, businessProfileId: number, id: number): Promise<SearchItemRow | undefined> {
  return db
    .selectFrom("searchItems")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export interface SearchItemValues {
  name: string;
  category: string;
  folderId: number | null;
  ownerAccountId: number;
  entityType: number;
  entityIds: number[];
  /** JSON of the query groups. */
  query: string;
  logoSrc: string | null;
  alertsEnabled: boolean;
}

export async function insertSearchItem(
  db: Database,
  businessProfileId: number,
  values: SearchItemValues,
  now: string,
): Promise<SearchItemRow> {
  return db
    .insertInto("searchItems")
    .values({
      businessProfileId,
      name: values.name,
      category: values.category,
      folderId: values.folderId,
      ownerAccountId: values.ownerAccountId,
      entityType: values.entityType,
      entityIds: JSON.stringify(values.entityIds),
      query: values.query,
      logoSrc: values.logoSrc,
      alertsEnabled: values.alertsEnabled ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateSearchItem(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<Omit<SearchItemValues, "category" | "ownerAccountId">>,
  now: string,
): Promise<void> {
  await db
    .updateTable("searchItems")
    .set({
      ...(values.name !== undefined ? { name: values.name } : {}),
      ...(values.folderId !== undefined ? { folderId: values.folderId } : {}),
      ...(values.entityType !== undefined ? { entityType: values.entityType } : {}),
      ...(values.entityIds !== undefined ? { entityIds: JSON.stringify(values.entityIds) } : {}),
      ...(values.query !== undefined ? { query: values.query } : {}),
      ...(values.logoSrc !== undefined ? { logoSrc: values.logoSrc } : {}),
      ...(values.alertsEnabled !== undefined ? { alertsEnabled: values.alertsEnabled ? 1 : 0 } : {}),
      updatedAt: now,
    })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}

/** A folder goes: its searches move to the top level of their section. */
export async function moveFolderItemsToTopLevel(db: Database, businessProfileId: number, folderId: number, now: string) {
  await db
    .updateTable("searchItems")
    .set({ folderId: null, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("folderId", "=", folderId)
    .execute();
}

export async function deleteSearchItem(db: Database, businessProfileId: number, id: number): Promise<void> {
  await db.deleteFrom("searchItems").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
