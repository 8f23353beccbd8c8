// The API's dashboard records as the web client reads them (camelCase; ADR 015): derived from the
// response schemas (ADR 027).
import type { FromWire } from "../../../domain/key-case";
import type {
  AnnotationListResponseSchema,
  AnnotationResponseSchema,
  LayerListResponseSchema,
  LayerResponseSchema,
} from "../../../domain/schemas/annotations";
import type {
  DashboardTemplateListResponseSchema,
  DashboardTemplateResponseSchema,
  SharedLinkConfigResponseSchema,
  SharedLinkListResponseSchema,
  SharedLinkPublicResponseSchema,
  SharedLinkResponseSchema,
} from "../../../domain/schemas/dashboard-config";

export type ApiDashboardTemplate = FromWire<typeof DashboardTemplateResponseSchema>;

export type ApiSharedLinkConfig = FromWire<typeof SharedLinkConfigResponseSchema>;

/** A shared link; its viewer (GET-via-POST /v1/dashboard_shared_links/{code}) is also told the link's tenant. */
export type ApiSharedLink = FromWire<typeof SharedLinkResponseSchema> | FromWire<typeof SharedLinkPublicResponseSchema>;

/** An annotation layer; `color` is an index into LAYER_COLORS. */
export type ApiAnnotationLayer = FromWire<typeof LayerResponseSchema>;

export type ApiAnnotation = FromWire<typeof AnnotationResponseSchema>;

/** GET /v1/annotations/layers, /v1/annotations/annotations, /v1/dashboard/templates, /v1/dashboard_shared_links. */
export type ApiAnnotationLayerList = FromWire<typeof LayerListResponseSchema>;
export type ApiAnnotationList = FromWire<typeof AnnotationListResponseSchema>;
export type ApiDashboardTemplateList = FromWire<typeof DashboardTemplateListResponseSchema>;
export type ApiSharedLinkList = FromWire<typeof SharedLinkListResponseSchema>;
