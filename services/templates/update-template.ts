import { updateReplyTemplate } from "../../db/repositories/reply-templates";
import type { TemplateUpdateInput } from "../../domain/schemas/templates";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { resolveVisibilityChange } from "../searches/access";
import { findVisibleTemplate, requireWriteTemplates, writtenTemplateView, type TemplateView } from "./access";

/** PATCH /v1/templates/{id}: a template the caller sees; a field left out keeps its value. */
export async function updateTemplate(deps: ServiceDeps, actor: Actor, id: number, input: TemplateUpdateInput): Promise<TemplateView> {
  const row = await findVisibleTemplate(deps, actor, id);
  requireWriteTemplates(actor);
  const visibility = await resolveVisibilityChange(deps, actor, row, input);
  await updateReplyTemplate(
    deps.db,
    actor.businessProfileId,
    id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(input.message !== undefined ? { message: input.message } : {}),
      ...(input.categories !== undefined ? { categories: input.categories } : {}),
      ...(input.languages !== undefined ? { languages: input.languages } : {}),
      ...(input.active !== undefined ? { active: input.active } : {}),
      ...(visibility ? { entityType: visibility.entityType, entityIds: visibility.entityIds } : {}),
    },
    actor.accountId,
    isoNow(deps),
  );
  return writtenTemplateView(deps, actor, id);
}
