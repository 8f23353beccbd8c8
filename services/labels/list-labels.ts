import { countItemsPerLabel, listLabels as listLabelRows } from "../../db/repositories/labels";
import type { Actor, ServiceDeps } from "../context";
import { labelView, requireLabels, type LabelView } from "./label-view";

/** GET /v1/labels: the tenant's labels by name (optionally those made in one context), with their item counts. */
export async function listLabels(
  deps: ServiceDeps,
  actor: Actor,
  filter: { contextId?: number; contextType?: number } = {},
  options: { itemsCount?: boolean } = {},
): Promise<LabelView[]> {
  requireLabels(actor, "read");
  // Counting reads every labelled item of the tenant (tens of milliseconds at a million mentions): only
  // when asked for (the labels screen shows the counts; the inbox sidebar does not).
  const withCounts = options.itemsCount !== false;
  const [rows, counts] = await Promise.all([
    listLabelRows(deps.db, actor.businessProfileId, filter),
    withCounts ? countItemsPerLabel(deps.db, actor.businessProfileId) : null,
  ]);
  return rows.map((row) => {
    const view = labelView(row, counts?.get(row.id) ?? 0);
    if (counts) return view;
    const { itemsCount: _omitted, ...withoutCount } = view;
    return withoutCount;
  });
}
