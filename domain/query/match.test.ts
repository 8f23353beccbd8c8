import { describe, expect, it } from "vitest";
import { withinEditDistance } from "./fuzzy";
import { anchorsOf, indexDoc, matchesNode, type IndexedDoc } from "./match";
import { parseQuery, type QueryNode } from "./parse";
import { tokenize } from "./tokenize";

function query(text: string): QueryNode {
  const { ast, errors } = parseQuery(text);
  expect(errors).toEqual([]);
  return ast!;
}

function matches(text: string, post: string): boolean {
  return matchesNode(query(text), indexDoc(tokenize(post)));
}

// A direct reading of the rules, trying every chain of positions: what matchesNode must agree with.
function reference(node: QueryNode, tokens: string[]): boolean {
  switch (node.kind) {
    case "term":
      return tokens.some((t) =>
        node.wildcard ? t.startsWith(node.token) : node.fuzzy ? withinEditDistance(node.token, t, node.fuzzy) : t === node.token,
      );
    case "phrase": {
      const fits = (i: number, position: number) =>
        node.prefixLast && i === node.tokens.length - 1
          ? tokens[position].startsWith(node.tokens[i])
          : tokens[position] === node.tokens[i];
      const chain = (i: number, previous: number): boolean => {
        if (i === node.tokens.length) return true;
        for (let p = previous + 1; p <= previous + 1 + node.proximity && p < tokens.length; p++) {
          if (fits(i, p) && chain(i + 1, p)) return true;
        }
        return false;
      };
      return tokens.some((_, start) => fits(0, start) && chain(1, start));
    }
    case "and":
      return node.children.every((child) => reference(child, tokens));
    case "or":
      return node.children.some((child) => reference(child, tokens));
  }
}

function holdsAnchor(doc: IndexedDoc, anchors: { tokens: string[]; prefixes: string[] }): boolean {
  return doc.tokens.some((t) => anchors.tokens.includes(t) || anchors.prefixes.some((p) => t.startsWith(p)));
}

describe("indexDoc", () => {
  it("lists each token's positions in order", () => {
    const doc = indexDoc(["a", "b", "a", "c", "a"]);
    expect(doc.positions.get("a")).toEqual([0, 2, 4]);
    expect(doc.positions.get("c")).toEqual([3]);
    expect(doc.positions.has("d")).toBe(false);
  });
});

describe("matchesNode", () => {
  it("matches a term by token equality, after folding", () => {
    expect(matches("cafe", "Best CAFÉ in town")).toBe(true);
    expect(matches("Café", "cafe au lait")).toBe(true);
    expect(matches("cafe", "cafeteria")).toBe(false);
    expect(matches("caf", "cafe")).toBe(false);
  });

  it("matches a wildcard by prefix", () => {
    expect(matches("caf*", "the cafeteria")).toBe(true);
    expect(matches("caf*", "a caf")).toBe(true);
    expect(matches("caf*", "decaf")).toBe(false);
  });

  it("matches fuzzy words within the distance", () => {
    expect(matches("aple~1", "an apple a day")).toBe(true);
    expect(matches("aple~1", "maple syrup")).toBe(true);
    expect(matches("aple~1", "ample")).toBe(true);
    expect(matches("aple~1", "applesauce")).toBe(false);
    expect(matches("aplle~1", "paple")).toBe(false);
    expect(matches("aplle~2", "paple")).toBe(true);
  });

  it("matches phrases in order and adjacent", () => {
    expect(matches('"big apple"', "I love the Big Apple!")).toBe(true);
    expect(matches('"big apple"', "apple big")).toBe(false);
    expect(matches('"big apple"', "big red apple")).toBe(false);
    expect(matches("e.on", "E-ON energy")).toBe(true);
    expect(matches('"la la land"', "la la la land")).toBe(true);
  });

  it("allows N tokens between phrase words with ~N, in order", () => {
    expect(matches('"big apple"~1', "big red apple")).toBe(true);
    expect(matches('"big apple"~1', "big shiny red apple")).toBe(false);
    expect(matches('"big apple"~2', "big shiny red apple")).toBe(true);
    expect(matches('"big apple"~2', "apple big")).toBe(false);
    expect(matches('"a b c"~1', "a x b x c")).toBe(true);
    expect(matches('"a b c"~1', "a x b x x c")).toBe(false);
  });

  it("finds any chain, not only the one through first occurrences", () => {
    // The first "a b" leads nowhere; the second reaches c.
    expect(matches('"a b c"', "a b x a b c")).toBe(true);
    // b at 1 is too early for c; b at 3 (still within ~2 of a) reaches c.
    expect(matches('"a b c"~2', "a b x b c")).toBe(true);
    expect(matches('"a b c"~1', "a x x b c a x")).toBe(false);
    expect(matches('"a b c"~1', "a x x b c a x b c")).toBe(true);
  });

  it("matches the last phrase word by prefix when it ends with *", () => {
    expect(matches('"big app*"', "big apples")).toBe(true);
    expect(matches('"big app*"', "big map")).toBe(false);
    expect(matches("e.on*", "e.online")).toBe(true);
    expect(matches('"big app*"~1', "big red application")).toBe(true);
  });

  it("evaluates AND before OR", () => {
    expect(matches("a OR b AND c", "a")).toBe(true);
    expect(matches("a OR b AND c", "b")).toBe(false);
    expect(matches("a OR b AND c", "c b")).toBe(true);
    expect(matches("(a OR b) AND c", "a")).toBe(false);
    expect(matches("(a OR b) AND c", "a c")).toBe(true);
  });

  it("matches Japanese through the same segmentation", () => {
    expect(matches("東京タワー", "昨日東京タワーに行きました")).toBe(true);
  });
});

