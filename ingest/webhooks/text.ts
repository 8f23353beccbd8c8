// Plain text out of the HTML (and HTML-ish text) that support desks and forums put in webhook bodies. Every
// mention's text must be plain: markup is dropped, never escaped or kept, so what reaches the pipeline is inert.
// The entity table and the cut are the feed reader's (ingest/feeds/html-text.ts); the markup rules differ on
// purpose: desks and forums put emoji in <img alt>, lists and paragraphs a reply keeps.
import { HTML_ENTITIES, truncate } from "../feeds/html-text";

export { truncate };

/** Decodes named (common set) and numeric character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g,
    (whole, dec, hex, name) => {
      if (name !== undefined) {
        // Named references need their semicolon, except the few that browsers accept bare.
        const known = Object.prototype.hasOwnProperty.call(HTML_ENTITIES, name) ? HTML_ENTITIES[name as string] : undefined;
        if (known === undefined) return whole;
        if (!whole.endsWith(";") && !["amp", "lt", "gt", "quot", "nbsp"].includes(name as string)) return whole;
        return known;
      }
      const code = dec !== undefined ? Number.parseInt(dec as string, 10) : Number.parseInt(hex as string, 16);
      if (code === 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
      return String.fromCodePoint(code);
    },
  );
}

// Regexes below stay linear on hostile input: unquoted runs stop at the next '<' or '>', quoted attribute values are
// bounded, and inputs are capped at MAX_INPUT characters (the result is cut to INGEST_LIMITS.textMax anyway).
const MAX_INPUT = 1_000_000;
const ATTRS = `(?:[^<>"']|"[^"]{0,2000}"|'[^']{0,2000}')*`;
// Elements whose content is never text a person wrote (or is active content): dropped whole, unclosed ones to the end.
const DROPPED_ELEMENTS =
  /<(script|style|noscript|template|iframe|object|embed|svg|math|head|title|textarea|select)\b[^<>]*>[\s\S]*?(?:<\/\1\s*>|$)/gi;
const COMMENTS = /<!--[\s\S]*?(?:-->|$)|<!\[CDATA\[[\s\S]*?(?:\]\]>|$)|<![^<>]*>|<\?[^<>]*>/g;
// A start or end tag; quoted attribute values may hold '>'.
const TAG = new RegExp(`<\\/?[A-Za-z][A-Za-z0-9:-]*${ATTRS}>`, "g");
// What is left of a tag whose quotes do not pair up.
const LOOSE_TAG = /<\/?[A-Za-z][^<>]*>/g;
// A tag cut off by the end of the text.
const TRAILING_TAG = /<\/?[A-Za-z][^<>]*$/;
// A '<' that could still open a tag: a space after it keeps any HTML parser from reading one.
const TAG_OPENER = /<(?=[A-Za-z/!?])/g;
const IMG = new RegExp(`<img\\b${ATTRS}>`, "gi");
const BLOCK = new RegExp(
  `<\\/?(?:p|div|ul|ol|dl|dt|dd|h[1-6]|tr|table|thead|tbody|tfoot|blockquote|pre|section|article|header|footer|aside|nav|figure|figcaption|details|summary|address|hr|main)\\b${ATTRS}>`,
  "gi",
);
// Control characters other than tab and line feed (matching them is the point).
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;

function tidyLines(text: string): string {
  return text
    .split("\n")
    .map((line) => line.replace(/[ \t\u00A0]+/g, " ").trim())
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .trim();
}

function imageText(tag: string): string {
  // Keep the alt text of emoji images (Discourse and Vanilla render :smile: as <img class="emoji" alt=":smile:">).
  const alt = /\balt\s*=\s*(?:"([^"]*)"|'([^']*)')/i.exec(tag);
  const value = alt ? (alt[1] ?? alt[2] ?? "") : "";
  return /^:[\w+-]+:$/.test(value) || /^\p{Extended_Pictographic}/u.test(value) ? value : "";
}

/** HTML to plain text: drops scripts, styles and comments, turns blocks and <br> into line breaks, strips every tag, decodes entities. */
export function htmlToText(html: string): string {
  const text = html
    .slice(0, MAX_INPUT)
    .replace(COMMENTS, "")
    .replace(DROPPED_ELEMENTS, "")
    .replace(/[ \t\r\n\f]+/g, " ")
    .replace(IMG, imageText)
    .replace(/<br\b[^<>]*>/gi, "\n")
    .replace(/<li\b[^<>]*>/gi, "\n- ")
    .replace(/<\/(?:td|th)\s*>/gi, " ")
    .replace(BLOCK, "\n");
  // Escaped markup (&lt;script&gt;) decodes to markup again: strip that too, so no tag ever leaves here.
  return tidyLines(stripMarkup(decodeEntities(stripMarkup(text))).replace(CONTROL, ""));
}

function stripMarkup(text: string): string {
  return text
    .replace(COMMENTS, "")
    .replace(DROPPED_ELEMENTS, "")
    .replace(TAG, "")
    .replace(LOOSE_TAG, "")
    .replace(TRAILING_TAG, "")
    .replace(TAG_OPENER, "< ");
}

/**
 * Text a source declares plain (Discord content, Discourse raw Markdown, trigger placeholders): keeps line breaks and
 * entities as written, but still drops anything that looks like markup so no tag ever reaches a mention.
 */
export function plainText(text: string): string {
  return tidyLines(stripMarkup(text.slice(0, MAX_INPUT).replace(/\r\n?/g, "\n")).replace(CONTROL, ""));
}

/** True when the text carries HTML tags or character references. */
export function looksLikeHtml(text: string): boolean {
  return /<\/?[A-Za-z][A-Za-z0-9:-]*(?:\s[^<>]*)?\/?>/.test(text) || /&(?:#\d+|#x[0-9a-f]+|[a-z]+\d*);/i.test(text);
}

/** HTML or plain, whichever the text looks like. */
export function anyText(text: string): string {
  return looksLikeHtml(text) ? htmlToText(text) : plainText(text);
}
