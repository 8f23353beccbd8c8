// The query language (ADR 012, docs/query-language.md): tokenizer, parser and linter, in-memory matcher,
// and saved search / topic definitions. Pure: usable from the browser, the API and the ingestion workers.
export { foldText, tokenize, TOKENS_MAX } from "./tokenize";
export {
  parseQuery,
  lintQuery,
  QUERY_MAX_LENGTH,
  QUERY_MAX_DEPTH,
  QUERY_MAX_GROUP_ITEMS,
  type QueryNode,
  type QueryFault,
} from "./parse";
export { withinEditDistance } from "./fuzzy";
export { indexDoc, matchesNode, anchorsOf, type IndexedDoc } from "./match";
export {
  FILTER_TYPES,
  QUERY_MAX_GROUPS,
  QUERY_MAX_GROUP_VALUES,
  QueryGroupsSchema,
  normalizeFilterValue,
  compileDefinition,
  compileTopic,
  matchesDefinition,
  type FilterType,
  type QueryGroup,
  type CompiledGroup,
  type CompiledDefinition,
  type CompileResult,
  type DefinitionFault,
  type MentionFacts,
} from "./definition";
