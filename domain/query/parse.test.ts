import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages";
import { lintQuery as lintFromLintModule } from "./lint";
import { lintQuery, parseQuery, QUERY_MAX_DEPTH, QUERY_MAX_GROUP_ITEMS, QUERY_MAX_LENGTH, type QueryNode } from "./parse";

const L = MESSAGES.queryLint;

/** The faults as [message, offset, length], easy to compare. */
function faults(query: string): Array<[string, number, number]> {
  return lintQuery(query).map((f) => [f.message, f.offset, f.length]);
}

/** The part of the query a fault points at. */
function marked(query: string): string[] {
  return lintQuery(query).map((f) => query.slice(f.offset, f.offset + f.length));
}

/** A compact picture of a tree: terms as text, phrases quoted, and/or as nested arrays. */
function shape(node: QueryNode | null): unknown {
  if (node === null) return null;
  switch (node.kind) {
    case "term":
      return node.token + (node.wildcard ? "*" : "") + (node.fuzzy ? `~${node.fuzzy}` : "");
    case "phrase":
      return `"${node.tokens.join(" ")}${node.prefixLast ? "*" : ""}"${node.proximity ? `~${node.proximity}` : ""}`;
    default:
      return { [node.kind]: node.children.map(shape) };
  }
}

function ast(query: string): unknown {
  const result = parseQuery(query);
  expect(result.errors).toEqual([]);
  return shape(result.ast);
}

describe("parseQuery: valid queries", () => {
  it("parses terms, phrases, wildcards and fuzzy words", () => {
    expect(ast("Apple")).toBe("apple");
    expect(ast("app*")).toBe("app*");
    expect(ast("aple~1")).toBe("aple~1");
    expect(ast("aple~2")).toBe("aple~2");
    expect(ast('"Big Apple"')).toBe('"big apple"');
    expect(ast('"big apple pie"~2')).toBe('"big apple pie"~2');
    expect(ast('"big app*"')).toBe('"big app*"');
  });

  it("binds AND tighter than OR", () => {
    expect(ast("a OR b AND c")).toEqual({ or: ["a", { and: ["b", "c"] }] });
    expect(ast("a AND b OR c AND d")).toEqual({ or: [{ and: ["a", "b"] }, { and: ["c", "d"] }] });
    expect(ast("a AND b AND c")).toEqual({ and: ["a", "b", "c"] });
    expect(ast("(a OR b) AND c")).toEqual({ and: [{ or: ["a", "b"] }, "c"] });
    expect(ast("a AND (b OR (c AND d))")).toEqual({ and: ["a", { or: ["b", { and: ["c", "d"] }] }] });
  });

  it("keeps brackets that only make precedence explicit", () => {
    expect(ast("a OR (b AND c)")).toEqual({ or: ["a", { and: ["b", "c"] }] });
    expect(ast("(a AND b) OR (c AND d)")).toEqual({ or: [{ and: ["a", "b"] }, { and: ["c", "d"] }] });
  });

  it("reads lower-case and / or / not as words", () => {
    expect(ast('"rock and roll" OR not')).toEqual({ or: ['"rock and roll"', "not"] });
    expect(ast("and AND or")).toEqual({ and: ["and", "or"] });
  });

  it("turns a word that folds to several tokens into a phrase", () => {
    expect(ast("E.ON")).toBe('"e on"');
    expect(ast("e.on*")).toBe('"e on*"');
    expect(ast("#brand")).toBe("brand");
    const japanese = parseQuery("東京タワーに行きました").ast;
    expect(japanese?.kind).toBe("phrase");
  });

  it("reads a quoted single word as a term", () => {
    expect(ast('"Café"')).toBe("cafe");
    expect(ast('"café"~1')).toBe("cafe");
    expect(ast('"caf*"')).toBe("caf*");
  });

  it("allows +, -, NOT, AND, OR and brackets inside quotes", () => {
    expect(ast('"e-mail" OR "C++ (NOT AND OR)"')).toEqual({ or: ['"e mail"', '"c not and or"'] });
  });

  it("gives offsets and lengths in UTF-16 units, groups covering their brackets", () => {
    const { ast: tree } = parseQuery('😀x OR (café AND "b c"~1)');
    expect(tree).toEqual({
      kind: "or",
      offset: 0,
      length: 25,
      children: [
        { kind: "term", token: "x", wildcard: false, fuzzy: 0, offset: 0, length: 3 },
        {
          kind: "and",
          offset: 7,
          length: 18,
          children: [
            { kind: "term", token: "cafe", wildcard: false, fuzzy: 0, offset: 8, length: 4 },
            { kind: "phrase", tokens: ["b", "c"], proximity: 1, prefixLast: false, offset: 17, length: 7 },
          ],
        },
      ],
    });
  });

  it("accepts spaces of any kind between words", () => {
    expect(ast("a\u00a0OR\tb\u3000OR\nc")).toEqual({ or: ["a", "b", "c"] });
  });

  it("gives no faults and no tree for a blank query", () => {
    expect(parseQuery("")).toEqual({ ast: null, errors: [] });
    expect(parseQuery("  \n\t ")).toEqual({ ast: null, errors: [] });
    expect(lintQuery("   ")).toEqual([]);
  });

  it(`allows ${QUERY_MAX_GROUP_ITEMS} items at one level and ${QUERY_MAX_DEPTH} levels of brackets`, () => {
    const items = Array.from({ length: QUERY_MAX_GROUP_ITEMS }, (_, i) => `w${i}`);
    expect(lintQuery(items.join(" OR "))).toEqual([]);
    expect(lintQuery(items.join(" AND "))).toEqual([]);
    expect(lintQuery(deepQuery(QUERY_MAX_DEPTH))).toEqual([]);
  });

  it("is what lint.ts exports", () => {
    expect(lintFromLintModule("*x")).toEqual(lintQuery("*x"));
  });
});

