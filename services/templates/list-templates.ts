import { filterTemplates, TEMPLATE_LIST_LIMIT, type TemplateListFilter } from "../../domain/templates";
import type { FromWire } from "../../domain/key-case";
import type { TemplateListResponseSchema } from "../../domain/schemas/templates";
import type { Actor, ServiceDeps } from "../context";
import { visibleTemplateViews } from "./access";

export type TemplatePage = FromWire<typeof TemplateListResponseSchema>;

/**
 * GET /v1/templates: the templates the caller sees, filtered and ordered by the modal's own rules
 * (search by name or message, any chosen network, any chosen language; pinned first, then by update
 * date), a page of at most `limit` (the spec's default limit constant, 100).
 */
export async function listTemplates(
  deps: ServiceDeps,
  actor: Actor,
  filter: TemplateListFilter & { offset?: number | undefined; limit?: number | undefined } = {},
): Promise<TemplatePage> {
  const matching = filterTemplates(await visibleTemplateViews(deps, actor), filter);
  const offset = filter.offset ?? 0;
  return { data: matching.slice(offset, offset + (filter.limit ?? TEMPLATE_LIST_LIMIT)), total: matching.length };
}
