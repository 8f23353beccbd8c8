import { countItemsPerLabel, findLabel, updateLabel as updateLabelRow } from "../../db/repositories/labels";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { LabelUpdateInput } from "../../domain/schemas/inbox";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { assertLabelNameFree, labelView, nameTakenOnConflict, requireLabels, type LabelView } from "./label-view";

/** PATCH /v1/labels/{id}: rename (still unique) and/or change the category. */
export async function updateLabel(deps: ServiceDeps, actor: Actor, id: number, input: LabelUpdateInput): Promise<LabelView> {
  requireLabels(actor, "write");
  const label = await findLabel(deps.db, actor.businessProfileId, id);
  if (!label) throw notFound(MESSAGES.inboxActions.labelNotFound);
  if (input.name !== undefined) await assertLabelNameFree(deps, actor, input.name, id);
  await nameTakenOnConflict(() =>
    updateLabelRow(deps.db, actor.businessProfileId, id, { name: input.name, category: input.category, now: isoNow(deps) }),
  );
  const [row, counts] = await Promise.all([
    findLabel(deps.db, actor.businessProfileId, id),
    countItemsPerLabel(deps.db, actor.businessProfileId),
  ]);
  return labelView(row!, counts.get(id) ?? 0);
}
