import {
  createSharedLink,
  getSharedLinkByCode,
  listSharedLinks,
  revokeSharedLink,
  updateSharedLink,
} from "../../../services/dashboard-config/shared-links";
import {
  SharedLinkListResponseSchema,
  SharedLinkPublicResponseSchema,
  SharedLinkResponseSchema,
} from "../../../domain/schemas/dashboard-config";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireWritableViewer } from "../../lib/dashboard-viewer";
import { requireActor } from "../../middleware/auth";
import { definitionBodyLimit } from "../queries/body-limit";
import {
  createSharedLinkRoute,
  getSharedLinkRoute,
  listSharedLinksRoute,
  revokeSharedLinkRoute,
  updateSharedLinkRoute,
} from "./dashboard-shared-links.routes";

/** Shared dashboard links (spec analytics §7, ADR 015). */
export function registerDashboardSharedLinkRoutes(app: ApiApp) {
  app.use("/v1/dashboard_shared_links", definitionBodyLimit);
  app.use("/v1/dashboard_shared_links/*", definitionBodyLimit);

  app.openapi(listSharedLinksRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(SharedLinkListResponseSchema, { data: await listSharedLinks(c.get("deps"), requireActor(c)) }), 200);
  });
  app.openapi(getSharedLinkRoute, async (c) =>
    c.json(toWire(SharedLinkPublicResponseSchema, await getSharedLinkByCode(c.get("deps"), c.get("caller")?.actor ?? null, c.req.valid("param").code)), 200),
  );
  app.openapi(createSharedLinkRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(SharedLinkResponseSchema, await createSharedLink(c.get("deps"), requireActor(c), c.req.valid("json"))), 201);
  });
  app.openapi(updateSharedLinkRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(SharedLinkResponseSchema, await updateSharedLink(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200);
  });
  app.openapi(revokeSharedLinkRoute, async (c) => {
    await requireWritableViewer(c);
    await revokeSharedLink(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
