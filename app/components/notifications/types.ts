import type { ShellNotification } from "../layout/shell-data";

export type NotificationIntent = "dismiss" | "mark-read" | "mark-all-read";

/** What the popover's resource route answers a submission made with JavaScript. */
export type NotificationsAnswer =
  | { ok: true; intent: NotificationIntent; notifications: ShellNotification[] }
  | { ok: false; intent: NotificationIntent | null; error: string };
