import { findItemsByIds, setItemTranslation } from "../../db/repositories/inbox";
import { AppError, notFound } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Actor, ServiceDeps } from "../context";
import { TranslationUnavailableError } from "../translate";
import { actorName, isVisibleItem, recordHistory, requireInbox } from "./access";
import { feedItemViews, type FeedItemView } from "./feed-item-view";

function unavailable(error: unknown): boolean {
  return error instanceof TranslationUnavailableError || (error as Error | null)?.name === "TranslationUnavailableError";
}

/**
 * POST /v1/feed-items/status/properties/translate: each item's text into `lang` (the translator of
 * GET /v1/contents/translate, from the item's detected language), stored as its translation with the
 * language and a history row. Every item is translated before anything is stored: all or none.
 */
export async function translateFeedItems(
  deps: ServiceDeps,
  actor: Actor,
  input: { ids: number[]; lang: string },
): Promise<FeedItemView[]> {
  requireInbox(actor, "inbox.items.write");
  const ids = [...new Set(input.ids)];
  const items = await findItemsByIds(deps.db, actor.businessProfileId, ids);
  if (items.length !== ids.length || !items.every((item) => isVisibleItem(actor, item)))
    throw notFound(MESSAGES.inboxActions.itemNotFound);
  const translator = deps.translator;
  if (!translator) throw new AppError("bad_request", MESSAGES.translationUnavailable);
  const lang = input.lang.toLowerCase();
  const translations: Array<{ id: number; text: string }> = [];
  for (const item of items) {
    try {
      const result = await translator.translate({ text: item.description, from: item.language, to: lang });
      translations.push({ id: item.id, text: result.text });
    } catch (error) {
      if (unavailable(error)) throw new AppError("bad_request", MESSAGES.translationUnavailable);
      throw error;
    }
  }
  const name = await actorName(deps, actor);
  const rows = await deps.db.transaction().execute(async (trx) => {
    for (const t of translations) {
      await setItemTranslation(trx, actor.businessProfileId, t.id, t.text, lang);
      await recordHistory(trx, deps, actor, name, t.id, "translation", { language: lang });
    }
    return findItemsByIds(trx, actor.businessProfileId, ids);
  });
  return feedItemViews(deps, actor, rows);
}
