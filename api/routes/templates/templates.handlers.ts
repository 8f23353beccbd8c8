import { createTemplate } from "../../../services/templates/create-template";
import { deleteTemplate } from "../../../services/templates/delete-template";
import { listTemplates } from "../../../services/templates/list-templates";
import { pinTemplate } from "../../../services/templates/pin-template";
import { unpinTemplate } from "../../../services/templates/unpin-template";
import { updateTemplate } from "../../../services/templates/update-template";
import { TemplateListResponseSchema, TemplateResponseSchema } from "../../../domain/schemas/templates";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { definitionBodyLimit } from "../queries/body-limit";
import {
  createTemplateRoute,
  deleteTemplateRoute,
  listTemplatesRoute,
  pinTemplateRoute,
  unpinTemplateRoute,
  updateTemplateRoute,
} from "./templates.routes";

/** Reply templates (spec core §7, ADR 014). */
export function registerTemplateRoutes(app: ApiApp) {
  app.use("/v1/templates", definitionBodyLimit);
  app.use("/v1/templates/*", definitionBodyLimit);

  app.openapi(listTemplatesRoute, async (c) => {
    const q = c.req.valid("query");
    const page = await listTemplates(c.get("deps"), requireActor(c), {
      search: q.search,
      categories: q.categories,
      languages: q.languages,
      order: q.order,
      forSelection: q.for_selection === "1" || q.for_selection === "true",
      offset: q.offset,
      limit: q.limit,
    });
    return c.json(toWire(TemplateListResponseSchema, page), 200);
  });
  app.openapi(createTemplateRoute, async (c) =>
    c.json(toWire(TemplateResponseSchema, await createTemplate(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updateTemplateRoute, async (c) =>
    c.json(toWire(TemplateResponseSchema, await updateTemplate(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200),
  );
  app.openapi(deleteTemplateRoute, async (c) => {
    await deleteTemplate(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
  app.openapi(pinTemplateRoute, async (c) =>
    c.json(toWire(TemplateResponseSchema, await pinTemplate(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(unpinTemplateRoute, async (c) =>
    c.json(toWire(TemplateResponseSchema, await unpinTemplate(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
}
