import type { Database } from "../client";
import type { DashboardFeedHashRow } from "../schema";

export interface DashboardFeedHashValues {
  title: string;
  viewType: string;
  accountId: number | null;
  contextId: number;
  contextType: number;
  minCreatedAt: string;
  maxCreatedAt: string;
  /** JSON text of the properties (query, filters, and the chart point's own filters). */
  properties: string;
}

export async function insertDashboardFeedHash(
  db: Database,
  businessProfileId: number,
  code: string,
  values: DashboardFeedHashValues,
  createdBy: number | null,
  now: string,
): Promise<void> {
  await db
    .insertInto("dashboardFeedHashes")
    .values({ businessProfileId, code, ...values, createdBy, createdAt: now })
    .execute();
}

/** A feed hash of the tenant by its code. */
export async function findDashboardFeedHash(
  db: Database,
  businessProfileId: number,
  code: string,
): Promise<DashboardFeedHashRow | undefined> {
  return db
    .selectFrom("dashboardFeedHashes")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("code", "=", code)
    .executeTakeFirst();
}
