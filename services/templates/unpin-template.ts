import { unpin } from "../../db/repositories/pins";
import type { Actor, ServiceDeps } from "../context";
import { findVisibleTemplate, TEMPLATE_PIN, writtenTemplateView, type TemplateView } from "./access";

/** DELETE /v1/templates/{id}/pin: removes the caller's own pin of a template the caller sees. */
export async function unpinTemplate(deps: ServiceDeps, actor: Actor, id: number): Promise<TemplateView> {
  await findVisibleTemplate(deps, actor, id);
  await unpin(deps.db, actor.accountId, TEMPLATE_PIN, id);
  return writtenTemplateView(deps, actor, id);
}
