// The in-memory engine: evaluates a parsed query against one tokenized mention (the percolator runs it at
// ingestion for every candidate definition). The full-text engines in db/ translate the same tree, and a
// property test holds both to the same answers, so every rule here is spelled out in docs/query-language.md.

import { withinEditDistance } from "./fuzzy";
import type { QueryNode } from "./parse";

/** A mention's tokens (from tokenize) and, per distinct token, its ascending positions. */
export interface IndexedDoc {
  tokens: string[];
  positions: Map<string, number[]>;
}

export function indexDoc(tokens: string[]): IndexedDoc {
  const positions = new Map<string, number[]>();
  tokens.forEach((token, position) => {
    const list = positions.get(token);
    if (list) list.push(position);
    else positions.set(token, [position]);
  });
  return { tokens, positions };
}

/** Whether the mention matches the query tree. */
export function matchesNode(node: QueryNode, doc: IndexedDoc): boolean {
  switch (node.kind) {
    case "term":
      if (node.wildcard) return someToken(doc, (token) => token.startsWith(node.token));
      if (node.fuzzy > 0) return someToken(doc, (token) => withinEditDistance(node.token, token, node.fuzzy));
      return doc.positions.has(node.token);
    case "phrase":
      return matchesPhrase(node.tokens, node.proximity, node.prefixLast, doc);
    case "and":
      return node.children.every((child) => matchesNode(child, doc));
    case "or":
      return node.children.some((child) => matchesNode(child, doc));
  }
}

function someToken(doc: IndexedDoc, test: (token: string) => boolean): boolean {
  for (const token of doc.positions.keys()) if (test(token)) return true;
  return false;
}

/** Ascending positions of the tokens that start with `prefix`. */
function prefixPositions(doc: IndexedDoc, prefix: string): number[] {
  const out: number[] = [];
  for (const [token, list] of doc.positions) if (token.startsWith(prefix)) out.push(...list);
  return out.sort((a, b) => a - b);
}

/**
 * The tokens in this order, each one at most `proximity` tokens after the previous one (position in
 * (previous, previous + 1 + proximity]). Any chain counts, not only the one through each token's first
 * occurrence: the set of positions each token can be reached at is carried forward, token by token.
 */
function matchesPhrase(tokens: string[], proximity: number, prefixLast: boolean, doc: IndexedDoc): boolean {
  let reachable: number[] | null = null;
  for (let i = 0; i < tokens.length; i++) {
    const candidates =
      prefixLast && i === tokens.length - 1 ? prefixPositions(doc, tokens[i]) : doc.positions.get(tokens[i]) ?? [];
    if (candidates.length === 0) return false;
    if (reachable === null) {
      reachable = candidates;
      continue;
    }
    // Both lists ascend: walk them together, keeping each candidate that follows some reachable
    // position closely enough. The nearest reachable position below a candidate decides.
    const next: number[] = [];
    let r = 0;
    for (const position of candidates) {
      while (r + 1 < reachable.length && reachable[r + 1] < position) r++;
      const before = reachable[r];
      if (before < position && position <= before + 1 + proximity) next.push(position);
    }
    if (next.length === 0) return false;
    reachable = next;
  }
  return reachable !== null && reachable.length > 0;
}

/** Tokens/prefixes one of which every matching doc must contain; null = cannot be anchored (fuzzy). */
export function anchorsOf(node: QueryNode): { tokens: string[]; prefixes: string[] } | null {
  const anchors = anchorList(node);
  if (anchors === null) return null;
  return { tokens: [...new Set(anchors.tokens)], prefixes: [...new Set(anchors.prefixes)] };
}

interface Anchors {
  tokens: string[];
  prefixes: string[];
}

function anchorList(node: QueryNode): Anchors | null {
  switch (node.kind) {
    case "term":
      if (node.wildcard) return { tokens: [], prefixes: [node.token] };
      // A fuzzy word could be any token within the distance: nothing to look up.
      return node.fuzzy > 0 ? null : { tokens: [node.token], prefixes: [] };
    case "phrase": {
      // Every token of the phrase is in a matching doc; the longest exact one is likely the rarest.
      const exact = node.prefixLast ? node.tokens.slice(0, -1) : node.tokens;
      if (exact.length === 0) return { tokens: [], prefixes: [node.tokens[node.tokens.length - 1]] };
      const longest = exact.reduce((best, token) => (token.length > best.length ? token : best));
      return { tokens: [longest], prefixes: [] };
    }
    case "or": {
      // A match matches one of the alternatives: it holds an anchor of that one.
      const union: Anchors = { tokens: [], prefixes: [] };
      for (const child of node.children) {
        const anchors = anchorList(child);
        if (anchors === null) return null;
        union.tokens.push(...anchors.tokens);
        union.prefixes.push(...anchors.prefixes);
      }
      return union;
    }
    case "and": {
      // A match matches every part, so the anchors of any one part will do: take the fewest, preferring
      // exact tokens (a hash lookup) to prefixes (a range scan).
      let best: Anchors | null = null;
      for (const child of node.children) {
        const anchors = anchorList(child);
        if (anchors !== null && (best === null || cost(anchors) < cost(best))) best = anchors;
      }
      return best;
    }
  }
}

function cost(anchors: Anchors): number {
  return anchors.tokens.length + 2 * anchors.prefixes.length;
}
