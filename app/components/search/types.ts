
import type { FromWire } from "../../../domain/key-case";
import type {
  SearchFolderListResponseSchema,
  SearchFolderResponseSchema,
  SearchItemListResponseSchema,
  SearchItemResponseSchema,
} from "../../../domain/schemas/searches";
import type { StatusCountsResponseSchema, StatusListResponseSchema, StatusResponseSchema } from "../../../domain/schemas/statuses";

type QueryGroupType = "must" | "must-not";
type QueryFilterType = "keywords" | "labels" | "topics" | "networks" | "languages" | "countries" | "sentiment" | "authors";

interface QueryValue {
  filterType: QueryFilterType;
  value: string | number;
}

/** One must / must-not group of a saved search's definition (ADR 012). */
export interface QueryGroup {
  type: QueryGroupType;
  values: QueryValue[];
}

export type ApiSearchItem = FromWire<typeof SearchItemResponseSchema>;

export type ApiSearchFolder = FromWire<typeof SearchFolderResponseSchema>;

/** GET /search/items and /search/folders. */
export type ApiSearchItemList = FromWire<typeof SearchItemListResponseSchema>;
export type ApiSearchFolderList = FromWire<typeof SearchFolderListResponseSchema>;

// POST /v1/queries/validate answers (the client's validateQuery) are typed with the topics screens.
export type { QueryFault, QueryValidation } from "../topics/types";

/** GET /v1/statuses: a mention of the results list. */
export type ApiSearchStatus = FromWire<typeof StatusResponseSchema>;
export type ApiSearchStatusList = FromWire<typeof StatusListResponseSchema>;

/** GET /v1/statuses/counts. */
export type ApiStatusCounts = FromWire<typeof StatusCountsResponseSchema>;

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
