import type { Database } from "../client";
import type { DashboardSharedLinkRow } from "../schema";

export interface DashboardSharedLinkValues {
  title: string;
  nonLoggedInAccess: boolean;
  /** JSON text of the link's config. */
  config: string;
}

/** The tenant's links that are not revoked, newest first. */
export async function listDashboardSharedLinks(db: Database, businessProfileId: number): Promise<DashboardSharedLinkRow[]> {
  return db
    .selectFrom("dashboardSharedLinks")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("revokedAt", "is", null)
    .orderBy("id", "desc")
    .execute();
}

/** A live (not revoked) link of the tenant by id. */
export async function findDashboardSharedLink(
  db: Database,
  businessProfileId: number,
  id: number,
): Promise<DashboardSharedLinkRow | undefined> {
  return db
    .selectFrom("dashboardSharedLinks")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
}

/** A live link by its code, whatever its tenant (the code decides the tenant). */
export async function findDashboardSharedLinkByCode(db: Database, code: string): Promise<DashboardSharedLinkRow | undefined> {
  return db
    .selectFrom("dashboardSharedLinks")
    .selectAll()
    .where("code", "=", code)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
}

export async function insertDashboardSharedLink(
  db: Database,
  businessProfileId: number,
  code: string,
  values: DashboardSharedLinkValues,
  accountId: number,
  now: string,
): Promise<{ id: number }> {
  return db
    .insertInto("dashboardSharedLinks")
    .values({
      businessProfileId,
      code,
      title: values.title,
      nonLoggedInAccess: values.nonLoggedInAccess ? 1 : 0,
      config: values.config,
      createdBy: accountId,
      revokedAt: null,
      createdAt: now,
      updatedAt: now,
    })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateDashboardSharedLink(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<DashboardSharedLinkValues>,
  now: string,
): Promise<void> {
  const { nonLoggedInAccess, ...rest } = values;
  await db
    .updateTable("dashboardSharedLinks")
    .set({ ...rest, ...(nonLoggedInAccess !== undefined ? { nonLoggedInAccess: nonLoggedInAccess ? 1 : 0 } : {}), updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .execute();
}

/** Revokes a live link; true when one was revoked. */
export async function revokeDashboardSharedLink(db: Database, businessProfileId: number, id: number, now: string): Promise<boolean> {
  const result = await db
    .updateTable("dashboardSharedLinks")
    .set({ revokedAt: now, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .where("revokedAt", "is", null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}
