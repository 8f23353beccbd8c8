// RSS 2.0 (and 0.9x), RSS 1.0 / 0.90 (RDF) and Atom 1.0 (and 0.3) to IngestItemInput, for the "article"
// and "webreview" streams. Everything a feed says as HTML (descriptions, content:encoded, Atom type="html"
// and "xhtml") becomes plain text; see html-text.ts. What a feed says as text (RSS titles, Atom
// type="text") stays as written: a title "History of the &lt;blink&gt; tag" keeps its "<blink>".
// Where an RSS item has no element of its own, Dublin Core (dc:title, dc:description, dc:creator) and
// iTunes (itunes:summary) say it; Atom 0.3 content in mode="base64" is decoded.
import { createHash } from "node:crypto";
import { INGEST_LIMITS, type IngestItemInput } from "../../domain/schemas/mention-input";
import { parseFeedDate } from "./dates";
import { collapseWhitespace, decodeEntities, htmlToText, truncate } from "./html-text";
import {
  attribute,
  child,
  childrenNamed,
  elements,
  innerXml,
  NS,
  parseXml,
  textContent,
  XmlSyntaxError,
  type XmlElement,
} from "./xml-tree";

export type FeedNetwork = "article" | "webreview";

export type FeedParseErrorCode = "empty" | "html" | "invalid-xml" | "not-a-feed";

/** The answer is not a feed; the message is the reason shown to the user. */
export class FeedParseError extends Error {
  readonly code: FeedParseErrorCode;
  constructor(code: FeedParseErrorCode, message: string) {
    super(message);
    this.name = "FeedParseError";
    this.code = code;
  }
}

export const FEED_MESSAGES = {
  empty: "The feed answered an empty document",
  html: "The feed answered HTML, not RSS or Atom",
  invalidXml: (detail: string) => `The feed is not valid XML: ${detail}`,
  notAFeed: (root: string) => `The feed is XML but neither RSS nor Atom (its root element is <${root}>)`,
} as const;

export interface ParseFeedOptions {
  /** The feed's own URL: resolves relative links and is the author fallback's host. */
  baseUrl?: string;
  /** created_at of items without a readable date (default: the current time). */
  now?: Date;
}

export interface ParsedFeed {
  title: string | null;
  items: IngestItemInput[];
}

/** One entry as every format reads it, before it becomes an IngestItemInput. */
interface Draft {
  id: string;
  link: string;
  title: string;
  text: string;
  date: string;
  author: string;
  authorUrl: string;
  language: string;
  rating: number | undefined;
  comments: number | undefined;
}

interface FeedContext {
  title: string;
  language: string;
  author: string;
  base: string | undefined;
}

const RSS1 = [NS.rss1, NS.rss090] as const;
const ATOM03 = "http://purl.org/atom/ns#";
const ATOM = [NS.atom, ATOM03] as const;
const THREAD = "http://purl.org/syndication/thread/1.0";

export function parseFeed(xml: string, network: FeedNetwork, options: ParseFeedOptions = {}): ParsedFeed {
  // Whitespace before the XML declaration is an error for XML, but common in feeds.
  const text = xml.replace(/^\uFEFF/, "").trimStart();
  if (text.trim() === "") throw new FeedParseError("empty", FEED_MESSAGES.empty);
  if (startsLikeHtml(text)) throw new FeedParseError("html", FEED_MESSAGES.html);

  let root: XmlElement;
  try {
    root = parseLeniently(text);
  } catch (error) {
    if (mentionsHtml(text)) throw new FeedParseError("html", FEED_MESSAGES.html);
    const detail = error instanceof XmlSyntaxError ? error.message : String(error);
    throw new FeedParseError("invalid-xml", FEED_MESSAGES.invalidXml(detail));
  }

  let feed: { context: FeedContext; drafts: Draft[] };
  if (root.local === "rss") feed = readRss(root, options.baseUrl);
  else if (root.local === "feed" && (ATOM as readonly string[]).includes(root.uri))
    feed = readAtom(root, options.baseUrl);
  else if (root.local === "RDF" && root.uri === NS.rdf) feed = readRdf(root, options.baseUrl);
  else if (root.local.toLowerCase() === "html") throw new FeedParseError("html", FEED_MESSAGES.html);
  else throw new FeedParseError("not-a-feed", FEED_MESSAGES.notAFeed(root.name));

  const now = options.now ?? new Date();
  const seen = new Set<string>();
  const items: IngestItemInput[] = [];
  for (const draft of feed.drafts) {
    const item = toItem(draft, feed.context, network, now);
    if (seen.has(item.external_id)) continue;
    seen.add(item.external_id);
    items.push(item);
  }
  return { title: feed.context.title || null, items };
}