describe("anchorsOf", () => {
  it("gives a term's token, a wildcard's prefix and nothing for a fuzzy word", () => {
    expect(anchorsOf(query("apple"))).toEqual({ tokens: ["apple"], prefixes: [] });
    expect(anchorsOf(query("app*"))).toEqual({ tokens: [], prefixes: ["app"] });
    expect(anchorsOf(query("aple~1"))).toBeNull();
  });

  it("takes one token of a phrase, never the prefix one", () => {
    expect(anchorsOf(query('"the biggest apple"'))).toEqual({ tokens: ["biggest"], prefixes: [] });
    expect(anchorsOf(query('"big applesauce*"'))).toEqual({ tokens: ["big"], prefixes: [] });
  });

  it("unites OR alternatives, and gives up when one cannot be anchored", () => {
    expect(anchorsOf(query("a OR b* OR a"))).toEqual({ tokens: ["a"], prefixes: ["b"] });
    expect(anchorsOf(query("a OR b~1"))).toBeNull();
  });

  it("takes the cheapest part of an AND", () => {
    expect(anchorsOf(query("(a OR b OR c) AND d"))).toEqual({ tokens: ["d"], prefixes: [] });
    expect(anchorsOf(query("x~1 AND (a OR b)"))).toEqual({ tokens: ["a", "b"], prefixes: [] });
    expect(anchorsOf(query("x~1 AND y~2"))).toBeNull();
  });

  it("is held by every matching doc, and the matcher agrees with the reference (random)", () => {
    const vocabulary = ["a", "ab", "abc", "b", "ba", "c"];
    let seed = 2024;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
    const word = () => pick(vocabulary) + pick(["", "", "", "*", "~1"]);
    const phrase = () => {
      const words = Array.from({ length: 2 + Math.floor(random() * 2) }, () => pick(vocabulary));
      return `"${words.join(" ")}${pick(["", "*"])}"${pick(["", "~1", "~2"])}`;
    };
    const primary = (depth: number): string =>
      depth > 0 && random() < 0.3 ? `(${expression(depth - 1)})` : random() < 0.3 ? phrase() : word();
    const expression = (depth: number): string =>
      Array.from({ length: 1 + Math.floor(random() * 3) }, () => primary(depth)).join(pick([" AND ", " OR "]));

    let checked = 0;
    let matched = 0;
    for (let n = 0; n < 1500; n++) {
      const { ast } = parseQuery(expression(2));
      if (!ast) continue; // generated with useless or operator-less brackets: not this test's business
      checked++;
      const anchors = anchorsOf(ast);
      for (let d = 0; d < 20; d++) {
        const doc = indexDoc(Array.from({ length: 1 + Math.floor(random() * 8) }, () => pick(vocabulary)));
        const result = matchesNode(ast, doc);
        expect(result, JSON.stringify({ ast, doc: doc.tokens })).toBe(reference(ast, doc.tokens));
        if (result && anchors) {
          matched++;
          expect(holdsAnchor(doc, anchors), JSON.stringify({ anchors, doc: doc.tokens })).toBe(true);
        }
      }
    }
    expect(checked).toBeGreaterThan(300);
    expect(matched).toBeGreaterThan(300);
  });
});
