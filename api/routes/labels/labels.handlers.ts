import { createLabel } from "../../../services/labels/create-label";
import { deleteLabel } from "../../../services/labels/delete-label";
import { listLabels } from "../../../services/labels/list-labels";
import { updateLabel } from "../../../services/labels/update-label";
import { LabelListResponseSchema, LabelResponseSchema } from "../../../domain/schemas/inbox";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { ownProfileOnly } from "../statuses/statuses.handlers";
import { createLabelRoute, deleteLabelRoute, listLabelsRoute, updateLabelRoute } from "./labels.routes";

/** Labels (spec core §3, ADR 014): GET /v1/labels, POST /labels, PATCH and DELETE /v1/labels/{id}. */
export function registerLabelRoutes(app: ApiApp) {
  app.openapi(listLabelsRoute, async (c) => {
    const actor = requireActor(c);
    const q = c.req.valid("query");
    ownProfileOnly(actor, q.business_profile_id);
    const labels = await listLabels(
      c.get("deps"),
      actor,
      { contextId: q.context_id, contextType: q.context_type },
      { itemsCount: q.items_count !== "0" },
    );
    return c.json(toWire(LabelListResponseSchema, { data: labels }), 200);
  });

  app.openapi(createLabelRoute, async (c) =>
    c.json(toWire(LabelResponseSchema, await createLabel(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );

  app.openapi(updateLabelRoute, async (c) =>
    c.json(toWire(LabelResponseSchema, await updateLabel(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );

  app.openapi(deleteLabelRoute, async (c) => {
    await deleteLabel(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
