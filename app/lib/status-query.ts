import { snakeCaseKeys } from "./case";
import type { StatusFilters } from "../components/search/types";

/**
 * The query of GET /v1/statuses, /v1/statuses/counts and /v1/statuses/live: its `filters` part goes as
 * JSON, keys snake_case like every parameter; `groups` as the shared QueryGroupsSchema (domain/query)
 * reads them, which is how the API parses that part of the JSON.
 */
export function statusQuery<T extends { filters: StatusFilters }>(params: T): Omit<T, "filters"> & { filters: string } {
  const { groups, ...rest } = params.filters;
  return {
    ...params,
    filters: JSON.stringify({ ...(snakeCaseKeys(rest) as Record<string, unknown>), ...(groups ? { groups } : {}) }),
  };
}
