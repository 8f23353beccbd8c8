import { deletePinsOf, isPinned, listPinnedIds, unpin } from "../../db/repositories/pins";
import {
  deleteSearchFolder as deleteSearchFolderRow,
  findSearchFolder,
  insertSearchFolder,
  listSearchFolders as listSearchFolderRows,
  updateSearchFolder as updateSearchFolderRow,
} from "../../db/repositories/search-folders";
import { moveFolderItemsToTopLevel } from "../../db/repositories/search-items";
import type { SearchFolderRow } from "../../db/schema";
import { notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import {
  DEFAULT_VISIBILITY,
  type SearchCategory,
  type SearchFolderFormInput,
  type SearchFolderUpdateInput,
} from "../../domain/schemas/searches";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import {
  byPinnedThenName,
  canSee,
  requireEditSearch,
  requireSearchWriter,
  requireWriteSearches,
  resolveVisibility,
  resolveVisibilityChange,
  viewerOf,
} from "./access";
import { visibleSearchItemViews } from "./items";
import { searchFolderView, type SearchFolderView } from "./views";
import { assertRoomFor, pinWithinLimit } from "../limits/assert-room-for";

const SEARCH_FOLDER_PIN = "search_folder";

/** A folder the caller may see, or 404 (missing, another tenant's and invisible answer alike). */
export async function findVisibleSearchFolder(deps: ServiceDeps, actor: Actor, id: number): Promise<SearchFolderRow> {
  const row = await findSearchFolder(deps.db, actor.businessProfileId, id);
  if (!row || !canSee(await viewerOf(deps, actor), row)) throw notFound(MESSAGES.searches.folderNotFound);
  return row;
}

/**
 * GET /search/folders: the folders the caller sees, each with the searches in it that the caller sees;
 * folders and searches pinned first, then by name.
 */
export async function listSearchFolders(
  deps: ServiceDeps,
  actor: Actor,
  filter: { category?: SearchCategory } = {},
): Promise<SearchFolderView[]> {
  const viewer = await viewerOf(deps, actor);
  const [rows, pinnedIds] = await Promise.all([
    listSearchFolderRows(deps.db, actor.businessProfileId, filter.category),
    listPinnedIds(deps.db, actor.accountId, SEARCH_FOLDER_PIN),
  ]);
  const folders = rows.filter((row) => canSee(viewer, row));
  const items = await visibleSearchItemViews(deps, actor, viewer, new Set(folders.map((f) => f.id)), filter.category);
  const pinned = new Set(pinnedIds);
  return folders
    .map((row) => searchFolderView(actor, row, pinned.has(row.id), items.filter((item) => item.folderId === row.id)))
    .sort(byPinnedThenName);
}

/** The folder as the caller now sees it; one they shared away from themselves shows without its searches. */
async function folderView(deps: ServiceDeps, actor: Actor, id: number): Promise<SearchFolderView> {
  const view = (await listSearchFolders(deps, actor, {})).find((folder) => folder.id === id);
  if (view) return view;
  const row = await findSearchFolder(deps.db, actor.businessProfileId, id);
  if (!row) throw notFound(MESSAGES.searches.folderNotFound);
  return searchFolderView(actor, row, await isPinned(deps.db, actor.accountId, SEARCH_FOLDER_PIN, id), []);
}

/** POST /search/folders */
export async function createSearchFolder(deps: ServiceDeps, actor: Actor, input: SearchFolderFormInput): Promise<SearchFolderView> {
  requireWriteSearches(actor, input.category);
  const visibility = await resolveVisibility(deps, actor, input.entity_type ?? DEFAULT_VISIBILITY[input.category], input.entity_ids);
  const row = await deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "searchFolders", actor.businessProfileId, isoNow(deps));
    return insertSearchFolder(
      trx,
      actor.businessProfileId,
      {
        name: input.name,
        category: input.category,
        ownerAccountId: actor.accountId,
        entityType: visibility.entityType,
        entityIds: visibility.entityIds,
      },
      isoNow(deps),
    );
  });
  return searchFolderView(actor, row, false, []);
}

/** PUT /search/folders/{id}: rename, or change who sees it (the searches in it keep their own visibility). */
export async function updateSearchFolder(
  deps: ServiceDeps,
  actor: Actor,
  id: number,
  input: SearchFolderUpdateInput,
): Promise<SearchFolderView> {
  requireSearchWriter(actor);
  const row = await findVisibleSearchFolder(deps, actor, id);
  requireEditSearch(actor, row);
  const visibility = await resolveVisibilityChange(deps, actor, row, input);
  await updateSearchFolderRow(
    deps.db,
    actor.businessProfileId,
    id,
    {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(visibility ? { entityType: visibility.entityType, entityIds: visibility.entityIds } : {}),
    },
    isoNow(deps),
  );
  return folderView(deps, actor, id);
}

/** DELETE /search/folders/{id}: the folder goes; its searches (everyone's) move to the top level of the section. */
export async function deleteSearchFolder(deps: ServiceDeps, actor: Actor, id: number): Promise<void> {
  requireSearchWriter(actor);
  const row = await findVisibleSearchFolder(deps, actor, id);
  requireEditSearch(actor, row);
  const now = isoNow(deps);
  await deps.db.transaction().execute(async (trx) => {
    await moveFolderItemsToTopLevel(trx, actor.businessProfileId, id, now);
    await deletePinsOf(trx, SEARCH_FOLDER_PIN, id);
    await deleteSearchFolderRow(trx, actor.businessProfileId, id);
  });
}

/** POST /search/folders/{id}/toggle-pin */
export async function toggleSearchFolderPin(deps: ServiceDeps, actor: Actor, id: number): Promise<{ pinned: boolean }> {
  await findVisibleSearchFolder(deps, actor, id);
  if (await isPinned(deps.db, actor.accountId, SEARCH_FOLDER_PIN, id)) {
    await unpin(deps.db, actor.accountId, SEARCH_FOLDER_PIN, id);
    return { pinned: false };
  }
  await pinWithinLimit(deps.db, actor, SEARCH_FOLDER_PIN, id, isoNow(deps));
  return { pinned: true };
}
