import { compileTopic, matchesDefinition, type CompiledDefinition, type MentionFacts } from "../../domain/query";
import { MESSAGES } from "../../domain/messages";
import { STATUS_TYPE_KINDS, type StatusType } from "../../domain/schemas/rules";

// Which mentions a rule acts on (ADR 031), as plain data that crosses to the enrichment worker and as
// the compiled form the pipeline's rules step, "apply to existing" and "test this rule" all match with.

/** A rule's target as the matcher reads it: sources resolved to ids (a topic group to its topics). */
export interface RuleDefinition {
  id: number;
  statusType: number;
  query: string | null;
  excludeQuery: string | null;
  streamIds: readonly number[];
  searchIds: readonly number[];
  topicIds: readonly number[];
  /** The rule names sources: a mention must come from one of them (an empty group matches nothing). */
  hasSources: boolean;
  identityIds: readonly number[];
}

export interface CompiledRule {
  id: number;
  /** Null: any text. */
  query: CompiledDefinition | null;
  exclude: CompiledDefinition | null;
  kinds: ReadonlySet<string> | null;
  hasSources: boolean;
  streams: ReadonlySet<number>;
  searches: ReadonlySet<number>;
  topics: ReadonlySet<number>;
  identities: ReadonlySet<number> | null;
}

/** What a rule matches a mention on: the percolator's facts plus its kind, stream and memberships. */
export interface RuleFacts {
  facts: MentionFacts;
  kind: string;
  streamId: number | null;
  searchIds: readonly number[];
  topicIds: readonly number[];
}

const blank = (text: string | null) => text === null || text.trim() === "";

/** The first fault of a query that does not lint, or null. */
function compileQuery(text: string | null): { compiled: CompiledDefinition | null; fault: string | null } {
  if (blank(text)) return { compiled: null, fault: null };
  const { compiled, errors } = compileTopic({ query: text, keywords: [] });
  if (compiled) return { compiled, fault: null };
  return { compiled: null, fault: errors[0]?.message ?? MESSAGES.queryLint.noLetters };
}

/** The rule compiled, or why it cannot run (its query or exclude query no longer lints). */
export function compileRule(definition: RuleDefinition): { rule: CompiledRule | null; reason: string | null } {
  const query = compileQuery(definition.query);
  if (query.fault) return { rule: null, reason: MESSAGES.rulesScreen.brokenQuery(query.fault) };
  const exclude = compileQuery(definition.excludeQuery);
  if (exclude.fault) return { rule: null, reason: MESSAGES.rulesScreen.brokenExcludeQuery(exclude.fault) };
  const kinds = STATUS_TYPE_KINDS[definition.statusType as StatusType];
  return {
    rule: {
      id: definition.id,
      query: query.compiled,
      exclude: exclude.compiled,
      kinds: kinds ? new Set(kinds) : null,
      hasSources: definition.hasSources,
      streams: new Set(definition.streamIds),
      searches: new Set(definition.searchIds),
      topics: new Set(definition.topicIds),
      identities: definition.identityIds.length ? new Set(definition.identityIds) : null,
    },
    reason: null,
  };
}

function fromSources(rule: CompiledRule, facts: RuleFacts): boolean {
  if (!rule.hasSources) return true;
  if (facts.streamId !== null && rule.streams.has(facts.streamId)) return true;
  if (facts.searchIds.some((id) => rule.searches.has(id))) return true;
  return facts.topicIds.some((id) => rule.topics.has(id));
}

/** Whether the rule acts on the mention: its kind, source, author, query and not its exclude query. */
export function ruleMatches(rule: CompiledRule, facts: RuleFacts): boolean {
  if (rule.kinds && !rule.kinds.has(facts.kind)) return false;
  if (!fromSources(rule, facts)) return false;
  if (rule.identities && (facts.facts.identityId === null || !rule.identities.has(facts.facts.identityId))) return false;
  if (rule.query && !matchesDefinition(rule.query, facts.facts)) return false;
  if (rule.exclude && matchesDefinition(rule.exclude, facts.facts)) return false;
  return true;
}
