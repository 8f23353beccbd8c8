import type { Context } from "hono";
import { validationError } from "../../../domain/errors";
import { countLabelEvents } from "../../../services/account-events/count-label-events";
import { listAccountEvents, type AccountEventQuery } from "../../../services/account-events/list-account-events";
import { queueAccountEvent, recordAccountEvent } from "../../../services/account-events/record-account-event";
import type { ApiApp, ApiEnv } from "../../env";
import { parseNestedQuery, toSnakeCase } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { zodFieldErrors } from "../../middleware/errors";
import {
  AccountEventQuerySchema,
  countLabelEventsRoute,
  createAccountEventRoute,
  listAccountEventsRoute,
} from "./account-events.routes";

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
      return c.json({ queued: true as const }, 202);
    }
    const event = await recordAccountEvent(c.get("deps"), requireActor(c), input);
    return c.json({ id: event.id }, 201);
  });

  app.openapi(listAccountEventsRoute, async (c) => {
    const result = await listAccountEvents(c.get("deps"), requireActor(c), eventQuery(c));
    // Counts are keyed by network id (googlePlay): not converted to snake_case.
    return c.json({ data: toSnakeCase(result.data), counts: result.counts }, 200);
  });

  app.openapi(countLabelEventsRoute, async (c) =>
    c.json({ data: toSnakeCase(await countLabelEvents(c.get("deps"), requireActor(c), eventQuery(c))) }, 200),
  );
}
