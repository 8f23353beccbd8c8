// The full-text side's own view of a boolean query (ADR 012): what the repositories translate to an FTS5
// MATCH expression or a PostgreSQL tsquery, and what the SQLite function `earshot_near` evaluates over a
// mention's stored tokens where FTS5 has no operator of its own (ordered proximity). Services build it
// from the language's syntax tree, with fuzzy words already expanded through the tenant's vocabulary.

export type SearchExpr =
  | { kind: "term"; token: string; prefix: boolean }
  /** A fuzzy word expanded to the tenant's tokens within the distance; empty = matches nothing. */
  | { kind: "anyOf"; tokens: string[] }
  /** Tokens in this order with at most `proximity` other tokens between consecutive ones. */
  | { kind: "phrase"; tokens: string[]; proximity: number; prefixLast: boolean }
  | { kind: "and" | "or"; children: SearchExpr[] };

/** The constant false: an expression that can match nothing (a fuzzy word without expansions). */
const NOTHING: SearchExpr = { kind: "anyOf", tokens: [] };

export function isNothing(expr: SearchExpr): boolean {
  return expr.kind === "anyOf" && expr.tokens.length === 0;
}

/** Folds the constant false away: AND with it is false, OR drops it. One-child nodes are unwrapped. */
export function simplify(expr: SearchExpr): SearchExpr {
  if (expr.kind === "and" || expr.kind === "or") {
    const children: SearchExpr[] = [];
    for (const child of expr.children) {
      const simple = simplify(child);
      if (isNothing(simple)) {
        if (expr.kind === "and") return NOTHING;
        continue;
      }
      children.push(simple);
    }
    if (children.length === 0) return NOTHING;
    if (children.length === 1) return children[0]!;
    return { kind: expr.kind, children };
  }
  if (expr.kind === "phrase" && expr.tokens.length === 1)
    return { kind: "term", token: expr.tokens[0]!, prefix: expr.prefixLast };
  return expr;
}

export function hasProximity(expr: SearchExpr): boolean {
  if (expr.kind === "phrase") return expr.proximity > 0 && expr.tokens.length > 1;
  if (expr.kind === "and" || expr.kind === "or") return expr.children.some(hasProximity);
  return false;
}

function tokenIs(token: string, wanted: string, prefix: boolean): boolean {
  return prefix ? token.startsWith(wanted) : token === wanted;
}

function phraseMatches(tokens: readonly string[], expr: Extract<SearchExpr, { kind: "phrase" }>): boolean {
  const n = expr.tokens.length;
  const maxGap = expr.proximity + 1;
  let ends: number[] = [];
  for (let i = 0; i < tokens.length; i++)
    if (tokenIs(tokens[i]!, expr.tokens[0]!, n === 1 && expr.prefixLast)) ends.push(i);
  for (let k = 1; k < n && ends.length; k++) {
    const wanted = expr.tokens[k]!;
    const prefix = k === n - 1 && expr.prefixLast;
    const next: number[] = [];
    let from = 0;
    for (let j = 0; j < tokens.length; j++) {
      if (!tokenIs(tokens[j]!, wanted, prefix)) continue;
      // Any earlier end i with 1 <= j - i <= maxGap (ends are ascending).
      while (from < ends.length && ends[from]! < j - maxGap) from++;
      if (from < ends.length && ends[from]! < j) next.push(j);
    }
    ends = next;
  }
  return ends.length > 0;
}

/** Evaluates an expression over a mention's tokens in order (the reference the SQL engines must agree with). */
export function evaluateSearchExpr(expr: SearchExpr, tokens: readonly string[]): boolean {
  switch (expr.kind) {
    case "term":
      return tokens.some((t) => tokenIs(t, expr.token, expr.prefix));
    case "anyOf": {
      if (!expr.tokens.length) return false;
      const wanted = new Set(expr.tokens);
      return tokens.some((t) => wanted.has(t));
    }
    case "phrase":
      return phraseMatches(tokens, expr);
    case "and":
      return expr.children.every((c) => evaluateSearchExpr(c, tokens));
    case "or":
      return expr.children.some((c) => evaluateSearchExpr(c, tokens));
  }
}

let lastSpec: { source: string; expr: SearchExpr } | null = null;

/**
 * `earshot_near(tokens, spec)`: 1 when the stored tokens (space-separated, as feed_items_fts holds them)
 * satisfy the JSON expression `spec`, else 0. Registered on SQLite connections by db/client.ts.
 */
export function earshotNear(tokens: unknown, spec: unknown): number {
  if (typeof tokens !== "string" || typeof spec !== "string") return 0;
  if (lastSpec?.source !== spec) lastSpec = { source: spec, expr: JSON.parse(spec) as SearchExpr };
  return evaluateSearchExpr(lastSpec.expr, tokens ? tokens.split(" ") : []) ? 1 : 0;
}
