import type { LoaderFunctionArgs } from "@remix-run/node";
import { KEYWORD_SUGGESTION_LIMIT } from "../../domain/constants";
import type { QueryToSend } from "../../domain/request-types";
import type { KeywordSuggestionsQuerySchema } from "../../domain/schemas/topics";
import { cleanKeyword } from "../components/topics/format";
import type { ApiKeywordSuggestions } from "../components/topics/types";
import { ApiError } from "../lib/api.server";
import { requireAccountOr401 } from "../lib/guard.server";

/**
 * GET /topics/keywords?word=: the topic form's keyword suggestions once JavaScript runs (a resource
 * route: JSON, no page), from GET /v1/keywords with the spec's limit of 10.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountOr401(request, context);
  const word = cleanKeyword(new URL(request.url).searchParams.get("word") ?? "");
  try {
    const query: QueryToSend<typeof KeywordSuggestionsQuerySchema> = { word, limit: KEYWORD_SUGGESTION_LIMIT };
    const suggestions = word ? (await context.api.get<ApiKeywordSuggestions>("/v1/keywords", { query })).data : [];
    return Response.json({ suggestions }, { headers: { "cache-control": "no-store" } });
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    return Response.json({ error: error.message }, { status: error.status });
  }
}
