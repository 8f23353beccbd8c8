// Language identification for short posts: the writing system first (kana → ja, Hangul → ko, Han only → zh,
// Arabic, Cyrillic, Greek, Thai, ...), then, for Latin script, a naive-Bayes score over character trigrams
// plus strong evidence from frequent words, letters with diacritics and laughter spellings.

import { DIACRITIC_LANGUAGES, LATIN_LANGUAGES } from "./language-data";
import { scan, type Token } from "./tokenize";
import { DE } from "./lexicons/de";
import { EN as EN_LEXICON } from "./lexicons/en";
import { ES } from "./lexicons/es";
import { FR } from "./lexicons/fr";
import { IT } from "./lexicons/it";
import { NL } from "./lexicons/nl";
import { PT } from "./lexicons/pt";
import { STOPWORDS_ISO } from "./stopwords";

/** The sentiment lexicons are vocabulary too: their words add to the trigram counts. */
const LEXICON_TEXT: Record<string, string> = {
  en: EN_LEXICON.entries,
  es: ES.entries,
  de: DE.entries,
  fr: FR.entries,
  pt: PT.entries,
  it: IT.entries,
  nl: NL.entries,
};

export interface LanguageResult {
  /** ISO 639-1 code; "qme" for emoji only, "und" when unknown */
  language: string;
  /** 0..1 */
  confidence: number;
}

const UNDETERMINED: LanguageResult = Object.freeze({ language: "und", confidence: 0 }) as LanguageResult;
const EMOJI_ONLY: LanguageResult = Object.freeze({ language: "qme", confidence: 1 }) as LanguageResult;

// ---------------------------------------------------------------------------------------------------------
// Latin-script model, built once at module load.

const CODES = LATIN_LANGUAGES.map((l) => l.code);
const COUNT = CODES.length;
const EN_INDEX = CODES.indexOf("en");

/** Bonus (in nats) for a word that is among a language's frequent words. */
const WORD_BONUS = 6;
/** Bonus for a word that is only in the language's stopword list (stopwords-iso). */
const STOPWORD_BONUS = 1.2;
/** Penalty for each letter with a diacritic that a language never uses. */
const FOREIGN_LETTER_PENALTY = 6;
/** Additive smoothing of trigram counts. */
const ALPHA = 0.5;
/** A small prior for English, the most frequent language of social posts, to break near-ties. */
const ENGLISH_PRIOR = 0.3;
/** Frequent-word evidence alone decides when at least this many are found, with this margin (nats). */
const DECISIVE_WORDS = 3;
const DECISIVE_MARGIN = 12;
/** Below this margin between the best and the second language (in nats), the answer is "und". */
const MIN_MARGIN = 0.2;

