// The translation contract shared by the providers (see translator.ts).

/**
 * Catalogue text (domain/messages.ts key `translationUnavailable`); kept here as a constant until the
 * catalogue carries it.
 */
export const TRANSLATION_UNAVAILABLE_MESSAGE = "translation not available for this language pair";

export interface TranslationPair {
  from: string;
  to: string;
}

interface TranslateInput {
  text: string;
  /** ISO 639-1 code, or 'und' when unknown. */
  from: string;
  /** ISO 639-1 code. */
  to: string;
}

interface TranslateResult {
  text: string;
  /** Which provider answered: "libretranslate", "apertium", or "none" when from equals to. */
  provider: string;
}

export interface Translator {
  translate(input: TranslateInput): Promise<TranslateResult>;
  /** The pairs the providers report (ISO 639-1 codes); LibreTranslate's "auto" source is not listed. */
  pairs?(): Promise<TranslationPair[]>;
}

/** No provider can translate this pair. */
export class TranslationUnavailableError extends Error {
  constructor(message: string = TRANSLATION_UNAVAILABLE_MESSAGE, options?: ErrorOptions) {
    super(message, options);
    this.name = "TranslationUnavailableError";
  }
}

/** One provider of the chain. */
export interface TranslationProvider extends Translator {
  readonly name: string;
  /** False when the provider knows it cannot do the pair; true when it can or cannot tell. */
  supports(from: string, to: string): Promise<boolean>;
  pairs(): Promise<TranslationPair[]>;
}

export interface TranslatorOptions {
  /** Base URL of a LibreTranslate-compatible server (TRANSLATE_URL), e.g. http://127.0.0.1:5000. */
  translateUrl?: string;
  /** LibreTranslate api_key, when the server requires one. */
  apiKey?: string;
  /** The apertium executable (default "apertium" on PATH); false turns apertium off. */
  apertiumBin?: string | false;
  fetchImpl?: typeof fetch;
  /** Per request / per apertium run (default 20 s). */
  timeoutMs?: number;
}

export const DEFAULT_TRANSLATE_TIMEOUT_MS = 20_000;

/** "EN", " en-US " → "en"; "" → "und". */
export function normalizeLanguage(code: string): string {
  const base = code.trim().toLowerCase().split(/[-_]/)[0];
  return base || "und";
}
