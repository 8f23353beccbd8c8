import { isoNow, type Actor, type ServiceDeps } from "../context";
import { findVisibleTemplate, TEMPLATE_PIN, writtenTemplateView, type TemplateView } from "./access";
import { pinWithinLimit } from "../limits/assert-room-for";

/** POST /v1/templates/{id}/pin: pins are per user, so seeing the template is enough. */
export async function pinTemplate(deps: ServiceDeps, actor: Actor, id: number): Promise<TemplateView> {
  await findVisibleTemplate(deps, actor, id);
  await pinWithinLimit(deps.db, actor, TEMPLATE_PIN, id, isoNow(deps));
  return writtenTemplateView(deps, actor, id);
}
