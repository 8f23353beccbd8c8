// Stored dashboard configs (templates and shared links) and the checks they share: known widget ids
// (400), at most 3 contexts (400), contexts and layers of the tenant (404).
import { findAnnotationLayer } from "../../db/repositories/annotations";
import { findSearchItem } from "../../db/repositories/search-items";
import { findTopic } from "../../db/repositories/topics";
import { DASHBOARD_CONTEXT_TYPES, isWidgetId } from "../../domain/dashboard";
import { badRequest, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { MAX_DASHBOARD_CONTEXTS } from "../../domain/schemas/dashboard";
import type { FromWire } from "../../domain/key-case";
import type { DashboardTemplateResponseSchema, SharedLinkConfigResponseSchema } from "../../domain/schemas/dashboard-config";
import type { ServiceDeps } from "../context";

export interface ContextRef {
  contextType: number;
  contextId: number;
}

/** A shared link's context as stored and answered: its reference and the query and filters its author chose. */
export type SharedContext = SharedLinkConfig["contexts"][number];

/** The all-mentions context (an unsaved search without query or filters). */
export const ALL_MENTIONS_REF: ContextRef = { contextType: DASHBOARD_CONTEXT_TYPES.unsavedSearch, contextId: 0 };

export function parseJsonObject(text: string): Record<string, unknown> {
  try {
    const value = JSON.parse(text) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function refOfToken(token: string): ContextRef {
  const [type, id] = token.split("-");
  return { contextType: Number(type), contextId: Number(id) };
}

export function assertWidgetIds(ids: readonly string[]): void {
  const unknown = ids.find((id) => !isWidgetId(id));
  if (unknown !== undefined) throw badRequest(MESSAGES.dashboardConfig.unknownWidgetId(unknown));
}

export function assertContextCount(count: number): void {
  if (count > MAX_DASHBOARD_CONTEXTS) throw badRequest(MESSAGES.dashboardConfig.tooManyContexts(MAX_DASHBOARD_CONTEXTS));
}

/** Each context must exist in the tenant: a saved search, a topic, or an unsaved search (id 0). Else 404. */
export async function assertTenantContexts(deps: ServiceDeps, businessProfileId: number, refs: readonly ContextRef[]): Promise<void> {
  for (const ref of refs) {
    const found =
      ref.contextType === DASHBOARD_CONTEXT_TYPES.savedSearch
        ? await findSearchItem(deps.db, businessProfileId, ref.contextId)
        : ref.contextType === DASHBOARD_CONTEXT_TYPES.topic
          ? await findTopic(deps.db, businessProfileId, ref.contextId)
          : ref.contextType === DASHBOARD_CONTEXT_TYPES.unsavedSearch && ref.contextId === 0
            ? true
            : undefined;
    if (!found) throw notFound(MESSAGES.dashboardConfig.contextNotFound);
  }
}

export async function assertTenantLayers(deps: ServiceDeps, businessProfileId: number, layerIds: readonly number[]): Promise<void> {
  for (const id of layerIds) {
    if (!(await findAnnotationLayer(deps.db, businessProfileId, id))) throw notFound(MESSAGES.annotations.layerNotFound);
  }
}

/** A template's config as stored and answered (ADR 027: the response schema's camelCase twin). */
export type TemplateConfig = FromWire<typeof DashboardTemplateResponseSchema>["config"];

/** A widget's parameters, kept as the client gave them (parsed JSON). */
export type WidgetParams = TemplateConfig["widgets"][number]["config"];

export function readTemplateConfig(text: string): TemplateConfig {
  const raw = parseJsonObject(text);
  const contextIds = Array.isArray(raw.contextIds) ? raw.contextIds.filter((v): v is string => typeof v === "string") : [];
  const widgets = Array.isArray(raw.widgets)
    ? raw.widgets.flatMap((w: unknown) => {
        if (!w || typeof w !== "object") return [];
        const { id, config } = w as { id?: unknown; config?: unknown };
        if (typeof id !== "string") return [];
        return [{ id, config: config && typeof config === "object" && !Array.isArray(config) ? (config as WidgetParams) : {} }];
      })
    : [];
  return { contextIds, widgets };
}

/** A shared link's config as stored and answered (ADR 027: the response schema's camelCase twin). */
export type SharedLinkConfig = FromWire<typeof SharedLinkConfigResponseSchema>;

/** A context's stored filters, kept as the client gave them (parsed JSON). */
export type ContextFilters = NonNullable<NonNullable<SharedContext["properties"]>["filters"]>;

export function readSharedLinkConfig(text: string): SharedLinkConfig {
  const raw = parseJsonObject(text);
  const widgets = Array.isArray(raw.widgets) ? raw.widgets.filter((v): v is string => typeof v === "string") : [];
  const contexts = Array.isArray(raw.contexts)
    ? raw.contexts.flatMap((c: unknown) => {
        if (!c || typeof c !== "object") return [];
        const { contextType, contextId, properties } = c as Record<string, unknown>;
        if (typeof contextType !== "number" || typeof contextId !== "number") return [];
        return [{ contextType, contextId, properties: properties && typeof properties === "object" ? (properties as SharedContext["properties"]) : null }];
      })
    : [];
  const range = raw.timeRange as { from?: unknown; to?: unknown } | null | undefined;
  return {
    widgets,
    contexts,
    time: typeof raw.time === "number" || typeof raw.time === "string" ? raw.time : null,
    timeRange: range && typeof range.from === "string" && typeof range.to === "string" ? { from: range.from, to: range.to } : null,
    timeUnit: typeof raw.timeUnit === "string" ? raw.timeUnit : null,
    timeZone: typeof raw.timeZone === "string" ? raw.timeZone : null,
    layerIds: Array.isArray(raw.layerIds) ? raw.layerIds.filter((v): v is number => typeof v === "number") : [],
  };
}
