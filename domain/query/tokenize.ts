// The one tokenizer of the product (ADR 012). Mentions are tokenized with it at ingestion, and each word
// of a query with it when the query is parsed, so a query word and a mention's word are equal exactly when
// they fold to the same token. The full-text engines store these tokens as they are (joined by spaces);
// they never tokenize the original text themselves, which is what lets both engines agree.

/** Most tokens kept from one text: bounds the work done per mention whatever its length. */
export const TOKENS_MAX = 5000;

// Combining marks without width (accents, once NFKD has split them off their letter).
const NONSPACING_MARKS = /\p{Mn}/gu;
// Below U+0483 the only such marks are the combining diacritics U+0300-U+036F (checked over all code
// points), and a plain range is about 5× faster than \p{Mn}: Latin, Greek and Cyrillic text use it.
const LATIN_DIACRITICS = /[\u0300-\u036f]/g;
const BEYOND_LATIN_DIACRITICS = /[\u0483-\uffff]/;
// A token: a run of letters, digits and marks (spacing and enclosing marks survive the fold).
const WORD_RUN = /[\p{L}\p{N}\p{M}]+/gu;
// Scripts written without spaces between words: these need a dictionary-based segmenter. All their
// characters are at or above U+0E01, so text without any such character skips the (slower) script test.
const UNSPACED_SCRIPT =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;
const FROM_THAI_UP = /[\u0e01-\uffff]/;
// Any character outside ASCII. Pure ASCII text (most posts) takes a fast path: NFKD and NFC leave it as it
// is, and its only letters and digits are [A-Za-z0-9].
const NON_ASCII = /[\u0080-\uffff]/;
const ASCII_WORD_RUN = /[a-z0-9]+/g;

// Created once: building a segmenter loads ICU data and costs far more than segmenting a post.
let segmenter: Intl.Segmenter | null = null;
function wordSegmenter(): Intl.Segmenter {
  segmenter ??= new Intl.Segmenter(undefined, { granularity: "word" });
  return segmenter;
}

/**
 * Folds text for matching: compatibility decomposition (NFKD: "ﬁ" → "fi", full-width → ASCII), accents
 * removed, recomposed (NFC) and lower-cased. "Café" → "cafe", "ÄRGER" → "arger".
 */
export function foldText(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase();
  const decomposed = text.normalize("NFKD");
  const marks = BEYOND_LATIN_DIACRITICS.test(decomposed) ? NONSPACING_MARKS : LATIN_DIACRITICS;
  return decomposed.replace(marks, "").normalize("NFC").toLowerCase();
}

/**
 * The folded tokens of a text, in order: a token's position is its index in the result. Tokens hold only
 * letters, digits and marks, so punctuation, symbols and emoji separate tokens and are dropped. Text in a
 * script written without spaces is first split into words by Intl.Segmenter (on the NFKC text, each
 * word then folded). At most TOKENS_MAX tokens.
 */
export function tokenize(text: string): string[] {
  if (!NON_ASCII.test(text)) return capped(text.toLowerCase().match(ASCII_WORD_RUN));
  const folded = foldText(text);
  // Tested on the folded text: NFKD can turn a symbol into a letter of these scripts ("㊀" → "一").
  if (!FROM_THAI_UP.test(folded) || !UNSPACED_SCRIPT.test(folded)) return capped(folded.match(WORD_RUN));
  const tokens: string[] = [];
  // Segmented before folding (NFKC keeps "で" whole, where the fold would strip its voicing mark and the
  // dictionary would then cut the word apart), and each segment folded after.
  for (const part of wordSegmenter().segment(text.normalize("NFKC"))) {
    // A word-like segment can still hold punctuation ("e.on" is one segment): split it like any text.
    if (part.isWordLike) wordRuns(foldText(part.segment), tokens);
    if (tokens.length >= TOKENS_MAX) break;
  }
  return tokens;
}

function capped(tokens: string[] | null): string[] {
  if (tokens === null) return [];
  return tokens.length > TOKENS_MAX ? tokens.slice(0, TOKENS_MAX) : tokens;
}

/** Pushes the runs of letters, digits and marks of folded text. */
function wordRuns(folded: string, into: string[]): void {
  for (const match of folded.matchAll(WORD_RUN)) {
    if (into.length >= TOKENS_MAX) return;
    into.push(match[0]);
  }
}
