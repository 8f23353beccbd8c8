import { suggestKeywords as suggestKeywordRows } from "../../db/repositories/keyword-suggestions";
import { foldText } from "../../domain/query/tokenize";
import { KEYWORD_SUGGESTIONS } from "../../domain/schemas/topics";
import type { Actor, ServiceDeps } from "../context";

/**
 * GET /v1/keywords?word=&limit=: the tenant's own words (its mentions' vocabulary) that start with the
 * word as the tokenizer folds it ("Café" finds "cafe", "cafes"), most frequent first.
 */
export async function suggestKeywords(
  deps: ServiceDeps,
  actor: Actor,
  input: { word: string; limit?: number },
): Promise<Array<{ keyword: string; count: number }>> {
  const prefix = foldText(input.word.trim()).replace(/\*+$/, "");
  return suggestKeywordRows(deps.db, actor.businessProfileId, prefix, input.limit ?? KEYWORD_SUGGESTIONS.default);
}
