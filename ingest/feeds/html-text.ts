// HTML to plain text for feed bodies (RSS descriptions, Atom html content, escaped titles).
// Regex-based on purpose: feed HTML is small, often broken, and only its text matters. The result never
// keeps markup: tags are dropped (script/style with their content), entities decoded, whitespace collapsed
// within lines, block elements become line breaks, empty lines go.

const LATIN1 =
  "nbsp iexcl cent pound curren yen brvbar sect uml copy ordf laquo not shy reg macr deg plusmn sup2 sup3 acute micro " +
  "para middot cedil sup1 ordm raquo frac14 frac12 frac34 iquest Agrave Aacute Acirc Atilde Auml Aring AElig Ccedil " +
  "Egrave Eacute Ecirc Euml Igrave Iacute Icirc Iuml ETH Ntilde Ograve Oacute Ocirc Otilde Ouml times Oslash Ugrave " +
  "Uacute Ucirc Uuml Yacute THORN szlig agrave aacute acirc atilde auml aring aelig ccedil egrave eacute ecirc euml " +
  "igrave iacute icirc iuml eth ntilde ograve oacute ocirc otilde ouml divide oslash ugrave uacute ucirc uuml yacute " +
  "thorn yuml";
const GREEK =
  "Alpha Beta Gamma Delta Epsilon Zeta Eta Theta Iota Kappa Lambda Mu Nu Xi Omicron Pi Rho _ Sigma Tau Upsilon Phi Chi Psi Omega";

// prettier-ignore
const OTHERS: Record<string, number> = {
  quot: 34, amp: 38, apos: 39, lt: 60, gt: 62,
  OElig: 338, oelig: 339, Scaron: 352, scaron: 353, Yuml: 376, fnof: 402, circ: 710, tilde: 732,
  sigmaf: 962, thetasym: 977, upsih: 978, piv: 982,
  ensp: 8194, emsp: 8195, thinsp: 8201, zwnj: 8204, zwj: 8205, lrm: 8206, rlm: 8207,
  ndash: 8211, mdash: 8212, lsquo: 8216, rsquo: 8217, sbquo: 8218, ldquo: 8220, rdquo: 8221, bdquo: 8222,
  dagger: 8224, Dagger: 8225, bull: 8226, hellip: 8230, permil: 8240, prime: 8242, Prime: 8243,
  lsaquo: 8249, rsaquo: 8250, oline: 8254, frasl: 8260, euro: 8364, trade: 8482,
  larr: 8592, uarr: 8593, rarr: 8594, darr: 8595, harr: 8596, rArr: 8658, hArr: 8660,
  minus: 8722, le: 8804, ge: 8805, ne: 8800, asymp: 8776, infin: 8734,
  spades: 9824, clubs: 9827, hearts: 9829, diams: 9830, star: 9734, starf: 9733, check: 10003,
};

function buildEntities(): Record<string, string> {
  const table: Record<string, string> = {};
  LATIN1.split(" ").forEach((name, i) => (table[name] = String.fromCodePoint(160 + i)));
  GREEK.split(" ").forEach((name, i) => {
    if (name === "_") return;
    table[name] = String.fromCodePoint(913 + i);
    table[name.toLowerCase()] = String.fromCodePoint(945 + i);
  });
  for (const [name, code] of Object.entries(OTHERS)) table[name] = String.fromCodePoint(code);
  return table;
}

/** HTML named entities (HTML 4 set plus a few common HTML5 ones), name without & and ;. */
export const HTML_ENTITIES: Readonly<Record<string, string>> = Object.freeze(buildEntities());

// HTML's remapping of the C1 range in numeric references (&#150; is an en dash, as Windows-1252 has it).
// prettier-ignore
const C1_REMAP: Record<number, number> = {
  0x80: 0x20ac, 0x82: 0x201a, 0x83: 0x0192, 0x84: 0x201e, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021, 0x88: 0x02c6,
  0x89: 0x2030, 0x8a: 0x0160, 0x8b: 0x2039, 0x8c: 0x0152, 0x8e: 0x017d, 0x91: 0x2018, 0x92: 0x2019, 0x93: 0x201c,
  0x94: 0x201d, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02dc, 0x99: 0x2122, 0x9a: 0x0161, 0x9b: 0x203a,
  0x9c: 0x0153, 0x9e: 0x017e, 0x9f: 0x0178,
};

function fromCodePoint(code: number): string {
  if (C1_REMAP[code] !== undefined) return String.fromCodePoint(C1_REMAP[code]);
  if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return "\uFFFD";
  return String.fromCodePoint(code);
}

