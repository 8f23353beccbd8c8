// The API's answers as the web client hands them over (camelCase), for the channels screens.
import type { NetworkId } from "../../../domain/networks";
import type { CategoryFlags, StreamCategory, StreamSource } from "../../../domain/streams";

export interface StreamHealth {
  itemsCount: number;
  lastItemAt: string | null;
  lastSuccessAt: string | null;
  lastError: string | null;
  lastErrorAt: string | null;
  consecutiveFailures: number;
  nextPollAt: string | null;
}

export interface ApiStream {
  id: number;
  name: string;
  socialType: NetworkId;
  category: StreamCategory;
  source: StreamSource;
  config: { feedUrl?: string; intervalSeconds?: number; businessName?: string; appId?: string; country?: string; replyUrl?: string };
  pinned: boolean;
  flags: CategoryFlags;
  /** Null for those who do not manage channels. */
  ingestKey: string | null;
  webhook: {
    integrationName: string;
    uuid: string;
    url: string;
    secret: string | null;
    signatureHelp: string | null;
  } | null;
  health: StreamHealth;
  createdAt: string;
}

export interface ImportLineError {
  position: number;
  externalId?: string;
  message: string;
}

/** POST /v1/streams/{id}/imports: what one upload did. */
export interface ImportSummary {
  id: number;
  status: string;
  lines: number;
  bytesRead: number;
  accepted: number;
  duplicates: number;
  rejected: number;
  errors: ImportLineError[];
}

/** GET /v1/streams/{id}/imports: the same, with the file and the time. */
export interface ImportRecord extends ImportSummary {
  fileName: string | null;
  createdAt: string;
}

export interface ApiStatus {
  id: number;
  socialType: string;
  title: string | null;
  description: string;
  postUrl: string | null;
  language: string;
  sentiment: number;
  sentimentDrivers: Array<{ term: string; weight: number }>;
  authorUsername: string;
  authorName: string | null;
  createdAt: string;
}

/** What the import form receives back, from the page's action (no JavaScript) or the upload route. */
export type ImportOutcome = { ok: true; summary: ImportSummary } | { ok: false; error: string };
