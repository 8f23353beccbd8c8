// The shared scanner: one pass over the characters of the text (a hand-written loop over a lazily filled
// character-class table: much faster than one big regular expression), giving typed tokens. Words are
// lowercased (Turkish and Azerbaijani with their own dotted/dotless i), French and Italian elisions are split
// off ("l'appli" → "l'" + "appli"). Runs of scripts written without spaces (Han, kana, Hangul, Thai, Lao,
// Khmer, Myanmar) are kept whole by scan() and cut into words with Intl.Segmenter by scanWords(), which
// only keywords and tokenize() need (Intl.Segmenter is by far the most expensive step, see ADR 010).

type TokenKind =
  | "word" // a lowercased word, in any script
  | "elision" // a French/Italian elided article or pronoun: "l'", "d'", "un'"
  | "hashtag" // "#outage" (lowercased, with the sign)
  | "mention" // "@brand"
  | "url" // links and e-mail addresses
  | "number" // 42, 4.2, 10/10, 6pm, 60fps
  | "emoji" // one emoji cluster (modifiers, ZWJ sequences and flags kept whole)
  | "emoticon" // :) :-( <3 xD ^^
  | "punct" // one punctuation or symbol character; "\n" for a line break
  | "laugh" // jaja, hahaha, kkkk, mdr, rs, 555, www: counted apart from words
  | "cjk"; // an unsegmented run of Han, kana, Hangul, Thai... (scan() only; scanWords() segments it)

export interface Token {
  kind: TokenKind;
  /** lowercased for words, hashtags and mentions; as written otherwise */
  text: string;
  /** offset in the normalised text, for "cjk" runs */
  index?: number;
}

/** Elided articles and pronouns split off the word they are glued to (French, Italian, Catalan). */
const ELISIONS = new Set([
  "l'",
  "d'",
  "j'",
  "n'",
  "m'",
  "t'",
  "s'",
  "c'",
  "qu'",
  "jusqu'",
  "lorsqu'",
  "puisqu'",
  "quoiqu'",
  "un'",
  "dell'",
  "dall'",
  "nell'",
  "sull'",
  "all'",
  "coll'",
  "quest'",
  "quell'",
  "tutt'",
  "dov'",
  "com'",
  "cos'",
  "po'",
]);

const LAUGH =
  /^(?:(?:ja|je|ha|he|ah|eh|ja|ka|ks)[jhak]*(?:ja|je|ha|he|ah|eh)+h?|k{3,}|rs+|(?:rs){2,}|mdr+|ptdr+|lol+|lmao+|lmfao|rofl|xd+|5{3,}|w{2,}|ｗ+)$/;

// Full-width ASCII and half-width katakana (common in Japanese posts) are folded with NFKC; combining
// accents are composed with NFC so that "é" typed either way is one letter.
const NEEDS_NFKC = /[\uFF01-\uFF5E\uFF61-\uFF9F]/;
const NEEDS_NFC = /[\u0300-\u036F\u3099\u309A]/;

const NEEDS_NORMALIZATION = /[\u0300-\u036F\u3099\u309A\uFF01-\uFF5E\uFF61-\uFF9F]/;

export function normalizeText(text: string): string {
  if (!NEEDS_NORMALIZATION.test(text)) return text;
  if (NEEDS_NFKC.test(text)) return text.normalize("NFKC");
  if (NEEDS_NFC.test(text)) return text.normalize("NFC");
  return text;
}

// ---------------------------------------------------------------------------------------------------------
// Character classes.

const enum Class {
  Other = 0,
  Space,
  Newline,
  Letter, // letters and marks outside the segmented scripts
  Digit,
  Segmented, // Han, kana, Hangul, Thai, Lao, Khmer, Myanmar
  Punct, // punctuation and symbols (not emoji)
  Emoji,
  Unknown = 255,
}

const SEGMENTED_RE =
  /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}\p{sc=Thai}\p{sc=Lao}\p{sc=Khmer}\p{sc=Myanmar}ー々〆ヶ]/u;
const PICTOGRAPHIC_RE = /\p{Extended_Pictographic}/u;
const LETTER_RE = /[\p{L}\p{M}]/u;
const DIGIT_RE = /\p{N}/u;
const PUNCT_RE = /[\p{P}\p{S}]/u;
const SPACE_RE = /\s/u;

const BMP = new Uint8Array(0x10000).fill(Class.Unknown);

