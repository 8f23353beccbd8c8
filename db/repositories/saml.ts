import type { Database } from "../client";
import type { SamlConfigurationRow, SamlRequestRow } from "./saml-schema";

// Single sign-on's storage (issue 26, ADR 041): a profile's identity provider, the AuthnRequests sent
// (InResponseTo, shared by every process) and the assertions already used.

export async function findSamlConfiguration(db: Database, businessProfileId: number): Promise<SamlConfigurationRow | undefined> {
  return db.selectFrom("samlConfigurations").selectAll().where("businessProfileId", "=", businessProfileId).executeTakeFirst();
}

export async function saveSamlConfiguration(
  db: Database,
  row: Omit<SamlConfigurationRow, "createdAt" | "updatedAt"> & { now: string },
): Promise<void> {
  const { now, ...fields } = row;
  await db
    .insertInto("samlConfigurations")
    .values({ ...fields, createdAt: now, updatedAt: now })
    .onConflict((oc) =>
      oc.column("businessProfileId").doUpdateSet({
        idpLoginUrl: fields.idpLoginUrl,
        idpEntityId: fields.idpEntityId,
        idpCert: fields.idpCert,
        isActive: fields.isActive,
        updatedByAccountId: fields.updatedByAccountId,
        updatedAt: now,
      }),
    )
    .execute();
}

/**
 * The business profiles whose single sign-on is on and that hold an account with an address at this
 * domain (at most two: more than one means the domain does not name a profile).
 */
export async function findSsoProfilesByEmailDomain(db: Database, domain: string): Promise<number[]> {
  const rows = await db
    .selectFrom("samlConfigurations")
    .select("samlConfigurations.businessProfileId")
    .where("samlConfigurations.isActive", "=", 1)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom("accounts")
          .select("accounts.id")
          .whereRef("accounts.businessProfileId", "=", "samlConfigurations.businessProfileId")
          .where("accounts.email", "like", `%@${domain.replace(/[\\%_]/g, "")}`),
      ),
    )
    .limit(2)
    .execute();
  return rows.map((r) => r.businessProfileId);
}

export async function insertSamlRequest(db: Database, row: Omit<SamlRequestRow, "consumedAt">): Promise<void> {
  await db.insertInto("samlRequests").values({ ...row, consumedAt: null }).execute();
}

export async function findSamlRequest(db: Database, id: string): Promise<SamlRequestRow | undefined> {
  return db.selectFrom("samlRequests").selectAll().where("id", "=", id).executeTakeFirst();
}

/** An AuthnRequest still waiting for its answer (not used, not expired). */
export async function findOpenSamlRequest(db: Database, id: string, now: string): Promise<SamlRequestRow | undefined> {
  return db
    .selectFrom("samlRequests")
    .selectAll()
    .where("id", "=", id)
    .where("consumedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
}

/** Marks the request answered; false when another answer got there first (one UPDATE decides). */
export async function claimSamlRequest(db: Database, id: string, now: string): Promise<boolean> {
  const result = await db
    .updateTable("samlRequests")
    .set({ consumedAt: now })
    .where("id", "=", id)
    .where("consumedAt", "is", null)
    .where("expiresAt", ">", now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Records an assertion as used; false when it already was (its primary key decides). */
export async function claimSamlAssertion(
  db: Database,
  row: { businessProfileId: number; assertionId: string; expiresAt: string },
): Promise<boolean> {
  const result = await db.insertInto("samlAssertions").values(row).onConflict((oc) => oc.doNothing()).executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
}

/** Forgets requests and assertions past their expiry (run at each new request). */
export async function purgeExpiredSaml(db: Database, now: string): Promise<void> {
  await db.deleteFrom("samlRequests").where("expiresAt", "<=", now).execute();
  await db.deleteFrom("samlAssertions").where("expiresAt", "<=", now).execute();
}
