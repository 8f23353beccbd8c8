import { sql } from "kysely";
import type { Database } from "../client";
import { engineOf } from "../client";
import type { BusinessProfileRow } from "../schema";

export async function findBusinessProfile(db: Database, id: number): Promise<BusinessProfileRow | undefined> {
  return db.selectFrom("businessProfiles").selectAll().where("id", "=", id).executeTakeFirst();
}

export async function findBusinessProfileByName(db: Database, name: string) {
  return db.selectFrom("businessProfiles").selectAll().where("name", "=", name).executeTakeFirst();
}

export async function insertBusinessProfile(
  db: Database,
  values: { id?: number; name: string; logoUrl?: string | null; timeZone?: string; createdAt: string },
): Promise<BusinessProfileRow> {
  const row = await db
    .insertInto("businessProfiles")
    .values({
      ...(values.id ? { id: values.id } : {}),
      name: values.name,
      logoUrl: values.logoUrl ?? null,
      timeZone: values.timeZone ?? "UTC",
      copiedBusinessProfileId: null,
      createdAt: values.createdAt,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  // An explicit id leaves PostgreSQL's sequence behind; move it past the highest id.
  if (values.id && engineOf(db) === "postgres") {
    await sql`select setval(pg_get_serial_sequence('business_profiles', 'id'), (select max(id) from business_profiles))`.execute(
      db,
    );
  }
  return row;
}

export async function countActiveAccounts(db: Database, businessProfileId: number): Promise<number> {
  const row = await db
    .selectFrom("accounts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .where("state", "=", 1)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