function computeClass(ch: string, code: number): Class {
  if (code === 10) return Class.Newline;
  if (SPACE_RE.test(ch)) return Class.Space;
  if (code === 0x200d || code === 0xfe0f || code === 0xfe0e || code === 0x20e3) return Class.Other;
  if ((code >= 0x3099 && code <= 0x309c) || SEGMENTED_RE.test(ch)) return Class.Segmented;
  if (code >= 0x2000 && code !== 0x2122 && PICTOGRAPHIC_RE.test(ch)) return Class.Emoji;
  if (LETTER_RE.test(ch)) return Class.Letter;
  if (DIGIT_RE.test(ch)) return Class.Digit;
  if (PUNCT_RE.test(ch)) return Class.Punct;
  return Class.Other;
}

function astralClass(cp: number): Class {
  if (cp >= 0x1f3fb && cp <= 0x1f3ff) return Class.Other; // skin tone on its own
  if (cp >= 0x1f000 && cp <= 0x1faff) return Class.Emoji;
  if (cp >= 0x20000 && cp <= 0x3ffff) return Class.Segmented;
  if (cp >= 0xe0000 && cp <= 0xe007f) return Class.Other; // tags
  return computeClass(String.fromCodePoint(cp), cp);
}

/** The class of the character at i (a surrogate pair counts as one character). */
function classAt(text: string, i: number): Class {
  const code = text.charCodeAt(i);
  if (code >= 0xd800 && code <= 0xdbff) return astralClass(text.codePointAt(i) ?? 0);
  let cls = BMP[code];
  if (cls === Class.Unknown) {
    cls = code >= 0xdc00 && code <= 0xdfff ? Class.Other : computeClass(String.fromCharCode(code), code);
    BMP[code] = cls;
  }
  return cls;
}

function widthAt(text: string, i: number): number {
  const code = text.charCodeAt(i);
  return code >= 0xd800 && code <= 0xdbff && i + 1 < text.length ? 2 : 1;
}

function isWordClass(cls: Class): boolean {
  return cls === Class.Letter || cls === Class.Digit;
}

// ASCII is classified up front; the rest of the table fills as characters are met.
for (let code = 0; code < 0x80; code++) BMP[code] = computeClass(String.fromCharCode(code), code);

const EMOTICON_FORMS = [
  ":)",
  ":-)",
  ":))",
  ":-))",
  ":)))",
  "=)",
  ":]",
  ":D",
  ":-D",
  "=D",
  ":d",
  "xD",
  "XD",
  ";)",
  ";-)",
  ";D",
  ":P",
  ":p",
  ":-P",
  ":-p",
  ";P",
  ";p",
  "xP",
  "XP",
  "x)",
  "X)",
  "<3",
  "<33",
  "<333",
  "</3",
  "^^",
  "^_^",
  "^-^",
  ":3",
  ":*",
  ":-*",
  ":(",
  ":-(",
  ":((",
  ":-((",
  ":(((",
  "=(",
  ":[",
  "):",
  ":'(",
  ":’(",
  ":')",
  ":/",
  ":-/",
  ":\\",
  ":|",
  ":-|",
  "-_-",
  "-.-",
  "T_T",
  "T.T",
  ";_;",
  ">:(",
  ">:-(",
  ":o",
  ":O",
  ":-o",
  ":-O",
  ":0",
  ":s",
  ":S",
];
/** first character → emoticons starting with it, longest first */
const EMOTICONS_BY_FIRST = new Map<string, string[]>();
for (const form of [...EMOTICON_FORMS].sort((a, b) => b.length - a.length)) {
  const list = EMOTICONS_BY_FIRST.get(form[0]) ?? [];
  list.push(form);
  EMOTICONS_BY_FIRST.set(form[0], list);
}

function emoticonAt(text: string, i: number): string | null {
  const candidates = EMOTICONS_BY_FIRST.get(text[i]);
  if (!candidates) return null;
  if (i > 0 && isWordClass(classAt(text, i - 1))) return null;
  for (const form of candidates) {
    if (!text.startsWith(form, i)) continue;
    const after = i + form.length;
    if (after < text.length && isWordClass(classAt(text, after))) continue;
    return form;
  }
  return null;
}

function isUrlStart(text: string, i: number): boolean {
  const code = text.charCodeAt(i) | 0x20;
  if (code === 0x68 /* h */)
    return text.startsWith("http://", i) || text.startsWith("https://", i) || text.startsWith("HTTP", i);
  if (code === 0x77 /* w */) return text.startsWith("www.", i);
  return false;
}

