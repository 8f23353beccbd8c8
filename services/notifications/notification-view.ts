import type { NotificationRow } from "../../db/schema";

/** A notification as the API answers it (spec core §3, plus where it leads: ADR 014). */
export interface NotificationView {
  id: number;
  text: string;
  category: string;
  socialType: string | null;
  entityName: string | null;
  link: string | null;
  readAt: string | null;
  createdAt: string;
  dismissed: boolean;
}

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