// ── Detection ──────────────────────────────────────────────────────────────────────────────────────

function startsLikeHtml(text: string): boolean {
  const head = text
    .slice(0, 4096)
    .replace(/^\s*<\?xml[^>]*\?>/i, "")
    .replace(/^(?:\s*<!--[\s\S]*?-->)*/, "")
    .trimStart();
  return /^<!doctype\s+html\b/i.test(head) || /^<html[\s>]/i.test(head);
}

function mentionsHtml(text: string): boolean {
  const head = text.slice(0, 4096);
  return /<(?:html|head|body)[\s>]/i.test(head) && !/<(?:rss|feed|rdf:RDF)[\s>]/i.test(head);
}

/**
 * Strict XML first; when that fails, once more with bare ampersands ("AT&T", "?a=1&b=2") escaped outside
 * CDATA sections, the commonest way feeds break XML. Anything else stays an error.
 */
function parseLeniently(text: string): XmlElement {
  try {
    return parseXml(text);
  } catch (error) {
    const repaired = escapeBareAmpersands(text);
    if (repaired === text) throw error;
    try {
      return parseXml(repaired);
    } catch {
      throw error;
    }
  }
}

const BARE_AMPERSAND = /&(?![A-Za-z][A-Za-z0-9]*;|#[0-9]+;|#x[0-9A-Fa-f]+;)/g;

function escapeBareAmpersands(text: string): string {
  let out = "";
  let from = 0;
  for (;;) {
    const open = text.indexOf("<![CDATA[", from);
    const end = open === -1 ? -1 : text.indexOf("]]>", open);
    if (open === -1 || end === -1) return out + text.slice(from).replace(BARE_AMPERSAND, "&amp;");
    out += text.slice(from, open).replace(BARE_AMPERSAND, "&amp;") + text.slice(open, end + 3);
    from = end + 3;
  }
}

// ── RSS 2.0 / 0.9x ─────────────────────────────────────────────────────────────────────────────────

function readRss(root: XmlElement, baseUrl: string | undefined) {
  // No namespace, or the one some RSS 2.0 feeds declared (http://backend.userland.com/rss2).
  const NO_NS = [root.uri];
  const channel = child(root, NO_NS, "channel") ?? root;
  const context: FeedContext = {
    title: plainTitle(textOf(channel, NO_NS, "title") || textOf(channel, [NS.dc], "title")),
    language: textOf(channel, NO_NS, "language") || textOf(channel, [NS.dc], "language") || xmlLang(root),
    author: personName(textOf(channel, [NS.dc], "creator") || textOf(channel, NO_NS, "managingEditor")),
    base: resolveBase(attribute(channel, "base", NS.xml) ?? attribute(root, "base", NS.xml), baseUrl),
  };
  // RSS 0.9x allowed items beside the channel.
  const items = [
    ...childrenNamed(channel, NO_NS, "item"),
    ...(channel === root ? [] : childrenNamed(root, NO_NS, "item")),
  ];
  const drafts = items.map((item): Draft => {
    const guidElement = child(item, NO_NS, "guid");
    const guid = guidElement ? textContent(guidElement).trim() : "";
    let link = textOf(item, NO_NS, "link") || atomLink(item, context.base);
    if (!link && guidElement && attribute(guidElement, "isPermaLink") !== "false" && /^https?:\/\//i.test(guid))
      link = guid;
    return {
      id: guid,
      link,
      title: plainTitle(textOf(item, NO_NS, "title") || textOf(item, [NS.dc], "title")),
      text: htmlToText(
        textOf(item, [NS.content], "encoded") ||
          textOf(item, NO_NS, "description") ||
          textOf(item, [NS.dc], "description") ||
          textOf(item, [NS.itunes], "summary"),
      ),
      date:
        textOf(item, NO_NS, "pubDate") ||
        textOf(item, [NS.dc], "date") ||
        textOf(item, [NS.atom], "published") ||
        textOf(item, [NS.atom], "updated"),
      author: personName(
        textOf(item, [NS.dc], "creator") || textOf(item, NO_NS, "author") || textOf(item, [NS.itunes], "author"),
      ),
      authorUrl: "",
      language: textOf(item, [NS.dc], "language") || xmlLang(item),
      rating: readRating(item, channel),
      comments: readCount(textOf(item, [NS.slash], "comments")),
    };
  });
  return { context, drafts };
}

// ── RSS 1.0 / 0.90 (RDF) ───────────────────────────────────────────────────────────────────────────

function readRdf(root: XmlElement, baseUrl: string | undefined) {
  const channel = child(root, RSS1, "channel");
  const context: FeedContext = {
    title: channel ? plainTitle(textOf(channel, RSS1, "title") || textOf(channel, [NS.dc], "title")) : "",
    language: (channel && textOf(channel, [NS.dc], "language")) || xmlLang(root),
    author: channel ? personName(textOf(channel, [NS.dc], "creator") || textOf(channel, [NS.dc], "publisher")) : "",
    base: resolveBase(attribute(root, "base", NS.xml), baseUrl),
  };
  // RSS 1.0 puts items beside the channel; some generators nest them in it.
  const items = [...childrenNamed(root, RSS1, "item"), ...(channel ? childrenNamed(channel, RSS1, "item") : [])];
  const drafts = items.map((item): Draft => ({
    id: attribute(item, "about", NS.rdf)?.trim() ?? "",
    link: textOf(item, RSS1, "link"),
    title: plainTitle(textOf(item, RSS1, "title") || textOf(item, [NS.dc], "title")),
    text: htmlToText(
      textOf(item, [NS.content], "encoded") || textOf(item, RSS1, "description") || textOf(item, [NS.dc], "description"),
    ),
    date: textOf(item, [NS.dc], "date"),
    author: personName(textOf(item, [NS.dc], "creator")),
    authorUrl: "",
    language: textOf(item, [NS.dc], "language") || xmlLang(item),
    rating: readRating(item, channel),
    comments: readCount(textOf(item, [NS.slash], "comments")),
  }));
  return { context, drafts };
}

// ── Atom 1.0 / 0.3 ─────────────────────────────────────────────────────────────────────────────────

function readAtom(root: XmlElement, baseUrl: string | undefined) {
  const base = resolveBase(attribute(root, "base", NS.xml), baseUrl);
  const feedAuthor = child(root, ATOM, "author");
  const context: FeedContext = {
    title: atomText(child(root, ATOM, "title")),
    language: xmlLang(root),
    author: feedAuthor ? textOf(feedAuthor, ATOM, "name") : "",
    base,
  };
  const drafts = childrenNamed(root, ATOM, "entry").map((entry): Draft => {
    const entryBase = resolveBase(attribute(entry, "base", NS.xml), base);
    const source = child(entry, ATOM, "source");
    const author = child(entry, ATOM, "author") ?? (source && child(source, ATOM, "author"));
    const content = child(entry, ATOM, "content");
    const body = content && !attribute(content, "src") ? atomText(content) : "";
    return {
      id: textOf(entry, ATOM, "id"),
      link: atomLink(entry, entryBase),
      title: atomText(child(entry, ATOM, "title")),
      text: body || atomText(child(entry, ATOM, "summary")),
      date:
        textOf(entry, ATOM, "published") ||
        textOf(entry, ATOM, "issued") ||
        textOf(entry, ATOM, "created") ||
        textOf(entry, ATOM, "updated") ||
        textOf(entry, ATOM, "modified") ||
        textOf(entry, [NS.dc], "date"),
      author:
        (author ? textOf(author, ATOM, "name") || textOf(author, ATOM, "email") : "") ||
        personName(textOf(entry, [NS.dc], "creator")),
      authorUrl: author ? resolveUrl(textOf(author, ATOM, "uri"), entryBase) : "",
      language: xmlLang(entry) || (content ? xmlLang(content) : ""),
      rating: readRating(entry, root),
      comments: readCount(textOf(entry, [THREAD], "total") || textOf(entry, [NS.slash], "comments")),
    };
  });
  return { context, drafts };
}

/**
 * An Atom text construct as plain text, by its type: "text" (and other text/* types) as written, "html"
 * and "xhtml" without their markup; Atom 0.3's mode="escaped" is HTML, its mode="base64" is decoded
 * first and then read by its type. Other media types (an image, a PDF) have no text to take.
 */
function atomText(element: XmlElement | undefined): string {
  if (!element) return "";
  const type = (attribute(element, "type") ?? "text").toLowerCase().split(";")[0].trim();
  const mode = attribute(element, "mode");
  const isHtml = type === "html" || type === "text/html";
  const isXhtml = type === "xhtml" || type === "application/xhtml+xml";
  const isText = type === "text" || type.startsWith("text/");
  if (mode === "base64") {
    if (!isHtml && !isXhtml && !isText) return "";
    const decoded = decodeBase64Text(textContent(element));
    return isHtml || isXhtml ? htmlToText(decoded) : collapseWhitespace(decoded);
  }
  if (isXhtml) {
    const div = elements(element).find((e) => e.local === "div");
    return htmlToText(innerXml(div ?? element));
  }
  if (isHtml || mode === "escaped") return htmlToText(textContent(element));
  // Plain text is literal: "&lt;b&gt;" in it is the text "<b>", not markup (RFC 4287, 3.1.1.1).
  if (isText) return collapseWhitespace(textContent(element));
  return ""; // base64 (Atom 1.0 says so by any other media type) or XML of another kind: no text to take
}

/** UTF-8 text from base64 (line breaks and spaces allowed); "" when it is not base64 or not UTF-8 text. */
function decodeBase64Text(value: string): string {
  const compact = value.replace(/\s+/g, "");
  if (!/^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/.test(compact)) return "";
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(Buffer.from(compact, "base64"));
  } catch {
    return "";
  }
}

/**
 * An RSS title as plain text: titles are text, so an escaped tag in one ("History of the &lt;blink&gt;
 * tag") is words, not markup. Entities are decoded once more, as many feeds escape their titles twice
 * ("Tom &amp;amp; Jerry").
 */
function plainTitle(value: string): string {
  return collapseWhitespace(decodeEntities(value));
}

/** The alternate (HTML) link of an Atom entry, or of an RSS item that carries atom:link. */
function atomLink(element: XmlElement, base: string | undefined): string {
  const links = childrenNamed(element, ATOM, "link").filter((l) => {
    const rel = attribute(l, "rel") ?? "alternate";
    return rel === "alternate" || rel === "http://www.iana.org/assignments/relation/alternate";
  });
  const best = links.find((l) => /html/i.test(attribute(l, "type") ?? "text/html")) ?? links[0];
  if (!best) return "";
  return resolveUrl(attribute(best, "href") ?? "", resolveBase(attribute(best, "base", NS.xml), base));
}

// ── Extensions ─────────────────────────────────────────────────────────────────────────────────────

const NOT_REVIEW_RATINGS = new Set<string>([NS.media, NS.itunes]);

/**
 * A 1–5 star rating from the review extensions feeds use: RDF Review (rev:rating, with rev:minRating /
 * rev:maxRating), Google Data (gd:rating value/min/max), or a plain <rating> (any other namespace) with
 * optional max/best attributes. Other scales are brought to 5 stars; media:rating (an audience rating) is
 * not a review rating.
 */
function readRating(item: XmlElement, feed: XmlElement | undefined): number | undefined {
  const rev = child(item, [NS.rev], "rating");
  if (rev) {
    const scale = (local: string) =>
      Number(textOf(item, [NS.rev], local) || (feed ? textOf(feed, [NS.rev], local) : ""));
    return normaliseRating(Number(textContent(rev)), scale("minRating"), scale("maxRating"));
  }
  const gd = child(item, [NS.gd], "rating");
  if (gd) {
    return normaliseRating(
      Number(attribute(gd, "value") ?? attribute(gd, "average")),
      Number(attribute(gd, "min")),
      Number(attribute(gd, "max")),
    );
  }
  const plain = elements(item).find(
    (e) => /^(rating|stars|reviewRating)$/.test(e.local) && !NOT_REVIEW_RATINGS.has(e.uri),
  );
  if (plain) {
    const max = attribute(plain, "max") ?? attribute(plain, "best") ?? attribute(plain, "bestRating");
    const min = attribute(plain, "min") ?? attribute(plain, "worst") ?? attribute(plain, "worstRating");
    return normaliseRating(Number(textContent(plain).trim() || attribute(plain, "value")), Number(min), Number(max));
  }
  return undefined;
}

export function normaliseRating(value: number, min: number, max: number): number | undefined {
  if (!Number.isFinite(value)) return undefined;
  let stars: number;
  if (Number.isFinite(max) && max > 0) {
    // A scale starting at 1 or more maps linearly onto 1–5; one starting at 0 (or unsaid) is a fraction of 5.
    const low = Number.isFinite(min) && min >= 1 && min < max ? min : 0;
    stars = low >= 1 ? 1 + ((value - low) * 4) / (max - low) : (value / max) * 5;
  } else if (value <= 5) stars = value;
  else if (value <= 10) stars = value / 2;
  else if (value <= 100) stars = value / 20;
  else return undefined;
  if (!Number.isFinite(stars)) return undefined;
  return Math.round(Math.min(5, Math.max(1, stars)) * 100) / 100;
}

function readCount(value: string): number | undefined {
  const n = Number(value);
  return value !== "" && Number.isInteger(n) && n >= 0 ? n : undefined;
}

// ── Shared mapping ─────────────────────────────────────────────────────────────────────────────────

function textOf(parent: XmlElement, uris: readonly string[], local: string): string {
  const element = child(parent, uris, local);
  return element ? textContent(element).trim() : "";
}

function xmlLang(element: XmlElement): string {
  return attribute(element, "lang", NS.xml) ?? "";
}

/** "jdoe@example.com (Jane Doe)" (RSS author) → "Jane Doe"; other names as they are. */
function personName(value: string): string {
  const text = collapseWhitespace(value).slice(0, 500);
  const inParens = /^\S+@\S+\s*\((.+)\)$/.exec(text);
  return inParens ? inParens[1].trim() : text;
}

/** A two-letter ISO 639-1 code from "en", "en-us", "EN_GB"; nothing for other shapes. */
function languageCode(value: string): string | undefined {
  const m = /^([A-Za-z]{2})(?:[-_][A-Za-z0-9-]*)?$/.exec(value.trim());
  return m ? m[1].toLowerCase() : undefined;
}

function resolveBase(base: string | undefined, parent: string | undefined): string | undefined {
  if (!base) return parent;
  try {
    return new URL(base, parent).href;
  } catch {
    return parent;
  }
}

/** An absolute http(s) URL, or "" (relative links resolved; javascript:, data: and the like dropped). */
function resolveUrl(value: string, base: string | undefined): string {
  const raw = value.trim();
  if (!raw) return "";
  try {
    const url = new URL(raw, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : "";
  } catch {
    return "";
  }
}

function hostOf(url: string | undefined): string {
  try {
    return url ? new URL(url).hostname : "";
  } catch {
    return "";
  }
}

const sha256 = (text: string) => createHash("sha256").update(text).digest("hex");

/** An external id within the contract's length: long ones are hashed rather than cut (cuts may collide). */
function boundedId(value: string): string {
  return value.length <= INGEST_LIMITS.externalIdMax ? value : `sha256:${sha256(value)}`;
}

function toItem(draft: Draft, feed: FeedContext, network: FeedNetwork, now: Date): IngestItemInput {
  const url = resolveUrl(draft.link, feed.base);
  const created = parseFeedDate(draft.date) ?? now;
  const fallbackId = `sha256:${sha256(`${draft.title}\n${draft.date}\n${draft.title || draft.date ? "" : draft.text}`)}`;
  const externalId = draft.id ? boundedId(draft.id) : url ? boundedId(url) : fallbackId;
  const title = draft.title ? truncate(draft.title, INGEST_LIMITS.titleMax) : undefined;
  const username = draft.author || feed.author || feed.title || hostOf(url) || hostOf(feed.base) || "unknown";
  const language = languageCode(draft.language) ?? languageCode(feed.language);

  const item: IngestItemInput = {
    network,
    external_id: externalId,
    kind: network === "webreview" ? "review" : "article",
    text: truncate(draft.text || draft.title, INGEST_LIMITS.textMax),
    created_at: created.toISOString(),
    author: { username: truncate(username, 200) },
  };
  if (title) item.title = title;
  if (url && url.length <= INGEST_LIMITS.urlMax) item.url = url;
  if (language) item.language = language;
  if (draft.authorUrl && draft.authorUrl.length <= INGEST_LIMITS.urlMax) item.author.profile_url = draft.authorUrl;
  if (network === "webreview" && draft.rating !== undefined) item.rating = draft.rating;
  if (draft.comments !== undefined) item.comments = draft.comments;
  return item;
}
