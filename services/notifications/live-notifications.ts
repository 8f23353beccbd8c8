import { latestNotificationId, listNotificationsAfter } from "../../db/repositories/notifications";
import { NOTIFICATION_LIST_LIMIT } from "../../domain/notifications";
import { NOTIFICATION_LIVE_REREAD_MS } from "../../domain/notifications";
import type { Actor, ServiceDeps } from "../context";
import { notificationView, type NotificationView } from "./notification-view";
import { NOTIFICATION_CREATED, notificationEvents, type NotificationCreatedEvent } from "./notify";

export interface LiveNotificationsOptions {
  /** Send what was stored after this id (what the caller's page already shows); default: only new ones. */
  afterId?: number;
  /** How often the table is re-read for notifications written by another process. */
  rereadMs?: number;
}

/**
 * GET /v1/notifications/live: the caller's new notifications, oldest first, as they are stored.
 * notify() in this process says at once that one is there; a periodic re-read finds those another
 * process wrote. Either way the table is the truth: each read takes the caller's rows (tenant and
 * account) after the last one sent, so nothing is sent twice or of anyone else. Returns the function
 * that stops listening.
 */
export async function openLiveNotifications(
  deps: ServiceDeps,
  actor: Actor,
  send: (notification: NotificationView) => void | Promise<void>,
  options: LiveNotificationsOptions = {},
): Promise<() => void> {
  let lastId = options.afterId ?? (await latestNotificationId(deps.db, actor.businessProfileId, actor.accountId));
  let open = true;
  let reading = false;
  let again = false;

  // One read at a time; a wake-up during a read asks for one more pass when it ends.
  const read = async () => {
    if (!open) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      do {
        again = false;
        const rows = await listNotificationsAfter(deps.db, actor.businessProfileId, actor.accountId, lastId);
        for (const row of rows) {
          if (!open) return;
          lastId = row.id;
          await send(notificationView(row));
        }
        if (rows.length === NOTIFICATION_LIST_LIMIT) again = true;
      } while (again && open);
    } catch (error) {
      deps.reportError?.(error);
    } finally {
      reading = false;
    }
  };

  const onCreated = (event: NotificationCreatedEvent) => {
    if (event.accountId === actor.accountId && event.businessProfileId === actor.businessProfileId) void read();
  };
  notificationEvents.on(NOTIFICATION_CREATED, onCreated);
  const timer = setInterval(() => void read(), options.rereadMs ?? NOTIFICATION_LIVE_REREAD_MS);
  timer.unref?.();
  // Those stored between the caller's page and this stream come first.
  if (options.afterId !== undefined) void read();

  return () => {
    open = false;
    clearInterval(timer);
    notificationEvents.off(NOTIFICATION_CREATED, onCreated);
  };
}

/** How many live streams listen in this process (tests, diagnostics). */
export function liveNotificationListeners(): number {
  return notificationEvents.listenerCount(NOTIFICATION_CREATED);
}
