// The API's answers for the Live Search screens as the web client hands them over (camelCase).
import type { SavedSearchCategory } from "../../../domain/constants";
import type { Visibility } from "../../../domain/visibility";

export type QueryGroupType = "must" | "must-not";
export type QueryFilterType = "keywords" | "labels" | "topics" | "networks" | "languages" | "countries" | "sentiment" | "authors";

export interface QueryValue {
  filterType: QueryFilterType;
  value: string | number;
}

/** One must / must-not group of a saved search's definition (ADR 012). */
export interface QueryGroup {
  type: QueryGroupType;
  values: QueryValue[];
}

export interface ApiSearchItem {
  id: number;
  name: string;
  category: SavedSearchCategory;
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
  backfill: { done: number; total: number; finished: boolean };
  createdAt: string;
  updatedAt: string;
}

export interface ApiSearchFolder {
  id: number;
  name: string;
  category: SavedSearchCategory;
  pinned: boolean;
  entityType: Visibility;
  entityIds: number[];
  ownerAccountId: number | null;
  editable: boolean;
  items: ApiSearchItem[];
}

// POST /v1/queries/validate answers (the client's validateQuery) are typed with the topics screens.
export type { QueryFault, QueryValidation } from "../topics/types";

/** GET /v1/statuses: the fields the results list shows. */
export interface ApiSearchStatus {
  id: number;
  socialType: string;
  title: string | null;
  description: string;
  postUrl: string | null;
  language: string;
  sentiment: number;
  authorUsername: string;
  authorName: string | null;
  authorFollowers?: number;
  counts?: { likes: number; comments: number; shares: number; views: number; totalEngagements: number };
  reach?: number;
  createdAt: string;
}

/** GET /v1/statuses/counts. */
export interface ApiStatusCounts {
  total: number;
  sentiments: { positive: number; neutral: number; negative: number };
  socialTypes: Record<string, number>;
}

export interface ApiTeam {
  id: number;
  name: string;
  accountIds: number[];
}

/** POST / PUT /search/items (PUT takes any of these; folderId alone moves it). */
export interface SearchItemInput {
  name: string;
  category: SavedSearchCategory;
  folderId: number | null;
  query: QueryGroup[];
  /** Without it the section's default applies; Only Me and Everyone ids are set by the API. */
  entityType?: Visibility;
  entityIds?: number[];
  logoSrc?: string | null;
}

/** POST / PUT /search/folders. */
export interface SearchFolderInput {
  name: string;
  category: SavedSearchCategory;
  /** Without it the section's default applies (domain/schemas/searches DEFAULT_VISIBILITY). */
  entityType?: Visibility;
  entityIds?: number[];
}

/** The `filters` of GET /v1/statuses, /counts and /live (sent as JSON, snake_case on the wire). */
export interface StatusFilters {
  searchItemId?: number;
  groups?: QueryGroup[];
}

/** What a results call searches: a boolean query and filters (a saved search: its id in the filters). */
export interface StatusSearch {
  query?: string;
  filters: StatusFilters;
}

export type StatusOrderBy =
  | "counts.shares"
  | "counts.comments"
  | "author.followers"
  | "counts.total_engagements"
  | "reach_score";
