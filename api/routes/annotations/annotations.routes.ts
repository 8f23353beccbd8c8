import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import {
  AnnotationBodySchema,
  AnnotationLayerBodySchema,
  AnnotationListResponseSchema,
  AnnotationLayerPatchSchema,
  AnnotationPatchSchema,
  AnnotationResponseSchema,
  AnnotationsQueryStringSchema,
  LayerListResponseSchema,
  LayerPropertiesResponseSchema,
  LayerResponseSchema,
} from "../../../domain/schemas/annotations";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const body = <T extends z.ZodType>(schema: T) => ({ content: { "application/json": { schema } }, required: true });

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
  request: { query: AnnotationsQueryStringSchema },
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
