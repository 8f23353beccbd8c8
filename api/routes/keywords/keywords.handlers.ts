import { suggestKeywords } from "../../../services/keywords/suggest-keywords";
import { KeywordSuggestionsResponseSchema } from "../../../domain/schemas/topics";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { suggestKeywordsRoute } from "./keywords.routes";

export function registerKeywordRoutes(app: ApiApp) {
  app.openapi(suggestKeywordsRoute, async (c) => {
    const { word, limit } = c.req.valid("query");
    const data = await suggestKeywords(c.get("deps"), requireActor(c), { word: word ?? "", ...(limit ? { limit } : {}) });
    return c.json(toWire(KeywordSuggestionsResponseSchema, { data }), 200);
  });
}
