import { NOTIFICATION_LIST_LIMIT } from "../../domain/notifications";
import type { Database } from "../client";
import type { NotificationRow } from "../schema";

/** The account's newest `limit` notifications, newest first (spec core §4: newest id first). */
export async function listNotifications(
  db: Database,
  businessProfileId: number,
  accountId: number,
  limit: number = NOTIFICATION_LIST_LIMIT,
): Promise<NotificationRow[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .orderBy("id", "desc")
    .limit(limit)
    .execute();
}

/** How many of the account's newest `among` notifications are unread: read from its index alone (0022). */
export async function countUnreadAmongNewest(
  db: Database,
  businessProfileId: number,
  accountId: number,
  among: number = NOTIFICATION_LIST_LIMIT,
): Promise<number> {
  const newest = db
    .selectFrom("notifications")
    .select(["readAt", "dismissed"])
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .orderBy("id", "desc")
    .limit(among)
    .as("newest");
  const row = await db
    .selectFrom(newest)
    .select((eb) => eb.fn.countAll<number>().as("count"))
    .where("newest.readAt", "is", null)
    .where("newest.dismissed", "=", 0)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The account's notifications stored after `afterId`, oldest first (the live stream's catch-up). */
export async function listNotificationsAfter(
  db: Database,
  businessProfileId: number,
  accountId: number,
  afterId: number,
  limit: number = NOTIFICATION_LIST_LIMIT,
): Promise<NotificationRow[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .where("id", ">", afterId)
    .orderBy("id", "asc")
    .limit(limit)
    .execute();
}

/** The id of the account's newest notification, or 0 when it has none. */
export async function latestNotificationId(db: Database, businessProfileId: number, accountId: number): Promise<number> {
  const row = await db
    .selectFrom("notifications")
    .select("id")
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .orderBy("id", "desc")
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? 0;
}

/**
 * Dismisses (or brings back) one of the account's notifications. Dismissing an unread one also reads
 * it (spec core §4: unread, then read, then dismissed). Returns the row as stored, or undefined when
 * it is not the account's.
 */
export async function setNotificationDismissed(
  db: Database,
  businessProfileId: number,
  accountId: number,
  id: number,
  dismissed: boolean,
  now: string,
): Promise<NotificationRow | undefined> {
  return db
    .updateTable("notifications")
    .set((eb) => ({
      dismissed: dismissed ? 1 : 0,
      ...(dismissed ? { readAt: eb.fn.coalesce("readAt", eb.val(now)) } : {}),
    }))
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .where("id", "=", id)
    .returningAll()
    .executeTakeFirst();
}

/**
 * Marks the listed notifications of the account read (those already read keep their time) and
 * returns them as stored, newest first; ids that are not the account's are left out.
 */
export async function markNotificationsRead(
  db: Database,
  businessProfileId: number,
  accountId: number,
  ids: readonly number[],
  now: string,
): Promise<NotificationRow[]> {
  if (ids.length === 0) return [];
  await db
    .updateTable("notifications")
    .set({ readAt: now })
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .where("id", "in", ids)
    .where("readAt", "is", null)
    .execute();
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .where("id", "in", ids)
    .orderBy("id", "desc")
    .execute();
}

export async function insertNotification(
  db: Database,
  row: Omit<NotificationRow, "id" | "link"> & { link?: string | null },
): Promise<NotificationRow> {
  return db.insertInto("notifications").values(row).returningAll().executeTakeFirstOrThrow();
}
