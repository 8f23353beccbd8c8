import type { Database } from "../client";
import type { AccountEventRow } from "../schema";

export async function insertAccountEvent(db: Database, row: Omit<AccountEventRow, "id">): Promise<AccountEventRow> {
  return db.insertInto("accountEvents").values(row).returningAll().executeTakeFirstOrThrow();
}

export async function listAccountEvents(
  db: Database,
  businessProfileId: number,
  filter: { accountIds?: number[]; from?: string; to?: string; actionType?: string },
): Promise<AccountEventRow[]> {
  let query = db.selectFrom("accountEvents").selectAll().where("businessProfileId", "=", businessProfileId);
  if (filter.accountIds?.length) query = query.where("accountId", "in", filter.accountIds);
  if (filter.from) query = query.where("createdAt", ">=", filter.from);
  if (filter.to) query = query.where("createdAt", "<=", filter.to);
  if (filter.actionType) query = query.where("actionType", "=", filter.actionType);
  return query.orderBy("id", "desc").limit(1000).execute();
}
