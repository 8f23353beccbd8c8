import { listNotifications as listRows } from "../../db/repositories/notifications";
import type { Actor, ServiceDeps } from "../context";

export interface NotificationView {
  id: number;
  text: string;
  category: string;
  socialType: string | null;
  entityName: string | null;
  readAt: string | null;
  createdAt: string;
  dismissed: boolean;
}

/** GET /v1/notifications: the caller's own notifications, newest first. */
export async function listNotifications(deps: ServiceDeps, actor: Actor): Promise<NotificationView[]> {
  const rows = await listRows(deps.db, actor.businessProfileId, actor.accountId);
  return rows.map((row) => ({
    id: row.id,
    text: row.text,
    category: row.category,
    socialType: row.socialType,
    entityName: row.entityName,
    readAt: row.readAt,
    createdAt: row.createdAt,
    dismissed: row.dismissed === 1,
  }));
}
