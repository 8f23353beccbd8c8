import { type GroupCondition, type GroupValueCondition, type SearchExpr } from "../../db/repositories/search-index";
import { badRequest, withDetails, type AppError } from "../../domain/errors";
import { QueryFaultErrorResponseSchema } from "../../domain/schemas/errors";
import {
  compileDefinition,
  parseQuery,
  withinEditDistance,
  type CompiledDefinition,
  type CompiledGroup,
  type QueryFault,
  type QueryGroup,
  type QueryNode,
} from "../../domain/query";
import type { ServiceDeps } from "../context";
import { vocabularyByLength } from "./vocabulary";

// From the query language to what the full-text engines run (ADR 012): a parsed query becomes a
// SearchExpr whose fuzzy words are expanded through the tenant's vocabulary (the tokens of its mentions
// within the distance; none: the word matches nothing), and a definition's groups become GroupConditions.

/** A 400 naming the first fault of a query: its message, and where it is (offset, length in UTF-16 units). */
function queryFaultError(fault: QueryFault & { groupIndex?: number; valueIndex?: number }): AppError {
  return withDetails(badRequest(fault.message), QueryFaultErrorResponseSchema, {
    offset: fault.offset,
    length: fault.length,
    ...(fault.groupIndex !== undefined ? { groupIndex: fault.groupIndex } : {}),
    ...(fault.valueIndex !== undefined ? { valueIndex: fault.valueIndex } : {}),
  });
}

function codePointLength(text: string): number {
  let n = 0;
  for (const _ of text) n++;
  return n;
}

function collectFuzzy(node: QueryNode, out: Array<{ token: string; distance: number }>): void {
  if (node.kind === "term") {
    if (node.fuzzy > 0) out.push({ token: node.token, distance: node.fuzzy });
  } else if (node.kind === "and" || node.kind === "or") for (const child of node.children) collectFuzzy(child, out);
}

/** Expansions of the fuzzy words of these trees: `${distance}:${token}` → the tenant's tokens within it. */
async function fuzzyExpansions(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  nodes: readonly QueryNode[],
): Promise<Map<string, string[]>> {
  const fuzzy: Array<{ token: string; distance: number }> = [];
  for (const node of nodes) collectFuzzy(node, fuzzy);
  const expansions = new Map<string, string[]>();
  if (!fuzzy.length) return expansions;
  let min = Infinity;
  let max = 0;
  for (const f of fuzzy) {
    const length = codePointLength(f.token);
    min = Math.min(min, Math.max(1, length - f.distance));
    max = Math.max(max, length + f.distance);
  }
  // One read of the tenant's vocabulary for all the fuzzy words, filtered here per word.
  const vocabulary = await vocabularyByLength(deps, businessProfileId, min, max);
  for (const f of fuzzy) {
    const key = `${f.distance}:${f.token}`;
    if (expansions.has(key)) continue;
    expansions.set(
      key,
      vocabulary.filter((token) => withinEditDistance(f.token, token, f.distance)),
    );
  }
  return expansions;
}

function toExpr(node: QueryNode, expansions: ReadonlyMap<string, string[]>): SearchExpr {
  switch (node.kind) {
    case "term":
      if (node.fuzzy > 0) return { kind: "anyOf", tokens: expansions.get(`${node.fuzzy}:${node.token}`) ?? [] };
      return { kind: "term", token: node.token, prefix: node.wildcard };
    case "phrase":
      return { kind: "phrase", tokens: node.tokens, proximity: node.proximity, prefixLast: node.prefixLast };
    case "and":
    case "or":
      return { kind: node.kind, children: node.children.map((c) => toExpr(c, expansions)) };
  }
}

/** Parsed trees as full-text expressions of the tenant (fuzzy words expanded through its vocabulary). */
export async function toSearchExprs(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  nodes: readonly QueryNode[],
): Promise<SearchExpr[]> {
  const expansions = await fuzzyExpansions(deps, businessProfileId, nodes);
  return nodes.map((node) => toExpr(node, expansions));
}

/** An ad hoc boolean query: undefined when blank; a 400 with the first fault when it does not lint. */
export async function searchExprOfQuery(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  text: string,
): Promise<SearchExpr | undefined> {
  const { ast, errors } = parseQuery(text);
  if (errors.length) throw queryFaultError(errors[0]!);
  if (!ast) return undefined;
  return (await toSearchExprs(deps, businessProfileId, [ast]))[0];
}

async function groupCondition(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  type: "must" | "must-not",
  group: CompiledGroup,
): Promise<GroupCondition> {
  const values: GroupValueCondition[] = [];
  if (group.queries.length) {
    const exprs = await toSearchExprs(deps, businessProfileId, group.queries);
    values.push({ kind: "text", expr: exprs.length === 1 ? exprs[0]! : { kind: "or", children: exprs } });
  }
  if (group.labels.size) values.push({ kind: "labels", ids: [...group.labels] });
  if (group.topics.size) values.push({ kind: "topics", ids: [...group.topics] });
  if (group.networks.size) values.push({ kind: "networks", values: [...group.networks] });
  if (group.languages.size) values.push({ kind: "languages", values: [...group.languages] });
  if (group.countries.size) values.push({ kind: "countries", values: [...group.countries] });
  if (group.sentiments.size) values.push({ kind: "sentiment", values: [...group.sentiments] });
  if (group.authors.size) values.push({ kind: "authors", ids: [...group.authors] });
  return { type, values };
}

/** A compiled definition as SQL-side group conditions (what the percolator evaluates, for the database). */
export async function groupConditionsOf(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  compiled: CompiledDefinition,
): Promise<GroupCondition[]> {
  return Promise.all([
    ...compiled.must.map((g) => groupCondition(deps, businessProfileId, "must", g)),
    ...compiled.mustNot.map((g) => groupCondition(deps, businessProfileId, "must-not", g)),
  ]);
}

/**
 * An unsaved search's groups (context type 6): null when the definition can match nothing (no must group
 * of keywords); a 400 naming the first fault of a keywords value that does not lint.
 */
export async function groupConditionsOfGroups(
  deps: Pick<ServiceDeps, "db">,
  businessProfileId: number,
  groups: QueryGroup[],
): Promise<GroupCondition[] | null> {
  const { compiled, errors } = compileDefinition(groups);
  if (errors.length) throw queryFaultError(errors[0]!);
  if (!compiled) return null;
  return groupConditionsOf(deps, businessProfileId, compiled);
}
