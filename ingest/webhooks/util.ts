import { createHash } from "node:crypto";
import { INGEST_LIMITS, IngestItemSchema, type IngestItemInput } from "../../domain/schemas/mention-input";
import { truncate } from "./text";
import { WebhookPayloadError, type WebhookDelivery, type WebhookIntegration } from "./types";

export type Json = Record<string, unknown>;

export function isRecord(value: unknown): value is Json {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** The object at value, or undefined. */
export function rec(value: unknown): Json | undefined {
  return isRecord(value) ? value : undefined;
}

/** The array at value, or []. */
export function list(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

/** A non-blank string (trimmed); finite numbers become strings too, since ids arrive as either. */
export function str(value: unknown): string | undefined {
  if (typeof value === "string") {
    const trimmed = value.trim();
    return trimmed === "" ? undefined : trimmed;
  }
  if (typeof value === "number" && Number.isFinite(value)) return String(value);
  if (typeof value === "bigint") return value.toString();
  return undefined;
}

/** A string as written (not trimmed), for bodies; undefined unless a string. */
export function rawStr(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** A finite, non-negative number (numeric strings too), or undefined. */
export function count(value: unknown): number | undefined {
  const n = typeof value === "string" && value.trim() !== "" ? Number(value) : value;
  return typeof n === "number" && Number.isFinite(n) && n >= 0 ? Math.floor(n) : undefined;
}

export function bool(value: unknown): boolean | undefined {
  if (typeof value === "boolean") return value;
  if (value === "true") return true;
  if (value === "false") return false;
  return undefined;
}

export function firstStr(...values: unknown[]): string | undefined {
  for (const value of values) {
    const s = str(value);
    if (s !== undefined) return s;
  }
  return undefined;
}

export function header(delivery: WebhookDelivery | undefined, name: string): string | undefined {
  return str(delivery?.headers.get(name) ?? undefined);
}

const ISO_LIKE =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d+))?)?)?\s*(Z|UTC|GMT|[+-]\d{2}(?::?\d{2})?)?$/i;

function fromEpoch(n: number): Date | undefined {
  if (!Number.isFinite(n) || n <= 0) return undefined;
  // Seconds up to the year 33658; anything larger is milliseconds.
  return new Date(n >= 1e12 ? n : n * 1000);
}

/**
 * A date from the shapes webhooks send: epoch seconds or milliseconds (numbers or digit strings), ISO 8601 with or
 * without an offset (none means UTC; "2025-09-03 12:56:17.000000000 +0000" works too), or RFC 2822 with a zone.
 */
