import { deletePinsOf, isPinned, listPinnedIds, unpin } from "../../db/repositories/pins";
import { findSearchFolder, listSearchFolders } from "../../db/repositories/search-folders";
import {
  deleteSearchItem as deleteSearchItemRow,
  findSearchItem,
  insertSearchItem,
  listSearchItems as listSearchItemRows,
  updateSearchItem as updateSearchItemRow,
} from "../../db/repositories/search-items";
import type { SearchItemRow } from "../../db/schema";
import { AppError, forbidden, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import {
  DEFAULT_VISIBILITY,
  type SearchCategory,
  type SearchItemFormInput,
  type SearchItemUpdateInput,
} from "../../domain/schemas/searches";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import {
  byPinnedThenName,
  canSee,
  findVisibleSearchItem,
  mayEditSearch,
  requireEditSearch,
  requireSearchWriter,
  requireWriteSearches,
  resolveVisibility,
  resolveVisibilityChange,
  viewerOf,
  type Viewer,
} from "./access";
import { assertValidDefinition } from "./definition-check";
import { definitionDeleted, definitionSaved } from "./definition-events";
import { searchItemView, type SearchItemView } from "./views";
import { assertRoomFor, pinWithinLimit } from "../limits/assert-room-for";

const SEARCH_ITEM_PIN = "search_item";

/**
 * The folder a search goes into: one the caller sees (else it is unknown, like a missing one), of the
 * search's own section (spec §4: drag and drop stays within a category), that the caller may change.
 */
async function targetFolder(
  deps: ServiceDeps,
  actor: Actor,
  viewer: Viewer,
  folderId: number | null,
  category: string,
): Promise<number | null> {
  if (folderId === null) return null;
  const folder = await findSearchFolder(deps.db, actor.businessProfileId, folderId);
  if (!folder || !canSee(viewer, folder)) throw validationError({ folder_id: [MESSAGES.searches.folderNotFound] });
  if (folder.category !== category) {
    throw new AppError("bad_request", MESSAGES.searches.folderOtherCategory, { folder_id: [MESSAGES.searches.folderOtherCategory] });
  }
  if (!mayEditSearch(actor, folder)) throw forbidden(MESSAGES.searches.ownerOnly);
  return folder.id;
}

async function viewOf(deps: ServiceDeps, actor: Actor, viewer: Viewer, row: SearchItemRow): Promise<SearchItemView> {
  const [pinned, folder] = await Promise.all([
    isPinned(deps.db, actor.accountId, SEARCH_ITEM_PIN, row.id),
    row.folderId === null ? undefined : findSearchFolder(deps.db, actor.businessProfileId, row.folderId),
  ]);
  return searchItemView(actor, row, { pinned, folderVisible: folder !== undefined && canSee(viewer, folder) });
}

async function reread(deps: ServiceDeps, actor: Actor, id: number): Promise<SearchItemRow> {
  const row = await findSearchItem(deps.db, actor.businessProfileId, id);
  if (!row) throw new AppError("not_found", MESSAGES.searches.searchNotFound);
  return row;
}

/**
 * The searches the caller sees, as views, pinned first then by name. `folderIds` are the folders the
 * caller sees (a search in another folder shows at the top level).
 */
export async function visibleSearchItemViews(
  deps: ServiceDeps,
  actor: Actor,
  viewer: Viewer,
  visibleFolderIds: ReadonlySet<number>,
  category?: SearchCategory,
): Promise<SearchItemView[]> {
  const [rows, pinnedIds] = await Promise.all([
    listSearchItemRows(deps.db, actor.businessProfileId, category),
    listPinnedIds(deps.db, actor.accountId, SEARCH_ITEM_PIN),
  ]);
  const pinned = new Set(pinnedIds);
  return rows
    .filter((row) => canSee(viewer, row))
    .map((row) =>
      searchItemView(actor, row, {
        pinned: pinned.has(row.id),
        folderVisible: row.folderId !== null && visibleFolderIds.has(row.folderId),
      }),
    )
    .sort(byPinnedThenName);
}

/** GET /search/items: every search the caller sees (in folders or not), pinned first, then by name. */
export async function listSearchItems(
  deps: ServiceDeps,
  actor: Actor,
  filter: { category?: SearchCategory } = {},
): Promise<SearchItemView[]> {
  const viewer = await viewerOf(deps, actor);
  const folders = await listSearchFolders(deps.db, actor.businessProfileId, filter.category);
  const visibleFolderIds = new Set(folders.filter((f) => canSee(viewer, f)).map((f) => f.id));
  return visibleSearchItemViews(deps, actor, viewer, visibleFolderIds, filter.category);
}

/** GET /search/items/{id} */
export async function getSearchItem(deps: ServiceDeps, actor: Actor, id: number): Promise<SearchItemView> {
  const row = await findVisibleSearchItem(deps, actor, id);
  return viewOf(deps, actor, await viewerOf(deps, actor), row);
}

/** POST /search/items: a saved search whose query is valid; its stored mentions are matched in the background. */
export async function createSearchItem(deps: ServiceDeps, actor: Actor, input: SearchItemFormInput): Promise<SearchItemView> {
  requireWriteSearches(actor, input.category);
  const viewer = await viewerOf(deps, actor);
  const folderId = await targetFolder(deps, actor, viewer, input.folder_id ?? null, input.category);
  assertValidDefinition(input.query);
  const visibility = await resolveVisibility(deps, actor, input.entity_type ?? DEFAULT_VISIBILITY[input.category], input.entity_ids);
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "searchItems", actor.businessProfileId, isoNow(deps));
    return insertSearchItem(
      trx,
      actor.businessProfileId,
      {
        name: input.name,
        category: input.category,
        folderId,
        ownerAccountId: actor.accountId,
        entityType: visibility.entityType,
        entityIds: visibility.entityIds,
        query: JSON.stringify(input.query),
        logoSrc: input.logo_src ?? null,
        // Derived, never written by the client: a new search or topic has no alert yet (ADR 029).
        alertsEnabled: false,
      },
      isoNow(deps),
    );
  });
  definitionSaved(deps, actor.businessProfileId, { type: 1, id: row.id });
  return viewOf(deps, actor, viewer, await reread(deps, actor, row.id));
}

