import { countUnreadAmongNewest, listNotifications as listRows } from "../../db/repositories/notifications";
import { NOTIFICATION_LIST_LIMIT } from "../../domain/notifications";
import type { FromWire } from "../../domain/key-case";
import type { NotificationListResponseSchema } from "../../domain/schemas/notifications";
import type { Actor, ServiceDeps } from "../context";
import { notificationView } from "./notification-view";

/**
 * The answer (ADR 027): `data`, the newest `limit` of the caller's notifications, newest first;
 * `unreadCount`, the unread (neither read nor dismissed) among the newest NOTIFICATION_LIST_LIMIT, shown
 * or not; `hasMore`, whether the newest NOTIFICATION_LIST_LIMIT hold more than `limit`.
 */
export type NotificationList = FromWire<typeof NotificationListResponseSchema>;

/**
 * GET /v1/notifications: the caller's own notifications, newest first. The list never goes past the
 * newest NOTIFICATION_LIST_LIMIT; a smaller `limit` (the popover's first view) still counts the unread
 * of all of them, so the badge and 'Mark all as read' cover what is not shown yet.
 */
export async function listNotifications(deps: ServiceDeps, actor: Actor, limit: number = NOTIFICATION_LIST_LIMIT): Promise<NotificationList> {
  const shown = Math.min(limit, NOTIFICATION_LIST_LIMIT);
  // One more than shown tells whether there are more; the unread are counted from the index alone.
  const [rows, unreadCount] = await Promise.all([
    listRows(deps.db, actor.businessProfileId, actor.accountId, Math.min(shown + 1, NOTIFICATION_LIST_LIMIT)),
    countUnreadAmongNewest(deps.db, actor.businessProfileId, actor.accountId, NOTIFICATION_LIST_LIMIT),
  ]);
  return {
    data: rows.slice(0, shown).map(notificationView),
    unreadCount,
    hasMore: rows.length > shown,
  };
}
