import { ensureLabels, findLabelsByIds, listLabelsOfItems, setItemLabels } from "../../db/repositories/labels";
import { ACCOUNT_EVENT_CONTEXT } from "../../domain/account-events";
import { forbidden, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { recordInboxEvent } from "../account-events/record-inbox-event";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { rematchAfterLabels } from "../queries/backfill";
import { actorName, findItemOrThrow, recordHistory, requireInbox } from "./access";
import { feedItemView, type FeedItemView } from "./feed-item-view";

export interface SetLabelsInput {
  labelIds: number[];
  /** Names of labels to put on too, created when the tenant has no label of that name (any case). */
  newLabels: string[];
}

/**
 * POST /v1/feed-items/{id}/set-labels: the item's labels become exactly the given ones plus the new names
 * (created inline, or the existing label of that name reused). The change is a history row and one
 * `label` account event per label put on; the item is then matched against saved searches again, since
 * they may filter by label.
 */
export async function setFeedItemLabels(deps: ServiceDeps, actor: Actor, id: number, input: SetLabelsInput): Promise<FeedItemView> {
  requireInbox(actor, "inbox.items.write");
  if (input.newLabels.length && !hasPermission(actor.permissions, "labels.index.write")) throw forbidden();
  await findItemOrThrow(deps.db, actor, id);
  const requested = [...new Set(input.labelIds)];
  const known = await findLabelsByIds(deps.db, actor.businessProfileId, requested);
  if (known.length !== requested.length) throw notFound(MESSAGES.inboxActions.labelNotFound);
  const name = await actorName(deps, actor);
  const bp = actor.businessProfileId;

  const { row, changed } = await deps.db.transaction().execute(async (trx) => {
    const item = await findItemOrThrow(trx, actor, id);
    const now = isoNow(deps);
    const created = await ensureLabels(
      trx,
      input.newLabels.map((labelName) => ({
        businessProfileId: bp,
        name: labelName,
        category: null,
        labelType: "feed_item",
        contextId: null,
        contextType: null,
        ownerAccountId: actor.accountId,
        now,
      })),
    );
    const wanted = new Map([...known, ...created].map((l) => [l.id, l.name]));
    const before = await listLabelsOfItems(trx, bp, [id]);
    const had = new Map(before.map((l) => [l.id, l.name]));
    const added = [...wanted].filter(([labelId]) => !had.has(labelId)).map(([labelId, labelName]) => ({ id: labelId, name: labelName }));
    const removed = [...had].filter(([labelId]) => !wanted.has(labelId)).map(([labelId, labelName]) => ({ id: labelId, name: labelName }));
    if (!added.length && !removed.length) return { row: item, changed: false };
    await setItemLabels(trx, bp, id, [...wanted.keys()]);
    await recordHistory(trx, deps, actor, name, id, "labels", {
      added,
      removed,
      labels: [...wanted].map(([labelId, labelName]) => ({ id: labelId, name: labelName })),
    });
    for (const label of added) {
      await recordInboxEvent(trx, deps, actor, {
        action: "label",
        socialType: item.socialType,
        contextType: ACCOUNT_EVENT_CONTEXT.label,
        contextId: label.id,
      });
    }
    return { row: item, changed: true };
  });

  if (changed) {
    try {
      await rematchAfterLabels(deps, bp, [id]);
    } catch (error) {
      // The labels are saved; saved searches catch up at the item's next change or their next backfill.
      deps.reportError?.(error);
    }
  }
  return feedItemView(deps, actor, row);
}
