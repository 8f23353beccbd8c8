import { deletePinsOf } from "../../db/repositories/pins";
import { deleteReplyTemplate } from "../../db/repositories/reply-templates";
import type { Actor, ServiceDeps } from "../context";
import { findVisibleTemplate, requireWriteTemplates, TEMPLATE_PIN } from "./access";

/** DELETE /v1/templates/{id}: a template the caller sees; everyone's pins of it go with it. */
export async function deleteTemplate(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  await findVisibleTemplate(deps, actor, id);
  requireWriteTemplates(actor);
  await deps.db.transaction().execute(async (trx) => {
    await deletePinsOf(trx, TEMPLATE_PIN, id);
    await deleteReplyTemplate(trx, actor.businessProfileId, id);
  });
}
