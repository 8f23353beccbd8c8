// What every review client shares: the errors, a bounded JSON GET, paging with `since`, and the last
// step of the mapping (lengths cut to the ingest contract, dates as ISO).
import { createHash } from "node:crypto";
import * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { INGEST_LIMITS, type IngestItemInput } from "../../domain/schemas/mention-input";
import { BodyTooLargeError, decodeBody, fromFetchResponse, readBody } from "../feeds/http";
import { collapseWhitespace, truncate } from "../feeds/html-text";

export type ReviewNetwork = "trustpilot" | "googlePlay" | "ios" | "steam";

export interface ReviewSourceConfig {
  network: ReviewNetwork;
  /** Trustpilot: the business's domain as Trustpilot names it ("example.com"). */
  businessName?: string;
  /** App Store: the numeric app id ("id" prefix allowed); Google Play: the package name; Steam: the appid. */
  appId?: string;
  /** App Store storefront and Google Play country, two letters (default "us"). */
  country?: string;
}

export interface FetchReviewsOptions {
  /** Only reviews created at or after this instant (ISO); paging stops at the first older one. */
  since?: string | null;
  /** Pages to read at most (each platform has its own default and ceiling). */
  maxPages?: number;
}

export interface ReviewClient {
  /** Checks that the business or app exists; throws ReviewSourceAuthError when it does not. */
  validate(config: ReviewSourceConfig): Promise<void>;
  /** Newest reviews first (and the business's public replies to them, as agent replies). */
  fetchReviews(config: ReviewSourceConfig, options?: FetchReviewsOptions): Promise<IngestItemInput[]>;
}

export interface ReviewClientOptions {
  baseUrls?: Partial<Record<ReviewNetwork, string>>;
  fetchImpl?: typeof fetch;
  /** Per request (default 15 s). */
  timeoutMs?: number;
  /** Largest answer accepted per request (default 5 MB). */
  maxBytes?: number;
  /** Trustpilot's public API wants an API key (sent as the apikey header). */
  trustpilotApiKey?: string;
}

/**
 * The connection failure users see (spec wording). The canonical copy lives in the message catalogue,
 * MESSAGES.reviewAuthFailed; this is the same string.
 */
export const REVIEW_AUTH_FAILED_MESSAGE: string = MESSAGES.reviewAuthFailed;

/** The business or app is unknown to the platform (or the platform refused us): the user must fix the source. */
export class ReviewSourceAuthError extends Error {
  /** What exactly failed, for logs; never shown. */
  readonly detail: string | undefined;
  constructor(detail?: string) {
    super(REVIEW_AUTH_FAILED_MESSAGE);
    this.name = "ReviewSourceAuthError";
    this.detail = detail;
  }
}

/** The platform failed or answered something unusable (network, 5xx, rate limit, garbage): retry later. */
export class ReviewSourceError extends Error {
  readonly network: ReviewNetwork;
  readonly status: number | undefined;
  constructor(network: ReviewNetwork, message: string, status?: number) {
    super(message);
    this.name = "ReviewSourceError";
    this.network = network;
    this.status = status;
  }
}

const PLATFORM_NAMES: Readonly<Record<ReviewNetwork, string>> = {
  trustpilot: "Trustpilot",
  googlePlay: "Google Play",
  ios: "The App Store",
  steam: "Steam",
};

export interface Http {
  network: ReviewNetwork;
  fetchImpl: typeof fetch;
  timeoutMs: number;
  maxBytes: number;
}

export interface JsonAnswer {
  status: number;
  /** The parsed body, or undefined when it is not JSON. */
  json: unknown;
  contentType: string;
  /** The body was empty (or only whitespace). */
  empty: boolean;
}

