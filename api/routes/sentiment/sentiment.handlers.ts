import {
  createExcludeWord,
  deleteExcludeWord,
  listExcludeWordsOf,
  previewSentiment,
  updateExcludeWord,
} from "../../../services/sentiment/exclude-words";
import { translateContent } from "../../../services/translate/translate-content";
import {
  ExcludeWordListResponseSchema,
  ExcludeWordResponseSchema,
  SentimentPreviewResponseSchema,
  TranslationResponseSchema,
} from "../../../domain/schemas/streams";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { ownProfileOnly } from "../statuses/statuses.handlers";
import {
  createExcludeWordRoute,
  deleteExcludeWordRoute,
  listExcludeWordsRoute,
  listSentimentRoute,
  previewSentimentRoute,
  translateRoute,
  updateExcludeWordByBodyRoute,
  updateExcludeWordRoute,
} from "./sentiment.routes";

export function registerSentimentRoutes(app: ApiApp) {
  app.openapi(listExcludeWordsRoute, async (c) => {
    const actor = requireActor(c);
    ownProfileOnly(actor, c.req.valid("query").business_profile_id);
    return c.json(toWire(ExcludeWordListResponseSchema, { data: await listExcludeWordsOf(c.get("deps"), actor) }), 200);
  });
  app.openapi(listSentimentRoute, async (c) =>
    c.json(toWire(ExcludeWordListResponseSchema, { data: await listExcludeWordsOf(c.get("deps"), requireActor(c)) }), 200),
  );

  app.openapi(createExcludeWordRoute, async (c) =>
    c.json(toWire(ExcludeWordResponseSchema, await createExcludeWord(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updateExcludeWordRoute, async (c) =>
    c.json(
      toWire(
        ExcludeWordResponseSchema,
        await updateExcludeWord(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json")),
      ),
      200,
    ),
  );
  app.openapi(updateExcludeWordByBodyRoute, async (c) => {
    const { id, ...input } = c.req.valid("json");
    return c.json(toWire(ExcludeWordResponseSchema, await updateExcludeWord(c.get("deps"), requireActor(c), id, input)), 200);
  });
  app.openapi(deleteExcludeWordRoute, async (c) => {
    await deleteExcludeWord(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(previewSentimentRoute, async (c) => {
    const body = c.req.valid("json");
    const result = await previewSentiment(c.get("deps"), requireActor(c), {
      text: body.text,
      language: body.language,
      socialType: body.social_type,
    });
    return c.json(toWire(SentimentPreviewResponseSchema, result), 200);
  });

  app.openapi(translateRoute, async (c) => {
    const q = c.req.valid("query");
    return c.json(toWire(TranslationResponseSchema, await translateContent(c.get("deps"), requireActor(c), q)), 200);
  });
}
