import type { Database } from "../db/client";
import type { Role } from "../domain/roles";
import type { Permissions } from "../domain/permissions";
import type { Mailer } from "./mail/mailer";
import type { IngestPorts } from "./mentions/ports";
import type { Translator } from "./translate";
import type { OutboundRegistry } from "./inbox/outbound-ports";
import type { EventBus } from "./events/bus";

/** How long a lease lasts unrenewed when JOB_LEASE_SECONDS is not set (ServiceDeps.leaseMs). */
export const DEFAULT_LEASE_MS = 60_000;

/** What every use case may depend on; built once by the server (or a test). */
export interface ServiceDeps {
  db: Database;
  now: () => Date;
  mailer: Mailer;
  settings: {
    publicUrl: string;
    productName: string;
  };
  /** Connectors and the enrichment pipeline (ingest/), wired by the server. */
  ingest?: IngestPorts;
  translator?: Translator;
  /** Outbound connectors for inbox replies and moderation actions (ADR 014); without it, all are manual. */
  outbound?: OutboundRegistry<ServiceDeps>;
  /**
   * Live events to the other server processes (ADR 043): notifications, new mentions, cache
   * invalidations. Without it (one process, tests) only this process's listeners hear them.
   */
  events?: EventBus;
  /** The helper chat's optional model and GIF search (issue 27, ADR 042); without them, neither is used. */
  helper?: HelperSettings;
  /**
   * How long work a process holds stays its own without a renewal (JOB_LEASE_SECONDS, ADR 043): a
   * background job's lease, a running import's heartbeat. DEFAULT_LEASE_MS when absent.
   */
  leaseMs?: number;
  /** Failures of work done after the answer was sent (background e-mail); logged by the server. */
  reportError?: (error: unknown) => void;
}

interface HelperSettings {
  /** An OpenAI-compatible server's base URL (HELPER_LLM_URL): POST {url}/v1/chat/completions with tools. */
  llmUrl?: string;
  llmModel?: string;
  /** How long the model may take before the built-in planner answers instead. */
  llmTimeoutMs?: number;
  /** The GIF search's key (GIF_API_KEY); without it there is no GIF search. */
  gifApiKey?: string;
  /** The GIF provider's base URL (GIF_API_BASE_URL, default https://tenor.googleapis.com): GET {base}/v2/search. */
  gifApiBaseUrl?: string;
}

/** The authenticated caller: every tenant-owned query is scoped by `businessProfileId`. */
export interface Actor {
  accountId: number;
  businessProfileId: number;
  role: Role;
  permissions: Permissions;
  sessionId: string;
  impersonatorAccountId: number | null;
}

export function isoNow(deps: Pick<ServiceDeps, "now">, offsetMs = 0): string {
  return new Date(deps.now().getTime() + offsetMs).toISOString();
}
