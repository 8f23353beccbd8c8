// The shape of a hand-built sentiment lexicon and its compiler. Lexicons are written as compact text in
// ingest/nlp/lexicons/*.ts and compiled once, at module load, into Maps.
//
// Entry syntax (entries separated by commas or new lines):
//   good 1.9            a word and its valence (about -4..+4, VADER's scale)
//   charged twice -3    a phrase of several tokens (matched before single words, longest first)
//   recomend* 2.5       a prefix stem: any word starting with "recomend" (min. 3 letters before *)
//   *fehler -1.5        a suffix stem, for compounds (de, nl): "Sync-Fehler", "Verbindungsfehler"
//   refund -0.8!        "!": fixed, not flipped by negation ("no refund" stays negative)

export interface LexiconSource {
  /** the entries, see above */
  entries: string;
  /** words that negate the next few words ("not", "no", "nunca", "kein") */
  negators: string;
  /** negators that usually follow what they negate ("funktioniert nicht", "werkt niet", "marche pas") */
  postNegators?: string;
  /** "word:delta" intensifiers (+) and downtoners (-): "very:0.3 slightly:-0.4" */
  boosters: string;
  /** boosters that follow the word they modify ("smooth af") */
  postBoosters?: string;
  /** contrast words: what follows weighs more than what precedes ("but", "aber", "mais", "pero") */
  contrast: string;
}

export interface Entry {
  term: string;
  valence: number;
  fixed: boolean;
}

interface Phrase {
  tokens: string[];
  entry: Entry;
}

export interface CompiledLexicon {
  words: Map<string, Entry>;
  prefixes: Map<string, Entry>;
  prefixLengths: number[];
  suffixes: Map<string, Entry>;
  suffixLengths: number[];
  /** first token → phrases starting with it, longest first */
  phrases: Map<string, Phrase[]>;
  negators: Set<string>;
  postNegators: Set<string>;
  boosters: Map<string, number>;
  postBoosters: Map<string, number>;
  contrast: Set<string>;
  /** word → its entry (or null), filled as words are met; bounded */
  cache: Map<string, Entry | null>;
}

const ENTRY = /^(.+?)\s+(-?\d+(?:\.\d+)?)(!?)$/;

function words(list: string | undefined): string[] {
  return (list ?? "").split(/\s+/).filter(Boolean);
}

function boosterMap(list: string | undefined): Map<string, number> {
  const map = new Map<string, number>();
  for (const item of words(list)) {
    const at = item.lastIndexOf(":");
    map.set(item.slice(0, at).replaceAll("_", " "), Number(item.slice(at + 1)));
  }
  return map;
}

/** Splits a phrase the way the scanner splits text (elisions apart, lowercase). */
function phraseTokens(term: string): string[] {
  const out: string[] = [];
  for (const part of term.split(/\s+/)) {
    const apostrophe = part.indexOf("'");
    if (apostrophe > 0 && apostrophe < part.length - 1 && /^(?:[ldjnmtsc]|qu|un|dell|dall|nell|sull|all)'/.test(part)) {
      out.push(part.slice(0, apostrophe + 1), part.slice(apostrophe + 1));
    } else out.push(part);
  }
  return out;
}

export function compileLexicon(source: LexiconSource): CompiledLexicon {
  const compiled: CompiledLexicon = {
    words: new Map(),
    prefixes: new Map(),
    prefixLengths: [],
    suffixes: new Map(),
    suffixLengths: [],
    phrases: new Map(),
    negators: new Set(words(source.negators)),
    postNegators: new Set(words(source.postNegators)),
    boosters: boosterMap(source.boosters),
    postBoosters: boosterMap(source.postBoosters),
    contrast: new Set(words(source.contrast)),
    cache: new Map(),
  };
  for (const raw of source.entries.split(/[,\n]/)) {
    const line = raw.trim();
    if (!line) continue;
    const match = ENTRY.exec(line);
    if (!match) throw new Error(`Bad lexicon entry: "${line}"`);
    const term = match[1].toLowerCase().replaceAll("’", "'");
    const entry: Entry = { term, valence: Number(match[2]), fixed: match[3] === "!" };
    if (term.endsWith("*")) {
      const stem = term.slice(0, -1);
      entry.term = stem;
      compiled.prefixes.set(stem, entry);
    } else if (term.startsWith("*")) {
      const stem = term.slice(1);
      entry.term = stem;
      compiled.suffixes.set(stem, entry);
    } else if (/\s/.test(term)) {
      const tokens = phraseTokens(term);
      const list = compiled.phrases.get(tokens[0]) ?? [];
      list.push({ tokens, entry });
      list.sort((a, b) => b.tokens.length - a.tokens.length);
      compiled.phrases.set(tokens[0], list);
    } else compiled.words.set(term, entry);
  }
  compiled.prefixLengths = [...new Set([...compiled.prefixes.keys()].map((k) => k.length))].sort((a, b) => b - a);
  compiled.suffixLengths = [...new Set([...compiled.suffixes.keys()].map((k) => k.length))].sort((a, b) => b - a);
  return compiled;
}

const CACHE_LIMIT = 20_000;

function lookupUncached(lexicon: CompiledLexicon, word: string): Entry | null {
  const exact = lexicon.words.get(word);
  if (exact) return exact;
  for (const length of lexicon.prefixLengths) {
    if (length > word.length) continue;
    const entry = lexicon.prefixes.get(word.slice(0, length));
    if (entry) return entry;
  }
  for (const length of lexicon.suffixLengths) {
    if (length >= word.length) continue; // a suffix stem matches compounds, the bare word is in `words`
    const entry = lexicon.suffixes.get(word.slice(word.length - length));
    if (entry) return entry;
  }
  return null;
}

/** The entry of a single word: exact, then prefix stem, then compound suffix (cached). */
export function lookup(lexicon: CompiledLexicon, word: string): Entry | null {
  const cached = lexicon.cache.get(word);
  if (cached !== undefined) return cached;
  let entry = lookupUncached(lexicon, word);
  if (!entry && word.includes("-")) {
    // "sync-fehler", "copy-paste": the last part carries the meaning
    entry = lookupUncached(lexicon, word.slice(word.lastIndexOf("-") + 1));
  }
  if (lexicon.cache.size >= CACHE_LIMIT) lexicon.cache.clear();
  lexicon.cache.set(word, entry);
  return entry;
}
