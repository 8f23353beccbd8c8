import { createAlert, deleteAlert, getAlert, listAlerts, toggleAlertState, updateAlert } from "../../../services/alerts/alerts";
import { AlertListResponseSchema, AlertResponseSchema } from "../../../domain/schemas/alerts";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import {
  createAlertRoute,
  deleteAlertRoute,
  getAlertRoute,
  listAlertsRoute,
  toggleAlertStateRoute,
  updateAlertRoute,
} from "./alerts.routes";

/**
 * Alerts (spec core §3, §4, §7; ADR 029): GET /alerts/{id}, POST /alerts, PUT /alerts/{id},
 * DELETE /alerts/{id}, POST /alerts/{id}/toggle-state, and the list GET /v1/alerts.
 */
export function registerAlertRoutes(app: ApiApp) {
  app.openapi(listAlertsRoute, async (c) => {
    const q = c.req.valid("query");
    const target = q.search_id !== undefined ? { searchId: q.search_id } : q.topic_id !== undefined ? { topicId: q.topic_id } : undefined;
    return c.json(toWire(AlertListResponseSchema, { data: await listAlerts(c.get("deps"), requireActor(c), target) }), 200);
  });

  app.openapi(getAlertRoute, async (c) =>
    c.json(toWire(AlertResponseSchema, await getAlert(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(createAlertRoute, async (c) =>
    c.json(toWire(AlertResponseSchema, await createAlert(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );

  app.openapi(updateAlertRoute, async (c) =>
    c.json(
      toWire(AlertResponseSchema, await updateAlert(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))),
      200,
    ),
  );

  app.openapi(deleteAlertRoute, async (c) => {
    await deleteAlert(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(toggleAlertStateRoute, async (c) =>
    c.json(toWire(AlertResponseSchema, await toggleAlertState(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
}
