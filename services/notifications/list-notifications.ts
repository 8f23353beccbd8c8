import { listNotifications as listRows } from "../../db/repositories/notifications";
import type { Actor, ServiceDeps } from "../context";
import { notificationView, type NotificationView } from "./notification-view";

export type { NotificationView } from "./notification-view";

/** GET /v1/notifications: the caller's own notifications, newest first. */
export async function listNotifications(deps: ServiceDeps, actor: Actor): Promise<NotificationView[]> {
  const rows = await listRows(deps.db, actor.businessProfileId, actor.accountId);
  return rows.map(notificationView);
}
