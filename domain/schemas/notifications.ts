import * as z from "zod";
import { MARK_AS_READ_MAX_IDS, NOTIFICATION_LIST_LIMIT } from "../notifications";

/** GET /v1/notifications: at most the newest `limit` (1 to 100, default 100). */
export const NotificationListQuerySchema = z.object({ limit: z.coerce.number().int().min(1).max(NOTIFICATION_LIST_LIMIT).optional() });

/** GET /v1/notifications/live: those stored after `after_id` first. */
export const NotificationLiveQuerySchema = z.object({ after_id: z.coerce.number().int().min(0).optional() });

/** PATCH /v1/notifications/{id}: dismiss, or bring back. */
export const NotificationUpdateBodySchema = z.object({ dismissed: z.boolean() });

/** POST /v1/notifications/mark_as_read: the caller's notifications to mark read. */
export const MarkNotificationsReadBodySchema = z.object({ ids: z.array(z.number().int().positive()).max(MARK_AS_READ_MAX_IDS) });

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

/** A notification of the signed-in account as the API answers it. */
export const NotificationResponseSchema = z.object({
  id: z.number(),
  text: z.string(),
  category: z.string(),
  social_type: z.string().nullable(),
  entity_name: z.string().nullable(),
  /** Where the notification leads (an inbox item, the profiles screen), or null. */
  link: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  dismissed: z.boolean(),
});

/** GET /v1/notifications: the newest notifications, the unread count among the newest 100, and whether more are there. */
export const NotificationListResponseSchema = z.object({
  data: z.array(NotificationResponseSchema),
  unread_count: z.number().int(),
  has_more: z.boolean(),
});

/** POST /v1/notifications/mark_as_read: the caller's notifications as they now are. */
export const NotificationsReadResponseSchema = z.object({ data: z.array(NotificationResponseSchema) });
