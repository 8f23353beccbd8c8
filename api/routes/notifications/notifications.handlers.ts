import { streamSSE } from "hono/streaming";
import { NOTIFICATION_LIVE_HEARTBEAT_MS, NOTIFICATION_LIVE_REREAD_MS } from "../../../domain/notifications";
import { dismissNotification } from "../../../services/notifications/dismiss-notification";
import { listNotifications } from "../../../services/notifications/list-notifications";
import { openLiveNotifications } from "../../../services/notifications/live-notifications";
import { markNotificationsRead } from "../../../services/notifications/mark-notifications-read";
import type { NotificationView } from "../../../services/notifications/notification-view";
import {
  NotificationListResponseSchema,
  NotificationResponseSchema,
  NotificationsReadResponseSchema,
} from "../../../domain/schemas/notifications";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import {
  listNotificationsRoute,
  liveNotificationsRoute,
  markNotificationsReadRoute,
  updateNotificationRoute,
} from "./notifications.routes";

/** The live stream's timings (tests shorten them). */
export const liveNotificationSettings = {
  heartbeatMs: NOTIFICATION_LIVE_HEARTBEAT_MS,
  rereadMs: NOTIFICATION_LIVE_REREAD_MS,
};

/** A reconnecting EventSource names the last event it got; only a plain id counts. */
function lastEventId(header: string | undefined): number | undefined {
  return header && /^\d{1,15}$/.test(header.trim()) ? Number(header.trim()) : undefined;
}

/** Notifications of the signed-in account (spec core §7, ADR 014). */
export function registerNotificationRoutes(app: ApiApp) {
  app.openapi(listNotificationsRoute, async (c) => {
    const list = await listNotifications(c.get("deps"), requireActor(c), c.req.valid("query").limit);
    return c.json(toWire(NotificationListResponseSchema, list), 200);
  });

  app.openapi(liveNotificationsRoute, async (c) => {
    const actor = requireActor(c);
    const given = [c.req.valid("query").after_id, lastEventId(c.req.header("last-event-id"))].filter(
      (id): id is number => id !== undefined,
    );
    const afterId = given.length ? Math.max(...given) : undefined;
    // Notifications found before the stream starts wait here.
    let sink: ((notification: NotificationView) => Promise<void>) | null = null;
    const waiting: NotificationView[] = [];
    const stop = await openLiveNotifications(
      c.get("deps"),
      actor,
      (notification) => (sink ? sink(notification) : void waiting.push(notification)),
      { afterId, rereadMs: liveNotificationSettings.rereadMs },
    );
    return streamSSE(
      c,
      async (stream) => {
        const closed = new Promise<void>((resolve) => stream.onAbort(resolve));
        const heartbeat = setInterval(
          () => void stream.write(": heartbeat\n\n").catch(() => undefined),
          liveNotificationSettings.heartbeatMs,
        );
        try {
          await stream.write(": connected\n\n");
          sink = (notification) =>
            stream.writeSSE({ event: "notification", id: String(notification.id), data: JSON.stringify(toWire(NotificationResponseSchema, notification)) });
          for (const notification of waiting.splice(0)) await sink(notification);
          await closed;
        } finally {
          clearInterval(heartbeat);
          stop();
        }
      },
      async () => {
        stop();
      },
    );
  });

  app.openapi(updateNotificationRoute, async (c) => {
    const notification = await dismissNotification(
      c.get("deps"),
      requireActor(c),
      c.req.valid("param").id,
      c.req.valid("json").dismissed,
    );
    return c.json(toWire(NotificationResponseSchema, notification), 200);
  });

  app.openapi(markNotificationsReadRoute, async (c) => {
    const read = await markNotificationsRead(c.get("deps"), requireActor(c), c.req.valid("json").ids);
    return c.json(toWire(NotificationsReadResponseSchema, read), 200);
  });
}
