import type { Database } from "../client";

export interface IdentityValues {
  socialType: string;
  externalId: string;
  username: string;
  name: string | null;
  photoUrl: string | null;
  profileUrl: string | null;
  followers: number;
  country: string;
}

const CHUNK = 300;

/** Creates authors seen for the first time and refreshes the others (followers, names, photos); returns their ids by key. */
export async function upsertIdentities(
  db: Database,
  businessProfileId: number,
  identities: IdentityValues[],
  now: string,
) {
  const ids = new Map<string, number>();
  for (let i = 0; i < identities.length; i += CHUNK) {
    const chunk = identities
      .slice(i, i + CHUNK)
      .map((x) => ({ ...x, businessProfileId, createdAt: now, updatedAt: now }));
    const rows = await db
      .insertInto("identities")
      .values(chunk)
      .onConflict((oc) =>
        oc.columns(["businessProfileId", "socialType", "externalId"]).doUpdateSet((eb) => ({
          username: eb.ref("excluded.username"),
          name: eb.fn.coalesce("excluded.name", "identities.name"),
          photoUrl: eb.fn.coalesce("excluded.photoUrl", "identities.photoUrl"),
          profileUrl: eb.fn.coalesce("excluded.profileUrl", "identities.profileUrl"),
          followers: eb.ref("excluded.followers"),
          country: eb.ref("excluded.country"),
          updatedAt: eb.ref("excluded.updatedAt"),
        })),
      )
      .returning(["id", "socialType", "externalId"])
      .execute();
    for (const row of rows) ids.set(identityKey(row.socialType, row.externalId), row.id);
  }
  return ids;
}

export function identityKey(socialType: string, externalId: string) {
  return `${socialType}\u0000${externalId}`;
}

export async function findIdentity(db: Database, businessProfileId: number, id: number) {
  return db
    .selectFrom("identities")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

/**
 * The tenant's authors on these networks: the `limit` most followed, then the `limit` seen most recently
 * (new voices have few followers), then those with these ids whatever their rank; each once.
 */
export async function listAuthorChoices(
  db: Database,
  businessProfileId: number,
  input: { networks: readonly string[]; limit: number; alsoIds: readonly number[] },
) {
  if (!input.networks.length) return [];
  const columns = ["id", "socialType", "username", "name", "followers"] as const;
  const base = () =>
    db
      .selectFrom("identities")
      .select(columns)
      .where("businessProfileId", "=", businessProfileId)
      .where("socialType", "in", [...input.networks]);
  const [followed, recent] = await Promise.all([
    base().orderBy("followers", "desc").orderBy("id").limit(input.limit).execute(),
    base().orderBy("updatedAt", "desc").orderBy("id", "desc").limit(input.limit).execute(),
  ]);
  const seen = new Set<number>();
  const rows = [...followed, ...recent].filter((row) => !seen.has(row.id) && seen.add(row.id));
  const missing = input.alsoIds.filter((id) => !seen.has(id));
  return missing.length ? [...rows, ...(await base().where("id", "in", missing).execute())] : rows;
}
