// The GIF search (spec analytics §7; issue 27, ADR 042): a third-party provider's public search (Tenor's
// v2 shape: GET {base}/v2/search?q&key&limit), its first GIF_SEARCH_LIMIT results as addresses and small
// previews. Without GIF_API_KEY there is no search (404, and the screens show no GIF button); the
// provider down, slow or answering something else: 503 in the catalogue's words.
import * as z from "zod";
import { GIF_SEARCH_LIMIT } from "../../domain/constants";
import { notFound, unavailable } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { HelperGifListResponseSchema } from "../../domain/schemas/helper";
import type { Actor, ServiceDeps } from "../context";
import { requireHelper } from "./access";

const DEFAULT_GIF_API_BASE_URL = "https://tenor.googleapis.com";
const GIF_TIMEOUT_MS = 5000;

type GifList = FromWire<typeof HelperGifListResponseSchema>["data"];

const MediaSchema = z.object({ url: z.url({ protocol: /^https?$/ }) }).optional();
const TenorSearchSchema = z.object({
  results: z.array(
    z.object({
      id: z.union([z.string(), z.number()]),
      title: z.string().optional(),
      content_description: z.string().optional(),
      media_formats: z.object({ gif: MediaSchema, tinygif: MediaSchema, mediumgif: MediaSchema }),
    }),
  ),
});

/** Whether the GIF search is configured (the screens show the GIF button only then). */
export function gifSearchEnabled(deps: ServiceDeps): boolean {
  return !!deps.helper?.gifApiKey;
}

/** GET /v1/helper/gifs?q=: for a signed-in member who may use the helper. */
export async function searchGifs(deps: ServiceDeps, actor: Actor, q: string): Promise<GifList> {
  requireHelper(actor, "read");
  const key = deps.helper?.gifApiKey;
  if (!key) throw notFound(MESSAGES.helperChat.gifNotConfigured);
  const url = new URL(`${(deps.helper?.gifApiBaseUrl ?? DEFAULT_GIF_API_BASE_URL).replace(/\/+$/, "")}/v2/search`);
  url.searchParams.set("q", q);
  url.searchParams.set("key", key);
  url.searchParams.set("limit", String(GIF_SEARCH_LIMIT));
  url.searchParams.set("media_filter", "gif,tinygif");
  url.searchParams.set("contentfilter", "high");
  let body: unknown;
  try {
    const response = await fetch(url, { headers: { accept: "application/json" }, signal: AbortSignal.timeout(GIF_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`GIF search answered ${response.status}`);
    body = await response.json();
  } catch {
    throw unavailable(MESSAGES.helperChat.gifUnavailable);
  }
  const parsed = TenorSearchSchema.safeParse(body);
  if (!parsed.success) throw unavailable(MESSAGES.helperChat.gifUnavailable);
  return parsed.data.results
    .map((r) => {
      const full = r.media_formats.gif?.url ?? r.media_formats.mediumgif?.url ?? r.media_formats.tinygif?.url;
      const preview = r.media_formats.tinygif?.url ?? full;
      return full && preview ? { id: String(r.id), title: r.content_description || r.title || MESSAGES.helperChat.gif, url: full, previewUrl: preview } : null;
    })
    .filter((g): g is GifList[number] => g !== null)
    .slice(0, GIF_SEARCH_LIMIT);
}
