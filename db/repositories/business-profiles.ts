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
  values: {
    id?: number;
    name: string;
    logoUrl?: string | null;
    timeZone?: string;
    copiedBusinessProfileId?: number | null;
    createdAt: string;
  },
): Promise<BusinessProfileRow> {
  const row = await db
    .insertInto("businessProfiles")
    .values({
      ...(values.id ? { id: values.id } : {}),
      name: values.name,
      logoUrl: values.logoUrl ?? null,
      timeZone: values.timeZone ?? "UTC",
      copiedBusinessProfileId: values.copiedBusinessProfileId ?? null,
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

/** Every business profile (the /admin list), newest last. */
export async function listBusinessProfiles(db: Database): Promise<BusinessProfileRow[]> {
  return db.selectFrom("businessProfiles").selectAll().orderBy("id").execute();
}

/** A profile whose name is `name` ignoring case (names are unique that way), other than `exceptId`. */
export async function findBusinessProfileByNameIgnoringCase(db: Database, name: string, exceptId?: number) {
  let query = db
    .selectFrom("businessProfiles")
    .select("id")
    .where((eb) => eb(eb.fn("lower", ["name"]), "=", name.toLowerCase()));
  if (exceptId !== undefined) query = query.where("id", "!=", exceptId);
  return query.executeTakeFirst();
}

export async function updateBusinessProfile(db: Database, id: number, values: { name?: string; logoUrl?: string | null }) {
  await db.updateTable("businessProfiles").set(values).where("id", "=", id).execute();
}

/** Active accounts per profile (the /admin list's activeAccountsCount), one query for all. */
export async function countActiveAccountsByProfile(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("accounts")
    .select(["businessProfileId", (eb) => eb.fn.countAll<number>().as("count")])
    .where("state", "=", 1)
    .groupBy("businessProfileId")
    .execute();
  return new Map(rows.map((r) => [r.businessProfileId, Number(r.count)]));
}

/** The default account of each profile (its first admin, else its first member: ADR 008), for a list. */
export async function listDefaultAccountIds(db: Database): Promise<Map<number, number>> {
  const rows = await db
    .selectFrom("accounts")
    .select(["id", "businessProfileId", "role"])
    .where("state", "=", 1)
    .where("role", "!=", 0)
    .orderBy("businessProfileId")
    .orderBy("role")
    .orderBy("id")
    .execute();
  const defaults = new Map<number, number>();
  for (const row of rows) if (!defaults.has(row.businessProfileId)) defaults.set(row.businessProfileId, row.id);
  return defaults;
}

// ── Logos (migration 0028) ───────────────────────────────────────────────────────────────────────

export interface LogoMeta {
  businessProfileId: number;
  contentType: string;
  byteSize: number;
  sha256: string;
}

export async function listLogoMeta(db: Database): Promise<Map<number, LogoMeta>> {
  const rows = await db.selectFrom("businessProfileLogos").select(["businessProfileId", "contentType", "byteSize", "sha256"]).execute();
  return new Map(rows.map((r) => [r.businessProfileId, r]));
}

export async function findLogoMeta(db: Database, businessProfileId: number): Promise<LogoMeta | undefined> {
  return db
    .selectFrom("businessProfileLogos")
    .select(["businessProfileId", "contentType", "byteSize", "sha256"])
    .where("businessProfileId", "=", businessProfileId)
    .executeTakeFirst();
}

export async function findLogo(db: Database, businessProfileId: number) {
  return db.selectFrom("businessProfileLogos").selectAll().where("businessProfileId", "=", businessProfileId).executeTakeFirst();
}

/** Stores (or replaces) a profile's logo. */
export async function saveLogo(
  db: Database,
  values: { businessProfileId: number; contentType: string; bytes: Buffer; sha256: string; updatedAt: string },
) {
  const row = { ...values, byteSize: values.bytes.byteLength };
  await db
    .insertInto("businessProfileLogos")
    .values(row)
    .onConflict((oc) =>
      oc.column("businessProfileId").doUpdateSet({
        contentType: row.contentType,
        bytes: row.bytes,
        byteSize: row.byteSize,
        sha256: row.sha256,
        updatedAt: row.updatedAt,
      }),
    )
    .execute();
}
