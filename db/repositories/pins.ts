import type { Database } from "../client";

export async function listPinnedIds(db: Database, accountId: number, type: string): Promise<number[]> {
  const rows = await db.selectFrom("pins").select("entityId").where("accountId", "=", accountId).where("type", "=", type).execute();
  return rows.map((r) => r.entityId);
}

export async function isPinned(db: Database, accountId: number, type: string, entityId: number): Promise<boolean> {
  const row = await db
    .selectFrom("pins")
    .select("entityId")
    .where("accountId", "=", accountId)
    .where("type", "=", type)
    .where("entityId", "=", entityId)
    .executeTakeFirst();
  return row !== undefined;
}

export async function pin(db: Database, accountId: number, type: string, entityId: number, now: string) {
  await db
    .insertInto("pins")
    .values({ accountId, type, entityId, createdAt: now })
    .onConflict((oc) => oc.columns(["accountId", "type", "entityId"]).doNothing())
    .execute();
}

export async function unpin(db: Database, accountId: number, type: string, entityId: number) {
  await db.deleteFrom("pins").where("accountId", "=", accountId).where("type", "=", type).where("entityId", "=", entityId).execute();
}

/** When an entity goes, its pins go for everyone. */
export async function deletePinsOf(db: Database, type: string, entityId: number) {
  await db.deleteFrom("pins").where("type", "=", type).where("entityId", "=", entityId).execute();
}
