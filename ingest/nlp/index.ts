// Offline NLP for the ingestion pipeline: language identification, sentiment with explanations, keywords.
// Pure TypeScript, no I/O at run time: every lexicon and list is a module compiled at load.
export { detectLanguage, type LanguageResult } from "./language";
export { scoreSentiment, SENTIMENT_PARAMETERS, type SentimentDriver, type SentimentResult } from "./sentiment";
export { extractTerms } from "./terms";
export { tokenize } from "./tokenize";
