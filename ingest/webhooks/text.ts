// Plain text out of the HTML (and HTML-ish text) that support desks and forums put in webhook bodies. Every
// mention's text must be plain: markup is dropped, never escaped or kept, so what reaches the pipeline is inert.

const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  ensp: " ",
  emsp: " ",
  thinsp: " ",
  zwnj: "",
  zwj: "",
  shy: "",
  hellip: "…",
  mdash: "—",
  ndash: "–",
  minus: "−",
  lsquo: "‘",
  rsquo: "’",
  sbquo: "‚",
  ldquo: "“",
  rdquo: "”",
  bdquo: "„",
  laquo: "«",
  raquo: "»",
  lsaquo: "‹",
  rsaquo: "›",
  bull: "•",
  middot: "·",
  prime: "′",
  Prime: "″",
  dagger: "†",
  Dagger: "‡",
  permil: "‰",
  copy: "©",
  reg: "®",
  trade: "™",
  deg: "°",
  plusmn: "±",
  times: "×",
  divide: "÷",
  frac12: "½",
  frac14: "¼",
  frac34: "¾",
  sup1: "¹",
  sup2: "²",
  sup3: "³",
  micro: "µ",
  para: "¶",
  sect: "§",
  cent: "¢",
  pound: "£",
  yen: "¥",
  euro: "€",
  curren: "¤",
  iexcl: "¡",
  iquest: "¿",
  ordf: "ª",
  ordm: "º",
  not: "¬",
  macr: "¯",
  acute: "´",
  cedil: "¸",
  uml: "¨",
  larr: "←",
  rarr: "→",
  uarr: "↑",
  darr: "↓",
  harr: "↔",
  hearts: "♥",
  spades: "♠",
  clubs: "♣",
  diams: "♦",
  check: "✓",
  Agrave: "À",
  Aacute: "Á",
  Acirc: "Â",
  Atilde: "Ã",
  Auml: "Ä",
  Aring: "Å",
  AElig: "Æ",
  Ccedil: "Ç",
  Egrave: "È",
  Eacute: "É",
  Ecirc: "Ê",
  Euml: "Ë",
  Igrave: "Ì",
  Iacute: "Í",
  Icirc: "Î",
  Iuml: "Ï",
  ETH: "Ð",
  Ntilde: "Ñ",
  Ograve: "Ò",
  Oacute: "Ó",
  Ocirc: "Ô",
  Otilde: "Õ",
  Ouml: "Ö",
  Oslash: "Ø",
  Ugrave: "Ù",
  Uacute: "Ú",
  Ucirc: "Û",
  Uuml: "Ü",
  Yacute: "Ý",
  THORN: "Þ",
  szlig: "ß",
  agrave: "à",
  aacute: "á",
  acirc: "â",
  atilde: "ã",
  auml: "ä",
  aring: "å",
  aelig: "æ",
  ccedil: "ç",
  egrave: "è",
  eacute: "é",
  ecirc: "ê",
  euml: "ë",
  igrave: "ì",
  iacute: "í",
  icirc: "î",
  iuml: "ï",
  eth: "ð",
  ntilde: "ñ",
  ograve: "ò",
  oacute: "ó",
  ocirc: "ô",
  otilde: "õ",
  ouml: "ö",
  oslash: "ø",
  ugrave: "ù",
  uacute: "ú",
  ucirc: "û",
  uuml: "ü",
  yacute: "ý",
  thorn: "þ",
  yuml: "ÿ",
  OElig: "Œ",
  oelig: "œ",
  Scaron: "Š",
  scaron: "š",
  Yuml: "Ÿ",
};

/** Decodes named (common set) and numeric character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  return text.replace(
    /&(?:#(\d{1,8})|#[xX]([0-9a-fA-F]{1,7})|([A-Za-z][A-Za-z0-9]{1,31}));?/g,
    (whole, dec, hex, name) => {
      if (name !== undefined) {
        // Named references need their semicolon, except the few that browsers accept bare.
        const known = NAMED_ENTITIES[name as string];
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

/** Cuts text to max UTF-16 units (ending in an ellipsis), never splitting a surrogate pair. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let cut = text.slice(0, Math.max(0, max - 1));
  const last = cut.charCodeAt(cut.length - 1);
  if (last >= 0xd800 && last <= 0xdbff) cut = cut.slice(0, -1);
  return `${cut.trimEnd()}…`;
}
