// Offline NLP for the ingestion pipeline: language identification, sentiment with explanations, keywords.
// Pure TypeScript, no I/O at run time: every lexicon and list is a module compiled at load.
export { detectLanguage,  } from "./language";
export { scoreSentiment,    } from "./sentiment";
export { extractTerms } from "./terms";
;
