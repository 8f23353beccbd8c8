import {
  createDashboardTemplate,
  getDashboardTemplate,
  listDashboardTemplateViews,
  updateDashboardTemplateById,
} from "../../../services/dashboard-config/templates";
import { DashboardTemplateListResponseSchema, DashboardTemplateResponseSchema } from "../../../domain/schemas/dashboard-config";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireWritableViewer } from "../../lib/dashboard-viewer";
import { requireActor } from "../../middleware/auth";
import { definitionBodyLimit } from "../queries/body-limit";
import {
  createDashboardTemplateRoute,
  getDashboardTemplateRoute,
  listDashboardTemplatesRoute,
  updateDashboardTemplateRoute,
} from "./dashboard-templates.routes";

/** Dashboard templates (spec analytics §7, ADR 015): members only; a shared-link viewer gets 403. */
export function registerDashboardTemplateRoutes(app: ApiApp) {
  app.use("/v1/dashboard/templates", definitionBodyLimit);
  app.use("/v1/dashboard/templates/*", definitionBodyLimit);

  app.openapi(listDashboardTemplatesRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(DashboardTemplateListResponseSchema, { data: await listDashboardTemplateViews(c.get("deps"), requireActor(c)) }), 200);
  });
  app.openapi(createDashboardTemplateRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(DashboardTemplateResponseSchema, await createDashboardTemplate(c.get("deps"), requireActor(c), c.req.valid("json"))), 201);
  });
  app.openapi(getDashboardTemplateRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(DashboardTemplateResponseSchema, await getDashboardTemplate(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200);
  });
  app.openapi(updateDashboardTemplateRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(
      toWire(DashboardTemplateResponseSchema, await updateDashboardTemplateById(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))),
      200,
    );
  });
}
