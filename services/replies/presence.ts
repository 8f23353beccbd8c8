import { deletePresence, listViewers, pruneItemPresence, upsertPresence, type PresenceViewerRow } from "../../db/repositories/presence";
import { PRESENCE_WINDOW_SECONDS } from "../../domain/inbox";
import type { PresenceInput } from "../../domain/schemas/replies";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { findWorkableItem } from "./access";
import type { FromWire } from "../../domain/key-case";
import type { PresenceResponseSchema, ViewerResponseSchema } from "../../domain/schemas/feed-items";

// Presence (ADR 014): a heartbeat says the caller is viewing or replying to an item; teammates whose
// heartbeat is within PRESENCE_WINDOW_SECONDS are shown. Rows live in the database so that several
// processes agree. Approximate by design.

type ViewerView = FromWire<typeof ViewerResponseSchema>;

function viewerView(row: PresenceViewerRow): ViewerView {
  return {
    accountId: row.accountId,
    name: `${row.firstName} ${row.lastName}`.trim(),
    mode: row.mode === "replying" ? "replying" : "viewing",
    seenAt: row.seenAt,
  };
}

function windowStart(deps: Pick<ServiceDeps, "now">): string {
  return isoNow(deps, -PRESENCE_WINDOW_SECONDS * 1000);
}

/** Who else is on each of these items (the list and the detail pane); items without anyone are absent. */
async function viewersOfItems(deps: ServiceDeps, actor: Actor, feedItemIds: readonly number[]): Promise<Map<number, ViewerView[]>> {
  const rows = await listViewers(deps.db, actor.businessProfileId, feedItemIds, windowStart(deps), actor.accountId);
  const byItem = new Map<number, ViewerView[]>();
  for (const row of rows) {
    const list = byItem.get(row.feedItemId) ?? [];
    list.push(viewerView(row));
    byItem.set(row.feedItemId, list);
  }
  return byItem;
}

/** POST /v1/feed-items/{id}/presence: the caller's heartbeat; answers who else is there. */
export async function heartbeat(deps: ServiceDeps, actor: Actor, feedItemId: number, input: PresenceInput): Promise<FromWire<typeof PresenceResponseSchema>> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.read");
  await upsertPresence(deps.db, {
    businessProfileId: actor.businessProfileId,
    feedItemId: item.id,
    accountId: actor.accountId,
    mode: input.mode,
    seenAt: isoNow(deps),
  });
  await pruneItemPresence(deps.db, actor.businessProfileId, item.id, windowStart(deps));
  return { viewers: (await viewersOfItems(deps, actor, [item.id])).get(item.id) ?? [] };
}

/** DELETE /v1/feed-items/{id}/presence: the caller left the item. */
export async function leave(deps: ServiceDeps, actor: Actor, feedItemId: number): Promise<void> {
  const item = await findWorkableItem(deps, actor, feedItemId, "inbox.items.read");
  await deletePresence(deps.db, actor.businessProfileId, item.id, actor.accountId);
}
