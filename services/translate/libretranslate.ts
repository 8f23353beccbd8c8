// A LibreTranslate-compatible server (TRANSLATE_URL): POST {url}/translate
// { q, source, target, format: "text", api_key? } → { translatedText }; GET {url}/languages for pairs.
import {
  DEFAULT_TRANSLATE_TIMEOUT_MS,
  normalizeLanguage,
  TranslationUnavailableError,
  type TranslationPair,
  type TranslationProvider,
} from "./types";

export interface LibreTranslateOptions {
  url: string;
  apiKey?: string;
  fetchImpl?: typeof fetch;
  timeoutMs?: number;
}

/** LibreTranslate's 400 answers for a language or pair it lacks: "xx is not supported", "... is not available ...". */
const UNSUPPORTED = /not (supported|available)/i;

export function createLibreTranslateTranslator(options: LibreTranslateOptions): TranslationProvider {
  const base = options.url.replace(/\/+$/, "");
  const fetchImpl = options.fetchImpl ?? fetch;
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;

  async function request(path: string, init: RequestInit): Promise<Response> {
    try {
      return await fetchImpl(`${base}${path}`, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      const reason =
        error instanceof Error && error.name === "TimeoutError" ? `timed out after ${timeoutMs} ms` : String(error);
      throw new Error(`Translation service is unreachable: ${reason}`, { cause: error });
    }
  }

  return {
    name: "libretranslate",
    // The server says which pairs it lacks with a 400, so every pair is worth a try.
    async supports() {
      return true;
    },
    async translate({ text, from, to }) {
      const body: Record<string, string> = {
        q: text,
        source: normalizeLanguage(from) === "und" ? "auto" : from,
        target: to,
        format: "text",
      };
      if (options.apiKey) body.api_key = options.apiKey;
      const response = await request("/translate", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify(body),
      });
      const payload = (await response.json().catch(() => null)) as {
        translatedText?: unknown;
        error?: unknown;
      } | null;
      if (!response.ok) {
        const detail = typeof payload?.error === "string" ? payload.error : response.statusText;
        if (response.status === 400 && UNSUPPORTED.test(detail)) {
          throw new TranslationUnavailableError(undefined, { cause: new Error(detail) });
        }
        throw new Error(`Translation service answered ${response.status}: ${detail}`);
      }
      if (typeof payload?.translatedText !== "string") {
        throw new Error("Translation service answered without translatedText");
      }
      return { text: payload.translatedText, provider: "libretranslate" };
    },
    async pairs() {
      const response = await request("/languages", { headers: { Accept: "application/json" } });
      if (!response.ok) throw new Error(`Translation service answered ${response.status} for /languages`);
      const languages = (await response.json()) as Array<{ code?: unknown; targets?: unknown }>;
      const pairs: TranslationPair[] = [];
      for (const language of Array.isArray(languages) ? languages : []) {
        if (typeof language.code !== "string" || !Array.isArray(language.targets)) continue;
        const from = normalizeLanguage(language.code);
        for (const target of language.targets) {
          if (typeof target !== "string") continue;
          const to = normalizeLanguage(target);
          if (to !== from) pairs.push({ from, to });
        }
      }
      return pairs;
    },
  };
}
