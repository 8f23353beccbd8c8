import type { Context } from "hono";
import { validationError } from "../../../domain/errors";
import {
  AccountEventQuerySchema,
  AccountEventQueuedResponseSchema,
  AccountEventRecordedResponseSchema,
  AccountEventResponseSchema,
  LabelEventCountListResponseSchema,
} from "../../../domain/schemas/account-events";
import { countLabelEvents } from "../../../services/account-events/count-label-events";
import { listAccountEvents, type AccountEventQuery } from "../../../services/account-events/list-account-events";
import { queueAccountEvent, recordAccountEvent } from "../../../services/account-events/record-account-event";
import type { ApiApp, ApiEnv } from "../../env";
import { parseNestedQuery, toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { zodFieldErrors } from "../../middleware/errors";
import { countLabelEventsRoute, createAccountEventRoute, listAccountEventsRoute } from "./account-events.routes";

/** The query string, `range[from]` and `account_ids[]` read as nested keys (422 when a value is wrong). */
function eventQuery(c: Context<ApiEnv>): AccountEventQuery {
  const parsed = AccountEventQuerySchema.safeParse(parseNestedQuery(new URL(c.req.url).searchParams));
  if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
  const q = parsed.data;
  return {
    accountIds: q.account_ids,
    from: q.range?.from ? new Date(q.range.from).toISOString() : undefined,
    to: q.range?.to ? new Date(q.range.to).toISOString() : undefined,
    contextId: q.context_id,
    contextType: q.context_type,
  };
}

export function registerAccountEventRoutes(app: ApiApp) {
  app.openapi(createAccountEventRoute, async (c) => {
    const body = c.req.valid("json");
    const input = {
      actionType: body.action_type,
      eventType: body.event_type,
      actionModule: body.action_module,
      contextId: body.context_id,
      contextType: body.context_type,
      socialType: body.social_type,
    };
    if (/\brespond-async\b/i.test(c.req.header("prefer") ?? "")) {
      queueAccountEvent(c.get("deps"), requireActor(c), input);
      return c.json(toWire(AccountEventQueuedResponseSchema, { queued: true as const }), 202);
    }
    const event = await recordAccountEvent(c.get("deps"), requireActor(c), input);
    return c.json(toWire(AccountEventRecordedResponseSchema, event), 201);
  });

  app.openapi(listAccountEventsRoute, async (c) => {
    const { data, counts } = await listAccountEvents(c.get("deps"), requireActor(c), eventQuery(c));
    // The counts are keyed by values (network ids such as googlePlay, event names): not case-converted.
    return c.json({ data: data.map((event) => toWire(AccountEventResponseSchema, event)), counts }, 200);
  });

  app.openapi(countLabelEventsRoute, async (c) =>
    c.json(toWire(LabelEventCountListResponseSchema, await countLabelEvents(c.get("deps"), requireActor(c), eventQuery(c))), 200),
  );
}