/** GET a JSON document; network failures, timeouts and oversized answers become ReviewSourceError. */
export async function getJson(http: Http, url: string, headers: Record<string, string> = {}): Promise<JsonAnswer> {
  const name = PLATFORM_NAMES[http.network];
  const signal = AbortSignal.timeout(http.timeoutMs);
  try {
    const response = await http.fetchImpl(url, {
      headers: { accept: "application/json", "user-agent": "Earshot review reader", ...headers },
      signal,
    });
    const bytes = await readBody(fromFetchResponse(response), http.maxBytes);
    const contentType = response.headers.get("content-type") ?? "";
    const text = decodeBody(bytes, contentType);
    let json: unknown;
    try {
      json = text.trim() === "" ? undefined : JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: response.status, json, contentType, empty: text.trim() === "" };
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      throw new ReviewSourceError(http.network, `${name} answered more than ${http.maxBytes} bytes`);
    }
    if (signal.aborted)
      throw new ReviewSourceError(http.network, `${name} did not answer within ${http.timeoutMs / 1000} s`);
    throw new ReviewSourceError(http.network, `${name} could not be reached (${errorCode(error)})`);
  }
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

/** A 2xx JSON answer's body; anything else becomes a ReviewSourceError that says what came instead. */
export function expectJson(http: Http, answer: JsonAnswer): unknown {
  const name = PLATFORM_NAMES[http.network];
  if (answer.status === 429) throw new ReviewSourceError(http.network, `${name} is rate limiting us (HTTP 429)`, 429);
  if (answer.status < 200 || answer.status > 299) {
    throw new ReviewSourceError(http.network, `${name} answered HTTP ${answer.status}`, answer.status);
  }
  if (answer.json === undefined) {
    const type = answer.contentType.split(";")[0].trim() || "no content type";
    throw new ReviewSourceError(http.network, `${name} answered something that is not JSON (${type})`, answer.status);
  }
  return answer.json;
}

/** Parses with a zod schema; a mismatch is a ReviewSourceError naming the first unexpected field. */
export function expectShape<T extends z.ZodType>(http: Http, schema: T, value: unknown): z.output<T> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue.path.length ? issue.path.join(".") : "the document";
  throw new ReviewSourceError(
    http.network,
    `${PLATFORM_NAMES[http.network]} answered an unexpected shape (${where}: ${issue.message})`,
  );
}

/**
 * Entries of a page, each parsed on its own: a malformed entry is skipped, but a page whose entries are
 * all malformed is an unexpected answer.
 */
export function parseEntries<T extends z.ZodType>(http: Http, schema: T, entries: unknown[]): z.output<T>[] {
  const parsed: z.output<T>[] = [];
  let firstError: z.ZodError | undefined;
  for (const entry of entries) {
    const result = schema.safeParse(entry);
    if (result.success) parsed.push(result.data);
    else firstError ??= result.error;
  }
  if (entries.length > 0 && parsed.length === 0 && firstError) expectShape(http, schema, entries[0]);
  return parsed;
}

export const nonEmpty = z.string().trim().min(1);
export const idString = z.union([z.string().trim().min(1), z.number().int()]).transform(String);

/** One review with the agent replies that belong to it; `since` applies to the review. */
interface ReviewGroup {
  review: IngestItemInput;
  replies: IngestItemInput[];
}

export interface Page<C> {
  groups: ReviewGroup[];
  /** What to ask for the next page; null: this was the last. */
  next: C | null;
}

/**
 * Reads pages newest first until one is empty, the platform says it was the last, a review older than
 * `since` shows up, or maxPages were read. Items repeated across pages (new reviews shift them) are kept once.
 */
