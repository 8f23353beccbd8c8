import type { Database } from "../client";
import type { TakeoverRow } from "../schema";

export async function insertTakeover(db: Database, row: Omit<TakeoverRow, "id" | "endedAt">): Promise<void> {
  await db.insertInto("takeovers").values({ ...row, endedAt: null }).execute();
}

export async function endTakeover(db: Database, sessionId: string, now: string): Promise<void> {
  await db.updateTable("takeovers").set({ endedAt: now }).where("sessionId", "=", sessionId).where("endedAt", "is", null).execute();
}

export async function listTakeovers(db: Database, filter: { adminAccountId?: number; targetAccountId?: number } = {}) {
  let query = db.selectFrom("takeovers").selectAll();
  if (filter.adminAccountId) query = query.where("adminAccountId", "=", filter.adminAccountId);
  if (filter.targetAccountId) query = query.where("targetAccountId", "=", filter.targetAccountId);
  return query.orderBy("id", "desc").execute();
}
