import { setNotificationDismissed } from "../../db/repositories/notifications";
import { notFound } from "../../domain/errors";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { notificationView, type NotificationView } from "./notification-view";

/**
 * PATCH /v1/notifications/{id} {dismissed}: dismisses one of the caller's own notifications (reading
 * it too, if it was unread) or brings it back. Anyone else's answers 404.
 */
export async function dismissNotification(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  dismissed: boolean,
): Promise<NotificationView> {
  const row = await setNotificationDismissed(deps.db, actor.businessProfileId, actor.accountId, id, dismissed, isoNow(deps));
  if (!row) throw notFound();
  return notificationView(row);
}
