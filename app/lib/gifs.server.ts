import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { HelperGifSearchSchema, type HelperGifListResponseSchema } from "../../domain/schemas/helper";
import type { GifSearchResult } from "../components/helper/gif-picker";
import { ApiError, type ApiClient } from "./api.server";

// The GIF search for the picker (issue 27, ADR 042): GET /v1/helper/gifs through the API, for a screen's
// loader (without JavaScript) and for /helper/gifs (with it): one call, one answer shape.

type ApiHelperGifList = FromWire<typeof HelperGifListResponseSchema>;

/** The words searched, the GIFs found, or the refusal's words (not configured, provider down, too long). */
export async function searchGifsFor(api: ApiClient, q: string): Promise<GifSearchResult> {
  const parsed = HelperGifSearchSchema.safeParse({ q });
  if (!parsed.success) return { q, gifs: [], error: parsed.error.issues[0]?.message ?? MESSAGES.wrongFormat };
  try {
    const answer = await api.get<ApiHelperGifList>("/v1/helper/gifs", { query: { q: parsed.data.q } });
    return { q, gifs: answer.data, error: null };
  } catch (error) {
    if (error instanceof ApiError) return { q, gifs: [], error: error.message || MESSAGES.helperChat.gifUnavailable };
    throw error;
  }
}
