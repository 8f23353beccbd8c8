import type { Database } from "../client";
import type { DashboardTemplateRow } from "../schema";

export interface DashboardTemplateValues {
  name: string;
  time: number;
  timeUnit: string;
  /** JSON text of the template's config. */
  config: string;
}

export async function listDashboardTemplates(db: Database, businessProfileId: number): Promise<DashboardTemplateRow[]> {
  return db
    .selectFrom("dashboardTemplates")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .orderBy("name")
    .orderBy("id")
    .execute();
}

export async function findDashboardTemplate(
  db: Database,
  businessProfileId: number,
  id: number,
): Promise<DashboardTemplateRow | undefined> {
  return db
    .selectFrom("dashboardTemplates")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .executeTakeFirst();
}

export async function insertDashboardTemplate(
  db: Database,
  businessProfileId: number,
  values: DashboardTemplateValues,
  accountId: number,
  now: string,
): Promise<{ id: number }> {
  return db
    .insertInto("dashboardTemplates")
    .values({ businessProfileId, createdBy: accountId, ...values, createdAt: now, updatedAt: now })
    .returning("id")
    .executeTakeFirstOrThrow();
}

export async function updateDashboardTemplate(
  db: Database,
  businessProfileId: number,
  id: number,
  values: Partial<DashboardTemplateValues>,
  now: string,
): Promise<void> {
  await db
    .updateTable("dashboardTemplates")
    .set({ ...values, updatedAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", id)
    .execute();
}
