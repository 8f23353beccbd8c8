// Keywords of a post for keyword clouds and trending terms: lowercased words (accents kept) that are not
// stopwords of the post's language, hashtags kept whole, mentions, links, numbers, emoji and laughter
// dropped, de-duplicated, in order of first appearance.

import { STOPWORDS_ISO } from "./stopwords";
import { scanWords } from "./tokenize";

/** Words that stopword lists miss in social-media text (in every language). */
const SOCIAL_STOPWORDS = [
  "rt",
  "via",
  "amp",
  "gt",
  "lt",
  "im",
  "ive",
  "ill",
  "id",
  "youre",
  "thats",
  "dont",
  "doesnt",
  "didnt",
  "cant",
  "wont",
  "isnt",
  "u",
  "ur",
  "pls",
  "plz",
  "thx",
  "ty",
  "tbh",
  "imo",
  "imho",
  "btw",
  "idk",
  "ngl",
  "omg",
  "ok",
  "okay",
  "yeah",
  "yes",
  "yep",
  "nope",
  "hey",
  "hi",
  "hello",
  "gonna",
  "wanna",
  "gotta",
  "xd",
  "x",
  "pq",
  "vc",
  "vcs",
  "tb",
  "tbm",
  "q",
  "k",
  "d",
  "svp",
  "stp",
  "cc",
  "ps",
  "etc",
];

/** Per-language additions: colloquial forms the maintained lists do not carry. */
const EXTRA_STOPWORDS: Record<string, string[]> = {
  es: ["q", "xq", "porfa", "xfa", "pa", "ta"],
  pt: ["pra", "pro", "tá", "tô", "né", "aí", "cadê"],
  fr: ["ça", "c'est", "j'ai", "chui", "jsuis", "ouais"],
  de: ["hab", "grad", "gerade", "mal", "halt", "echt"],
  nl: ["effe", "even", "gwn"],
  it: ["po'", "cmq", "xké", "perchè"],
};

const stopwordSets = new Map<string, Set<string>>();

function stopwordsFor(language: string): Set<string> {
  const key = STOPWORDS_ISO[language] ? language : "en";
  let set = stopwordSets.get(key);
  if (!set) {
    set = new Set<string>(
      [...STOPWORDS_ISO[key], ...SOCIAL_STOPWORDS, ...(EXTRA_STOPWORDS[key] ?? [])].map((w) => w.replaceAll("’", "'")),
    );
    stopwordSets.set(key, set);
  }
  return set;
}
// Build the common ones at module load.
for (const language of ["en", "es", "de", "fr", "pt", "it", "nl", "ja", "zh", "ar", "ko", "ru", "tr", "pl", "sv"])
  stopwordsFor(language);

const HIRAGANA_ONLY = /^[\p{sc=Hiragana}ー]+$/u;
const CJK = /[\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}\p{sc=Hangul}]/u;

/**
 * Keywords of a text: at most `limit` (default 20), lowercased, stopwords of `language` removed,
 * hashtags kept ("#outage"), mentions, links and numbers dropped; Japanese and Chinese segmented with
 * Intl.Segmenter.
 */
export function extractTerms(text: string, language: string, limit = 20): string[] {
  if (!text || limit <= 0) return [];
  const stopwords = stopwordsFor(language);
  const seen = new Set<string>();
  const terms: string[] = [];
  for (const token of scanWords(text, language)) {
    let term: string;
    if (token.kind === "hashtag") term = token.text;
    else if (token.kind === "word") {
      term = token.text;
      if (stopwords.has(term)) continue;
      if (term.charCodeAt(0) >= 0x1100 && CJK.test(term)) {
        // Single characters and kana-only segments (particles, endings) are noise in a keyword cloud.
        if (term.length < 2 || (language === "ja" && HIRAGANA_ONLY.test(term))) continue;
      } else if (term.length < 2) continue;
      if (language === "en" && term.endsWith("'s")) term = term.slice(0, -2);
      if (term.endsWith("'")) continue;
    } else continue;
    if (seen.has(term)) continue;
    seen.add(term);
    terms.push(term);
    if (terms.length >= limit) break;
  }
  return terms;
}
