import { listNotifications } from "../../../services/notifications/list-notifications";
import type { ApiApp } from "../../env";
import { toSnakeCase } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { listNotificationsRoute } from "./notifications.routes";

export function registerNotificationRoutes(app: ApiApp) {
  app.openapi(listNotificationsRoute, async (c) => {
    const notifications = await listNotifications(c.get("deps"), requireActor(c));
    return c.json({ data: toSnakeCase(notifications) }, 200);
  });
}
