import type { SearchFolderRow, SearchItemRow } from "../../db/schema";
import type { QueryGroup } from "../../domain/query";
import type { SearchCategory } from "../../domain/schemas/searches";
import type { Visibility } from "../../domain/visibility";
import { parseGroups } from "../queries/definitions";
import type { Actor } from "../context";
import { mayEditSearch, parseIds } from "./access";

/** Progress of applying a new or edited definition to the stored mentions (ADR 012). */
export interface BackfillView {
  done: number;
  total: number;
  finished: boolean;
}

export interface SearchItemView {
  id: number;
  name: string;
  category: SearchCategory;
  /** Null at the top level, and when the caller cannot see the folder (the search shows at the top level). */
  folderId: number | null;
  logoSrc: string | null;
  pinned: boolean;
  areAlertsEnabled: boolean;
  query: QueryGroup[];
  entityType: Visibility;
  entityIds: number[];
  ownerAccountId: number | null;
  /** Whether the caller may edit, move and delete it (the UI hides what the API would refuse). */
  editable: boolean;
  backfill: BackfillView;
  createdAt: string;
  updatedAt: string;
}

export interface SearchFolderView {
  id: number;
  name: string;
  category: SearchCategory;
  pinned: boolean;
  entityType: Visibility;
  entityIds: number[];
  ownerAccountId: number | null;
  editable: boolean;
  items: SearchItemView[];
  createdAt: string;
  updatedAt: string;
}

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
