import { deleteDraft, getDraft, saveDraft } from "../../../services/replies/drafts";
import { markReplySent } from "../../../services/replies/mark-reply-sent";
import { heartbeat, leave } from "../../../services/replies/presence";
import { retryReply } from "../../../services/replies/retry-reply";
import { sendReply } from "../../../services/replies/send-reply";
import { PresenceResponseSchema } from "../../../domain/schemas/feed-items";
import { CallerDraftResponseSchema, DraftResponseSchema, ReplyResponseSchema } from "../../../domain/schemas/replies";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import {
  deleteDraftRoute,
  getDraftRoute,
  heartbeatRoute,
  leaveRoute,
  markReplySentRoute,
  retryReplyRoute,
  saveDraftRoute,
  sendReplyRoute,
} from "./replies.routes";

/** Replies, drafts and presence of feed items (ADR 014). */
export function registerReplyRoutes(app: ApiApp) {
  app.openapi(sendReplyRoute, async (c) =>
    c.json(toWire(ReplyResponseSchema, await sendReply(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 201),
  );
  app.openapi(markReplySentRoute, async (c) => {
    const { id, action_id } = c.req.valid("param");
    return c.json(toWire(ReplyResponseSchema, await markReplySent(c.get("deps"), requireActor(c), id, action_id)), 200);
  });
  app.openapi(retryReplyRoute, async (c) => {
    const { id, action_id } = c.req.valid("param");
    return c.json(toWire(ReplyResponseSchema, await retryReply(c.get("deps"), requireActor(c), id, action_id)), 200);
  });

  app.openapi(getDraftRoute, async (c) =>
    c.json(toWire(CallerDraftResponseSchema, await getDraft(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(saveDraftRoute, async (c) =>
    c.json(toWire(DraftResponseSchema, await saveDraft(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteDraftRoute, async (c) => {
    await deleteDraft(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(heartbeatRoute, async (c) =>
    c.json(toWire(PresenceResponseSchema, await heartbeat(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(leaveRoute, async (c) => {
    await leave(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
