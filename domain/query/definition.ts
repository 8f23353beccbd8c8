// Saved search and topic definitions (ADR 012). A saved search item's `query` is the spec's list of
// groups, each "must" or "must-not", each holding values of one or more filter types. A must group holds
// when any of its values holds; every must group must hold; a must-not group holds when none of its values
// holds. A definition without a must group of keywords matches nothing: a saved search is a keyword search.
// A topic is its boolean query or, when that is blank, any of its keywords.

import * as z from "zod";
import { MESSAGES } from "../messages";
import { anchorsOf, matchesNode, type IndexedDoc } from "./match";
import { parseQuery, QUERY_MAX_LENGTH, type QueryFault, type QueryNode } from "./parse";
import { tokenize } from "./tokenize";

export const FILTER_TYPES = ["keywords", "labels", "topics", "networks", "languages", "countries", "sentiment", "authors"] as const;
export type FilterType = (typeof FILTER_TYPES)[number];

export interface QueryGroup {
  type: "must" | "must-not";
  values: Array<{ filterType: FilterType; value: string | number }>;
}

const QUERY_MAX_GROUPS = 20;
const QUERY_MAX_GROUP_VALUES = 500;

// ── Values ────────────────────────────────────────────────────────────────────────────────────────

const NETWORK_ID = /^[A-Za-z][A-Za-z0-9_-]{0,63}$/;
const LANGUAGE = /^[a-z]{2,3}(-[a-z0-9]{1,8})*$/i;
const COUNTRY = /^[a-z]{2}$/i;

/**
 * The canonical form of a filter value, as the feed items store it, or null when the value does not fit
 * its type: keywords a non-blank query (as typed: offsets of faults refer to it); labels, topics and
 * authors positive integer ids (digit strings accepted); networks a network id ("twitter"); languages an
 * ISO 639 code, lower-cased; countries an ISO 3166 alpha-2 code, upper-cased; sentiment -1, 0 or 1.
 * Both engines compare these forms exactly, so the schema and compileDefinition both normalize through here.
 */
export function normalizeFilterValue(filterType: FilterType, value: unknown): string | number | null {
  switch (filterType) {
    case "keywords":
      return typeof value === "string" && value.trim() !== "" && value.length <= QUERY_MAX_LENGTH ? value : null;
    case "labels":
    case "topics":
    case "authors": {
      const id = typeof value === "string" && /^\d{1,15}$/.test(value.trim()) ? Number(value.trim()) : value;
      return typeof id === "number" && Number.isSafeInteger(id) && id > 0 ? id : null;
    }
    case "networks":
      return typeof value === "string" && NETWORK_ID.test(value.trim()) ? value.trim() : null;
    case "languages":
      return typeof value === "string" && LANGUAGE.test(value.trim()) ? value.trim().toLowerCase() : null;
    case "countries":
      return typeof value === "string" && COUNTRY.test(value.trim()) ? value.trim().toUpperCase() : null;
    case "sentiment": {
      const score = typeof value === "string" && /^(-1|0|1)$/.test(value.trim()) ? Number(value.trim()) : value;
      return score === -1 || score === 0 || score === 1 ? score : null;
    }
    default:
      return null;
  }
}

/** The message for a value normalizeFilterValue refuses. */
function valueMessage(filterType: FilterType, value: unknown): string {
  if (filterType === "keywords" && typeof value === "string") {
    return value.trim() === "" ? MESSAGES.required : MESSAGES.maxLength;
  }
  return MESSAGES.wrongFormat;
}

const QueryValueSchema = z
  .object({
    filterType: z.enum(FILTER_TYPES, { error: MESSAGES.wrongFormat }),
    value: z.union([z.string(), z.number()], { error: MESSAGES.wrongFormat }),
  })
  .superRefine((item, ctx) => {
    if (normalizeFilterValue(item.filterType, item.value) === null) {
      ctx.addIssue({ code: "custom", path: ["value"], message: valueMessage(item.filterType, item.value) });
    }
  })
  .transform((item) => ({ filterType: item.filterType, value: normalizeFilterValue(item.filterType, item.value) ?? item.value }));

/**
 * A saved search's `query`: at most 20 groups of 1 to 500 values, each value valid for its filter type and
 * normalized (see normalizeFilterValue). Keyword queries are only checked for length here: their lint
 * faults come from compileDefinition, with the group and value they belong to.
 */
