import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { errorResponses, json } from "../../lib/schemas";

export const NotificationResponseSchema = z.object({
  id: z.number(),
  text: z.string(),
  category: z.string(),
  social_type: z.string().nullable(),
  entity_name: z.string().nullable(),
  read_at: z.string().nullable(),
  created_at: z.string(),
  dismissed: z.boolean(),
});

export const listNotificationsRoute = createRoute({
  method: "get",
  path: "/v1/notifications",
  tags: ["notifications"],
  summary: "The signed-in account's notifications, newest first",
  responses: {
    200: json(z.object({ data: z.array(NotificationResponseSchema) }), "Notifications"),
    401: errorResponses[401],
  },
});
