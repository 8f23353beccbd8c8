import type { Database } from "../client";

export async function listFilters(db: Database, businessProfileId: number, accountId: number, filterType?: string) {
  let query = db.selectFrom("filters").selectAll().where("businessProfileId", "=", businessProfileId).where("accountId", "=", accountId);
  if (filterType) query = query.where("filterType", "=", filterType);
  return query.orderBy("name").execute();
}

export async function findFilter(db: Database, businessProfileId: number, id: number) {
  return db.selectFrom("filters").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

export async function insertFilter(
  db: Database,
  row: { businessProfileId: number; accountId: number; name: string; filterType: string; value: string; createdAt: string },
) {
  return db.insertInto("filters").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteFilter(db: Database, businessProfileId: number, id: number) {
  await db.deleteFrom("filters").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
