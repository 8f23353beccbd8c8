import { recordAccountEvent } from "../../../services/account-events/record-account-event";
import type { ApiApp } from "../../env";
import { requireActor } from "../../middleware/auth";
import { createAccountEventRoute } from "./account-events.routes";

export function registerAccountEventRoutes(app: ApiApp) {
  app.openapi(createAccountEventRoute, async (c) => {
    const body = c.req.valid("json");
    const event = await recordAccountEvent(c.get("deps"), requireActor(c), {
      actionType: body.action_type,
      eventType: body.event_type,
      actionModule: body.action_module,
      contextId: body.context_id,
      contextType: body.context_type,
      socialType: body.social_type,
    });
    return c.json({ id: event.id }, 201);
  });
}
