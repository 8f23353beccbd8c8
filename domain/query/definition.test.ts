import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import {
  compileDefinition,
  compileTopic,
  matchesDefinition,
  normalizeFilterValue,
  QueryGroupsSchema,
  type CompiledDefinition,
  type MentionFacts,
  type QueryGroup,
} from "./definition";
import { indexDoc } from "./match";
import { QUERY_MAX_LENGTH } from "./parse";
import { tokenize } from "./tokenize";

function facts(text: string, overrides: Partial<Omit<MentionFacts, "tokens">> = {}): MentionFacts {
  return {
    tokens: indexDoc(tokenize(text)),
    socialType: "twitter",
    language: "en",
    country: "US",
    sentiment: 0,
    identityId: 7,
    labelIds: [],
    topicIds: [],
    ...overrides,
  };
}

function compiled(groups: QueryGroup[]): CompiledDefinition {
  const result = compileDefinition(groups);
  expect(result.errors).toEqual([]);
  expect(result.compiled).not.toBeNull();
  return result.compiled!;
}

const must = (...values: QueryGroup["values"]): QueryGroup => ({ type: "must", values });
const mustNot = (...values: QueryGroup["values"]): QueryGroup => ({ type: "must-not", values });
const kw = (value: string) => ({ filterType: "keywords" as const, value });

describe("QueryGroupsSchema", () => {
  it("accepts the spec's groups and normalizes values", () => {
    const parsed = QueryGroupsSchema.parse([
      { type: "must", values: [kw("apple OR pear"), { filterType: "labels", value: "12" }] },
      {
        type: "must-not",
        values: [
          { filterType: "languages", value: " DE " },
          { filterType: "countries", value: "fr" },
          { filterType: "sentiment", value: "-1" },
          { filterType: "networks", value: "googlePlay" },
          { filterType: "authors", value: 3 },
          { filterType: "topics", value: 4 },
        ],
      },
    ]);
    expect(parsed).toEqual([
      { type: "must", values: [kw("apple OR pear"), { filterType: "labels", value: 12 }] },
      {
        type: "must-not",
        values: [
          { filterType: "languages", value: "de" },
          { filterType: "countries", value: "FR" },
          { filterType: "sentiment", value: -1 },
          { filterType: "networks", value: "googlePlay" },
          { filterType: "authors", value: 3 },
          { filterType: "topics", value: 4 },
        ],
      },
    ]);
    expect(QueryGroupsSchema.parse([])).toEqual([]);
  });

  it("keeps a keywords query as typed, so fault offsets stay right", () => {
    expect(QueryGroupsSchema.parse([must(kw("  apple "))])).toEqual([must(kw("  apple "))]);
  });

  it("refuses values that do not fit their filter type", () => {
    const issue = (value: unknown) => {
      const result = QueryGroupsSchema.safeParse(value);
      return result.success ? null : result.error.issues.map((i) => ({ path: i.path.join("."), message: i.message }));
    };
    expect(issue([must({ filterType: "sentiment", value: 2 })])).toEqual([{ path: "0.values.0.value", message: MESSAGES.wrongFormat }]);
    expect(issue([must({ filterType: "countries", value: "USA" })])).toEqual([{ path: "0.values.0.value", message: MESSAGES.wrongFormat }]);
    expect(issue([must({ filterType: "labels", value: -1 })])).toEqual([{ path: "0.values.0.value", message: MESSAGES.wrongFormat }]);
    expect(issue([must({ filterType: "labels", value: 1.5 })])).toEqual([{ path: "0.values.0.value", message: MESSAGES.wrongFormat }]);
    expect(issue([must(kw("   "))])).toEqual([{ path: "0.values.0.value", message: MESSAGES.required }]);
    expect(issue([must(kw("a".repeat(QUERY_MAX_LENGTH + 1)))])).toEqual([{ path: "0.values.0.value", message: MESSAGES.maxLength }]);
    expect(issue([{ type: "should", values: [kw("a")] }])?.[0].path).toBe("0.type");
    expect(issue([must({ filterType: "colours", value: "red" } as never)])?.[0].path).toBe("0.values.0.filterType");
    expect(issue([{ type: "must", values: [] }])).toEqual([{ path: "0.values", message: MESSAGES.atLeastOneItem }]);
    expect(issue("apple")).toEqual([{ path: "", message: MESSAGES.wrongFormat }]);
  });

  it("allows at most 20 groups of 500 values", () => {
    const values = Array.from({ length: 500 }, (_, i) => ({ filterType: "labels" as const, value: i + 1 }));
    expect(QueryGroupsSchema.safeParse(Array.from({ length: 20 }, () => must(...values))).success).toBe(true);
    expect(QueryGroupsSchema.safeParse(Array.from({ length: 21 }, () => must(kw("a")))).error?.issues[0].message).toBe(
      MESSAGES.tooManyElements,
    );
    expect(QueryGroupsSchema.safeParse([must(...values, { filterType: "labels", value: 501 })]).error?.issues[0].message).toBe(
      MESSAGES.tooManyElements,
    );
  });
});