const WORD_RE = /[\p{L}\p{M}']+/gu;

/**
 * Characters of the trained alphabet get a small index (0 = not in the alphabet, 1 = space) so that a
 * trigram is one small integer (no string is built to look it up, and the Map keys stay small integers).
 */
const ALPHABET = new Uint16Array(0x10000);
let alphabetSize = 2;
ALPHABET[32] = 1;
function letterIndex(code: number, grow: boolean): number {
  let index = ALPHABET[code];
  if (index === 0 && grow && alphabetSize < 1023) {
    index = alphabetSize++;
    ALPHABET[code] = index;
  }
  return index;
}

function trigramKey(a: number, b: number, c: number): number {
  return (a * 1024 + b) * 1024 + c;
}

function forEachTrigram(word: string, visit: (key: number) => void): void {
  const n = word.length;
  for (let i = -1; i < n - 1; i++) {
    const a = i < 0 ? 1 : letterIndex(word.charCodeAt(i), true);
    const b = letterIndex(word.charCodeAt(i + 1), true);
    const c = i + 2 >= n ? 1 : letterIndex(word.charCodeAt(i + 2), true);
    if (a && b && c) visit(trigramKey(a, b, c));
  }
}

/**
 * trigram → row in TABLE (TABLE holds COUNT log-probabilities per row), as an open-addressing hash table
 * of integer keys: several times faster than a Map on this hot path.
 */
const HASH_BITS = 17;
const HASH_MASK = (1 << HASH_BITS) - 1;
const HASH_KEYS = new Int32Array(1 << HASH_BITS).fill(-1);
const HASH_ROWS = new Int32Array(1 << HASH_BITS);
let TABLE = new Float32Array(0);

function slotOf(key: number): number {
  return Math.imul(key, 0x9e3779b1) >>> (32 - HASH_BITS);
}

function rowOf(key: number): number {
  for (let slot = slotOf(key); ; slot = (slot + 1) & HASH_MASK) {
    const found = HASH_KEYS[slot];
    if (found === key) return HASH_ROWS[slot];
    if (found === -1) return -1;
  }
}
const FLOOR = new Float32Array(COUNT);
const WORD_MASK = new Map<string, number>();
const STOPWORD_MASK = new Map<string, number>();

(function buildLatinModel() {
  const counts: Array<Map<number, number>> = [];
  const totals: number[] = [];
  const vocabulary = new Set<number>();
  LATIN_LANGUAGES.forEach((language, index) => {
    const table = new Map<number, number>();
    let total = 0;
    const add = (word: string, weight: number) =>
      forEachTrigram(word, (t) => {
        table.set(t, (table.get(t) ?? 0) + weight);
        total += weight;
        vocabulary.add(t);
      });
    for (const word of language.corpus.toLowerCase().match(WORD_RE) ?? []) add(word, 1);
    for (const word of (LEXICON_TEXT[language.code] ?? "").toLowerCase().match(WORD_RE) ?? []) add(word, 1);
    for (const word of language.words.toLowerCase().split(/\s+/)) {
      if (!word) continue;
      add(word.replace(/'$/, ""), 2);
      WORD_MASK.set(word, (WORD_MASK.get(word) ?? 0) | (1 << index));
    }
    for (const word of STOPWORDS_ISO[language.code] ?? []) {
      if (word.includes(" ")) continue;
      add(word, 1);
      STOPWORD_MASK.set(word, (STOPWORD_MASK.get(word) ?? 0) | (1 << index));
    }
    counts.push(table);
    totals.push(total);
  });
  const v = vocabulary.size;
  if (v > HASH_MASK / 2) throw new Error("language model: trigram table too small");
  for (let l = 0; l < COUNT; l++) FLOOR[l] = Math.log(ALPHA / (totals[l] + ALPHA * v));
  TABLE = new Float32Array(v * COUNT);
  let row = 0;
  for (const trigram of vocabulary) {
    let slot = slotOf(trigram);
    while (HASH_KEYS[slot] !== -1) slot = (slot + 1) & HASH_MASK;
    HASH_KEYS[slot] = trigram;
    HASH_ROWS[slot] = row;
    for (let l = 0; l < COUNT; l++)
      TABLE[row * COUNT + l] = Math.log(((counts[l].get(trigram) ?? 0) + ALPHA) / (totals[l] + ALPHA * v));
    row++;
  }
})();

const FOREIGN_MASK = new Map<string, number>(); // letter → languages that never use it
for (const [letter, users] of Object.entries(DIACRITIC_LANGUAGES)) {
  let mask = 0;
  CODES.forEach((code, index) => {
    if (!users.split(" ").includes(code)) mask |= 1 << index;
  });
  FOREIGN_MASK.set(letter, mask);
}

/** Laughter is spelled differently per language. */
const LAUGH_LANGUAGE: Array<[RegExp, string]> = [
  [/^j[aeij]j[aeij]/, "es"],
  [/^(?:k{3,}|(?:rs)+)$/, "pt"],
  [/^(?:mdr+|ptdr+)$/, "fr"],
  [/^(?:lol+|lmf?ao+|rofl)$/, "en"],
  [/^a?h?ah(?:ah)+h?$/, "it"],
];

/** Adds the frequent-word and diacritic evidence of one word; returns whether it is a frequent word. */
function scoreWordEvidence(scores: Float64Array, word: string): boolean {
  const mask = WORD_MASK.get(word);
  const stopwordMask = STOPWORD_MASK.get(word);
  if (mask !== undefined) for (let l = 0; l < COUNT; l++) if (mask & (1 << l)) scores[l] += WORD_BONUS;
  if (stopwordMask !== undefined) {
    for (let l = 0; l < COUNT; l++)
      if (stopwordMask & (1 << l) && !(mask !== undefined && mask & (1 << l))) scores[l] += STOPWORD_BONUS;
  }
  for (let i = 0; i < word.length; i++) {
    if (word.charCodeAt(i) < 0xc0) continue;
    const foreign = FOREIGN_MASK.get(word[i]);
    if (foreign) for (let l = 0; l < COUNT; l++) if (foreign & (1 << l)) scores[l] -= FOREIGN_LETTER_PENALTY;
  }
  return mask !== undefined || stopwordMask !== undefined;
}

/** Adds the character-trigram log-probabilities of one word. */
function scoreTrigrams(scores: Float64Array, word: string): void {
  const n = word.endsWith("'") ? word.length - 1 : word.length;
  const table = TABLE;
  let unknown = 0;
  for (let i = -1; i < n - 1; i++) {
    const a = i < 0 ? 1 : ALPHABET[word.charCodeAt(i)];
    const b = ALPHABET[word.charCodeAt(i + 1)];
    const c = i + 2 >= n ? 1 : ALPHABET[word.charCodeAt(i + 2)];
    const row = a && b && c ? rowOf(trigramKey(a, b, c)) : -1;
    if (row < 0) unknown++;
    else {
      const base = row * COUNT;
      for (let l = 0; l < COUNT; l++) scores[l] += table[base + l];
    }
  }
  if (unknown > 0) for (let l = 0; l < COUNT; l++) scores[l] += FLOOR[l] * unknown;
}

/** Words used the same way in every language's posts: no evidence either way. */
const NEUTRAL_WORDS = new Set([
  "ok",
  "okay",
  "oke",
  "wow",
  "omg",
  "yay",
  "hmm",
  "oh",
  "uh",
  "ah",
  "eh",
  "xd",
  "app",
  "apps",
]);

const VIETNAMESE = /[ơưđăƠƯĐĂ\u1EA0-\u1EF9]/g;
const scores = new Float64Array(COUNT);

/** Index of the best and the second best language. */
function ranking(): [number, number] {
  let best = 0;
  let second = -1;
  for (let l = 1; l < COUNT; l++) {
    if (scores[l] > scores[best]) {
      second = best;
      best = l;
    } else if (second < 0 || scores[l] > scores[second]) second = l;
  }
  return [best, second];
}

function classifyLatin(tokens: readonly Token[], text: string): LanguageResult {
  const vietnamese = text.match(VIETNAMESE);
  if (vietnamese && vietnamese.length >= 2) return { language: "vi", confidence: 0.9 };

  scores.fill(0);
  scores[EN_INDEX] += ENGLISH_PRIOR;
  let letters = 0;
  let known = 0;
  let hashtags = 0;
  for (const token of tokens) {
    const kind = token.kind;
    if (kind === "word" || kind === "elision") {
      if (NEUTRAL_WORDS.has(token.text)) continue;
      if (scoreWordEvidence(scores, token.text)) known++;
      letters += token.text.length;
    } else if (kind === "hashtag") hashtags++;
    else if (kind === "laugh") {
      for (const [pattern, code] of LAUGH_LANGUAGE) {
        if (pattern.test(token.text)) {
          scores[CODES.indexOf(code)] += WORD_BONUS;
          known++;
          break;
        }
      }
    }
  }
  // Hashtags are often English whatever the post's language: they only count when nothing else does.
  const useHashtags = letters === 0 && hashtags > 0;
  if (useHashtags) {
    for (const token of tokens) {
      if (token.kind !== "hashtag") continue;
      if (scoreWordEvidence(scores, token.text.slice(1))) known++;
      letters += token.text.length - 1;
    }
  }
  if (letters === 0 && known === 0) return UNDETERMINED;

  // Frequent words often settle it; the trigram model (the costly part) is only run when they do not.
  let [best, second] = ranking();
  let margin = scores[best] - scores[second];
  if (known >= DECISIVE_WORDS && margin >= DECISIVE_MARGIN) {
    return { language: CODES[best], confidence: Math.min(0.99, Math.round((1 - Math.exp(-margin / 6)) * 100) / 100) };
  }
  for (const token of tokens) {
    const kind = token.kind;
    if ((kind === "word" || kind === "elision") && !NEUTRAL_WORDS.has(token.text)) scoreTrigrams(scores, token.text);
    else if (useHashtags && kind === "hashtag") scoreTrigrams(scores, token.text.slice(1));
  }
  [best, second] = ranking();
  margin = scores[best] - scores[second];
  // Very short texts with no frequent word ("ok", "Nice", a brand name) are not guessed at.
  if (margin < MIN_MARGIN || (known === 0 && (letters < 4 || useHashtags))) return UNDETERMINED;
  const confidence = Math.min(0.99, 1 - Math.exp(-margin / 3) * (known > 0 ? 0.6 : 1));
  return { language: CODES[best], confidence: Math.max(0.05, Math.round(confidence * 100) / 100) };
}

// ---------------------------------------------------------------------------------------------------------
// Scripts.

const enum Script {
  None,
  Latin,
  Kana,
  Han,
  Hangul,
  Arabic,
  Cyrillic,
  Greek,
  Hebrew,
  Thai,
  Devanagari,
  Bengali,
  Gurmukhi,
  Gujarati,
  Tamil,
  Telugu,
  Kannada,
  Malayalam,
  Sinhala,
  Lao,
  Myanmar,
  Georgian,
  Armenian,
  Ethiopic,
  Khmer,
}
const SCRIPT_COUNT = 25;

const SINGLE_LANGUAGE: Partial<Record<Script, string>> = {
  [Script.Greek]: "el",
  [Script.Hebrew]: "he",
  [Script.Thai]: "th",
  [Script.Devanagari]: "hi",
  [Script.Bengali]: "bn",
  [Script.Gurmukhi]: "pa",
  [Script.Gujarati]: "gu",
  [Script.Tamil]: "ta",
  [Script.Telugu]: "te",
  [Script.Kannada]: "kn",
  [Script.Malayalam]: "ml",
  [Script.Sinhala]: "si",
  [Script.Lao]: "lo",
  [Script.Myanmar]: "my",
  [Script.Georgian]: "ka",
  [Script.Armenian]: "hy",
  [Script.Ethiopic]: "am",
  [Script.Khmer]: "km",
};

function scriptOf(code: number): Script {
  if (code < 0x80) return (code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a) ? Script.Latin : Script.None;
  if (code < 0x250) return code >= 0xc0 && code !== 0xd7 && code !== 0xf7 ? Script.Latin : Script.None;
  if (code >= 0x1e00 && code <= 0x1eff) return Script.Latin;
  if (code >= 0x370 && code <= 0x3ff) return Script.Greek;
  if (code >= 0x400 && code <= 0x52f) return Script.Cyrillic;
  if (code >= 0x530 && code <= 0x58f) return Script.Armenian;
  if (code >= 0x590 && code <= 0x5ff) return Script.Hebrew;
  if (
    (code >= 0x600 && code <= 0x6ff) ||
    (code >= 0x750 && code <= 0x77f) ||
    (code >= 0xfb50 && code <= 0xfdff) ||
    (code >= 0xfe70 && code <= 0xfeff)
  )
    return code >= 0x660 && code <= 0x669
      ? Script.None
      : code === 0x60c || code === 0x61f || code === 0x61b
        ? Script.None
        : Script.Arabic;
  if (code >= 0x900 && code <= 0x97f) return Script.Devanagari;
  if (code >= 0x980 && code <= 0x9ff) return Script.Bengali;
  if (code >= 0xa00 && code <= 0xa7f) return Script.Gurmukhi;
  if (code >= 0xa80 && code <= 0xaff) return Script.Gujarati;
  if (code >= 0xb80 && code <= 0xbff) return Script.Tamil;
  if (code >= 0xc00 && code <= 0xc7f) return Script.Telugu;
  if (code >= 0xc80 && code <= 0xcff) return Script.Kannada;
  if (code >= 0xd00 && code <= 0xd7f) return Script.Malayalam;
  if (code >= 0xd80 && code <= 0xdff) return Script.Sinhala;
  if (code >= 0xe00 && code <= 0xe7f) return Script.Thai;
  if (code >= 0xe80 && code <= 0xeff) return Script.Lao;
  if (code >= 0x1000 && code <= 0x109f) return Script.Myanmar;
  if (code >= 0x10a0 && code <= 0x10ff) return Script.Georgian;
  if (code >= 0x1100 && code <= 0x11ff) return Script.Hangul;
  if (code >= 0x1200 && code <= 0x139f) return Script.Ethiopic;
  if (code >= 0x1780 && code <= 0x17ff) return Script.Khmer;
  if (code >= 0x3040 && code <= 0x30ff) return code === 0x30fb ? Script.None : Script.Kana;
  if (code >= 0x31f0 && code <= 0x31ff) return Script.Kana;
  if (code >= 0x3130 && code <= 0x318f) return Script.Hangul;
  if ((code >= 0x3400 && code <= 0x4dbf) || (code >= 0x4e00 && code <= 0x9fff) || (code >= 0xf900 && code <= 0xfaff))
    return Script.Han;
  if (code >= 0xac00 && code <= 0xd7af) return Script.Hangul;
  if (code >= 0xff66 && code <= 0xff9f) return Script.Kana;
  if (code >= 0xff21 && code <= 0xff5a) return Script.Latin;
  if (code >= 0xd840 && code <= 0xd87f) return Script.Han; // high surrogate of CJK extensions B-F
  return Script.None;
}

const UKRAINIAN = /[іїєґІЇЄҐ]/;
const BELARUSIAN = /[ўЎ]/;
const SERBIAN = /[ђћџЂЋЏ]/;
const MACEDONIAN = /[ѓќѕЃЌЅ]/;
const KAZAKH = /[әғқңөұүһӘҒҚҢӨҰҮҺ]/;
const RUSSIAN_ONLY = /[ыэёЫЭЁ]/;
const BULGARIAN_WORDS = new Set([
  "това",
  "ще",
  "съм",
  "сме",
  "сте",
  "са",
  "много",
  "благодаря",
  "какво",
  "защо",
  "къде",
  "нещо",
  "няма",
  "може",
  "тук",
  "днес",
  "утре",
  "вече",
  "всичко",
  "беше",
]);
const PERSIAN = /[پچژگکی]/;
const URDU = /[ٹڈڑںےھ]/;

function cyrillic(tokens: readonly Token[], text: string): string {
  if (UKRAINIAN.test(text)) return BELARUSIAN.test(text) ? "be" : "uk";
  if (BELARUSIAN.test(text)) return "be";
  if (SERBIAN.test(text)) return "sr";
  if (MACEDONIAN.test(text)) return "mk";
  if (KAZAKH.test(text)) return "kk";
  if (!RUSSIAN_ONLY.test(text)) {
    for (const token of tokens) if (token.kind === "word" && BULGARIAN_WORDS.has(token.text)) return "bg";
  }
  return "ru";
}

/** Detects the language of a (short) text. */
export function detectLanguage(text: string): LanguageResult {
  if (!text) return UNDETERMINED;
  const tokens = scan(text);
  const counts = new Uint16Array(SCRIPT_COUNT);
  let hasEmoji = false;
  let letters = 0;
  for (const token of tokens) {
    const kind = token.kind;
    if (kind === "emoji" || kind === "emoticon") {
      hasEmoji = true;
      continue;
    }
    if (kind !== "word" && kind !== "elision" && kind !== "laugh" && kind !== "cjk") continue;
    const word = token.text;
    for (let i = 0; i < word.length; i++) {
      const script = scriptOf(word.charCodeAt(i));
      if (script !== Script.None) {
        counts[script]++;
        letters++;
      }
    }
  }
  if (letters === 0) {
    // Only hashtags, links, mentions, numbers, emoji or punctuation.
    for (const token of tokens) if (token.kind === "hashtag") return classifyLatin(tokens, text);
    return hasEmoji ? EMOJI_ONLY : UNDETERMINED;
  }
  // A character of an ideographic or syllabic script carries about as much as a short Latin word.
  const cjk = counts[Script.Kana] + counts[Script.Han];
  if (counts[Script.Kana] > 0 && cjk * 3 >= counts[Script.Latin]) {
    return { language: "ja", confidence: counts[Script.Kana] >= 2 ? 1 : 0.8 };
  }
  if (
    counts[Script.Hangul] > 0 &&
    counts[Script.Hangul] * 2 >= counts[Script.Latin] &&
    counts[Script.Hangul] >= counts[Script.Han]
  ) {
    return { language: "ko", confidence: 1 };
  }
  if (counts[Script.Han] > 0 && counts[Script.Han] * 3 >= counts[Script.Latin]) {
    return { language: "zh", confidence: counts[Script.Han] >= 2 ? 0.95 : 0.7 };
  }
  let dominant = Script.Latin;
  for (let s = 2; s < SCRIPT_COUNT; s++) if (counts[s] > counts[dominant]) dominant = s;
  switch (dominant) {
    case Script.Latin:
      return classifyLatin(tokens, text);
    case Script.Cyrillic:
      return { language: cyrillic(tokens, text), confidence: 0.95 };
    case Script.Arabic:
      if (URDU.test(text)) return { language: "ur", confidence: 0.9 };
      if (PERSIAN.test(text)) return { language: "fa", confidence: 0.9 };
      return { language: "ar", confidence: 0.95 };
    default: {
      const language = SINGLE_LANGUAGE[dominant];
      return language ? { language, confidence: 0.99 } : UNDETERMINED;
    }
  }
}
