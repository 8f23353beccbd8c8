// The API's dashboard records as the web client reads them (camelCase; ADR 015): derived from the
// response schemas (ADR 027).
import type { FromWire } from "../../../domain/key-case";
import type { AnnotationResponseSchema, LayerResponseSchema } from "../../../domain/schemas/annotations";
import type {
  DashboardTemplateResponseSchema,
  SharedLinkConfigResponseSchema,
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
