import type { Database } from "../client";

export async function listMutedKeywords(db: Database, businessProfileId: number) {
  return db.selectFrom("mutedKeywords").select(["id", "value"]).where("businessProfileId", "=", businessProfileId).orderBy("valueKey").execute();
}

/** Inserts the words not muted yet (the unique key skips the others); returns those inserted. */
export async function insertMutedKeywords(db: Database, businessProfileId: number, values: string[], createdBy: number, now: string) {
  if (!values.length) return [];
  return db
    .insertInto("mutedKeywords")
    .values(values.map((value) => ({ businessProfileId, value, valueKey: value.toLowerCase(), createdBy, createdAt: now })))
    .onConflict((oc) => oc.columns(["businessProfileId", "valueKey"]).doNothing())
    .returning(["id", "value"])
    .execute();
}

export async function findMutedKeyword(db: Database, businessProfileId: number, id: number) {
  return db.selectFrom("mutedKeywords").select(["id", "value"]).where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

export async function deleteMutedKeyword(db: Database, businessProfileId: number, id: number) {
  await db.deleteFrom("mutedKeywords").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}
