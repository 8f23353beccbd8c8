// What the shell layout is given (loaded by app/lib/shell.server.ts): the account, the notifications and
// the menus. Its own module so that the layout and the notifications bell, which both read it, do not
// import each other.
import type { FromWire } from "../../../domain/key-case";
import type { MenuItem } from "../../../domain/navigation";
import type {
  NotificationListResponseSchema,
  NotificationResponseSchema,
  NotificationsReadResponseSchema,
} from "../../../domain/schemas/notifications";
import type { TemplatesDialogData } from "../templates/types";

export interface ShellAccount {
  id: number;
  fullName: string;
  email: string;
  avatarUrl: string | null;
  businessProfile: { name: string; logoUrl: string | null };
}

/** A notification as GET /v1/notifications answers it (camelCased by the API client). */
export type ShellNotification = FromWire<typeof NotificationResponseSchema>;
/** GET /v1/notifications. */
export type ApiNotificationList = FromWire<typeof NotificationListResponseSchema>;
/** POST /v1/notifications/mark_as_read. */
export type ApiNotificationsRead = FromWire<typeof NotificationsReadResponseSchema>;

/** The popover's notifications: the newest few (or all on asking), and what the badge counts. */
export interface ShellNotifications {
  items: ShellNotification[];
  /** Unread among the newest NOTIFICATION_LIST_LIMIT, listed or not. */
  unreadCount: number;
  /** More than `items` are there ('Show older notifications'). */
  hasMore: boolean;
}

export interface ShellData {
  account: ShellAccount | null;
  notifications: ShellNotifications;
  sideMenu: MenuItem[];
  avatarMenu: MenuItem[];
  /** A shared-link viewer: no notifications and no navbar extras. */
  isSharedView: boolean;
  /** The Templates modal's data, loaded only when the address opens it (`?dialog=templates`). */
  templatesDialog?: TemplatesDialogData | null;
}