/**
 * PUT /search/items/{id}: any of name, query, visibility, logo, alerts, and folder_id to move it (null:
 * the top level). A changed query is matched against the stored mentions again.
 */
export async function updateSearchItem(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: SearchItemUpdateInput,
): Promise<SearchItemView> {
  requireSearchWriter(actor);
  const row = await findVisibleSearchItem(deps, actor, id);
  requireEditSearch(actor, row);
  const viewer = await viewerOf(deps, actor);
  const folderId =
    input.folder_id === undefined || input.folder_id === row.folderId
      ? undefined
      : await targetFolder(deps, actor, viewer, input.folder_id, row.category);
  const query = input.query === undefined ? undefined : JSON.stringify(input.query);
  if (input.query !== undefined) assertValidDefinition(input.query);
  const visibility = await resolveVisibilityChange(deps, actor, row, input);
  await updateSearchItemRow(
    deps.db,
    actor.businessProfileId,
    id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(folderId !== undefined ? { folderId } : {}),
      ...(query !== undefined ? { query } : {}),
      ...(visibility ? { entityType: visibility.entityType, entityIds: visibility.entityIds } : {}),
      ...(input.logo_src !== undefined ? { logoSrc: input.logo_src } : {}),
    },
    isoNow(deps),
  );
  if (query !== undefined && query !== row.query) {
    definitionSaved(deps, actor.businessProfileId, { type: 1, id });
  }
  return viewOf(deps, actor, viewer, await reread(deps, actor, id));
}

/** DELETE /search/items/{id}: the search, its pins (everyone's) and its stored matches go. */
export async function deleteSearchItem(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireSearchWriter(actor);
  const row = await findVisibleSearchItem(deps, actor, id);
  requireEditSearch(actor, row);
  await deps.db.transaction().execute(async (trx) => {
    await deletePinsOf(trx, SEARCH_ITEM_PIN, id);
    await deleteSearchItemRow(trx, actor.businessProfileId, id);
  });
  await definitionDeleted(deps, actor.businessProfileId, { type: 1, id });
}

/** POST /search/items/{id}/toggle-pin: pins are per user, so reading is enough (guests too). */
export async function toggleSearchItemPin(deps: ServiceDeps, actor: Actor, id: number): Promise<{ pinned: boolean }> {
  await findVisibleSearchItem(deps, actor, id);
  if (await isPinned(deps.db, actor.accountId, SEARCH_ITEM_PIN, id)) {
    await unpin(deps.db, actor.accountId, SEARCH_ITEM_PIN, id);
    return { pinned: false };
  }
  await pinWithinLimit(deps.db, actor, SEARCH_ITEM_PIN, id, isoNow(deps));
  return { pinned: true };
}
