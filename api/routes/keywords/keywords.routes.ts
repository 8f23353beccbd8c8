import { createRoute } from "@hono/zod-openapi";
import { KeywordSuggestionsQuerySchema, KeywordSuggestionsResponseSchema } from "../../../domain/schemas/topics";
import { errorResponses, json } from "../../lib/schemas";

export const suggestKeywordsRoute = createRoute({
  method: "get",
  path: "/v1/keywords",
  tags: ["topics"],
  summary: "Words of the tenant's mentions that start with `word` (folded), most frequent first",
  request: { query: KeywordSuggestionsQuerySchema },
  responses: {
    200: json(KeywordSuggestionsResponseSchema, "Suggestions"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});
