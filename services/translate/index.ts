export {
  DEFAULT_TRANSLATE_TIMEOUT_MS,
  normalizeLanguage,
  TRANSLATION_UNAVAILABLE_MESSAGE,
  TranslationUnavailableError,
  type TranslateInput,
  type TranslateResult,
  type TranslationPair,
  type TranslationProvider,
  type Translator,
  type TranslatorOptions,
} from "./types";
export { chainTranslators, createTranslator } from "./translator";
export { apertiumCodeToIso1, createApertiumTranslator, modesByPair } from "./apertium";
export { createLibreTranslateTranslator } from "./libretranslate";