export function parseDate(value: unknown): Date | undefined {
  let date: Date | undefined;
  if (typeof value === "number") date = fromEpoch(value);
  else if (typeof value === "string") {
    const s = value.trim();
    if (/^\d+(?:\.\d+)?$/.test(s)) date = fromEpoch(Number(s));
    else {
      const m = ISO_LIKE.exec(s);
      if (m) {
        const [, y, mo, d, h = "00", mi = "00", sec = "00", frac = "", zone = "Z"] = m;
        let offset = zone.toUpperCase();
        if (offset === "UTC" || offset === "GMT") offset = "Z";
        else if (offset !== "Z") {
          const digits = offset.slice(1).replace(":", "");
          offset = `${offset[0]}${digits.slice(0, 2)}:${(digits.slice(2) || "00").padEnd(2, "0")}`;
        }
        const ms = frac ? `.${frac.slice(0, 3).padEnd(3, "0")}` : "";
        date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${sec}${ms}${offset}`);
      } else if (/(?:\b(?:GMT|UTC)|[+-]\d{4}|Z)$/.test(s)) {
        date = new Date(s);
      }
    }
  }
  return date !== undefined && !Number.isNaN(date.getTime()) ? date : undefined;
}

/** ISO 8601 (UTC, with its "Z" offset) of the first readable date, or undefined. */
export function isoDate(...values: unknown[]): string | undefined {
  for (const value of values) {
    const date = parseDate(value);
    if (date) return date.toISOString();
  }
  return undefined;
}

export function shortHash(text: string): string {
  return createHash("sha256").update(text).digest("hex").slice(0, 24);
}

/** An external id within INGEST_LIMITS.externalIdMax; longer ones keep a prefix and gain a hash of the whole. */
function clampId(id: string): string {
  return id.length <= INGEST_LIMITS.externalIdMax ? id : `${id.slice(0, 150)}~${shortHash(id)}`;
}

/**
 * A link safe to keep: http(s) URLs, protocol-relative ones (made https) and root-relative paths (joined to base when
 * one is known, kept relative otherwise). Anything else (javascript:, data:, mailto:, junk) is dropped.
 */
export function safeUrl(url: string | undefined, base?: string): string | undefined {
  const u = url?.trim();
  if (!u || /[\s<>"]/.test(u)) return undefined;
  if (/^https?:\/\/[^/]/i.test(u)) return u;
  if (u.startsWith("//")) return `https:${u}`;
  if (u.startsWith("/")) {
    if (base === undefined) return u;
    try {
      return new URL(u, base).toString();
    } catch {
      return u;
    }
  }
  return undefined;
}

function clampUrl(url: string | undefined): string | undefined {
  const safe = safeUrl(url);
  return safe !== undefined && safe.length <= INGEST_LIMITS.urlMax ? safe : undefined;
}

function clampName(name: string | undefined): string | undefined {
  return name === undefined ? undefined : truncate(name, 200);
}

export interface AuthorFields {
  id?: string;
  username?: string;
  name?: string;
  email?: string;
  photoUrl?: string;
  profileUrl?: string;
}

export interface ItemFields {
  externalId: string;
  kind: NonNullable<IngestItemInput["kind"]>;
  title?: string;
  text: string;
  url?: string;
  createdAt: string;
  author: AuthorFields;
  parentExternalId?: string;
  isAgentReply?: boolean;
  rating?: number;
  likes?: number;
  comments?: number;
  views?: number;
  language?: string;
}

/** One item in the ingest contract's shape, with every field cut to its limit (URLs too long to keep are dropped). */
export function buildItem(network: WebhookIntegration, f: ItemFields): IngestItemInput {
  const username = firstStr(f.author.username, f.author.name, f.author.email) ?? "unknown";
  const author: IngestItemInput["author"] = { username: truncate(username, 200) };
  const name = clampName(firstStr(f.author.name));
  if (name !== undefined && name !== author.username) author.name = name;
  if (f.author.id !== undefined) author.external_id = clampId(f.author.id);
  const photo = clampUrl(firstStr(f.author.photoUrl));
  if (photo !== undefined) author.photo_url = photo;
  const profile = clampUrl(firstStr(f.author.profileUrl));
  if (profile !== undefined) author.profile_url = profile;

  const item: IngestItemInput = {
    network,
    external_id: clampId(f.externalId),
    kind: f.kind,
    text: truncate(f.text, INGEST_LIMITS.textMax),
    created_at: f.createdAt,
    author,
    is_agent_reply: f.isAgentReply ?? false,
  };
  const title = firstStr(f.title);
  if (title !== undefined) item.title = truncate(title.replace(/\s+/g, " "), INGEST_LIMITS.titleMax);
  const url = clampUrl(firstStr(f.url));
  if (url !== undefined) item.url = url;
  if (f.parentExternalId !== undefined) item.parent_external_id = clampId(f.parentExternalId);
  if (f.rating !== undefined && f.rating >= 1 && f.rating <= 5) item.rating = f.rating;
  if (f.likes !== undefined) item.likes = f.likes;
  if (f.comments !== undefined) item.comments = f.comments;
  if (f.views !== undefined) item.views = f.views;
  const language = firstStr(f.language);
  if (language !== undefined && language.length <= 8) item.language = language;
  return item;
}

/** Checks every mapped item against the ingest contract, so a mapper bug surfaces as a clear payload error. */
export function checked(integration: WebhookIntegration, items: IngestItemInput[]): IngestItemInput[] {
  for (const item of items) {
    const result = IngestItemSchema.safeParse(item);
    if (!result.success) {
      const problems = result.error.issues.map((issue) => `${issue.path.join(".") || "item"}: ${issue.message}`);
      throw new WebhookPayloadError(
        `${integration}: item ${item.external_id} does not fit the ingest contract (${problems.join("; ")})`,
      );
    }
  }
  return items;
}

/** The payload as an object, or a WebhookPayloadError naming the integration. */
export function payloadObject(integration: WebhookIntegration, payload: unknown): Json {
  if (!isRecord(payload)) {
    throw new WebhookPayloadError(`${integration}: the payload must be a JSON object, got ${describe(payload)}`);
  }
  return payload;
}

export function describe(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "object" ? "an object" : `a ${typeof value}`;
}

/** Adds https:// to a bare host path such as Zendesk's {{ticket.url}} ("acme.zendesk.com/agent/tickets/1"). */
export function absoluteUrl(url: string | undefined): string | undefined {
  if (url === undefined) return undefined;
  if (/^https?:\/\//i.test(url)) return url;
  if (/^[a-z0-9.-]+\.[a-z]{2,}(?:[/:?#]|$)/i.test(url)) return `https://${url}`;
  return undefined;
}

/** An ISO 639-1 code from a locale such as "en", "en-US" or "pt_BR", or undefined. */
export function languageCode(value: unknown): string | undefined {
  const s = str(value);
  const m = s === undefined ? null : /^([a-z]{2})(?:[-_][A-Za-z0-9]{2,8})?$/i.exec(s);
  return m ? m[1].toLowerCase() : undefined;
}
