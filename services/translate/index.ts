export {
  
  
  TRANSLATION_UNAVAILABLE_MESSAGE,
  TranslationUnavailableError,
  
  
  
  
  type Translator,
  
} from "./types";
export {  createTranslator } from "./translator";
export { apertiumCodeToIso1, createApertiumTranslator, modesByPair } from "./apertium";
;
