import { listFeedItems } from "../../db/repositories/feed-items";
import { CONTEXT_TYPES } from "../../db/repositories/search-index";
import { forbidden } from "../../domain/errors";
import { mayReadMentionText } from "../../domain/permissions";
import type { Actor, ServiceDeps } from "../context";
import { onStored, type LiveBatch } from "../queries/live";
import { findVisibleSearchItem } from "../searches/access";
import { statusView, type StatusView } from "./status-view";
import { feedItemFilter } from "./statuses";

export interface LiveStatusesParams {
  /** A saved search item the caller may see: its new mentions. */
  searchItemId?: number;
  /** A boolean query (ADR 012), like GET /v1/statuses. */
  query?: string;
  /** The `filters` JSON of GET /v1/statuses. */
  filters?: string;
}

/**
 * GET /v1/statuses/live: the tenant's new mentions that match, as they are stored, under the same rules
 * as the list (muted ones hidden unless asked for, networks the role may not see never shown). The
 * parameters are checked before this returns (a bad query is a 400, an invisible search a 404); then
 * `send` gets each matching mention, in order. Returns the function that stops listening.
 */
export async function openLiveStatuses(
  deps: ServiceDeps,
  actor: Actor,
  params: LiveStatusesParams,
  send: (status: StatusView) => void | Promise<void>,
): Promise<() => void> {
  if (!mayReadMentionText(actor.permissions)) throw forbidden();
  const filter = await feedItemFilter(deps, actor, { query: params.query, filters: params.filters });
  if (params.searchItemId !== undefined) {
    await findVisibleSearchItem(deps, actor, params.searchItemId);
    filter.contexts = [
      ...(filter.contexts ?? []),
      { contextType: CONTEXT_TYPES.searchItem, contextId: params.searchItemId },
    ];
  }
  const contexts = filter.contexts ?? [];
  let chain = Promise.resolve();
  let open = true;

  const handle = async (batch: LiveBatch) => {
    let ids = batch.feedItemIds;
    // Stored membership is known from the batch itself: only members need a look in the database.
    for (const c of contexts) {
      const members = new Set(
        batch.matches.filter(([, type, id]) => type === c.contextType && id === c.contextId).map(([item]) => item),
      );
      ids = ids.filter((id) => members.has(id));
    }
    if (!ids.length || !open) return;
    const rows = await listFeedItems(
      deps.db,
      actor.businessProfileId,
      { ...filter, ids },
      { orderBy: "created_at", direction: "asc", offset: 0, limit: ids.length },
    );
    rows.sort((a, b) => a.id - b.id);
    for (const row of rows) {
      if (!open) return;
      await send(statusView(row));
    }
  };

  const stop = onStored(deps, actor.businessProfileId, (batch) => {
    chain = chain.then(() => handle(batch)).catch((error: unknown) => deps.reportError?.(error));
  });
  return () => {
    open = false;
    stop();
  };
}
