import { countItemsPerLabel, listLabels as listLabelRows } from "../../db/repositories/labels";
import type { Actor, ServiceDeps } from "../context";
import { labelView, requireLabels, type LabelView } from "./label-view";

/** GET /v1/labels: the tenant's labels by name (optionally those made in one context), with their item counts. */
export async function listLabels(
  deps: ServiceDeps,
  actor: Actor,
  filter: { contextId?: number; contextType?: number } = {},
): Promise<LabelView[]> {
  requireLabels(actor, "read");
  const [rows, counts] = await Promise.all([
    listLabelRows(deps.db, actor.businessProfileId, filter),
    countItemsPerLabel(deps.db, actor.businessProfileId),
  ]);
  return rows.map((row) => labelView(row, counts.get(row.id) ?? 0));
}