describe("normalizeFilterValue", () => {
  it("gives the stored form or null", () => {
    expect(normalizeFilterValue("languages", "EN")).toBe("en");
    expect(normalizeFilterValue("languages", "zh-Hant")).toBe("zh-hant");
    expect(normalizeFilterValue("countries", "gb")).toBe("GB");
    expect(normalizeFilterValue("sentiment", 1)).toBe(1);
    expect(normalizeFilterValue("sentiment", "0")).toBe(0);
    expect(normalizeFilterValue("authors", "0")).toBeNull();
    expect(normalizeFilterValue("networks", "")).toBeNull();
    expect(normalizeFilterValue("networks", 3)).toBeNull();
    expect(normalizeFilterValue("keywords", 3)).toBeNull();
  });
});

describe("compileDefinition", () => {
  it("reports each query's faults with its group and value", () => {
    const result = compileDefinition([must(kw("apple")), mustNot({ filterType: "labels", value: 1 }, kw("*pple OR (x)"))]);
    expect(result.compiled).toBeNull();
    expect(result.errors).toEqual([
      { message: MESSAGES.queryLint.leadingWildcard, offset: 0, length: 1, groupIndex: 1, valueIndex: 1 },
      { message: MESSAGES.queryLint.bracketsNeedOperator, offset: 9, length: 3, groupIndex: 1, valueIndex: 1 },
    ]);
  });

  it("refuses blank queries and malformed values", () => {
    expect(compileDefinition([must(kw(" "))]).errors).toEqual([
      { message: MESSAGES.required, offset: 0, length: 0, groupIndex: 0, valueIndex: 0 },
    ]);
    expect(compileDefinition([must(kw("a"), { filterType: "sentiment", value: 5 })]).errors).toEqual([
      { message: MESSAGES.wrongFormat, offset: 0, length: 0, groupIndex: 0, valueIndex: 1 },
    ]);
  });

  it("matches nothing without a must group of keywords", () => {
    expect(compileDefinition([])).toEqual({ compiled: null, errors: [] });
    expect(compileDefinition([must({ filterType: "labels", value: 1 }), mustNot(kw("spam"))])).toEqual({ compiled: null, errors: [] });
  });

  it("needs every must group, and any value within a group", () => {
    const def = compiled([must(kw("apple"), kw("pear")), must({ filterType: "languages", value: "en" }, { filterType: "languages", value: "de" })]);
    expect(matchesDefinition(def, facts("an apple"))).toBe(true);
    expect(matchesDefinition(def, facts("a pear", { language: "de" }))).toBe(true);
    expect(matchesDefinition(def, facts("a pear", { language: "fr" }))).toBe(false);
    expect(matchesDefinition(def, facts("a plum"))).toBe(false);
  });

  it("refuses a mention that any must-not value holds", () => {
    const def = compiled([must(kw("apple")), mustNot(kw("pie"), { filterType: "sentiment", value: -1 })]);
    expect(matchesDefinition(def, facts("apple"))).toBe(true);
    expect(matchesDefinition(def, facts("apple pie"))).toBe(false);
    expect(matchesDefinition(def, facts("apple", { sentiment: -1 }))).toBe(false);
  });

  it("tests every filter type against its fact", () => {
    const only = (value: QueryGroup["values"][number]) => compiled([must(kw("apple")), must(value)]);
    const text = "apple";
    expect(matchesDefinition(only({ filterType: "labels", value: 5 }), facts(text, { labelIds: [4, 5] }))).toBe(true);
    expect(matchesDefinition(only({ filterType: "labels", value: 5 }), facts(text, { labelIds: [4] }))).toBe(false);
    expect(matchesDefinition(only({ filterType: "topics", value: 9 }), facts(text, { topicIds: [9] }))).toBe(true);
    expect(matchesDefinition(only({ filterType: "topics", value: 9 }), facts(text))).toBe(false);
    expect(matchesDefinition(only({ filterType: "networks", value: "reddit" }), facts(text, { socialType: "reddit" }))).toBe(true);
    expect(matchesDefinition(only({ filterType: "networks", value: "reddit" }), facts(text))).toBe(false);
    expect(matchesDefinition(only({ filterType: "languages", value: "FR" }), facts(text, { language: "fr" }))).toBe(true);
    expect(matchesDefinition(only({ filterType: "languages", value: "fr" }), facts(text))).toBe(false);
    expect(matchesDefinition(only({ filterType: "countries", value: "de" }), facts(text, { country: "DE" }))).toBe(true);
    expect(matchesDefinition(only({ filterType: "countries", value: "DE" }), facts(text, { country: "" }))).toBe(false);
    expect(matchesDefinition(only({ filterType: "sentiment", value: 1 }), facts(text, { sentiment: 1 }))).toBe(true);
    expect(matchesDefinition(only({ filterType: "sentiment", value: 0 }), facts(text, { sentiment: 1 }))).toBe(false);
    expect(matchesDefinition(only({ filterType: "authors", value: 7 }), facts(text))).toBe(true);
    expect(matchesDefinition(only({ filterType: "authors", value: 7 }), facts(text, { identityId: null }))).toBe(false);
  });

  it("anchors on the cheapest must group made only of keywords", () => {
    expect(compiled([must(kw("apple OR pear")), must(kw("x* AND fruit"))]).anchors).toEqual({ tokens: ["fruit"], prefixes: [] });
    expect(compiled([must(kw("apple"), kw("pear*"))]).anchors).toEqual({ tokens: ["apple"], prefixes: ["pear"] });
    // A group that also holds through a label cannot anchor: a labelled mention matches without the word.
    expect(compiled([must(kw("apple"), { filterType: "labels", value: 1 })]).anchors).toBeNull();
    expect(compiled([must(kw("aple~1"))]).anchors).toBeNull();
    expect(compiled([must(kw("aple~1")), must(kw("pie"))]).anchors).toEqual({ tokens: ["pie"], prefixes: [] });
  });
});