export const QueryGroupsSchema: z.ZodType<QueryGroup[]> = z
  .array(
    z.object({
      type: z.enum(["must", "must-not"], { error: MESSAGES.wrongFormat }),
      values: z
        .array(QueryValueSchema, { error: MESSAGES.wrongFormat })
        .min(1, { error: MESSAGES.atLeastOneItem })
        .max(QUERY_MAX_GROUP_VALUES, { error: MESSAGES.tooManyElements }),
    }),
    { error: MESSAGES.wrongFormat },
  )
  .max(QUERY_MAX_GROUPS, { error: MESSAGES.tooManyElements });

// ── Compiling ─────────────────────────────────────────────────────────────────────────────────────

/** A group ready to evaluate: it holds when any of its queries matches or any fact is among its values. */
export interface CompiledGroup {
  /** The parsed `keywords` values. */
  queries: QueryNode[];
  labels: ReadonlySet<number>;
  topics: ReadonlySet<number>;
  authors: ReadonlySet<number>;
  networks: ReadonlySet<string>;
  languages: ReadonlySet<string>;
  countries: ReadonlySet<string>;
  sentiments: ReadonlySet<number>;
}

export interface CompiledDefinition {
  must: CompiledGroup[];
  mustNot: CompiledGroup[];
  /** Tokens/prefixes one of which every matching mention holds; null: any mention may match. */
  anchors: { tokens: string[]; prefixes: string[] } | null;
}

type DefinitionFault = QueryFault & { groupIndex: number; valueIndex: number };

export interface CompileResult {
  /** Null when there are faults, or when nothing can match (no must group with keywords). */
  compiled: CompiledDefinition | null;
  errors: DefinitionFault[];
}

/** What the definition is tested against: a mention's tokens and its stored facts. */
export interface MentionFacts {
  tokens: IndexedDoc;
  /** The network id, as feed_items.social_type. */
  socialType: string;
  /** Lower-case ISO 639 code, as feed_items.language. */
  language: string;
  /** Upper-case ISO 3166 alpha-2 code of the author, or "". */
  country: string;
  /** -1, 0 or 1. */
  sentiment: number;
  identityId: number | null;
  labelIds: readonly number[];
  topicIds: readonly number[];
}

interface MutableGroup {
  queries: QueryNode[];
  labels: Set<number>;
  topics: Set<number>;
  authors: Set<number>;
  networks: Set<string>;
  languages: Set<string>;
  countries: Set<string>;
  sentiments: Set<number>;
}

function emptyGroup(): MutableGroup {
  return {
    queries: [],
    labels: new Set(),
    topics: new Set(),
    authors: new Set(),
    networks: new Set(),
    languages: new Set(),
    countries: new Set(),
    sentiments: new Set(),
  };
}

/** Parses every keywords value and normalizes the others. Fault offsets are within the value's text. */
export function compileDefinition(groups: QueryGroup[]): CompileResult {
  const errors: DefinitionFault[] = [];
  const must: CompiledGroup[] = [];
  const mustNot: CompiledGroup[] = [];
  const refuse = (message: string, groupIndex: number, valueIndex: number) =>
    errors.push({ message, offset: 0, length: 0, groupIndex, valueIndex });

  groups.forEach((group, groupIndex) => {
    if (group.type !== "must" && group.type !== "must-not") refuse(MESSAGES.wrongFormat, groupIndex, -1);
    const compiled = emptyGroup();
    group.values.forEach(({ filterType, value }, valueIndex) => {
      const normalized = normalizeFilterValue(filterType, value);
      if (normalized === null) return refuse(valueMessage(filterType, value), groupIndex, valueIndex);
      switch (filterType) {
        case "keywords": {
          const { ast, errors: faults } = parseQuery(normalized as string);
          for (const f of faults) errors.push({ ...f, groupIndex, valueIndex });
          if (ast) compiled.queries.push(ast);
          break;
        }
        case "labels":
          compiled.labels.add(normalized as number);
          break;
        case "topics":
          compiled.topics.add(normalized as number);
          break;
        case "authors":
          compiled.authors.add(normalized as number);
          break;
        case "networks":
          compiled.networks.add(normalized as string);
          break;
        case "languages":
          compiled.languages.add(normalized as string);
          break;
        case "countries":
          compiled.countries.add(normalized as string);
          break;
        case "sentiment":
          compiled.sentiments.add(normalized as number);
          break;
      }
    });
    (group.type === "must-not" ? mustNot : must).push(compiled);
  });

  if (errors.length > 0 || !must.some((group) => group.queries.length > 0)) return { compiled: null, errors };
  return { compiled: { must, mustNot, anchors: definitionAnchors(must) }, errors: [] };
}

