import { deleteLabel as deleteLabelRows, findLabel } from "../../db/repositories/labels";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Actor, ServiceDeps } from "../context";
import { percolateItems } from "../queries/backfill";
import { requireLabels } from "./label-view";

/** Items re-matched at once after a label goes (percolateItems reads them in one go). */
const PERCOLATE_CHUNK = 500;

/**
 * DELETE /v1/labels/{id}: the label goes and comes off every item in one transaction; the items it was
 * on are then matched against saved searches again (a search filtering by it no longer holds them).
 */
export async function deleteLabel(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireLabels(actor, "write");
  const label = await findLabel(deps.db, actor.businessProfileId, id);
  if (!label) throw notFound(MESSAGES.inboxActions.labelNotFound);
  const itemIds = await deps.db.transaction().execute((trx) => deleteLabelRows(trx, actor.businessProfileId, id));
  try {
    for (let i = 0; i < itemIds.length; i += PERCOLATE_CHUNK) {
      await percolateItems(deps, actor.businessProfileId, itemIds.slice(i, i + PERCOLATE_CHUNK));
    }
  } catch (error) {
    // The label is gone; stale matches are corrected at the items' next change or the searches' next backfill.
    deps.reportError?.(error);
  }
}
