import type { SearchFolderRow, SearchItemRow } from "../../db/schema";
import type { FromWire } from "../../domain/key-case";
import type {
  BackfillResponseSchema,
  SearchCategory,
  SearchFolderResponseSchema,
  SearchItemResponseSchema,
} from "../../domain/schemas/searches";
import type { Visibility } from "../../domain/visibility";
import { parseGroups } from "../queries/definitions";
import type { Actor } from "../context";
import { mayEditSearch, parseIds } from "./access";

/** Progress of applying a new or edited definition to the stored mentions (ADR 012). */
export type BackfillView = FromWire<typeof BackfillResponseSchema>;

/** A saved search as the API answers it (ADR 027: SearchItemResponseSchema). */
export type SearchItemView = FromWire<typeof SearchItemResponseSchema>;

export type SearchFolderView = FromWire<typeof SearchFolderResponseSchema>;

export function backfillOf(row: { backfillDone: number; backfillTotal: number; backfillFinishedAt: string | null }): BackfillView {
  return { done: row.backfillDone, total: row.backfillTotal, finished: row.backfillFinishedAt !== null };
}

export function searchItemView(
  actor: Actor,
  row: SearchItemRow,
  context: { pinned: boolean; folderVisible: boolean },
): SearchItemView {
  return {
    id: row.id,
    name: row.name,
    category: row.category as SearchCategory,
    folderId: row.folderId !== null && context.folderVisible ? row.folderId : null,
    logoSrc: row.logoSrc,
    pinned: context.pinned,
    areAlertsEnabled: row.alertsEnabled === 1,
    query: parseGroups(row.query),
    entityType: row.entityType as Visibility,
    entityIds: parseIds(row.entityIds),
    ownerAccountId: row.ownerAccountId,
    editable: mayEditSearch(actor, row),
    backfill: backfillOf(row),
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

export function searchFolderView(actor: Actor, row: SearchFolderRow, pinned: boolean, items: SearchItemView[]): SearchFolderView {
  return {
    id: row.id,
    name: row.name,
    category: row.category as SearchCategory,
    pinned,
    entityType: row.entityType as Visibility,
    entityIds: parseIds(row.entityIds),
    ownerAccountId: row.ownerAccountId,
    editable: mayEditSearch(actor, row),
    items,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
