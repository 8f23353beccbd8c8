import { verbatim } from "../../domain/key-case";
import { snakeCaseKeys } from "./case";
import type { StatusFilters } from "../components/search/types";

/**
 * The query of GET /v1/statuses, /v1/statuses/counts and /v1/statuses/live: its `filters` part goes as
 * JSON text inside the query string, where the client's conversion cannot reach, so its keys are
 * snake-cased here, like every parameter; `groups` cross `verbatim`, as the shared QueryGroupsSchema
 * (domain/query) reads them, which is how the API parses that part of the JSON (ADR 027).
 */
export function statusQuery<T extends { filters: StatusFilters }>(params: T): Omit<T, "filters"> & { filters: string } {
  const { groups, ...rest } = params.filters;
  return { ...params, filters: JSON.stringify(snakeCaseKeys(groups ? { ...rest, groups: verbatim(groups) } : rest)) };
}