function endOfRun(text: string, i: number): number {
  let j = i;
  while (j < text.length) {
    const cls = classAt(text, j);
    if (cls === Class.Space || cls === Class.Newline) break;
    const ch = text[j];
    if (ch === "<" || ch === ">" || ch === '"') break;
    j += widthAt(text, j);
  }
  return j;
}

/** End of an emoji cluster starting at i (modifiers, variation selectors, ZWJ sequences, flags, keycaps). */
function endOfEmoji(text: string, i: number): number {
  const first = text.codePointAt(i) ?? 0;
  let j = i + (first > 0xffff ? 2 : 1);
  if (first >= 0x1f1e6 && first <= 0x1f1ff) {
    const next = text.codePointAt(j) ?? 0;
    return next >= 0x1f1e6 && next <= 0x1f1ff ? j + 2 : j;
  }
  while (j < text.length) {
    const cp = text.codePointAt(j) ?? 0;
    if (cp === 0xfe0f || cp === 0xfe0e || cp === 0x20e3) j++;
    else if ((cp >= 0x1f3fb && cp <= 0x1f3ff) || (cp >= 0xe0020 && cp <= 0xe007f)) j += 2;
    else if (cp === 0x200d && j + 1 < text.length && classAt(text, j + 1) === Class.Emoji)
      j = endOfEmojiBase(text, j + 1);
    else break;
  }
  return j;
}

function endOfEmojiBase(text: string, i: number): number {
  const cp = text.codePointAt(i) ?? 0;
  return i + (cp > 0xffff ? 2 : 1);
}

// ---------------------------------------------------------------------------------------------------------
// The scanner.

function pushWord(tokens: Token[], raw: string, turkic: boolean, hasApostrophe: boolean): void {
  let word = turkic ? raw.toLocaleLowerCase("tr") : raw.toLowerCase();
  if (hasApostrophe) {
    if (word.includes("’")) word = word.replaceAll("’", "'");
    const apostrophe = word.indexOf("'");
    if (apostrophe > 0 && apostrophe < word.length - 1) {
      const head = word.slice(0, apostrophe + 1);
      if (ELISIONS.has(head)) {
        tokens.push({ kind: "elision", text: head });
        word = word.slice(apostrophe + 1);
      }
    }
    if (word.endsWith("'") && !ELISIONS.has(word)) word = word.slice(0, -1);
    if (!word) return;
  }
  tokens.push({
    kind: hasApostrophe && ELISIONS.has(word) ? "elision" : mayLaugh(word) && LAUGH.test(word) ? "laugh" : "word",
    text: word,
  });
}

/** Cheap pre-check before the laughter pattern: its first letter. */
function mayLaugh(word: string): boolean {
  const c = word.charCodeAt(0);
  // a e h j k l m p r w x
  return (
    c === 97 ||
    c === 101 ||
    c === 104 ||
    c === 106 ||
    c === 107 ||
    c === 108 ||
    c === 109 ||
    c === 112 ||
    c === 114 ||
    c === 119 ||
    c === 120
  );
}

