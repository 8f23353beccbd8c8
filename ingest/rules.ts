// The rules step (ADR 031): after percolation, every new mention is matched against the tenant's rules,
// in their order, and the ids of those that act on it are kept with it; the store writes their actions
// in the mention's own transaction. Rules arrive as plain data under a version and are compiled once per
// version; an index of the anchor tokens of their queries picks, per mention, the few worth evaluating.
import { indexDoc, type CompiledDefinition } from "../domain/query";
import { authorKey, type TenantEnrichmentContext, type TenantRules } from "../services/mentions/ports";
import { compileRule, ruleMatches, type CompiledRule } from "../services/rules/match";
import { AnchorIndex } from "../services/queries/percolator";
import type { PipelineStep, WorkingMention } from "./pipeline-step";

interface CompiledRules {
  rules: CompiledRule[];
  index: AnchorIndex;
}

/** A rule without a query may match any text: it is a candidate for every mention. */
const ANY_TEXT: CompiledDefinition = { must: [], mustNot: [], anchors: null };

const RULE_VERSIONS_KEPT = 64;
const compiled = new Map<string, CompiledRules>();

function compileRules(set: TenantRules): CompiledRules {
  const found = compiled.get(set.version);
  if (found) return found;
  const rules: CompiledRule[] = [];
  const index = new AnchorIndex();
  for (const definition of set.items) {
    // The loader skips broken rules; one that still does not compile here acts on nothing.
    const { rule } = compileRule(definition);
    if (!rule) continue;
    index.add({ contextType: 3, contextId: rules.length, definition: rule.query ?? ANY_TEXT });
    rules.push(rule);
  }
  index.seal();
  const result = { rules, index };
  compiled.set(set.version, result);
  while (compiled.size > RULE_VERSIONS_KEPT) compiled.delete(compiled.keys().next().value!);
  return result;
}

const NO_IDS: readonly number[] = [];

function applyRulesStep(batch: WorkingMention[], context: TenantEnrichmentContext): void {
  if (!context.rules?.items.length) return;
  const { rules, index } = compileRules(context.rules);
  if (!rules.length) return;
  for (const m of batch) {
    const tokens = indexDoc(m.searchTokens);
    const candidates = index.candidates(tokens);
    if (!candidates.length) continue;
    const searchIds: number[] = [];
    const topicIds: number[] = [];
    for (const [type, id] of m.matches) (type === 2 ? topicIds : searchIds).push(id);
    const author = m.item.author.external_id || m.item.author.username;
    const facts = {
      facts: {
        tokens,
        socialType: m.item.network,
        language: m.language,
        country: m.item.author.country ?? "",
        sentiment: m.sentiment,
        identityId: context.identityIds?.[authorKey(m.item.network, author)] ?? null,
        labelIds: NO_IDS,
        topicIds,
      },
      kind: m.item.kind,
      streamId: context.streamId ?? null,
      searchIds,
      topicIds,
    };
    candidates.sort((a, b) => a - b);
    for (const at of candidates) {
      const rule = rules[index.entries[at]!.contextId]!;
      if (ruleMatches(rule, facts)) m.ruleIds.push(rule.id);
    }
  }
}

export const RULES_STEP: PipelineStep = { name: "rules", run: applyRulesStep };