describe("compileTopic", () => {
  it("uses the query when it is not blank", () => {
    const { compiled: def } = compileTopic({ query: "apple AND pie", keywords: ["pear"] });
    expect(matchesDefinition(def!, facts("apple pie"))).toBe(true);
    expect(matchesDefinition(def!, facts("pear"))).toBe(false);
    expect(compileTopic({ query: "apple pie", keywords: [] }).errors).toEqual([
      { message: MESSAGES.queryLint.phraseNeedsQuotes, offset: 0, length: 9, groupIndex: 0, valueIndex: 0 },
    ]);
  });

  it("otherwise matches any keyword, as plain words or phrases", () => {
    const { compiled: def, errors } = compileTopic({ query: "  ", keywords: ["Café", "big apple", "e-mail", " "] });
    expect(errors).toEqual([]);
    expect(matchesDefinition(def!, facts("un cafe"))).toBe(true);
    expect(matchesDefinition(def!, facts("the big apple"))).toBe(true);
    expect(matchesDefinition(def!, facts("apple big"))).toBe(false);
    expect(matchesDefinition(def!, facts("send an E-Mail"))).toBe(true);
    expect(def!.anchors).toEqual({ tokens: ["cafe", "apple", "mail"], prefixes: [] });
    // Keywords are not query syntax: a * is just a symbol.
    expect(compileTopic({ query: null, keywords: ["app*"] }).compiled!.anchors).toEqual({ tokens: ["app"], prefixes: [] });
  });

  it("refuses a keyword without letters, and matches nothing without keywords", () => {
    expect(compileTopic({ query: null, keywords: ["ok", "🙂"] })).toEqual({
      compiled: null,
      errors: [{ message: MESSAGES.queryLint.noLetters, offset: 0, length: 2, groupIndex: 0, valueIndex: 1 }],
    });
    expect(compileTopic({ query: null, keywords: [] })).toEqual({ compiled: null, errors: [] });
  });
});
