// The text widgets' view of a dashboard read: the common body resolved by services/analytics/request.ts
// (400s, tenancy, 404s, rollup or raw), each context paired with what the request said of it.
import { DASHBOARD_CONTEXT_TYPES } from "../../../domain/dashboard";
import type { ServiceDeps } from "../../context";
import { resolveDashboardRequest } from "../request";
import type { DashboardViewer } from "../viewer";
import type { TextRequest } from "./context";

export async function resolveTextRequest(deps: ServiceDeps, viewer: DashboardViewer, input: unknown): Promise<TextRequest> {
  const resolved = await resolveDashboardRequest(deps, viewer, input);
  const inputs = resolved.body.contexts?.length
    ? resolved.body.contexts
    : [{ context_type: DASHBOARD_CONTEXT_TYPES.unsavedSearch, context_id: 0, properties: resolved.body.properties ?? null }];
  return {
    businessProfileId: resolved.businessProfileId,
    range: resolved.range,
    comparedRange: resolved.comparedRange,
    interval: resolved.interval,
    timeZone: resolved.timeZone,
    contexts: resolved.contexts.map((c, i) => ({
      ref: { contextType: c.contextType, contextId: c.contextId, title: c.title, color: c.color },
      filter: c.filter,
      rollup: c.rollup,
      input: { contextType: c.contextType, contextId: c.contextId, properties: inputs[i]?.properties ?? null },
    })),
  };
}
