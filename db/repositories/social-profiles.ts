import type { Database } from "../client";

export async function listSocialProfiles(db: Database, businessProfileId: number, socialTypes?: string[]) {
  let query = db.selectFrom("socialProfiles").selectAll().where("businessProfileId", "=", businessProfileId);
  if (socialTypes?.length) query = query.where("socialType", "in", socialTypes);
  return query.orderBy("socialType").orderBy("username").execute();
}

export async function findSocialProfile(db: Database, businessProfileId: number, id: number) {
  return db.selectFrom("socialProfiles").selectAll().where("businessProfileId", "=", businessProfileId).where("id", "=", id).executeTakeFirst();
}

export async function insertSocialProfile(
  db: Database,
  row: { businessProfileId: number; socialType: string; externalId: string | null; username: string; name: string | null; photoUrl: string | null; createdAt: string },
) {
  return db.insertInto("socialProfiles").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function deleteSocialProfile(db: Database, businessProfileId: number, id: number) {
  await db.deleteFrom("socialProfiles").where("businessProfileId", "=", businessProfileId).where("id", "=", id).execute();
}

export async function listProfileItems(
  db: Database,
  businessProfileId: number,
  filter: { profileId?: number; socialTypes?: string[]; types?: string[] },
) {
  let query = db.selectFrom("profileItems").selectAll().where("businessProfileId", "=", businessProfileId);
  if (filter.profileId !== undefined) query = query.where("profileId", "=", filter.profileId);
  if (filter.socialTypes?.length) query = query.where("socialType", "in", filter.socialTypes);
  if (filter.types?.length) query = query.where("type", "in", filter.types);
  return query.orderBy("name").execute();
}

export async function insertProfileItem(
  db: Database,
  row: { businessProfileId: number; profileId: number; socialType: string; name: string; type: string; photoUrl: string | null; createdAt: string },
) {
  return db.insertInto("profileItems").values(row).returningAll().executeTakeFirstOrThrow();
}
