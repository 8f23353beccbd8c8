import type { NotificationRow } from "../../db/schema";
import type { FromWire } from "../../domain/key-case";
import type { NotificationResponseSchema } from "../../domain/schemas/notifications";

/** A notification as the API answers it (spec core §3, plus where it leads: ADR 014). */
export type NotificationView = FromWire<typeof NotificationResponseSchema>;

export function notificationView(row: NotificationRow): NotificationView {
  return {
    id: row.id,
    text: row.text,
    category: row.category,
    socialType: row.socialType,
    entityName: row.entityName,
    link: row.link,
    readAt: row.readAt,
    createdAt: row.createdAt,
    dismissed: row.dismissed === 1,
  };
}
