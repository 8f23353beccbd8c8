import { lintQuery, type QueryFault } from "../../domain/query";
import { MESSAGES } from "../../domain/messages";
import type { Actor } from "../context";

/**
 * POST /v1/queries/validate: every fault of a boolean query with its offset and length (UTF-16 units). A
 * blank query is not valid: one fault, 'Should not be empty!', at 0 with length 0. The caller has already
 * refused a query over QUERY_MAX_LENGTH.
 */
export function validateQuery(_actor: Actor, query: string): { valid: boolean; errors: QueryFault[] } {
  if (query.trim() === "") return { valid: false, errors: [{ message: MESSAGES.required, offset: 0, length: 0 }] };
  const errors = lintQuery(query);
  return { valid: errors.length === 0, errors };
}
