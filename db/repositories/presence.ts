import type { Database } from "../client";

// Who is viewing or replying to an item (ADR 014): one row per (item, account), refreshed by heartbeats.
// Rows older than the presence window are ignored when read and pruned when the item is next touched.

export interface PresenceViewerRow {
  feedItemId: number;
  accountId: number;
  firstName: string;
  lastName: string;
  mode: string;
  seenAt: string;
}

export async function upsertPresence(
  db: Database,
  row: { businessProfileId: number; feedItemId: number; accountId: number; mode: string; seenAt: string },
): Promise<void> {
  await db
    .insertInto("feedItemPresence")
    .values(row)
    .onConflict((oc) => oc.columns(["feedItemId", "accountId"]).doUpdateSet({ mode: row.mode, seenAt: row.seenAt }))
    .execute();
}

export async function deletePresence(db: Database, businessProfileId: number, feedItemId: number, accountId: number): Promise<void> {
  await db
    .deleteFrom("feedItemPresence")
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("accountId", "=", accountId)
    .execute();
}

/** Drops an item's heartbeats older than `before` (they no longer count), so the table stays small. */
export async function pruneItemPresence(db: Database, businessProfileId: number, feedItemId: number, before: string): Promise<void> {
  await db
    .deleteFrom("feedItemPresence")
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("seenAt", "<", before)
    .execute();
}

/**
 * Who else is on these items: heartbeats at or after `since`, without `exceptAccountId` (the caller),
 * of accounts of the same tenant, in a stable order (heartbeats do not reshuffle them).
 */
export async function listViewers(
  db: Database,
  businessProfileId: number,
  feedItemIds: readonly number[],
  since: string,
  exceptAccountId: number,
): Promise<PresenceViewerRow[]> {
  if (feedItemIds.length === 0) return [];
  return db
    .selectFrom("feedItemPresence as p")
    .innerJoin("accounts as a", "a.id", "p.accountId")
    .select(["p.feedItemId", "p.accountId", "a.firstName", "a.lastName", "p.mode", "p.seenAt"])
    .where("p.businessProfileId", "=", businessProfileId)
    .where("a.businessProfileId", "=", businessProfileId)
    .where("p.feedItemId", "in", [...feedItemIds])
    .where("p.seenAt", ">=", since)
    .where("p.accountId", "<>", exceptAccountId)
    .orderBy("p.feedItemId")
    .orderBy("p.accountId")
    .execute();
}
