import { insertLabel } from "../../db/repositories/labels";
import type { LabelFormInput } from "../../domain/schemas/inbox";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { assertLabelNameFree, labelView, nameTakenOnConflict, requireLabels, type LabelView } from "./label-view";
import { assertRoomFor } from "../limits/assert-room-for";

/** POST /labels: a new label of the tenant; the name is required and unique ignoring case (422). */
export async function createLabel(deps: ServiceDeps, actor: Actor, input: LabelFormInput): Promise<LabelView> {
  requireLabels(actor, "write");
  await assertLabelNameFree(deps, actor, input.name);
  const row = await nameTakenOnConflict(() =>
    deps.db.transaction().execute(async (trx) => {
      await assertRoomFor(trx, "labels", actor.businessProfileId, isoNow(deps));
      return insertLabel(trx, {
        businessProfileId: actor.businessProfileId,
        name: input.name,
        category: input.category ?? null,
        labelType: input.label_type ?? "feed_item",
        contextId: input.context_id ?? null,
        contextType: input.context_type ?? null,
        ownerAccountId: actor.accountId,
        now: isoNow(deps),
      });
    }),
  );
  return labelView(row, 0);
}
