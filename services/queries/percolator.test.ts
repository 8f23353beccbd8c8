import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { indexDoc, matchesDefinition, type MentionFacts, type QueryGroup } from "../../domain/query";
import type { PercolatorDefinition } from "../mentions/ports";
import { compileOne } from "./compile";
import { compilePercolator, percolate } from "./percolator";

// The anchor index may only skip definitions that cannot match: the percolator's answer equals the old
// path's, which evaluated every definition of the tenant for every mention (topics first, then saved
// searches reading the topics matched).
function everyDefinition(items: readonly PercolatorDefinition[], facts: MentionFacts): Array<[number, number]> {
  const compiled = items.flatMap((definition) => {
    const c = compileOne(definition);
    return c ? [{ definition, compiled: c }] : [];
  });
  const matches: Array<[number, number]> = [];
  const topicIds: number[] = [];
  for (const { definition, compiled: c } of compiled) {
    if (definition.contextType === 2 && matchesDefinition(c, facts)) {
      topicIds.push(definition.contextId);
      matches.push([2, definition.contextId]);
    }
  }
  for (const { definition, compiled: c } of compiled) {
    if (definition.contextType === 1 && matchesDefinition(c, { ...facts, topicIds }))
      matches.push([1, definition.contextId]);
  }
  return matches;
}

const WORDS = [
  "refund",
  "refunds",
  "late",
  "parcel",
  "app",
  "apple",
  "crash",
  "crashed",
  "support",
  "great",
  "slow",
  "the",
];
const word = fc.constantFrom(...WORDS);
const term = fc.oneof(
  word,
  word.map((w) => `${w.slice(0, 3)}*`),
  word.map((w) => `${w}~1`),
  fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"`),
  fc.tuple(word, word).map(([a, b]) => `"${a} ${b}"~2`),
);
const keywordQuery = fc
  .array(fc.tuple(term, fc.constantFrom(" OR ", " AND ", " ", " AND NOT ")), { minLength: 1, maxLength: 4 })
  .map((parts) => parts.map(([t, op], i) => (i === parts.length - 1 ? t : `${t}${op}`)).join(""));
const filter = fc.oneof(
  keywordQuery.map((value) => ({ filterType: "keywords" as const, value })),
  fc.constantFrom(1, 2, 3).map((value) => ({ filterType: "labels" as const, value })),
  fc.constantFrom(100, 101).map((value) => ({ filterType: "topics" as const, value })),
  fc.constantFrom("twitter", "facebook").map((value) => ({ filterType: "networks" as const, value })),
  fc.constantFrom(-1, 0, 1).map((value) => ({ filterType: "sentiment" as const, value })),
);
const groups = fc.array(
  fc.record({
    type: fc.constantFrom("must" as const, "must" as const, "must-not" as const),
    values: fc.array(filter, { minLength: 1, maxLength: 3 }),
  }),
  { minLength: 1, maxLength: 3 },
);
const definitions = fc
  .tuple(fc.array(keywordQuery, { maxLength: 2 }), fc.array(groups, { minLength: 1, maxLength: 12 }))
  .map(([topics, searches]): PercolatorDefinition[] => [
    ...topics.map((query, i) => ({ contextType: 2 as const, contextId: 100 + i, topic: { query, keywords: [] } })),
    ...searches.map((g, i) => ({ contextType: 1 as const, contextId: i + 1, groups: g as QueryGroup[] })),
  ]);
const mention = fc.record({
  tokens: fc.array(word, { maxLength: 8 }),
  socialType: fc.constantFrom("twitter", "facebook"),
  sentiment: fc.constantFrom(-1, 0, 1),
  labelIds: fc.subarray([1, 2, 3]),
});

const sorted = (pairs: Array<[number, number]>) => [...pairs].sort((a, b) => a[0] - b[0] || a[1] - b[1]);

describe("the percolator's anchor index", () => {
  it("answers what evaluating every definition answers (property)", () => {
    fc.assert(
      fc.property(definitions, fc.array(mention, { minLength: 1, maxLength: 6 }), (items, mentions) => {
        const percolator = compilePercolator(items);
        for (const m of mentions) {
          const facts: MentionFacts = {
            tokens: indexDoc(m.tokens),
            socialType: m.socialType,
            language: "en",
            country: "",
            sentiment: m.sentiment,
            identityId: null,
            labelIds: m.labelIds,
            topicIds: [],
          };
          expect(sorted(percolate(percolator, facts))).toEqual(sorted(everyDefinition(items, facts)));
        }
      }),
      { numRuns: 400, seed: 32 },
    );
  });

  it("evaluates few of 100 single-word searches per mention", () => {
    const items: PercolatorDefinition[] = Array.from({ length: 100 }, (_, i) => ({
      contextType: 1,
      contextId: i + 1,
      groups: [{ type: "must", values: [{ filterType: "keywords", value: `word${i}` }] }],
    }));
    const percolator = compilePercolator(items);
    const doc = indexDoc(["word3", "word7", "other"]);
    expect(
      percolator.searches
        .candidates(doc)
        .map((at) => percolator.searches.entries[at]!.contextId)
        .sort(),
    ).toEqual([4, 8]);
  });
});