/** Valid brackets nested `depth` deep: x AND (x OR (x AND (... ))), operators alternating. */
function deepQuery(depth: number): string {
  const operator = (level: number) => (level % 2 === 1 ? "AND" : "OR");
  // The innermost group uses the other operator than the level around it, or its brackets are useless.
  let query = `a ${operator(depth + 1)} b`;
  for (let level = depth; level >= 1; level--) query = `x ${operator(level)} (${query})`;
  return query;
}

describe("lintQuery: each rule with its message, offset and length", () => {
  it("refuses a leading wildcard", () => {
    expect(faults("*pple")).toEqual([[L.leadingWildcard, 0, 1]]);
    expect(faults("a OR *")).toEqual([[L.leadingWildcard, 5, 1]]);
    expect(faults('"big *pple"')).toEqual([[L.leadingWildcard, 5, 1]]);
  });

  it("refuses a wildcard inside a word", () => {
    expect(faults("ap*le")).toEqual([[L.wildcardNotAtEnd, 2, 1]]);
    expect(faults("app**")).toEqual([[L.wildcardNotAtEnd, 3, 1]]);
    expect(faults("app*~1")).toEqual([[L.wildcardNotAtEnd, 3, 1]]);
    expect(faults('"app* pie"')).toEqual([[L.wildcardNotAtEnd, 4, 1]]);
    expect(faults('"big pie"*')).toEqual([[L.wildcardNotAtEnd, 9, 1]]);
  });

  it("needs an expression before and after AND / OR, pointing at the operator", () => {
    expect(faults("AND apple")).toEqual([[L.missingOperand, 0, 3]]);
    expect(faults("apple OR")).toEqual([[L.missingOperand, 6, 2]]);
    expect(faults("apple AND OR pear")).toEqual([[L.missingOperand, 10, 2]]);
    expect(faults("OR")).toEqual([[L.missingOperand, 0, 2]]);
    expect(faults("a AND (OR b)")).toEqual([[L.missingOperand, 7, 2]]);
    expect(faults("(a AND) OR b")).toEqual([[L.missingOperand, 3, 3]]);
  });

  it("needs quotes around phrases, pointing from the first to the last word", () => {
    expect(faults("big apple")).toEqual([[L.phraseNeedsQuotes, 0, 9]]);
    expect(faults("x OR big red apple AND y")).toEqual([[L.phraseNeedsQuotes, 5, 13]]);
    expect(marked('apple "pie" (a OR b) OR c')).toEqual(['apple "pie" (a OR b)']);
  });

  it("points at an unclosed quote", () => {
    expect(faults('apple OR "big pie')).toEqual([[L.unbalancedQuote, 9, 1]]);
    expect(faults('"a" OR "b" OR "c')).toEqual([[L.unbalancedQuote, 14, 1]]);
  });

  it(`allows at most ${QUERY_MAX_GROUP_ITEMS} items at one level, pointing at the next one`, () => {
    const items = Array.from({ length: QUERY_MAX_GROUP_ITEMS + 5 }, (_, i) => `w${i}`);
    const query = items.join(" OR ");
    const offset = query.indexOf(`w${QUERY_MAX_GROUP_ITEMS}`);
    expect(faults(query)).toEqual([[L.tooManyItems, offset, `w${QUERY_MAX_GROUP_ITEMS}`.length]]);
    // Each level counts its own items.
    const half = items.slice(0, 60).join(" OR ");
    expect(lintQuery(`(${half}) AND (${half})`)).toEqual([]);
  });

  it("refuses +, - and NOT outside quotes", () => {
    expect(faults("NOT apple")).toEqual([[L.specialCharacter, 0, 3]]);
    expect(faults("apple AND NOT pie")).toEqual([[L.specialCharacter, 10, 3]]);
    expect(faults("apple -pie")).toEqual([[L.specialCharacter, 6, 1]]);
    expect(faults("+apple")).toEqual([[L.specialCharacter, 0, 1]]);
    expect(faults("e-mail")).toEqual([[L.specialCharacter, 1, 1]]);
    expect(faults("a - b")).toEqual([[L.specialCharacter, 2, 1]]);
    expect(faults("c++")).toEqual([
      [L.specialCharacter, 1, 1],
      [L.specialCharacter, 2, 1],
    ]);
  });

  it("allows only ~1 and ~2, pointing at the tilde and its digits", () => {
    expect(faults("apple~")).toEqual([[L.tilde, 5, 1]]);
    expect(faults("apple~3")).toEqual([[L.tilde, 5, 2]]);
    expect(faults("apple~0")).toEqual([[L.tilde, 5, 2]]);
    expect(faults("apple~12")).toEqual([[L.tilde, 5, 3]]);
    expect(faults('"big pie"~3')).toEqual([[L.tilde, 9, 2]]);
    expect(faults("apple ~1")).toEqual([[L.tilde, 6, 2]]);
    expect(faults('"big~1 pie"')).toEqual([[L.tilde, 4, 2]]);
    expect(faults("(a OR b)~1 AND c")).toEqual([[L.tilde, 8, 2]]);
  });

  it("refuses empty quotes", () => {
    expect(faults('""')).toEqual([[L.emptyQuotes, 0, 2]]);
    expect(faults('a OR "  "')).toEqual([[L.emptyQuotes, 5, 4]]);
  });

  it("refuses empty brackets", () => {
    expect(faults("()")).toEqual([[L.emptyBrackets, 0, 2]]);
    expect(faults("a AND ( )")).toEqual([[L.emptyBrackets, 6, 3]]);
  });

  it("points at each unmatched bracket", () => {
    expect(faults("(a OR b")).toEqual([[L.unbalancedBracket, 0, 1]]);
    expect(faults("a OR b)")).toEqual([[L.unbalancedBracket, 6, 1]]);
    expect(faults("x AND ((a OR b)")).toEqual([[L.unbalancedBracket, 6, 1]]);
    expect(faults(")a OR b OR (c")).toEqual([
      [L.unbalancedBracket, 0, 1],
      [L.unbalancedBracket, 11, 1],
    ]);
  });

  it("needs a boolean operator inside brackets", () => {
    expect(faults("(apple)")).toEqual([[L.bracketsNeedOperator, 0, 7]]);
    expect(faults('x AND ("big pie")')).toEqual([[L.bracketsNeedOperator, 6, 11]]);
  });

  it("refuses brackets around the whole query", () => {
    expect(faults("(a OR b)")).toEqual([[L.uselessWholeQuery, 0, 8]]);
    expect(faults("(a AND b)")).toEqual([[L.uselessWholeQuery, 0, 9]]);
  });

  it("refuses doubled brackets, pointing at the outer pair", () => {
    expect(faults("x AND ((a OR b))")).toEqual([[L.uselessDoubled, 6, 10]]);
    expect(faults("((a OR b))")).toEqual([[L.uselessDoubled, 0, 10]]);
  });

  it("refuses brackets that repeat the operator around them", () => {
    expect(faults("a AND (b AND c)")).toEqual([[L.uselessSameOperator, 6, 9]]);
    expect(faults("(a OR b) OR c")).toEqual([[L.uselessSameOperator, 0, 8]]);
    expect(faults("x OR (a AND b) AND y")).toEqual([[L.uselessSameOperator, 5, 9]]);
    // An OR group next to an AND needs its brackets, even with an OR on its other side.
    expect(faults("x OR (a OR b) AND y")).toEqual([]);
  });

  it(`allows at most ${QUERY_MAX_DEPTH} levels of brackets, pointing at the first one too deep`, () => {
    const query = deepQuery(QUERY_MAX_DEPTH + 1);
    const tooDeep = nthIndexOf(query, "(", QUERY_MAX_DEPTH + 1);
    expect(faults(query)).toEqual([[L.tooDeep, tooDeep, 1]]);
  });

  it("refuses a word without letters or digits", () => {
    expect(faults("🙂")).toEqual([[L.noLetters, 0, 2]]);
    expect(faults("apple OR #")).toEqual([[L.noLetters, 9, 1]]);
    expect(faults('apple OR "!!"')).toEqual([[L.noLetters, 9, 4]]);
  });

  it("refuses ~1 / ~2 on a word that folds to several tokens", () => {
    expect(faults("e.on~1")).toEqual([[L.fuzzyMultiToken, 0, 6]]);
  });

  it("gives one fault at the limit for a query longer than the limit", () => {
    const query = "a ".repeat(QUERY_MAX_LENGTH);
    expect(parseQuery(query)).toEqual({
      ast: null,
      errors: [{ message: L.tooLong, offset: QUERY_MAX_LENGTH, length: query.length - QUERY_MAX_LENGTH }],
    });
    expect(lintQuery("x".repeat(QUERY_MAX_LENGTH))).toEqual([]);
  });

  it("reports every fault, sorted by offset, once each", () => {
    expect(faults('*a OR (b) AND ap*le OR c~3 OR NOT d OR ""')).toEqual([
      [L.leadingWildcard, 0, 1],
      [L.bracketsNeedOperator, 6, 3],
      [L.wildcardNotAtEnd, 16, 1],
      [L.tilde, 24, 2],
      [L.specialCharacter, 30, 3],
      [L.emptyQuotes, 39, 2],
    ]);
  });

  it("has a catalogue message for every rule", () => {
    const messages = Object.values(L);
    expect(new Set(messages).size).toBe(messages.length);
    for (const message of messages) expect(message.trim()).not.toBe("");
  });
});

