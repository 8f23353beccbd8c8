import { listPinnedIds, unpin } from "../../db/repositories/pins";
import { listSearchFolders } from "../../db/repositories/search-folders";
import { listSearchItems } from "../../db/repositories/search-items";
import { listTopics } from "../../db/repositories/topics";
import { AppError, forbidden } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { PIN_TYPES, type PinType, type PinResponseSchema } from "../../domain/schemas/searches";
import { CATEGORY_FLAGS, type StreamCategory } from "../../domain/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { canSee, findVisibleSearchItem, viewerOf } from "../searches/access";
import { findVisibleSearchFolder } from "../searches/folders";
import { getStreamRow } from "../streams/streams";
import { findVisibleTopic } from "../topics/topics";
import { findVisibleTemplate, visibleTemplateIds } from "../templates/access";
import { pinWithinLimit } from "../limits/assert-room-for";
import type { FromWire } from "../../domain/key-case";

export type PinView = FromWire<typeof PinResponseSchema>;

function mayReadStreams(actor: Actor): boolean {
  return hasPermission(actor.permissions, "channels.index.read") || hasPermission(actor.permissions, "inbox.items.read");
}

/**
 * The entity behind a pin, as the caller may see it, or 404 (missing, another tenant's and invisible
 * answer alike).
 */
async function assertPinnable(deps: ServiceDeps, actor: Actor, type: PinType, entityId: number): Promise<void> {
  switch (type) {
    case "search_item":
      await findVisibleSearchItem(deps, actor, entityId);
      return;
    case "search_folder":
      await findVisibleSearchFolder(deps, actor, entityId);
      return;
    case "topic":
      await findVisibleTopic(deps, actor, entityId);
      return;
    case "stream": {
      if (!mayReadStreams(actor)) throw forbidden();
      const row = await getStreamRow(deps, actor, entityId);
      if (!CATEGORY_FLAGS[row.category as StreamCategory]?.pin) throw new AppError("forbidden", MESSAGES.streamActionNotAllowed);
      return;
    }
    case "template":
      await findVisibleTemplate(deps, actor, entityId);
      return;
  }
}

/** The ids of the caller's entities of a type that the caller still sees (a pin outlives a change of visibility). */
async function visibleIds(deps: ServiceDeps, actor: Actor, type: PinType, ids: number[]): Promise<number[]> {
  if (ids.length === 0) return ids;
  const viewer = await viewerOf(deps, actor);
  const wanted = new Set(ids);
  const keep = (rows: Array<{ id: number; ownerAccountId: number | null; entityType: number; entityIds: string }>) =>
    new Set(rows.filter((row) => wanted.has(row.id) && canSee(viewer, row)).map((row) => row.id));
  let visible: Set<number>;
  switch (type) {
    case "search_item":
      visible = keep(await listSearchItems(deps.db, actor.businessProfileId));
      break;
    case "search_folder":
      visible = keep(await listSearchFolders(deps.db, actor.businessProfileId));
      break;
    case "topic":
      visible = keep(await listTopics(deps.db, actor.businessProfileId));
      break;
    case "stream": {
      if (!mayReadStreams(actor)) return [];
      const found = await Promise.all(
        ids.map((id) =>
          getStreamRow(deps, actor, id).then(
            () => true,
            () => false,
          ),
        ),
      );
      return ids.filter((_, i) => found[i]);
    }
    case "template":
      return visibleTemplateIds(deps, actor, ids);
  }
  return ids.filter((id) => visible.has(id));
}

/** GET /v3/accounts/pins?type=: the caller's pins (of one type, or all), of entities the caller still sees. */
export async function listPins(deps: ServiceDeps, actor: Actor, type?: PinType): Promise<PinView[]> {
  const types = type ? [type] : [...PIN_TYPES];
  const result: PinView[] = [];
  for (const t of types) {
    const ids = await visibleIds(deps, actor, t, await listPinnedIds(deps.db, actor.accountId, t));
    for (const entityId of ids.sort((a, b) => a - b)) result.push({ entityId, type: t });
  }
  return result;
}

/** POST /v3/accounts/pins: pins are per user, so seeing the entity is enough (guests too). */
export async function addPin(deps: ServiceDeps, actor: Actor, input: { type: PinType; entityId: number }): Promise<PinView> {
  await assertPinnable(deps, actor, input.type, input.entityId);
  await pinWithinLimit(deps.db, actor, input.type, input.entityId, isoNow(deps));
  return { entityId: input.entityId, type: input.type };
}

/** DELETE /v3/accounts/pins: removes the caller's own pin, if any (nothing about the entity is revealed). */
export async function removePin(deps: ServiceDeps, actor: Actor, input: { type: PinType; entityId: number }): Promise<void> {
  await unpin(deps.db, actor.accountId, input.type, input.entityId);
}
