import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  AnnotationBodySchema,
  AnnotationLayerBodySchema,
  AnnotationListResponseSchema,
  AnnotationLayerPatchSchema,
  AnnotationPatchSchema,
  AnnotationResponseSchema,
  LayerListResponseSchema,
  LayerPropertiesResponseSchema,
  LayerResponseSchema,
} from "../../../domain/schemas/annotations";
import { MESSAGES } from "../../../domain/messages";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

/** A comma list in the query string (`layer_ids=1,2`), the parameter repeated, or `layer_ids[]=1`. */
const idList = z
  .union([z.string(), z.array(z.string())])
  .transform((v) =>
    (Array.isArray(v) ? v : [v])
      .flatMap((part) => part.split(","))
      .map((s) => Number(s.trim()))
      .filter((n) => Number.isInteger(n) && n > 0),
  )
  .optional();

const instant = z
  .string()
  .refine((v) => !Number.isNaN(Date.parse(v)), { error: MESSAGES.wrongFormat })
  .transform((v) => new Date(Date.parse(v)).toISOString())
  .optional();

/** The annotations list's query, read with nested keys (`range[from]`, `layer_ids[]`). */
export const AnnotationsQuerySchema = z.object({
  layer_ids: idList,
  range: z.object({ from: instant, to: instant }).optional(),
  from: instant,
  to: instant,
});

export const layerPropertiesRoute = createRoute({
  method: "get",
  path: "/v1/annotations/layers_properties",
  tags: ["annotations"],
  summary: "The layer colours (by index) and types",
  responses: {
    200: json(LayerPropertiesResponseSchema, "Properties"),
  },
});

export const listLayersRoute = createRoute({
  method: "get",
  path: "/v1/annotations/layers",
  tags: ["annotations"],
  summary: "The tenant's annotation layers (a shared-link viewer: its link's layers)",
  responses: { 200: json(LayerListResponseSchema, "Layers"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
});

export const createLayerRoute = createRoute({
  method: "post",
  path: "/v1/annotations/layers",
  tags: ["annotations"],
  summary: "Create a layer: name, color (0–11, unique in the tenant: 422 when taken), brand (a saved search id), type",
  request: { body: body(AnnotationLayerBodySchema) },
  responses: { 201: json(LayerResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateLayerRoute = createRoute({
  method: "patch",
  path: "/v1/annotations/layers/{id}",
  tags: ["annotations"],
  request: { params: IdParamSchema, body: body(AnnotationLayerPatchSchema) },
  responses: { 200: json(LayerResponseSchema, "Updated"), 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});

export const deleteLayerRoute = createRoute({
  method: "delete",
  path: "/v1/annotations/layers/{id}",
  tags: ["annotations"],
  summary: "Delete a layer and its annotations",
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const listAnnotationsRoute = createRoute({
  method: "get",
  path: "/v1/annotations/annotations",
  tags: ["annotations"],
  summary:
    "The annotations of layer_ids (none: every readable layer), anchored in [range[from], range[to]) when given; a shared-link viewer reads only its link's layers",
  request: { query: z.looseObject({ layer_ids: z.union([z.string(), z.array(z.string())]).optional() }) },
  responses: { 200: json(AnnotationListResponseSchema, "Annotations"), 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] },
});

export const createAnnotationRoute = createRoute({
  method: "post",
  path: "/v1/annotations/annotations",
  tags: ["annotations"],
  request: { body: body(AnnotationBodySchema) },
  responses: { 201: json(AnnotationResponseSchema, "Created"), 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});

export const updateAnnotationRoute = createRoute({
  method: "patch",
  path: "/v1/annotations/annotations/{id}",
  tags: ["annotations"],
  request: { params: IdParamSchema, body: body(AnnotationPatchSchema) },
  responses: { 200: json(AnnotationResponseSchema, "Updated"), 403: errorResponses[403], 404: errorResponses[404], 422: errorResponses[422] },
});

export const deleteAnnotationRoute = createRoute({
  method: "delete",
  path: "/v1/annotations/annotations/{id}",
  tags: ["annotations"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});
