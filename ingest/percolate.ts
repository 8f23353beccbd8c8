// The percolator (ADR 012): at ingestion, every mention is matched against every saved search and topic
// of its tenant, and the matched (context type, id) pairs are stored with it. It runs in the enrichment
// worker. Definitions arrive as plain data under a version and are compiled once per version; an index of
// anchor tokens (every match of a definition needs one of them) picks, per mention, the few definitions
// worth evaluating, so the cost grows with the matches rather than with the number of definitions.
import { indexDoc, tokenize } from "../domain/query";
import {
  authorKey,
  type TenantDefinitions,
  type TenantEnrichmentContext,
} from "../services/mentions/ports";
import { compilePercolator, percolate, type Percolator } from "../services/queries/percolator";
import { searchableText } from "../services/queries/searchable";
import type { PipelineStep, WorkingMention } from "./pipeline-step";

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
