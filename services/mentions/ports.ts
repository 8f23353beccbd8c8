import type { IngestItem, IngestItemInput } from "../../domain/schemas/mention-input";
import type { NetworkId } from "../../domain/networks";
import type { QueryGroup } from "../../domain/query";
import type { RuleDefinition } from "../rules/match";

// What the use cases need from ingest/ (connectors and the enrichment pipeline). services/ may not
// import ingest/ (docs/architecture.md layers), so ingest/ implements these ports and the server wires them in.

export interface SentimentDriver {
  term: string;
  weight: number;
}

export interface ExclusionRule {
  textToExclude: string;
  replaceWith: string;
  /** Empty = every language / network. */
  languages: readonly string[];
  socialTypes: readonly string[];
}

/**
 * A saved definition the percolator applies at ingestion (ADR 012): a saved search item (context type 1,
 * its must / must-not groups) or a topic (context type 2, its boolean query or, when empty, its keywords).
 * Plain data: it crosses to the enrichment worker, which compiles it.
 */
export type PercolatorDefinition =
  | { contextType: 1; contextId: number; groups: QueryGroup[] }
  | { contextType: 2; contextId: number; topic: { query: string | null; keywords: string[] } };

/**
 * The tenant's definitions under a version that changes whenever they do, so compiled forms can be
 * cached by it. `items` may be left out when the receiver already holds this version (the worker).
 */
export interface TenantDefinitions {
  version: string;
  items?: readonly PercolatorDefinition[];
}

/** What the pipeline knows of a tenant while enriching one batch. */
export interface TenantEnrichmentContext {
  businessProfileId: number;
  exclusions: readonly ExclusionRule[];
  mutedKeywords: readonly string[];
  /** Saved searches and topics to percolate against; absent = none. */
  definitions?: TenantDefinitions;
  /**
   * Identity ids of the batch's authors already stored, by `${network}:${author external id}` (only
   * loaded when a definition filters on authors; a new author cannot be named by one).
   */
  identityIds?: Readonly<Record<string, number>>;
  /** The stream the batch arrived in (rules may watch streams). */
  streamId?: number;
  /** The tenant's rules that run, in order, under a version that changes with them; absent = none (ADR 031). */
  rules?: TenantRules;
}

/** Rules as the pipeline's rules step reads them (plain data: they cross to the enrichment worker). */
export interface TenantRules {
  version: string;
  items: readonly RuleDefinition[];
}

/** The key of `TenantEnrichmentContext.identityIds`. */
export function authorKey(network: string, authorExternalId: string): string {
  return `${network}:${authorExternalId}`;
}

export type NetworkedItem = IngestItem & { network: NetworkId };

export interface EnrichedMention {
  item: NetworkedItem;
  language: string;
  sentiment: -1 | 0 | 1;
  sentimentScore: number;
  sentimentDrivers: SentimentDriver[];
  keywords: string[];
  totalEngagements: number;
  reach: number;
  impactScore: number;
  muted: boolean;
  /** The mention's tokens (title, then text), as the full-text index stores them (ADR 012). */
  searchTokens: string[];
  /** The saved searches (1) and topics (2) it matched: [context type, context id]. */
  matches: Array<[number, number]>;
  /** The rules that act on it, in the order they run (ADR 031). */
  ruleIds: number[];
}

/** The enrichment pipeline: named steps run over a batch, in order. */
export interface MentionEnricher {
  readonly stepNames: readonly string[];
  enrich(items: readonly NetworkedItem[], context: TenantEnrichmentContext): EnrichedMention[] | Promise<EnrichedMention[]>;
  /** Sentiment of one text, after exclusions (the exclusion screen's preview). */
  explain(text: string, language: string | undefined, context: TenantEnrichmentContext, network: NetworkId): Pick<EnrichedMention, "language" | "sentiment" | "sentimentScore" | "sentimentDrivers">;
}

export interface WebhookDelivery {
  headers: Headers;
  rawBody: Uint8Array;
}

interface WebhookAdapterPort {
  integration: string;
  signatureHelp: string | null;
  verify(delivery: WebhookDelivery, secret: string): { ok: true } | { ok: false; reason: string };
  /** The signed timestamp, for integrations whose signature covers one (null when unreadable). */
  signedAt?(delivery: WebhookDelivery): Date | null;
  deliveryId(delivery: WebhookDelivery, payload: unknown): string | null;
  map(payload: unknown, delivery?: WebhookDelivery): IngestItemInput[];
  /** An immediate answer some integrations expect (Discord's PING), instead of the usual summary. */
  respond?(payload: unknown): unknown | undefined;
}

type FeedFetchResult =
  | { status: "ok"; items: IngestItemInput[]; etag: string | null; lastModified: string | null; title: string | null }
  | { status: "not-modified" }
  | { status: "failed"; reason: string };

export interface ReviewSourceConfig {
  network: "trustpilot" | "googlePlay" | "ios" | "steam";
  businessName?: string;
  appId?: string;
  country?: string;
}

type ImportRecord = { line: number; value: Record<string, unknown> } | { line: number; error: string };

export interface IngestPorts {
  enricher: MentionEnricher;
  webhookAdapter(integration: string): WebhookAdapterPort | undefined;
  fetchFeed(url: string, state: { etag?: string | null; lastModified?: string | null }, network: "article" | "webreview"): Promise<FeedFetchResult>;
  checkFeedTarget(url: string): Promise<{ ok: true } | { ok: false; reason: string }>;
  nextPollDelayMs(intervalSeconds: number, consecutiveFailures: number): number;
  /** Throws an error whose name is "ReviewSourceAuthError" when the platform rejects the name or id. */
  validateReviewSource(config: ReviewSourceConfig): Promise<void>;
  fetchReviews(config: ReviewSourceConfig, since: string | null): Promise<IngestItemInput[]>;
  parseImport(format: "csv" | "ndjson", body: AsyncIterable<Uint8Array>): AsyncIterable<ImportRecord>;
  exampleCsv: string;
  /** Stops background threads (the server's shutdown). */
  close?(): Promise<void>;
}