export async function collectPages<C>(
  first: C,
  maxPages: number,
  since: string | null | undefined,
  fetchPage: (cursor: C, pageIndex: number) => Promise<Page<C>>,
): Promise<IngestItemInput[]> {
  const sinceTime = since ? Date.parse(since) : NaN;
  const items: IngestItemInput[] = [];
  const seen = new Set<string>();
  let cursor: C | null = first;
  for (let index = 0; cursor !== null && index < maxPages; index++) {
    const page: Page<C> = await fetchPage(cursor, index);
    let reachedSince = false;
    for (const group of page.groups) {
      if (Date.parse(group.review.created_at) < sinceTime) {
        reachedSince = true;
        continue;
      }
      for (const item of [group.review, ...group.replies]) {
        if (seen.has(item.external_id)) continue;
        seen.add(item.external_id);
        items.push(item);
      }
    }
    if (page.groups.length === 0 || reachedSince) break;
    cursor = page.next;
  }
  return items;
}

export function pageLimit(requested: number | undefined, fallback: number, ceiling: number): number {
  if (requested === undefined || !Number.isFinite(requested)) return fallback;
  return Math.max(1, Math.min(Math.floor(requested), ceiling));
}

/** An ISO instant from an ISO / RFC 3339 string or Unix seconds; undefined when unreadable. */
export function isoDate(value: string | number | null | undefined): string | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const time = typeof value === "number" ? value * 1000 : Date.parse(value);
  if (!Number.isFinite(time)) return undefined;
  const date = new Date(time);
  const year = date.getUTCFullYear();
  return year >= 1970 && year <= 9999 ? date.toISOString() : undefined;
}

/** Review text as the platforms give it (plain, with line breaks): whitespace tidied, cut to the contract. */
export function reviewText(value: string | null | undefined): string {
  return truncate(collapseWhitespace(value ?? ""), INGEST_LIMITS.textMax);
}

export function reviewTitle(value: string | null | undefined): string | undefined {
  const text = collapseWhitespace(value ?? "").replace(/\n/g, " ");
  return text ? truncate(text, INGEST_LIMITS.titleMax) : undefined;
}

export function boundedUrl(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    if (url.protocol !== "http:" && url.protocol !== "https:") return undefined;
    return url.href.length <= INGEST_LIMITS.urlMax ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function username(value: string | null | undefined, fallback: string): string {
  const name = collapseWhitespace(value ?? "").replace(/\n/g, " ");
  return truncate(name || fallback, 200);
}

/** Two-letter country code, upper case, or undefined. */
export function countryCode(value: string | null | undefined): string | undefined {
  return value && /^[A-Za-z]{2}$/.test(value.trim()) ? value.trim().toUpperCase() : undefined;
}

/** Two-letter language code from "en", "en-US", "pt_BR"; undefined otherwise. */
export function languageCode(value: string | null | undefined): string | undefined {
  const m = /^([A-Za-z]{2})(?:[-_][A-Za-z0-9-]*)?$/.exec(value?.trim() ?? "");
  return m ? m[1].toLowerCase() : undefined;
}

export function starRating(value: number | string | null | undefined): number | undefined {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 1 && n <= 5 ? n : undefined;
}

export function count(value: number | string | null | undefined): number {
  const n = typeof value === "string" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n > 0 ? Math.floor(n) : 0;
}

export function withoutUndefined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}

/** The business's public answer to a review, as an agent reply to it. */
export function agentReply(
  network: ReviewNetwork,
  review: IngestItemInput,
  text: string | null | undefined,
  createdAt: string | undefined,
  author: string,
): IngestItemInput[] {
  const body = reviewText(text);
  if (!body) return [];
  return [
    withoutUndefined<IngestItemInput>({
      network,
      external_id: boundedId(`${review.external_id}:reply`),
      kind: "reply",
      text: body,
      url: review.url,
      created_at: createdAt ?? review.created_at,
      language: review.language,
      author: { username: username(author, PLATFORM_NAMES[network]) },
      parent_external_id: review.external_id,
      is_agent_reply: true,
    }),
  ];
}

/** An id within the contract's length; longer ones are hashed (a cut could collide). */
export function boundedId(value: string): string {
  return value.length <= INGEST_LIMITS.externalIdMax
    ? value
    : `sha256:${createHash("sha256").update(value).digest("hex")}`;
}
