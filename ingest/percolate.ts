// The percolator (ADR 012): at ingestion, every mention is matched against every saved search and topic
// of its tenant, and the matched (context type, id) pairs are stored with it. It runs in the enrichment
// worker. Definitions arrive as plain data under a version and are compiled once per version; an index of
// anchor tokens (every match of a definition needs one of them) picks, per mention, the few definitions
// worth evaluating, so the cost grows with the matches rather than with the number of definitions.
import {
  indexDoc,
  matchesDefinition,
  tokenize,
  type CompiledDefinition,
  type IndexedDoc,
  type MentionFacts,
} from "../domain/query";
import {
  authorKey,
  type PercolatorDefinition,
  type TenantDefinitions,
  type TenantEnrichmentContext,
} from "../services/mentions/ports";
import { compileOne } from "../services/queries/compile";
import { searchableText } from "../services/queries/searchable";
import type { PipelineStep, WorkingMention } from "./pipeline-step";

interface Entry {
  contextType: number;
  contextId: number;
  definition: CompiledDefinition;
}

/** Definitions of one kind (topics, saved searches, rules) with their anchor index. */
export class AnchorIndex {
  readonly entries: Entry[] = [];
  private readonly exact = new Map<string, number[]>();
  private readonly prefixes = new Map<string, number[]>();
  /** Distinct prefix lengths (UTF-16 units), ascending. */
  private prefixLengths: number[] = [];
  /** Definitions without anchors (fuzzy-only words): always candidates. */
  private readonly unanchored: number[] = [];
  private stamps = new Uint32Array(0);
  private stamp = 0;

  add(entry: Entry): void {
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

// Compiled tenants by version. The enricher on the main thread sends a version's items only once to a
// worker and keeps a shorter list of what it sent (parallel-enricher.ts), so what it leaves out is here.
export const COMPILED_VERSIONS_KEPT = 64;
const compiled = new Map<string, Percolator>();

export function percolatorFor(definitions: TenantDefinitions): Percolator {
  const found = compiled.get(definitions.version);
  if (found) {
    if (definitions.items) {
      // Refresh its place: the sender counts it as just sent.
      compiled.delete(definitions.version);
      compiled.set(definitions.version, found);
    }
    return found;
  }
  if (!definitions.items) throw new Error(`The definitions ${definitions.version} were not received.`);
  const percolator = compilePercolator(definitions.items);
  compiled.set(definitions.version, percolator);
  while (compiled.size > COMPILED_VERSIONS_KEPT) compiled.delete(compiled.keys().next().value!);
  return percolator;
}

/** The matched [context type, id] pairs of one mention, topics first. */
function percolate(percolator: Percolator, facts: MentionFacts): Array<[number, number]> {
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

const NO_IDS: readonly number[] = [];

export function percolateBatch(batch: WorkingMention[], context: TenantEnrichmentContext): void {
  const percolator = context.definitions ? percolatorFor(context.definitions) : null;
  const active = percolator && (percolator.topics.size > 0 || percolator.searches.size > 0);
  for (const m of batch) {
    m.searchTokens = tokenize(searchableText(m.item.title, m.item.text));
    if (!active) continue;
    const author = m.item.author.external_id || m.item.author.username;
    m.matches = percolate(percolator, {
      tokens: indexDoc(m.searchTokens),
      socialType: m.item.network,
      language: m.language,
      country: m.item.author.country ?? "",
      sentiment: m.sentiment,
      identityId: context.identityIds?.[authorKey(m.item.network, author)] ?? null,
      labelIds: NO_IDS,
      topicIds: NO_IDS,
    });
  }
}

export const PERCOLATE_STEP: PipelineStep = { name: "percolate", run: percolateBatch };
