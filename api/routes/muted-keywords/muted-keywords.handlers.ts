import {
  addMutedKeywords,
  deleteMutedKeyword,
  listMutedKeywords,
} from "../../../services/muted-keywords/muted-keywords";
import { MutedKeywordListResponseSchema } from "../../../domain/schemas/streams";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { addMutedKeywordsRoute, deleteMutedKeywordRoute, listMutedKeywordsRoute } from "./muted-keywords.routes";

export function registerMutedKeywordRoutes(app: ApiApp) {
  app.openapi(listMutedKeywordsRoute, async (c) =>
    c.json(toWire(MutedKeywordListResponseSchema, { data: await listMutedKeywords(c.get("deps"), requireActor(c)) }), 200),
  );

  app.openapi(addMutedKeywordsRoute, async (c) => {
    const values = c.req.valid("json").muted_keywords.map((k) => k.value);
    return c.json(toWire(MutedKeywordListResponseSchema, { data: await addMutedKeywords(c.get("deps"), requireActor(c), values) }), 201);
  });

  app.openapi(deleteMutedKeywordRoute, async (c) => {
    await deleteMutedKeyword(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });
}
