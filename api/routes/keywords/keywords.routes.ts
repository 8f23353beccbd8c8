import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MESSAGES } from "../../../domain/messages";
import { KeywordSuggestionsResponseSchema } from "../../../domain/schemas/topics";
import { KEYWORD_SUGGESTIONS } from "../../../services/keywords/suggest-keywords";
import { errorResponses, json } from "../../lib/schemas";

export const suggestKeywordsRoute = createRoute({
  method: "get",
  path: "/v1/keywords",
  tags: ["topics"],
  summary: "Words of the tenant's mentions that start with `word` (folded), most frequent first",
  request: {
    query: z.object({
      word: z.string().max(100, { error: MESSAGES.maxLength }).optional(),
      limit: z.coerce
        .number({ error: MESSAGES.numeric })
        .int({ error: MESSAGES.numeric })
        .min(1, { error: MESSAGES.positive })
        .max(KEYWORD_SUGGESTIONS.max, { error: MESSAGES.tooManyElements })
        .optional(),
    }),
  },
  responses: {
    200: json(KeywordSuggestionsResponseSchema, "Suggestions"),
    401: errorResponses[401],
    422: errorResponses[422],
  },
});
