import type { Database } from "../client";

export interface ExcludeWordValues {
  textToExclude: string;
  replaceWith: string;
  languages: string; // JSON
  socialTypes: string; // JSON
}

/** A tenant's entries plus the global ones (business_profile_id null). */
export async function listExcludeWords(db: Database, businessProfileId: number) {
  return db
    .selectFrom("sentimentExcludeWords")
    .selectAll()
    .where((eb) => eb.or([eb("businessProfileId", "=", businessProfileId), eb("businessProfileId", "is", null)]))
    .orderBy("textToExclude")
    .orderBy("id")
    .execute();
}

export async function findExcludeWord(db: Database, id: number) {
  return db.selectFrom("sentimentExcludeWords").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function insertExcludeWord(db: Database, businessProfileId: number | null, values: ExcludeWordValues, now: string) {
  return db
    .insertInto("sentimentExcludeWords")
    .values({ businessProfileId, ...values, createdAt: now, updatedAt: now })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function updateExcludeWord(db: Database, id: number, values: ExcludeWordValues & { businessProfileId: number | null }, now: string) {
  return db.updateTable("sentimentExcludeWords").set({ ...values, updatedAt: now }).where("id", "=", id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteExcludeWord(db: Database, id: number) {
  await db.deleteFrom("sentimentExcludeWords").where("id", "=", id).execute();
}
