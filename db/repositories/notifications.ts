import type { Database } from "../client";
import type { NotificationRow } from "../schema";

export const NOTIFICATION_LIST_LIMIT = 100;

/** The account's notifications, newest first (spec core §4: newest id first). */
export async function listNotifications(
  db: Database,
  businessProfileId: number,
  accountId: number,
): Promise<NotificationRow[]> {
  return db
    .selectFrom("notifications")
    .selectAll()
    .where("businessProfileId", "=", businessProfileId)
    .where("accountId", "=", accountId)
    .orderBy("id", "desc")
    .limit(NOTIFICATION_LIST_LIMIT)
    .execute();
}

export async function insertNotification(db: Database, row: Omit<NotificationRow, "id">): Promise<NotificationRow> {
  return db.insertInto("notifications").values(row).returningAll().executeTakeFirstOrThrow();
}
