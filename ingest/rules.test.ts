import { describe, expect, it } from "vitest";
import type { NetworkedItem, TenantEnrichmentContext } from "../services/mentions/ports";
import type { RuleDefinition } from "../services/rules/match";
import { createParallelEnricher } from "./parallel-enricher";
import { createEnrichmentPipeline, DEFAULT_STEPS } from "./pipeline";

let version = 0;

function rule(id: number, extra: Partial<RuleDefinition> = {}): RuleDefinition {
  return { id, statusType: 1, query: null, excludeQuery: null, streamIds: [], searchIds: [], topicIds: [], hasSources: false, identityIds: [], ...extra };
}

function item(text: string, extra: Partial<NetworkedItem> = {}): NetworkedItem {
  return {
    network: "twitter",
    external_id: `x-${Math.random()}`,
    kind: "post",
    text,
    created_at: "2026-01-01T00:00:00.000Z",
    author: { username: "ann", followers: 0 },
    is_agent_reply: false,
    likes: 0,
    comments: 0,
    shares: 0,
    views: 0,
    language: "en",
    ...extra,
  } as NetworkedItem;
}

function context(rules: RuleDefinition[], extra: Partial<TenantEnrichmentContext> = {}): TenantEnrichmentContext {
  return { businessProfileId: 1, exclusions: [], mutedKeywords: [], streamId: 5, rules: { version: `r-${++version}`, items: rules }, ...extra };
}

const pipeline = createEnrichmentPipeline();
const ruleIdsOf = (items: NetworkedItem[], ctx: TenantEnrichmentContext) => (pipeline.enrich(items, ctx) as Array<{ ruleIds: number[] }>).map((m) => m.ruleIds);

describe("the rules step", () => {
  it("runs after percolation, so rules can watch saved searches and topics", () => {
    const names = DEFAULT_STEPS.map((s) => s.name);
    expect(names.indexOf("rules")).toBe(names.indexOf("percolate") + 1);
  });

  it("keeps, in rule order, the rules whose target, query and exclude query fit the mention", () => {
    const rules = [
      rule(9, { query: "refund*" }),
      rule(3, { query: "refund*", excludeQuery: "spam" }),
      rule(4, { statusType: 3 }),
      rule(12),
    ];
    expect(ruleIdsOf([item("Refunds please"), item("refund spam"), item("hello", { kind: "comment" })], context(rules))).toEqual([
      [9, 3, 12],
      [9, 12],
      [4, 12],
    ]);
  });

  it("matches sources: the batch's stream, or a saved search or topic the mention joined", () => {
    const rules = [
      rule(1, { hasSources: true, streamIds: [5] }),
      rule(2, { hasSources: true, streamIds: [6] }),
      rule(3, { hasSources: true, topicIds: [40] }),
      rule(4, { hasSources: true, searchIds: [41] }),
    ];
    const ctx = context(rules, {
      definitions: {
        version: `d-${++version}`,
        items: [
          { contextType: 2, contextId: 40, topic: { query: "outage", keywords: [] } },
          { contextType: 1, contextId: 41, groups: [{ type: "must", values: [{ filterType: "keywords", value: "billing" }] }] },
        ],
      },
    });
    expect(ruleIdsOf([item("an outage"), item("billing"), item("nothing")], ctx)).toEqual([[1, 3], [1, 4], [1]]);
  });

  it("matches authors by their stored identity only", () => {
    const ctx = context([rule(1, { identityIds: [77] })], { identityIds: { "twitter:ann": 77 } });
    expect(ruleIdsOf([item("hi"), item("hi", { author: { username: "bob", followers: 0 } })], ctx)).toEqual([[1], []]);
  });

  it("skips a rule whose query does not compile and runs without rules", () => {
    expect(ruleIdsOf([item("refund")], context([rule(1, { query: "*refund" }), rule(2, { query: "refund" })]))).toEqual([[2]]);
    expect(ruleIdsOf([item("refund")], { businessProfileId: 1, exclusions: [], mutedKeywords: [] })).toEqual([[]]);
  });

  it("gives the same verdicts on the enrichment worker", async () => {
    const enricher = createParallelEnricher();
    try {
      const ctx = context([rule(1, { query: "refund" }), rule(2, { statusType: 2 })]);
      const result = await enricher.enrich([item("refund now"), item("hi", { kind: "review" })], ctx);
      expect(result.map((m) => m.ruleIds)).toEqual([[1, 2], []]);
    } finally {
      await enricher.close();
    }
  });
});
