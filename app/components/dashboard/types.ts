// The API's dashboard records as the web client reads them (camelCase; ADR 015).
import type { TemplateTimeUnit } from "../../../domain/dashboard";

export interface ApiDashboardTemplate {
  id: number;
  name: string;
  time: number;
  timeUnit: TemplateTimeUnit;
  config: { contextIds: Array<string | number>; widgets: Array<{ id: string; config?: Record<string, unknown> | null }> };
}

export interface ApiSharedLinkConfig {
  widgets?: Array<string | { id: string; config?: unknown }>;
  contexts?: Array<{ contextType: number; contextId: number } | string>;
  time?: number | string | null;
  timeRange?: { from: string; to: string } | null;
  timeUnit?: string | null;
  layerIds?: number[];
}

export interface ApiSharedLink {
  id: number;
  code: string;
  title: string;
  nonLoggedInAccess: boolean;
  config: ApiSharedLinkConfig;
  createdAt?: string;
  /** The link's tenant, as its viewer is told (GET-via-POST /v1/dashboard_shared_links/{code}). */
  businessProfile?: { id: number; name: string; timeZone: string };
}

export interface ApiAnnotationLayer {
  id: number;
  name: string;
  /** An index into LAYER_COLORS. */
  color: number;
  brand?: string | number | null;
  type: string;
}

export interface ApiAnnotation {
  id: number;
  name: string;
  text: string | null;
  anchorDate: string;
  layerId: number;
  searchItemId?: number | null;
  createdAt?: string;
  user?: { id: number; fullName: string } | null;
}

/** What the page shows of the tenant's annotations and layers. */
export interface DashboardAnnotations {
  layers: ApiAnnotationLayer[];
  /** The annotations of the selected layers. */
  annotations: ApiAnnotation[];
  types: string[];
}
