// Feed polling: a conditional GET of a user-supplied URL behind the SSRF guard, with manual redirects
// (each hop checked), a deadline over the whole exchange and a byte limit; never throws.
import type { IngestItemInput } from "../../domain/schemas/mention-input";
import { BodyTooLargeError, decodeBody, fetchRequester, nodeRequester, readBody, type Requester } from "./http";
import { FeedParseError, parseFeed, type FeedNetwork } from "./parse";
import { resolveTarget } from "./target";

export interface FeedState {
  etag?: string | null;
  lastModified?: string | null;
}

export type FeedFetchResult =
  | { status: "ok"; items: IngestItemInput[]; etag: string | null; lastModified: string | null; title: string | null }
  | { status: "not-modified" }
  | { status: "failed"; reason: string };

export interface FeedFetchOptions {
  /** Hosts ("host", "host:port", "*.example.com") exempt from the private-address refusal (FEED_ALLOWLIST). */
  allowHosts?: string[];
  /** Deadline for the whole exchange, redirects and body included (default 15 s). */
  timeoutMs?: number;
  /** Largest body accepted, after decompression (default 5 MB). */
  maxBytes?: number;
  /**
   * Send through this fetch instead of node:http. The guard then checks the target and the fetch resolves
   * it again on its own: a host that changes its DNS answer in between (DNS rebinding) could slip through,
   * which the default transport rules out by connecting to the checked addresses only.
   */
  fetchImpl?: typeof fetch;
  network: FeedNetwork;
  /** created_at of items without a date (default: now). */
  now?: Date;
}

const FEED_FETCH_DEFAULTS = {
  timeoutMs: 15_000,
  maxBytes: 5 * 1024 * 1024,
  maxRedirects: 5,
} as const;

const USER_AGENT = "Earshot feed reader";
const ACCEPT =
  "application/rss+xml, application/atom+xml, application/rdf+xml;q=0.9, application/xml;q=0.8, text/xml;q=0.8, */*;q=0.1";
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export async function fetchFeed(url: string, state: FeedState, options: FeedFetchOptions): Promise<FeedFetchResult> {
  const timeoutMs = options.timeoutMs ?? FEED_FETCH_DEFAULTS.timeoutMs;
  const maxBytes = options.maxBytes ?? FEED_FETCH_DEFAULTS.maxBytes;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new FeedTimeoutError()), timeoutMs);
  try {
    return await exchange(url, state, options, controller.signal, maxBytes);
  } catch (error) {
    const timedOut =
      controller.signal.aborted && !(error instanceof FeedParseError || error instanceof BodyTooLargeError);
    return { status: "failed", reason: timedOut ? timeoutReason(timeoutMs) : describeFailure(error, maxBytes) };
  } finally {
    clearTimeout(timer);
  }
}

class FeedTimeoutError extends Error {
  constructor() {
    super("timeout");
    this.name = "FeedTimeoutError";
  }
}

async function exchange(
  url: string,
  state: FeedState,
  options: FeedFetchOptions,
  signal: AbortSignal,
  maxBytes: number,
): Promise<FeedFetchResult> {
  const requester: Requester = options.fetchImpl ? fetchRequester(options.fetchImpl) : nodeRequester;
  const headers: Record<string, string> = { "user-agent": USER_AGENT, accept: ACCEPT };
  if (state.etag) headers["if-none-match"] = state.etag;
  if (state.lastModified) headers["if-modified-since"] = state.lastModified;

  let current: URL;
  try {
    current = new URL(url.trim());
  } catch {
    return { status: "failed", reason: "The feed address is not a valid URL" };
  }

  for (let hop = 0; ; hop++) {
    const target = await untilAborted(resolveTarget(current, options.allowHosts ?? []), signal);
    if (!target.ok) return { status: "failed", reason: target.reason };

    const response = await requester({ url: current, headers, signal, addresses: target.addresses });
    if (REDIRECTS.has(response.status)) {
      response.discard();
      if (hop >= FEED_FETCH_DEFAULTS.maxRedirects) {
        return { status: "failed", reason: `The feed redirected more than ${FEED_FETCH_DEFAULTS.maxRedirects} times` };
      }
      const location = response.headers.get("location");
      if (!location)
        return { status: "failed", reason: `The feed answered HTTP ${response.status} without a Location` };
      try {
        current = new URL(location, current);
      } catch {
        return { status: "failed", reason: "The feed redirected to an invalid address" };
      }
      continue;
    }
    if (response.status === 304) {
      response.discard();
      return { status: "not-modified" };
    }
    if (response.status < 200 || response.status > 299) {
      response.discard();
      const text = response.statusText ? ` ${response.statusText}` : "";
      return { status: "failed", reason: `The feed answered HTTP ${response.status}${text}` };
    }

    const bytes = await readBody(response, maxBytes);
    const parsed = parseFeed(decodeBody(bytes, response.headers.get("content-type")), options.network, {
      baseUrl: current.href,
      now: options.now,
    });
    return {
      status: "ok",
      items: parsed.items,
      etag: response.headers.get("etag"),
      lastModified: response.headers.get("last-modified"),
      title: parsed.title,
    };
  }
}

/** A promise that rejects with the signal's reason once it aborts (DNS lookups cannot be cancelled). */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

function formatBytes(bytes: number): string {
  if (bytes >= 1024 * 1024 && bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MB`;
  if (bytes >= 1024 && bytes % 1024 === 0) return `${bytes / 1024} KB`;
  return `${bytes} bytes`;
}

/** The first error code along the cause chain (ECONNREFUSED, CERT_HAS_EXPIRED…), else the innermost message. */
function errorCode(error: unknown): string {
  let message = error instanceof Error ? error.message : String(error);
  for (let e = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === "string") return code;
    if (e instanceof Error && e.message) message = e.message;
  }
  return message;
}

function timeoutReason(timeoutMs: number): string {
  return `The feed timed out (no complete answer within ${Math.round(timeoutMs / 100) / 10} s)`;
}

function describeFailure(error: unknown, maxBytes: number): string {
  if (error instanceof FeedParseError) return error.message;
  if (error instanceof BodyTooLargeError) return `The feed is too large (more than ${formatBytes(maxBytes)})`;
  return `The feed could not be reached (${errorCode(error)})`;
}

export const MAX_POLL_DELAY_MS = 6 * 60 * 60 * 1000;

/**
 * Delay before the next poll of a feed: its interval, doubled for each consecutive failure, at most 6 hours
 * (or the interval itself when that is longer). Deterministic: no jitter. An unusable interval counts as 60 s.
 */
export function nextPollDelayMs(intervalSeconds: number, consecutiveFailures: number): number {
  const interval = Number.isFinite(intervalSeconds) && intervalSeconds > 0 ? intervalSeconds * 1000 : 60_000;
  const failures = Number.isFinite(consecutiveFailures)
    ? Math.min(Math.max(Math.floor(consecutiveFailures), 0), 32)
    : 0;
  return Math.round(Math.min(interval * 2 ** failures, Math.max(interval, MAX_POLL_DELAY_MS)));
}
