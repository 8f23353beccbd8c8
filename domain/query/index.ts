// The query language (ADR 012, docs/query-language.md): tokenizer, parser and linter, in-memory matcher,
// and saved search / topic definitions. Pure: usable from the browser, the API and the ingestion workers.
export {  tokenize,  } from "./tokenize";
export {
  parseQuery,
  lintQuery,
  QUERY_MAX_LENGTH,
  
  
  type QueryNode,
  type QueryFault,
} from "./parse";
export { withinEditDistance } from "./fuzzy";
export { indexDoc, matchesNode,  type IndexedDoc } from "./match";
export {
  FILTER_TYPES,
  
  
  QueryGroupsSchema,
  
  compileDefinition,
  compileTopic,
  matchesDefinition,
  
  type QueryGroup,
  type CompiledGroup,
  type CompiledDefinition,
  
  
  type MentionFacts,
} from "./definition";
