import {
  createAnnotation,
  createLayer,
  layerProperties,
  listLayerAnnotations,
  listLayers,
  removeAnnotation,
  removeLayer,
  updateAnnotationById,
  updateLayer,
} from "../../../services/annotations/annotations";
import { validationError } from "../../../domain/errors";
import {
  AnnotationListResponseSchema,
  AnnotationResponseSchema,
  AnnotationsQuerySchema,
  LayerListResponseSchema,
  LayerPropertiesResponseSchema,
  LayerResponseSchema,
} from "../../../domain/schemas/annotations";
import type { ApiApp } from "../../env";
import { parseNestedQuery, toWire } from "../../lib/case";
import { requireWritableViewer, resolveDashboardViewer } from "../../lib/dashboard-viewer";
import { requireActor } from "../../middleware/auth";
import { zodFieldErrors } from "../../middleware/errors";
import { definitionBodyLimit } from "../queries/body-limit";
import {
  createAnnotationRoute,
  createLayerRoute,
  deleteAnnotationRoute,
  deleteLayerRoute,
  layerPropertiesRoute,
  listAnnotationsRoute,
  listLayersRoute,
  updateAnnotationRoute,
  updateLayerRoute,
} from "./annotations.routes";

/** Annotation layers and annotations (spec analytics §7, ADR 015). */
export function registerAnnotationRoutes(app: ApiApp) {
  app.use("/v1/annotations/*", definitionBodyLimit);

  app.openapi(layerPropertiesRoute, (c) => c.json(toWire(LayerPropertiesResponseSchema, layerProperties()), 200));
  app.openapi(listLayersRoute, async (c) => {
    const viewer = await resolveDashboardViewer(c);
    return c.json(toWire(LayerListResponseSchema, { data: await listLayers(c.get("deps"), viewer, c.get("caller")?.actor ?? null) }), 200);
  });
  app.openapi(createLayerRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(LayerResponseSchema, await createLayer(c.get("deps"), requireActor(c), c.req.valid("json"))), 201);
  });
  app.openapi(updateLayerRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(LayerResponseSchema, await updateLayer(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200);
  });
  app.openapi(deleteLayerRoute, async (c) => {
    await requireWritableViewer(c);
    await removeLayer(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(listAnnotationsRoute, async (c) => {
    const viewer = await resolveDashboardViewer(c);
    const parsed = AnnotationsQuerySchema.safeParse(parseNestedQuery(new URL(c.req.url).searchParams));
    if (!parsed.success) throw validationError(zodFieldErrors(parsed.error));
    const q = parsed.data;
    const annotations = await listLayerAnnotations(c.get("deps"), viewer, c.get("caller")?.actor ?? null, {
      layerIds: q.layer_ids,
      from: q.range?.from ?? q.from,
      to: q.range?.to ?? q.to,
    });
    return c.json(toWire(AnnotationListResponseSchema, { data: annotations }), 200);
  });
  app.openapi(createAnnotationRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(AnnotationResponseSchema, await createAnnotation(c.get("deps"), requireActor(c), c.req.valid("json"))), 201);
  });
  app.openapi(updateAnnotationRoute, async (c) => {
    await requireWritableViewer(c);
    return c.json(toWire(AnnotationResponseSchema, await updateAnnotationById(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))), 200);
  });
  app.openapi(deleteAnnotationRoute, async (c) => {
    await requireWritableViewer(c);
    await removeAnnotation(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