function nthIndexOf(text: string, search: string, n: number): number {
  let index = -1;
  for (let i = 0; i < n; i++) index = text.indexOf(search, index + 1);
  return index;
}

describe("parseQuery: hostile input", () => {
  it("returns at once for thousands of opening brackets", () => {
    const result = parseQuery("(".repeat(4000));
    expect(result.ast).toBeNull();
    expect(result.errors).toContainEqual({ message: L.tooDeep, offset: QUERY_MAX_DEPTH, length: 1 });
    expect(result.errors.filter((f) => f.message === L.unbalancedBracket)).toHaveLength(QUERY_MAX_DEPTH);
  });

  it("returns for deep brackets around words and closing brackets", () => {
    expect(parseQuery("(a OR ".repeat(1300) + "b" + ")".repeat(1300)).errors.length).toBeGreaterThan(0);
    expect(parseQuery(")".repeat(QUERY_MAX_LENGTH)).errors).toHaveLength(QUERY_MAX_LENGTH);
    expect(parseQuery("()".repeat(4000)).errors.length).toBeGreaterThan(0);
    expect(parseQuery('"'.repeat(QUERY_MAX_LENGTH)).errors.length).toBeGreaterThan(0);
  });

  it("returns for a 100 KB string of words", () => {
    const words = "lorem ipsum dolor sit amet ".repeat(4000);
    expect(words.length).toBeGreaterThan(100_000);
    expect(lintQuery(words)).toHaveLength(1);
    // At the limit, every word is checked.
    const atLimit = words.slice(0, QUERY_MAX_LENGTH);
    expect(lintQuery(atLimit)).toEqual([[L.phraseNeedsQuotes, 0, atLimit.trimEnd().length]].map(([message, offset, length]) => ({ message, offset, length })));
    expect(lintQuery("a OR ".repeat(1599) + "a")).toHaveLength(1); // 1600 items: one fault, at the 101st
    // Words side by side are one item (quoting them is the fix), so only the missing quotes are reported.
    expect(lintQuery(Array.from({ length: 150 }, (_, i) => `w${i}`).join(" "))).toHaveLength(1);
  });

  it("never throws, and keeps its promises on random input", () => {
    const pieces = ["a", "bc", "é", "😀", " ", " ", "(", ")", '"', "*", "~", "1", "2", "3", "+", "-", "AND", "OR", "NOT", ".", "#"];
    let seed = 42;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (let n = 0; n < 3000; n++) {
      let query = "";
      const length = Math.floor(random() * 25);
      for (let i = 0; i < length; i++) query += pieces[Math.floor(random() * pieces.length)];
      const { ast: tree, errors } = parseQuery(query);
      const context = JSON.stringify(query);
      if (query.trim() === "") expect(errors, context).toEqual([]);
      else expect(tree === null, context).toBe(errors.length > 0);
      for (let i = 0; i < errors.length; i++) {
        const f = errors[i];
        expect(f.offset >= 0 && f.length >= 1 && f.offset + f.length <= query.length, context).toBe(true);
        if (i > 0) expect(errors[i - 1].offset <= f.offset, context).toBe(true);
      }
      expect(new Set(errors.map((f) => `${f.message}@${f.offset}+${f.length}`)).size, context).toBe(errors.length);
    }
  });
});

