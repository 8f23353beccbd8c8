import { insertReplyTemplate } from "../../db/repositories/reply-templates";
import type { TemplateFormInput } from "../../domain/schemas/templates";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { resolveVisibility } from "../searches/access";
import { requireWriteTemplates, writtenTemplateView, type TemplateView } from "./access";
import { assertRoomFor } from "../limits/assert-room-for";

/**
 * POST /v1/templates: a new template (spec core §4: new, then saved on create). The visibility's entity
 * ids are set as saved searches' are: Only Me → the caller, Everyone → the business profile, Teams → the
 * chosen teams of the tenant.
 */
export async function createTemplate(deps: ServiceDeps, actor: Actor, input: TemplateFormInput): Promise<TemplateView> {
  requireWriteTemplates(actor);
  const visibility = await resolveVisibility(deps, actor, input.entity_type, input.entity_ids);
  const { id } = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "replyTemplates", actor.businessProfileId, isoNow(deps));
    return insertReplyTemplate(
      trx,
      actor.businessProfileId,
      {
        name: input.name,
        message: input.message,
        categories: input.categories ?? [],
        languages: input.languages ?? [],
        entityType: visibility.entityType,
        entityIds: visibility.entityIds,
        active: input.active ?? true,
      },
      actor.accountId,
      isoNow(deps),
    );
  });
  return writtenTemplateView(deps, actor, id);
}
