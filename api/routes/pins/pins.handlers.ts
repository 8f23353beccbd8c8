import { validationError } from "../../../domain/errors";
import { PinListResponseSchema, PinResponseSchema, PinSchema } from "../../../domain/schemas/searches";
import { addPin, listPins, removePin } from "../../../services/pins/pins";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { zodFieldErrors } from "../../middleware/errors";
import { definitionBodyLimit } from "../queries/body-limit";
import { addPinRoute, listPinsRoute, removePinRoute } from "./pins.routes";

/** Pins are per user (docs/architecture.md): one table; the toggle-pin calls of searches and folders use it too. */
export function registerPinRoutes(app: ApiApp) {
  app.use("/v3/accounts/pins", definitionBodyLimit);

  app.openapi(listPinsRoute, async (c) =>
    c.json(toWire(PinListResponseSchema, { data: await listPins(c.get("deps"), requireActor(c), c.req.valid("query").type) }), 200),
  );

  app.openapi(addPinRoute, async (c) => {
    const { entity_id, type } = c.req.valid("json");
    return c.json(toWire(PinResponseSchema, await addPin(c.get("deps"), requireActor(c), { entityId: entity_id, type })), 201);
  });

  // The body, when there is one, is validated by the route; otherwise the query string carries the pin.
  app.openapi(
    removePinRoute,
    async (c) => {
      const actor = requireActor(c);
      const query = c.req.valid("query");
      const fromBody = (c.req.valid("json") ?? {}) as Record<string, unknown>;
      const parsed = PinSchema.safeParse(Object.keys(fromBody).length ? fromBody : query);
      if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
      await removePin(c.get("deps"), actor, { entityId: parsed.data.entity_id, type: parsed.data.type });
      return c.body(null, 204);
    },
  );
}
