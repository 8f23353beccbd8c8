import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  MarkNotificationsReadBodySchema,
  NotificationListQuerySchema,
  NotificationListResponseSchema,
  NotificationLiveQuerySchema,
  NotificationResponseSchema,
  NotificationsReadResponseSchema,
  NotificationUpdateBodySchema,
} from "../../../domain/schemas/notifications";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

export const listNotificationsRoute = createRoute({
  method: "get",
  path: "/v1/notifications",
  tags: ["notifications"],
  summary: "The signed-in account's notifications, newest first",
  description:
    "At most the newest `limit` (1 to 100, default 100) of the newest 100; `unread_count` counts the unread (not read, not dismissed) among those 100, listed or not, and `has_more` says whether there are more than `limit`.",
  request: { query: NotificationListQuerySchema },
  responses: {
    200: json(NotificationListResponseSchema, "Notifications"),
    422: errorResponses[422],
    401: errorResponses[401],
  },
});

export const liveNotificationsRoute = createRoute({
  method: "get",
  path: "/v1/notifications/live",
  tags: ["notifications"],
  description:
    "Server-Sent Events: `event: notification` (id = the notification's id) with each new notification of the signed-in account, oldest first, and a comment every 15 s. `after_id`, or the `Last-Event-ID` header of a reconnecting client (the larger wins), sends those stored after that id first; without either only new ones come.",
  request: { query: NotificationLiveQuerySchema },
  responses: {
    200: { description: "An event stream", content: { "text/event-stream": { schema: z.string() } } },
    422: errorResponses[422],
    401: errorResponses[401],
  },
});

export const updateNotificationRoute = createRoute({
  method: "patch",
  path: "/v1/notifications/{id}",
  tags: ["notifications"],
  summary: "Dismiss one of the caller's notifications (an unread one is read too), or bring it back",
  request: { params: IdParamSchema, body: body(NotificationUpdateBodySchema) },
  responses: {
    200: json(NotificationResponseSchema, "The notification as stored"),
    422: errorResponses[422],
    401: errorResponses[401],
    404: errorResponses[404],
  },
});

export const markNotificationsReadRoute = createRoute({
  method: "post",
  path: "/v1/notifications/mark_as_read",
  tags: ["notifications"],
  summary:
    "Mark the caller's listed notifications read; answers them as they now are, newest first (ids of anyone else's are left out)",
  request: { body: body(MarkNotificationsReadBodySchema) },
  responses: {
    200: json(NotificationsReadResponseSchema, "The updated notifications"),
    422: errorResponses[422],
    401: errorResponses[401],
  },
});
