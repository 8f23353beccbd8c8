import { listModerationEvents, moderationFilters } from "../../../services/moderation/list-moderation-events";
import { moderateItem } from "../../../services/moderation/moderate-item";
import type { ApiApp } from "../../env";
import { toSnakeCase } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { listModerationEventsRoute, moderateItemRoute, moderationFiltersRoute } from "./moderation.routes";

/** Moderation actions on feed items and the moderation report (spec analytics §3, §7; ADR 014). */
export function registerModerationRoutes(app: ApiApp) {
  app.openapi(moderateItemRoute, async (c) =>
    c.json(toSnakeCase(await moderateItem(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 201),
  );
  // The spec's `v1/moderation/events/` is this route: the API drops a trailing slash before routing.
  app.openapi(listModerationEventsRoute, async (c) =>
    c.json(toSnakeCase(await listModerationEvents(c.get("deps"), requireActor(c), c.req.valid("query"))), 200),
  );
  app.openapi(moderationFiltersRoute, (c) => c.json(moderationFilters(requireActor(c)), 200));
}
