import { AppError, badRequest } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { TranslationResponseSchema } from "../../domain/schemas/streams";
import type { Actor, ServiceDeps } from "../context";
import { TranslationUnavailableError } from "./types";

/** GET /v1/contents/translate: text into `lang`; the source language is detected. */
export async function translateContent(
  deps: ServiceDeps,
  _actor: Actor,
  input: { text: string; lang: string; from?: string },
): Promise<FromWire<typeof TranslationResponseSchema>> {
  if (!input.text.trim()) throw badRequest(MESSAGES.required);
  const from =
    input.from ??
    deps.ingest?.enricher.explain(
      input.text,
      undefined,
      { businessProfileId: 0, exclusions: [], mutedKeywords: [] },
      "article",
    ).language ??
    "und";
  if (!deps.translator) throw new AppError("bad_request", MESSAGES.translationUnavailable);
  try {
    const result = await deps.translator.translate({ text: input.text, from, to: input.lang });
    return { data: { text: result.text, from, to: input.lang, provider: result.provider } };
  } catch (error) {
    if (error instanceof TranslationUnavailableError || (error as Error).name === "TranslationUnavailableError") {
      throw new AppError("bad_request", MESSAGES.translationUnavailable);
    }
    throw error;
  }
}
