import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { PresenceResponseSchema } from "../../../domain/schemas/feed-items";
import {
  CallerDraftResponseSchema,
  DraftResponseSchema,
  DraftSchema,
  PresenceSchema,
  ReplyFormSchema,
  ReplyResponseSchema,
} from "../../../domain/schemas/replies";
import { ErrorResponseSchema, StaleReplyErrorResponseSchema } from "../../../domain/schemas/errors";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });
const ReplyParamsSchema = IdParamSchema.extend({ action_id: z.coerce.number().int().positive() });
const tags = ["replies"];

export const sendReplyRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/reply",
  tags,
  summary:
    "Reply to an item: recorded as a replied_by action (sets is_replied and first_reply_at, deletes the caller's draft), then delivered through the network's outbound connector, or left 'manual'",
  request: { params: IdParamSchema, body: body(ReplyFormSchema) },
  responses: {
    201: json(ReplyResponseSchema, "The reply and how its delivery went"),
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(StaleReplyErrorResponseSchema, "More replies exist than seen_reply_count and confirm_stale is not true; nothing was stored"),
    422: errorResponses[422],
  },
});

export const markReplySentRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/replies/{action_id}/sent",
  tags,
  summary: "Mark a manual (or failed) reply as sent by hand: the reply becomes sent and a sent_by action is recorded",
  request: { params: ReplyParamsSchema },
  responses: {
    200: json(ReplyResponseSchema, "The reply"),
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorResponseSchema, "Already sent, or being delivered"),
  },
});

export const retryReplyRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/replies/{action_id}/retry",
  tags,
  summary: "Deliver a failed reply again through the item's outbound connector (manual when it has none any more)",
  request: { params: ReplyParamsSchema },
  responses: {
    200: json(ReplyResponseSchema, "The reply and how its delivery went"),
    403: errorResponses[403],
    404: errorResponses[404],
    409: json(ErrorResponseSchema, "Not failed, or being delivered"),
  },
});

export const getDraftRoute = createRoute({
  method: "get",
  path: "/v1/feed-items/{id}/draft",
  tags,
  summary: "The caller's reply draft of the item (null when none)",
  request: { params: IdParamSchema },
  responses: {
    200: json(CallerDraftResponseSchema, "The draft"),
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const saveDraftRoute = createRoute({
  method: "put",
  path: "/v1/feed-items/{id}/draft",
  tags,
  summary: "Create or replace the caller's reply draft of the item",
  request: { params: IdParamSchema, body: body(DraftSchema) },
  responses: {
    200: json(DraftResponseSchema, "The draft"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteDraftRoute = createRoute({
  method: "delete",
  path: "/v1/feed-items/{id}/draft",
  tags,
  summary: "Delete the caller's reply draft of the item (none is no error)",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const heartbeatRoute = createRoute({
  method: "post",
  path: "/v1/feed-items/{id}/presence",
  tags,
  summary: "Presence heartbeat (every 15 s): the caller is viewing or replying; answers the other viewers of the last 45 s",
  request: { params: IdParamSchema, body: body(PresenceSchema) },
  responses: {
    200: json(PresenceResponseSchema, "The others on this item"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const leaveRoute = createRoute({
  method: "delete",
  path: "/v1/feed-items/{id}/presence",
  tags,
  summary: "The caller left the item",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Left" }, 403: errorResponses[403], 404: errorResponses[404] },
});
