// What a step of the enrichment pipeline (ingest/pipeline.ts) works on and how it is called; its own
// module so that steps living in their own files (ingest/percolate.ts) and the pipeline that lists them
// do not import each other.
import type { EnrichedMention, TenantEnrichmentContext } from "../services/mentions/ports";

export interface WorkingMention extends EnrichedMention {
  /** The text sentiment is scored on: the post after the tenant's exclusion words were applied. */
  scoringText: string;
}

export interface PipelineStep {
  name: string;
  run(batch: WorkingMention[], context: TenantEnrichmentContext): void;
}