function scanUncached(input: string, language: string | undefined): Token[] {
  const text = normalizeText(input);
  const turkic = language === "tr" || language === "az";
  const tokens: Token[] = [];
  const n = text.length;
  // where the current run of non-space characters started, and the tokens it had then (for e-mails)
  let runStart = 0;
  let runTokens = 0;
  let i = 0;
  while (i < n) {
    const cls = classAt(text, i);
    if (cls === Class.Space || cls === Class.Newline) {
      if (cls === Class.Newline) tokens.push({ kind: "punct", text: "\n" });
      i++;
      runStart = i;
      runTokens = tokens.length;
      continue;
    }
    const ch = text[i];
    if (cls === Class.Letter || cls === Class.Digit || ch === "_") {
      if (cls === Class.Letter && isUrlStart(text, i)) {
        const end = endOfRun(text, i);
        tokens.push({ kind: "url", text: text.slice(i, end) });
        i = end;
        continue;
      }
      const emoticon = (ch === "x" || ch === "X" || ch === "T") && emoticonAt(text, i);
      if (emoticon) {
        tokens.push({ kind: "emoticon", text: emoticon });
        i += emoticon.length;
        continue;
      }
      if (cls === Class.Digit) {
        let j = i;
        while (j < n && classAt(text, j) === Class.Digit) j++;
        if (
          j < n &&
          (text.charCodeAt(j) === 0x20e3 || (text.charCodeAt(j) === 0xfe0f && text.charCodeAt(j + 1) === 0x20e3))
        ) {
          const end = text.charCodeAt(j) === 0x20e3 ? j + 1 : j + 2;
          tokens.push({ kind: "emoji", text: text.slice(i, end) });
          i = end;
          continue;
        }
        while (j + 1 < n && ".,:/-".includes(text[j]) && classAt(text, j + 1) === Class.Digit) {
          j++;
          while (j < n && classAt(text, j) === Class.Digit) j++;
        }
        while (j < n && (classAt(text, j) === Class.Letter || text[j] === "%")) j += widthAt(text, j);
        const raw = text.slice(i, j);
        tokens.push({ kind: LAUGH.test(raw) ? "laugh" : "number", text: raw.toLowerCase() });
        i = j;
        continue;
      }
      let j = i;
      let apostrophe = false;
      for (;;) {
        while (j < n) {
          const code = text.charCodeAt(j);
          if (code < 0x80) {
            // ASCII fast path
            if ((code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57) || code === 95)
              j++;
            else break;
          } else {
            const c = classAt(text, j);
            if (c === Class.Letter || c === Class.Digit) j += widthAt(text, j);
            else break;
          }
        }
        const joiner = text.charCodeAt(j);
        const isApostrophe = joiner === 39 || joiner === 0x2019;
        if ((isApostrophe || joiner === 45) && j + 1 < n && isWordClass(classAt(text, j + 1))) {
          apostrophe ||= isApostrophe;
          j++;
          continue;
        }
        if (isApostrophe && (j + 1 >= n || !isWordClass(classAt(text, j + 1)))) {
          apostrophe = true;
          j++;
        }
        break;
      }
      pushWord(tokens, text.slice(i, j), turkic, apostrophe);
      i = j;
      continue;
    }
    if (cls === Class.Segmented) {
      let j = i;
      while (j < n && classAt(text, j) === Class.Segmented) j += widthAt(text, j);
      tokens.push({ kind: "cjk", text: text.slice(i, j).toLowerCase(), index: i });
      i = j;
      continue;
    }
    if (cls === Class.Emoji) {
      const end = endOfEmoji(text, i);
      tokens.push({ kind: "emoji", text: text.slice(i, end) });
      i = end;
      continue;
    }
    if (cls === Class.Punct) {
      const previousIsWord = i > 0 && isWordClass(classAt(text, i - 1));
      if (ch === "@" && previousIsWord) {
        // an e-mail address: the run holds "@" and a dot after it; what was scanned of it is replaced
        const end = endOfRun(text, i);
        const dot = text.indexOf(".", i);
        if (dot > i + 1 && dot < end - 1) {
          tokens.length = runTokens;
          tokens.push({ kind: "url", text: text.slice(runStart, end) });
          i = end;
          continue;
        }
      }
      if (
        (ch === "@" || ch === "#") &&
        !previousIsWord &&
        i + 1 < n &&
        (isWordClass(classAt(text, i + 1)) || text[i + 1] === "_")
      ) {
        let j = i + 1;
        let letters = 0;
        while (j < n) {
          const c = classAt(text, j);
          if (c === Class.Letter) letters++;
          if (c === Class.Letter || c === Class.Digit || text[j] === "_") j += widthAt(text, j);
          else if (ch === "@" && text[j] === "." && j + 1 < n && isWordClass(classAt(text, j + 1))) j++;
          else break;
        }
        if (ch === "@" || letters > 0) {
          const raw = text.slice(i + 1, j);
          tokens.push({
            kind: ch === "@" ? "mention" : "hashtag",
            text: ch + (turkic ? raw.toLocaleLowerCase("tr") : raw.toLowerCase()),
          });
          i = j;
          continue;
        }
      }
      const emoticon = emoticonAt(text, i);
      if (emoticon) {
        let end = i + emoticon.length;
        const last = emoticon[emoticon.length - 1];
        if (last === ")" || last === "(") while (end < n && text[end] === last) end++;
        tokens.push({ kind: "emoticon", text: emoticon });
        i = end;
        continue;
      }
      const width = widthAt(text, i);
      tokens.push({ kind: "punct", text: text.slice(i, i + width) });
      i += width;
      continue;
    }
    i += widthAt(text, i);
  }
  return tokens;
}

// ---------------------------------------------------------------------------------------------------------
// Segmentation of the "cjk" runs.

