// Machine translation behind one interface (GET /v1/contents/translate: text, lang → data.text).
// Providers, first that supports the pair wins: a LibreTranslate-compatible server (TRANSLATE_URL), then
// Debian's apertium for the pairs it has installed. Neither → TranslationUnavailableError.
import { createApertiumTranslator } from "./apertium";
import { createLibreTranslateTranslator } from "./libretranslate";
import {
  DEFAULT_TRANSLATE_TIMEOUT_MS,
  normalizeLanguage,
  TranslationUnavailableError,
  type TranslationPair,
  type TranslationProvider,
  type Translator,
  type TranslatorOptions,
} from "./types";

export function createTranslator(options: TranslatorOptions = {}): Translator {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TRANSLATE_TIMEOUT_MS;
  const providers: TranslationProvider[] = [];
  if (options.translateUrl) {
    providers.push(
      createLibreTranslateTranslator({
        url: options.translateUrl,
        apiKey: options.apiKey,
        fetchImpl: options.fetchImpl,
        timeoutMs,
      }),
    );
  }
  if (options.apertiumBin !== false) {
    providers.push(createApertiumTranslator({ bin: options.apertiumBin || "apertium", timeoutMs }));
  }
  return chainTranslators(providers);
}

/** Tries each provider that supports the pair in order; unavailable everywhere → TranslationUnavailableError. */
function chainTranslators(providers: TranslationProvider[]): Translator {
  return {
    async translate(input) {
      const from = normalizeLanguage(input.from);
      const to = normalizeLanguage(input.to);
      if (to === "und") throw new TranslationUnavailableError();
      if (from === to || input.text.trim() === "") return { text: input.text, provider: "none" };
      let failure: unknown;
      for (const provider of providers) {
        if (!(await provider.supports(from, to))) continue;
        try {
          return await provider.translate({ text: input.text, from, to });
        } catch (error) {
          // Unavailable: try the next provider. Broken (down, timeout): try the next one too, and
          // report the breakage rather than "unavailable" if nobody else can.
          if (!(error instanceof TranslationUnavailableError)) failure ??= error;
        }
      }
      if (failure) throw failure;
      throw new TranslationUnavailableError();
    },
    async pairs() {
      const seen = new Map<string, TranslationPair>();
      for (const provider of providers) {
        const list = await provider.pairs().catch(() => [] as TranslationPair[]);
        for (const pair of list) seen.set(`${pair.from}-${pair.to}`, pair);
      }
      return [...seen.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
    },
  };
}