describe("docs/query-language.md", () => {
  const doc = readFileSync(new URL("../../docs/query-language.md", import.meta.url), "utf8");
  const table = doc.slice(doc.indexOf("<!-- lint-table")).split("\n\n")[0];
  const rows = table
    .split("\n")
    .filter((line) => line.startsWith("| ") && !line.startsWith("| Rule") && !line.startsWith("| ---"))
    .map((line) => line.slice(2, -2).split(" | "));
  const code = (cell: string) => /^`([^`]+)`$/.exec(cell)?.[1] ?? null;

  it("lists every fault message", () => {
    const documented = new Set(rows.map((cells) => cells[3]));
    for (const message of Object.values(L)) expect(documented, message).toContain(message);
  });

  it("gives examples that produce exactly the documented fault", () => {
    let checked = 0;
    for (const [rule, exampleCell, markedCell, message] of rows) {
      let example = code(exampleCell);
      const mark = code(markedCell);
      if (example === null || mark === null) continue; // described in words: tested above
      if (example.includes("…")) example = Array.from({ length: QUERY_MAX_GROUP_ITEMS + 1 }, (_, i) => `w${i}`).join(" OR ");
      const found = lintQuery(example).map((f) => [f.message, example.slice(f.offset, f.offset + f.length)]);
      expect(found, rule).toEqual([[message, mark]]);
      checked++;
    }
    expect(checked).toBeGreaterThanOrEqual(Object.keys(L).length - 2);
  });
});
