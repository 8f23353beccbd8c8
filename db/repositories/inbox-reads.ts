import type { Database } from "../client";

// What the inbox's list and item views read of the tables the replies part writes (presence, drafts,
// moderation events), kept apart from those writers so each part owns its file (ADR 014).

/** Who else is on these mentions: heartbeats since `since`, the caller left out, with account names. */
export async function listItemViewers(
  db: Database,
  businessProfileId: number,
  feedItemIds: readonly number[],
  exceptAccountId: number,
  since: string,
) {
  if (!feedItemIds.length) return [];
  return db
    .selectFrom("feedItemPresence")
    .innerJoin("accounts", "accounts.id", "feedItemPresence.accountId")
    .select([
      "feedItemPresence.feedItemId",
      "feedItemPresence.accountId",
      "feedItemPresence.mode",
      "feedItemPresence.seenAt",
      "accounts.firstName",
      "accounts.lastName",
    ])
    .where("feedItemPresence.businessProfileId", "=", businessProfileId)
    .where("feedItemPresence.feedItemId", "in", [...feedItemIds])
    .where("feedItemPresence.accountId", "!=", exceptAccountId)
    .where("feedItemPresence.seenAt", ">=", since)
    .orderBy("feedItemPresence.seenAt", "desc")
    .execute();
}

/** The caller's draft reply on one mention. */
export async function findOwnDraft(db: Database, businessProfileId: number, feedItemId: number, accountId: number) {
  return db
    .selectFrom("replyDrafts")
    .select(["text", "templateId", "updatedAt"])
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("accountId", "=", accountId)
    .executeTakeFirst();
}

/** How many drafts the caller keeps (the drafts counter). */
export async function countOwnDrafts(db: Database, businessProfileId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom("replyDrafts")
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Moderation actions taken on one mention, oldest first. */
export async function listItemModerationEvents(db: Database, businessProfileId: number, feedItemId: number) {
  return db
    .selectFrom("moderationEvents")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .orderBy("createdAt")
    .orderBy("id")
    .execute();
}