/** Decodes named (known ones) and numeric character references; unknown names stay as written. */
export function decodeEntities(text: string): string {
  if (!text.includes("&")) return text;
  return text.replace(/&(#[xX][0-9a-fA-F]{1,8}|#[0-9]{1,10}|[A-Za-z][A-Za-z0-9]{1,31});/g, (whole, ref: string) => {
    if (ref[0] === "#") {
      const hex = ref[1] === "x" || ref[1] === "X";
      return fromCodePoint(parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return Object.prototype.hasOwnProperty.call(HTML_ENTITIES, ref) ? HTML_ENTITIES[ref] : whole;
  });
}

const BLOCK_TAGS =
  "address|article|aside|blockquote|br|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|main|nav|ol|p|pre|section|table|tbody|td|tfoot|th|thead|tr|ul";
const DROPPED = "script|style|noscript|template|head|iframe|object|svg|math";
const DROPPED_OPEN = new RegExp(`<(${DROPPED})\\b[^<>]*>`, "gi");
const COMMENT = /<!--[\s\S]*?(?:-->|$)/g;
const CDATA = /<!\[CDATA\[([\s\S]*?)(?:\]\]>|$)/g;
// Every pattern stops at the next "<", so that broken input ("<a <a <a …", unclosed quotes) costs linear
// time rather than quadratic. Quoted attribute values may hold ">".
const ATTRIBUTES = `(?:[^<>"']|"[^"<]*"|'[^'<]*')*`;
// The name ends where whitespace or "/" starts the attributes: one way to split, so no backtracking blow-up.
const TAG = new RegExp(`<\\/?[A-Za-z][A-Za-z0-9:_.-]*(?:[\\s/]${ATTRIBUTES})?>`, "g");
const BLOCK_TAG = new RegExp(`<\\/?(?:${BLOCK_TAGS})\\b${ATTRIBUTES}>`, "gi");
const DECLARATION = /<[!?][^<>]*>/g;
// Markup left over after one pass means the source escaped its HTML twice (common in RSS descriptions).
const LOOKS_LIKE_MARKUP = new RegExp(
  `<\\/?(?:p|br|div|span|a|img|b|i|u|em|strong|ul|ol|li|h[1-6]|blockquote|table|tr|td|script|style|iframe|figure|font|center)\\b${ATTRIBUTES}>`,
  "i",
);
// C0 controls other than tab and newline, DEL, and the C1 range.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F]/g;

/** Removes script, style and similar elements with their content; an unclosed one runs to the end. */
function dropElements(html: string): string {
  const lower = html.toLowerCase();
  let out = "";
  let from = 0;
  DROPPED_OPEN.lastIndex = 0;
  for (let m = DROPPED_OPEN.exec(html); m; m = DROPPED_OPEN.exec(html)) {
    if (m.index < from) continue;
    out += html.slice(from, m.index) + " ";
    const close = lower.indexOf(`</${m[1].toLowerCase()}`, m.index + m[0].length);
    if (close === -1) return out;
    const end = html.indexOf(">", close);
    from = end === -1 ? html.length : end + 1;
    DROPPED_OPEN.lastIndex = from;
  }
  return out + html.slice(from);
}

function stripOnce(html: string): string {
  return decodeEntities(
    dropElements(html.replace(COMMENT, " ").replace(CDATA, "$1"))
      .replace(BLOCK_TAG, "\n")
      .replace(TAG, "")
      .replace(DECLARATION, ""),
  );
}

/** Collapses whitespace runs to one space within lines, trims lines and drops the empty ones. */
export function collapseWhitespace(text: string): string {
  return text
    .replace(CONTROL, "")
    .replace(/\r\n?|[\u2028\u2029]/g, "\n")
    .split("\n")
    .map((line) => line.replace(/[\s\u200b]+/g, " ").trim())
    .filter((line) => line !== "")
    .join("\n");
}

/** Plain text of an HTML fragment: no tags, entities decoded, whitespace collapsed. */
export function htmlToText(html: string): string {
  let text = stripOnce(html);
  if (LOOKS_LIKE_MARKUP.test(text)) text = stripOnce(text);
  return collapseWhitespace(text);
}

/** Cuts text to at most max UTF-16 units without splitting a surrogate pair; adds an ellipsis when cut. */
export function truncate(text: string, max: number): string {
  if (text.length <= max) return text;
  let end = max - 1;
  const code = text.charCodeAt(end - 1);
  if (code >= 0xd800 && code <= 0xdbff) end -= 1;
  return text.slice(0, end).trimEnd() + "…";
}
