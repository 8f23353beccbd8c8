import type { Kysely } from "kysely";
import { engineOf, type Database } from "../client";
import { ACCOUNT_STATE } from "../../domain/constants";
import type { DatabaseSchema } from "../schema";

// Counting a tenant's records for its limits (ADR 026). SQL for every limited table in one place, so each
// create service counts the same way, inside its own transaction.

export type CountedTable =
  | "labels"
  | "teams"
  | "mutedKeywords"
  | "sentimentExcludeWords"
  | "replyTemplates"
  | "searchItems"
  | "searchFolders"
  | "topics"
  | "topicGroups"
  | "streams"
  | "dashboardTemplates"
  | "dashboardSharedLinks"
  | "annotationLayers"
  | "annotations"
  | "teamMemberInvites"
  | "accounts"
  | "filters";

/**
 * Serialises the limit checks of one tenant until the transaction ends: PostgreSQL locks the business
 * profile's row; SQLite already runs one write transaction at a time.
 */
export async function lockTenantForLimits(trx: Database, businessProfileId: number): Promise<void> {
  if (engineOf(trx) !== "postgres") return;
  await trx.selectFrom("businessProfiles").select("id").where("id", "=", businessProfileId).forUpdate().execute();
}

/** Rows of the tenant in `table`; invites count only while open, shared links while live, accounts while active. */
export async function countTenantRows(
  db: Database,
  table: CountedTable,
  businessProfileId: number,
  now: string,
): Promise<number> {
  if (table === "teamMemberInvites") {
    const row = await db
      .selectFrom("teamMemberInvites")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("businessProfileId", "=", businessProfileId)
      .where("acceptedAt", "is", null)
      .where("revokedAt", "is", null)
      .where("expiresAt", ">", now)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  if (table === "dashboardSharedLinks") {
    const row = await db
      .selectFrom("dashboardSharedLinks")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("businessProfileId", "=", businessProfileId)
      .where("revokedAt", "is", null)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  if (table === "accounts") {
    const row = await db
      .selectFrom("accounts")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("businessProfileId", "=", businessProfileId)
      .where("state", "=", ACCOUNT_STATE.active)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }
  // Every other counted table has business_profile_id; the cast lets one query serve them all.
  const row = await (db as unknown as Kysely<Pick<DatabaseSchema, "labels">>)
    .selectFrom(table as "labels")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export async function countPinsOfAccount(db: Database, accountId: number): Promise<number> {
  const row = await db
    .selectFrom("pins")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}
