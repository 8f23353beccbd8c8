// The percolator's matching (ADR 012, ADR 032): a tenant's saved searches and topics compiled once, with an
// index of anchor tokens (every match of a definition needs one of them) that picks, per mention, the few
// definitions worth evaluating, so the cost grows with the matches rather than with the number of
// definitions. Ingestion (ingest/percolate.ts) and the re-matching of stored mentions (./backfill.ts) share it.
import { matchesDefinition, type CompiledDefinition, type IndexedDoc, type MentionFacts } from "../../domain/query";
import type { PercolatorDefinition } from "../mentions/ports";
import { compileOne } from "./compile";

export interface AnchorEntry {
  contextType: number;
  contextId: number;
  definition: CompiledDefinition;
}

/** Definitions of one kind (topics, saved searches, rules) with their anchor index. */
export class AnchorIndex {
  readonly entries: AnchorEntry[] = [];
  private readonly exact = new Map<string, number[]>();
  private readonly prefixes = new Map<string, number[]>();
  /** Distinct prefix lengths (UTF-16 units), ascending. */
  private prefixLengths: number[] = [];
  /** Definitions without anchors (fuzzy-only words): always candidates. */
  private readonly unanchored: number[] = [];
  private stamps = new Uint32Array(0);
  private stamp = 0;

  add(entry: AnchorEntry): void {
    const at = this.entries.push(entry) - 1;
    const anchors = entry.definition.anchors;
    if (!anchors) {
      this.unanchored.push(at);
      return;
    }
    for (const token of new Set(anchors.tokens)) push(this.exact, token, at);
    for (const prefix of new Set(anchors.prefixes)) push(this.prefixes, prefix, at);
  }

  seal(): void {
    this.prefixLengths = [...new Set([...this.prefixes.keys()].map((p) => p.length))].sort((a, b) => a - b);
    this.stamps = new Uint32Array(this.entries.length);
  }

  get size(): number {
    return this.entries.length;
  }

  /** The entries one of whose anchors the mention holds, plus the unanchored ones (no duplicates). */
  candidates(doc: IndexedDoc): number[] {
    const out = [...this.unanchored];
    if (this.exact.size === 0 && this.prefixes.size === 0) return out;
    if (++this.stamp === 0xffffffff) {
      this.stamps.fill(0);
      this.stamp = 1;
    }
    const stamp = this.stamp;
    const take = (list: number[] | undefined) => {
      if (!list) return;
      for (const at of list) {
        if (this.stamps[at] === stamp) continue;
        this.stamps[at] = stamp;
        out.push(at);
      }
    };
    const lengths = this.prefixLengths;
    for (const token of doc.positions.keys()) {
      take(this.exact.get(token));
      for (let i = 0; i < lengths.length && lengths[i]! <= token.length; i++) {
        take(this.prefixes.get(lengths[i] === token.length ? token : token.slice(0, lengths[i])));
      }
    }
    return out;
  }
}

function push(map: Map<string, number[]>, key: string, value: number): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** A tenant's compiled definitions: topics are matched first, so `topics` groups of searches see them. */
export interface Percolator {
  topics: AnchorIndex;
  searches: AnchorIndex;
}

export function compilePercolator(items: readonly PercolatorDefinition[]): Percolator {
  const percolator: Percolator = { topics: new AnchorIndex(), searches: new AnchorIndex() };
  for (const item of items) {
    const compiled = compileOne(item);
    // A definition that does not compile (it was saved before a rule changed) matches nothing.
    if (!compiled) continue;
    (item.contextType === 2 ? percolator.topics : percolator.searches).add({
      contextType: item.contextType,
      contextId: item.contextId,
      definition: compiled,
    });
  }
  percolator.topics.seal();
  percolator.searches.seal();
  return percolator;
}

/** The matched [context type, id] pairs of one mention, topics first. */
export function percolate(percolator: Percolator, facts: MentionFacts): Array<[number, number]> {
  const matches: Array<[number, number]> = [];
  let topicIds: number[] | null = null;
  if (percolator.topics.size) {
    for (const at of percolator.topics.candidates(facts.tokens)) {
      const entry = percolator.topics.entries[at]!;
      if (matchesDefinition(entry.definition, facts)) {
        (topicIds ??= []).push(entry.contextId);
        matches.push([entry.contextType, entry.contextId]);
      }
    }
  }
  if (percolator.searches.size) {
    const withTopics = topicIds ? { ...facts, topicIds } : facts;
    for (const at of percolator.searches.candidates(facts.tokens)) {
      const entry = percolator.searches.entries[at]!;
      if (matchesDefinition(entry.definition, withTopics)) matches.push([entry.contextType, entry.contextId]);
    }
  }
  return matches;
}