const segmenters = new Map<string, Intl.Segmenter>();
function segmenter(locale: string): Intl.Segmenter {
  let found = segmenters.get(locale);
  if (!found) {
    found = new Intl.Segmenter(locale, { granularity: "word" });
    segmenters.set(locale, found);
  }
  return found;
}
// Built at module load so the first post does not pay for it.
for (const locale of ["ja", "zh", "ko", "th"]) segmenter(locale);

const KANA = /[\p{sc=Hiragana}\p{sc=Katakana}]/u;
const HANGUL = /\p{sc=Hangul}/u;
const THAI = /\p{sc=Thai}/u;
const LAO = /\p{sc=Lao}/u;
const KHMER = /\p{sc=Khmer}/u;
const MYANMAR = /\p{sc=Myanmar}/u;

function segmenterLocale(runs: string, language: string | undefined): string {
  if (language === "ja" || language === "zh" || language === "ko" || language === "th") return language;
  if (KANA.test(runs)) return "ja";
  if (HANGUL.test(runs)) return "ko";
  if (THAI.test(runs)) return "th";
  if (LAO.test(runs)) return "lo";
  if (KHMER.test(runs)) return "km";
  if (MYANMAR.test(runs)) return "my";
  return "zh";
}

function segmentRuns(input: string, tokens: readonly Token[], language: string | undefined): Token[] {
  const runs = tokens.filter((t) => t.kind === "cjk");
  if (runs.length === 0) return tokens as Token[];
  const text = normalizeText(input);
  // One call for the whole text: each call of Intl.Segmenter costs tens of microseconds by itself.
  const from = runs[0].index ?? 0;
  const last = runs[runs.length - 1];
  const to = (last.index ?? 0) + last.text.length;
  const segments = segmenter(segmenterLocale(runs.map((r) => r.text).join(""), language)).segment(text.slice(from, to));
  const words: Array<{ index: number; text: string }> = [];
  for (const part of segments) if (part.isWordLike) words.push({ index: from + part.index, text: part.segment });
  const out: Token[] = [];
  let w = 0;
  for (const token of tokens) {
    if (token.kind !== "cjk") {
      out.push(token);
      continue;
    }
    const start = token.index ?? 0;
    const end = start + token.text.length;
    while (w < words.length && words[w].index < start) w++;
    while (w < words.length && words[w].index < end) {
      const word = words[w].text.slice(0, end - words[w].index).toLowerCase();
      if (SEGMENTED_RE.test(word)) out.push({ kind: LAUGH.test(word) ? "laugh" : "word", text: word });
      w++;
    }
  }
  return out;
}

// The pipeline calls detectLanguage, scoreSentiment and extractTerms on the same text in a row: the last
// scan is kept so that the text is scanned once.
let lastText = "";
let lastKey = "";
let lastTokens: Token[] = [];
let lastWords: Token[] | null = null;

function cacheKey(language: string | undefined): string {
  return language === "tr" || language === "az"
    ? "tr"
    : language === "ja" || language === "zh" || language === "ko" || language === "th"
      ? language
      : "";
}

/**
 * Typed tokens of a text, runs of Han, kana, Hangul, Thai... left whole as "cjk" tokens (language
 * detection and sentiment need no segmentation). Do not mutate the result.
 */
export function scan(text: string, language?: string): readonly Token[] {
  const key = cacheKey(language);
  if (text === lastText && key === lastKey) return lastTokens;
  const tokens = scanUncached(text, language);
  lastText = text;
  lastKey = key;
  lastTokens = tokens;
  lastWords = null;
  return tokens;
}

/** Like scan(), with the "cjk" runs cut into words by Intl.Segmenter. Do not mutate the result. */
export function scanWords(text: string, language?: string): readonly Token[] {
  const tokens = scan(text, language);
  if (!lastWords) lastWords = segmentRuns(text, tokens, language);
  return lastWords;
}

/**
 * Lowercased word tokens of a text, in order: words (any script; ja/zh/ko/th segmented with
 * Intl.Segmenter), hashtags ("#outage"), emoji, emoticons, numbers, elisions and laughter. Links,
 * mentions and punctuation are left out.
 */
export function tokenize(text: string, language?: string): string[] {
  const out: string[] = [];
  for (const token of scanWords(text, language)) {
    if (token.kind === "url" || token.kind === "mention" || token.kind === "punct") continue;
    out.push(token.text);
  }
  return out;
}
