// The ingest ports the server wires into the services (services/mentions/ports.ts): the enrichment
// pipeline and the connectors, configured from the environment.
import type { IngestPorts } from "../services/mentions/ports";
import { checkTargetAllowed, fetchFeed, nextPollDelayMs } from "./feeds";
import { EXAMPLE_CSV, parseCsv, parseNdjson } from "./import";
import { createParallelEnricher } from "./parallel-enricher";
import { createEnrichmentPipeline } from "./pipeline";
import type { PipelineStep } from "./pipeline-step";
import { reviewClient, type ReviewNetwork } from "./reviews";
import { webhookAdapter } from "./webhooks";

export interface IngestPortOptions {
  /** Hosts the feed poller may reach despite the private-address guard (FEED_ALLOWLIST). */
  feedAllowlist?: string[];
  /** Review platform base URLs (REVIEW_BASE_URLS), e.g. a Google Play scraper service or a replay server. */
  reviewBaseUrls?: Partial<Record<ReviewNetwork, string>>;
  trustpilotApiKey?: string;
  steps?: readonly PipelineStep[];
  fetchTimeoutMs?: number;
  /** Enrich on a worker thread (the server and benchmarks); tests enrich in-thread. */
  enrichInWorker?: boolean;
}

export function createIngestPorts(options: IngestPortOptions = {}): IngestPorts {
  const allowHosts = options.feedAllowlist ?? [];
  const clientOptions = {
    baseUrls: options.reviewBaseUrls ?? {},
    ...(options.trustpilotApiKey ? { trustpilotApiKey: options.trustpilotApiKey } : {}),
    ...(options.fetchTimeoutMs ? { timeoutMs: options.fetchTimeoutMs } : {}),
  };
  const parallel = options.enrichInWorker && !options.steps ? createParallelEnricher() : null;
  return {
    enricher: parallel ?? createEnrichmentPipeline(options.steps),
    close: async () => {
      await parallel?.close();
    },
    webhookAdapter,
    fetchFeed: (url, state, network) =>
      fetchFeed(url, state, {
        allowHosts,
        network,
        ...(options.fetchTimeoutMs ? { timeoutMs: options.fetchTimeoutMs } : {}),
      }),
    checkFeedTarget: (url) => checkTargetAllowed(url, allowHosts),
    nextPollDelayMs,
    validateReviewSource: (config) => reviewClient(config.network, clientOptions).validate(config),
    fetchReviews: (config, since) => reviewClient(config.network, clientOptions).fetchReviews(config, { since }),
    parseImport: (format, body) => (format === "csv" ? parseCsv(body) : parseNdjson(body)),
    exampleCsv: EXAMPLE_CSV,
  };
}
