import type { Database } from "../client";
import type { FeedItemActionRow } from "../schema";

// Replies written in the inbox (ADR 014): a reply is a `replied_by` row of feed_item_actions; the item
// carries is_replied and first_reply_at. Feed items' other queries live in feed-items.ts.

/**
 * Marks an item replied, keeping the earliest first_reply_at. On PostgreSQL the update also locks the
 * item's row until the transaction ends, so two replies to one item count each other's rows in turn.
 * Returns false when the item is not the tenant's.
 */
export async function markItemReplied(db: Database, businessProfileId: number, feedItemId: number, repliedAt: string): Promise<boolean> {
  const row = await db
    .updateTable("feedItems")
    .set((eb) => ({
      isReplied: 1,
      firstReplyAt: eb
        .case()
        .when(eb.or([eb("firstReplyAt", "is", null), eb("firstReplyAt", ">", repliedAt)]))
        .then(repliedAt)
        .else(eb.ref("firstReplyAt"))
        .end(),
    }))
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", feedItemId)
    .returning(["id"])
    .executeTakeFirst();
  return row !== undefined;
}

/** How many replies an item has (its `replied_by` actions: the inbox's and those that came from the network). */
export async function countItemReplies(db: Database, businessProfileId: number, feedItemId: number): Promise<number> {
  const row = await db
    .selectFrom("feedItemActions")
    .select((eb) => eb.fn.countAll<number | string>().as("count"))
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("actionType", "=", "replied_by")
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

export interface NewItemAction {
  businessProfileId: number;
  feedItemId: number;
  actionType: string;
  accountId: number | null;
  actorName: string | null;
  data: Record<string, unknown>;
  createdAt: string;
}

/** Appends an action to an item's history; returns the stored row (its id names a reply). */
export async function appendItemAction(db: Database, action: NewItemAction): Promise<FeedItemActionRow> {
  return db
    .insertInto("feedItemActions")
    .values({ ...action, data: JSON.stringify(action.data) })
    .returningAll()
    .executeTakeFirstOrThrow();
}

export async function findItemAction(
  db: Database,
  businessProfileId: number,
  feedItemId: number,
  actionId: number,
): Promise<FeedItemActionRow | undefined> {
  return db
    .selectFrom("feedItemActions")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("feedItemId", "=", feedItemId)
    .where("id", "=", actionId)
    .executeTakeFirst();
}

/**
 * Replaces an action's data, but only while it still holds `expected` (the JSON read before): a
 * second writer (two agents marking one reply sent) finds it changed and gets false.
 */
export async function replaceItemActionData(
  db: Database,
  businessProfileId: number,
  actionId: number,
  expected: string,
  data: Record<string, unknown>,
): Promise<boolean> {
  const result = await db
    .updateTable("feedItemActions")
    .set({ data: JSON.stringify(data) })
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", actionId)
    .where("data", "=", expected)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

/** Whether a reply template belongs to the tenant (a reply or draft may name only its own). */
export async function templateBelongsTo(db: Database, businessProfileId: number, templateId: number): Promise<boolean> {
  const row = await db
    .selectFrom("replyTemplates")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("id", "=", templateId)
    .executeTakeFirst();
  return row !== undefined;
}