/**
 * A topic: its boolean query when not blank, otherwise any of its keywords, each keyword plain text (a
 * term, or a phrase when it folds to several tokens; no operators or wildcards). Faults carry groupIndex 0
 * and valueIndex 0 for the query, or the keyword's index.
 */
export function compileTopic(topic: { query: string | null; keywords: string[] }): CompileResult {
  if (topic.query !== null && topic.query.trim() !== "") {
    return compileDefinition([{ type: "must", values: [{ filterType: "keywords", value: topic.query }] }]);
  }
  const errors: DefinitionFault[] = [];
  const alternatives: QueryNode[] = [];
  topic.keywords.forEach((keyword, valueIndex) => {
    if (keyword.trim() === "") return;
    const tokens = tokenize(keyword);
    if (tokens.length === 0) {
      errors.push({ message: MESSAGES.queryLint.noLetters, offset: 0, length: keyword.length, groupIndex: 0, valueIndex });
    } else if (tokens.length === 1) {
      alternatives.push({ kind: "term", token: tokens[0], wildcard: false, fuzzy: 0, offset: 0, length: keyword.length });
    } else {
      alternatives.push({ kind: "phrase", tokens, proximity: 0, prefixLast: false, offset: 0, length: keyword.length });
    }
  });
  if (errors.length > 0 || alternatives.length === 0) return { compiled: null, errors };
  // Offsets of a keyword node are within the keyword; the OR of them spans nothing typed.
  const query: QueryNode = alternatives.length === 1 ? alternatives[0] : { kind: "or", children: alternatives, offset: 0, length: 0 };
  const group: CompiledGroup = { ...emptyGroup(), queries: [query] };
  return { compiled: { must: [group], mustNot: [], anchors: anchorsOf(query) }, errors: [] };
}

/**
 * Every must group holds for a match, so the anchors of any must group made only of keywords will do:
 * the union of its queries' anchors. The group with the fewest is taken; with none, any mention may match.
 */
function definitionAnchors(must: CompiledGroup[]): CompiledDefinition["anchors"] {
  let best: { tokens: string[]; prefixes: string[] } | null = null;
  for (const group of must) {
    const structured =
      group.labels.size + group.topics.size + group.authors.size + group.networks.size +
      group.languages.size + group.countries.size + group.sentiments.size;
    if (structured > 0) continue;
    const tokens = new Set<string>();
    const prefixes = new Set<string>();
    let anchored = true;
    for (const query of group.queries) {
      const anchors = anchorsOf(query);
      if (anchors === null) {
        anchored = false;
        break;
      }
      anchors.tokens.forEach((token) => tokens.add(token));
      anchors.prefixes.forEach((prefix) => prefixes.add(prefix));
    }
    if (!anchored) continue;
    const candidate = { tokens: [...tokens], prefixes: [...prefixes] };
    if (best === null || anchorCost(candidate) < anchorCost(best)) best = candidate;
  }
  return best;
}

function anchorCost(anchors: { tokens: string[]; prefixes: string[] }): number {
  return anchors.tokens.length + 2 * anchors.prefixes.length;
}

/** Whether a mention matches the definition: every must group holds and no must-not group does. */
export function matchesDefinition(def: CompiledDefinition, facts: MentionFacts): boolean {
  return def.must.every((group) => groupHolds(group, facts)) && !def.mustNot.some((group) => groupHolds(group, facts));
}

function groupHolds(group: CompiledGroup, facts: MentionFacts): boolean {
  // Cheap set lookups first; the queries walk the mention's tokens.
  return (
    group.networks.has(facts.socialType) ||
    group.languages.has(facts.language) ||
    group.countries.has(facts.country) ||
    group.sentiments.has(facts.sentiment) ||
    (facts.identityId !== null && group.authors.has(facts.identityId)) ||
    facts.labelIds.some((id) => group.labels.has(id)) ||
    facts.topicIds.some((id) => group.topics.has(id)) ||
    group.queries.some((query) => matchesNode(query, facts.tokens))
  );
}
