// Lexicon-based sentiment for short social posts (VADER-style valence sums), one hand-built lexicon per
// language with negation scope, intensifiers and downtoners, contrast, emoji and emoticons, slang and
// customer-care words. Japanese is matched on the raw text with a character trie (no spaces), negation
// being read from the suffix that follows a match (〜ない, 〜ません, 〜じゃない).
//
// The score is computed from the drivers: raw = Σ driver weights, score = raw / √(raw² + α), and the
// label is ±1 when |score| ≥ threshold, else 0 (the neutral band). See ADR 010 for the figures.

import { compileLexicon, lookup, type CompiledLexicon, type Entry } from "./lexicon";
import { DE } from "./lexicons/de";
import { EMOJI, EMOTICONS, LAUGH_VALENCE, NUMBER_VALENCE, emojiKey } from "./lexicons/emoji";
import { EN } from "./lexicons/en";
import { ES } from "./lexicons/es";
import { FR } from "./lexicons/fr";
import { IT } from "./lexicons/it";
import { JA, type JapaneseLexiconSource } from "./lexicons/ja";
import { NL } from "./lexicons/nl";
import { PT } from "./lexicons/pt";
import { normalizeText, scan, type Token } from "./tokenize";

interface SentimentDriver {
  term: string;
  weight: number;
}

export interface SentimentResult {
  sentiment: -1 | 0 | 1;
  /** -1..1: raw / √(raw² + α), raw being the sum of the drivers' weights */
  score: number;
  /** what moved the score, strongest first, with the signed contribution of each */
  drivers: SentimentDriver[];
}

/** Tuned on fixtures/sentiment-dev.json (never on the test split); see evaluate.ts. */
const PARAMETERS = {
  /** α of the normalisation raw / √(raw² + α) */
  alpha: 15,
  /** |score| at or above which a post is positive or negative */
  threshold: 0.12,
  /** words after a negator that it still negates */
  negationScope: 3,
  /** a negated positive word: "not good" */
  negatedPositive: -0.9,
  /** a negated negative word: "not bad" is mildly positive */
  negatedNegative: -0.55,
  /** weight of what precedes the last contrast word ("but", "aber", "mais", "けど") */
  beforeContrast: 0.5,
  /** weight of what follows it */
  afterContrast: 1.5,
  /** each "!" (up to 3) amplifies every contribution by this */
  exclamation: 0.1,
  /** positive words in a question ("is it any good?") count this much */
  questionPositive: 0.5,
  /** negative words in a question ("is it down again?") count this much */
  questionNegative: 0.8,
  /** a word written with repeated letters ("soooo goood") */
  elongation: 1.2,
};
export const SENTIMENT_PARAMETERS: Readonly<typeof PARAMETERS> = PARAMETERS;

const LEXICONS: Record<string, CompiledLexicon> = {
  en: compileLexicon(EN),
  es: compileLexicon(ES),
  de: compileLexicon(DE),
  fr: compileLexicon(FR),
  pt: compileLexicon(PT),
  it: compileLexicon(IT),
  nl: compileLexicon(NL),
};

interface Item {
  term: string;
  weight: number;
  sentence: number;
  clause: number;
  /** position among word tokens (for post-negation distance); -1 for emoji */
  position: number;
  /** id of the negator that negated it, 0 if none */
  negatedBy: number;
  fixed: boolean;
  /** the word as matched, before a negator was prefixed to the term */
  surface: string;
}

interface State {
  items: Item[];
  /** index in items of the first contribution after the last contrast word, -1 if none */
  contrastAt: number;
  exclamations: number;
  questionSentences: Set<number>;
}

function finish(state: State): SentimentResult {
  const p = SENTIMENT_PARAMETERS;
  const { items } = state;
  if (state.contrastAt > 0 && state.contrastAt < items.length) {
    for (let i = 0; i < items.length; i++) items[i].weight *= i < state.contrastAt ? p.beforeContrast : p.afterContrast;
  }
  const amplify = 1 + p.exclamation * Math.min(3, state.exclamations);
  const merged = new Map<string, number>();
  for (const item of items) {
    let weight = item.weight * amplify;
    if (state.questionSentences.has(item.sentence)) weight *= weight > 0 ? p.questionPositive : p.questionNegative;
    merged.set(item.term, (merged.get(item.term) ?? 0) + weight);
  }
  const drivers: SentimentDriver[] = [];
  let raw = 0;
  for (const [term, weight] of merged) {
    const rounded = Math.round(weight * 1000) / 1000;
    if (rounded === 0) continue;
    drivers.push({ term, weight: rounded });
    raw += rounded;
  }
  drivers.sort((a, b) => Math.abs(b.weight) - Math.abs(a.weight));
  const score = raw === 0 ? 0 : Math.round((raw / Math.sqrt(raw * raw + p.alpha)) * 10000) / 10000;
  const sentiment = score >= p.threshold ? 1 : score <= -p.threshold ? -1 : 0;
  return { sentiment, score, drivers };
}

const SENTENCE_END = new Set([".", "!", "?", "…", "\n", "。", "！", "？", "¡", "¿"]);
const CLAUSE_END = new Set([
  ",",
  ";",
  ":",
  "(",
  ")",
  "、",
  "，",
  "；",
  "：",
  "-",
  "–",
  "—",
  "/",
  "|",
  '"',
  "“",
  "”",
  "«",
  "»",
]);

function emojiValence(token: Token): number {
  if (token.kind === "emoji") return EMOJI.get(emojiKey(token.text)) ?? 0;
  return EMOTICONS.get(token.text.toLowerCase()) ?? 0;
}

function hasTripleLetter(word: string): boolean {
  for (let i = 2; i < word.length; i++) {
    const c = word.charCodeAt(i);
    if (c === word.charCodeAt(i - 1) && c === word.charCodeAt(i - 2)) return true;
  }
  return false;
}

function lookupWord(lexicon: CompiledLexicon, word: string): { entry: Entry; elongated: boolean } | null {
  const entry = lookup(lexicon, word);
  if (entry) return { entry, elongated: false };
  if (!hasTripleLetter(word)) return null;
  const twice = word.replace(/(.)\1{2,}/gu, "$1$1");
  const once = word.replace(/(.)\1+/gu, "$1");
  const found = lookup(lexicon, twice) ?? lookup(lexicon, once);
  return found ? { entry: found, elongated: true } : null;
}

function isNegator(lexicon: CompiledLexicon, word: string, english: boolean): boolean {
  return lexicon.negators.has(word) || (english && word.endsWith("n't"));
}

/**
 * Whether a booster that is also a sentiment word on its own ("super", "mega", "top") modifies what
 * follows ("super friendly") rather than standing alone ("the update is super").
 */
function modifiesNext(tokens: readonly Token[], i: number, lexicon: CompiledLexicon, word: string): boolean {
  if (!lexicon.words.has(word)) return true;
  for (let k = i + 1; k < tokens.length && k <= i + 2; k++) {
    const next = tokens[k];
    if (next.kind !== "word") return false;
    if (lexicon.negators.has(next.text) || lexicon.boosters.has(next.text) || lookupWord(lexicon, next.text))
      return true;
  }
  return false;
}

function scoreTokens(tokens: readonly Token[], lexicon: CompiledLexicon, english: boolean): SentimentResult {
  const p = SENTIMENT_PARAMETERS;
  const state: State = { items: [], contrastAt: -1, exclamations: 0, questionSentences: new Set() };
  const items = state.items;
  let sentence = 0;
  let clause = 0;
  let position = 0;
  let negationLeft = 0;
  let negator = "";
  let negatorId = 0;
  let negatorScope = 0;
  let boost = 0;
  let boostLeft = 0;
  let boostWord = "";
  const posts: Array<{ id: number; word: string; position: number; clause: number; negatedAnything: boolean }> = [];
  let boundaryPending = false;

  const endClause = () => {
    negationLeft = 0;
    boostLeft = 0;
    boost = 0;
    clause++;
  };

  const add = (entry: Entry, surface: string, multiplier: number) => {
    let weight = entry.valence * multiplier;
    let term = surface;
    let negatedBy = 0;
    if (boostLeft > 0 && boost !== 0) {
      weight *= 1 + boost;
      term = `${boostWord} ${term}`;
      boostLeft = 0;
      boost = 0;
    }
    if (negationLeft > 0 && !entry.fixed) {
      weight *= weight > 0 ? p.negatedPositive : p.negatedNegative;
      term = `${negator} ${term}`;
      negatedBy = negatorScope;
      const post = posts.find((candidate) => candidate.id === negatorScope);
      if (post) post.negatedAnything = true;
    }
    items.push({ term, weight, sentence, clause, position, negatedBy, fixed: entry.fixed, surface });
  };

  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    const kind = token.kind;
    if (kind === "punct") {
      const mark = token.text;
      if (mark === "!" || mark === "！") state.exclamations++;
      if (mark === "?" || mark === "？") state.questionSentences.add(sentence);
      if (SENTENCE_END.has(mark)) {
        boundaryPending = true;
        endClause();
      } else if (CLAUSE_END.has(mark)) endClause();
      continue;
    }
    if (boundaryPending) {
      sentence++;
      boundaryPending = false;
    }
    if (kind === "emoji" || kind === "emoticon") {
      const valence = emojiValence(token);
      if (valence !== 0)
        items.push({
          term: token.text,
          weight: valence,
          sentence,
          clause,
          position: -1,
          negatedBy: 0,
          fixed: true,
          surface: token.text,
        });
      endClause();
      continue;
    }
    if (kind === "laugh") {
      items.push({
        term: token.text,
        weight: LAUGH_VALENCE,
        sentence,
        clause,
        position: -1,
        negatedBy: 0,
        fixed: true,
        surface: token.text,
      });
      continue;
    }
    if (kind === "number") {
      const valence = NUMBER_VALENCE.get(token.text);
      if (valence)
        items.push({
          term: token.text,
          weight: valence,
          sentence,
          clause,
          position: -1,
          negatedBy: 0,
          fixed: true,
          surface: token.text,
        });
      continue;
    }
    if (kind !== "word" && kind !== "elision" && kind !== "hashtag") continue;
    const word = kind === "hashtag" ? token.text.slice(1) : token.text;

    // Phrases first, longest first.
    const phrases = lexicon.phrases.get(word);
    let matchedPhrase = false;
    if (phrases) {
      for (const phrase of phrases) {
        const n = phrase.tokens.length;
        let ok = i + n <= tokens.length;
        for (let k = 1; ok && k < n; k++) {
          const next = tokens[i + k];
          ok =
            (next.kind === "word" || next.kind === "elision" || next.kind === "number") &&
            next.text === phrase.tokens[k];
        }
        if (ok) {
          add(phrase.entry, phrase.entry.term, 1);
          i += n - 1;
          position += n;
          negationLeft = Math.max(0, negationLeft - n);
          boostLeft = Math.max(0, boostLeft - n);
          matchedPhrase = true;
          break;
        }
      }
    }
    if (matchedPhrase) continue;

    if (lexicon.contrast.has(word)) {
      state.contrastAt = items.length;
      endClause();
      position++;
      continue;
    }
    const post = lexicon.postNegators.has(word);
    const pre = isNegator(lexicon, word, english);
    if (pre || post) {
      negatorId++;
      if (pre) {
        negator = word;
        negatorScope = negatorId;
        negationLeft = p.negationScope;
      }
      if (post) posts.push({ id: negatorId, word, position, clause, negatedAnything: false });
      position++;
      continue;
    }
    const booster = lexicon.boosters.get(word);
    if (booster !== undefined && modifiesNext(tokens, i, lexicon, word)) {
      const stacking = boostLeft > 0 && boost !== 0;
      boost += booster;
      boostWord = stacking ? `${boostWord} ${word}` : word;
      boostLeft = 2;
      position++;
      continue;
    }
    const postBooster = lexicon.postBoosters.get(word);
    if (postBooster !== undefined) {
      const last = items[items.length - 1];
      if (last && last.position >= position - 2 && last.clause === clause) {
        last.weight *= 1 + postBooster;
        last.term = `${last.term} ${word}`;
      }
      position++;
      continue;
    }
    const found = lookupWord(lexicon, word);
    if (found) add(found.entry, word, found.elongated ? p.elongation : 1);
    if (negationLeft > 0) negationLeft--;
    if (boostLeft > 0) boostLeft--;
    if (boostLeft === 0) {
      boost = 0;
      boostWord = "";
    }
    position++;
  }

  // Post-negation ("funktioniert nicht", "werkt niet", "marche pas"): a negator that negated nothing after
  // it negates the closest sentiment word just before it, in the same clause.
  for (const post of posts) {
    if (post.negatedAnything) continue;
    for (let k = items.length - 1; k >= 0; k--) {
      const item = items[k];
      if (item.position < 0 || item.position >= post.position) continue;
      if (item.clause !== post.clause || item.position < post.position - 3) break;
      if (item.negatedBy || item.fixed) break;
      item.weight *= item.weight > 0 ? p.negatedPositive : p.negatedNegative;
      item.term = `${item.term} ${post.word}`;
      item.negatedBy = post.id;
      break;
    }
  }
  return finish(state);
}

// ---------------------------------------------------------------------------------------------------------
// Japanese: longest match in a character trie over the normalised text.

interface TrieNode {
  next: Map<string, TrieNode>;
  value?: { kind: "entry"; entry: Entry } | { kind: "booster"; delta: number } | { kind: "contrast" };
}

function buildTrie(source: JapaneseLexiconSource): TrieNode {
  const root: TrieNode = { next: new Map() };
  const insert = (key: string, value: NonNullable<TrieNode["value"]>) => {
    let node = root;
    for (const ch of key) {
      let child = node.next.get(ch);
      if (!child) {
        child = { next: new Map() };
        node.next.set(ch, child);
      }
      node = child;
    }
    node.value = value;
  };
  const compiled = compileLexicon({ entries: source.entries, negators: "", boosters: "", contrast: "" });
  for (const entry of compiled.words.values()) insert(entry.term, { kind: "entry", entry });
  for (const item of source.boosters.split(/\s+/).filter(Boolean)) {
    const at = item.lastIndexOf(":");
    insert(item.slice(0, at), { kind: "booster", delta: Number(item.slice(at + 1)) });
  }
  for (const word of source.contrast.split(/\s+/).filter(Boolean)) insert(word, { kind: "contrast" });
  return root;
}

const JA_TRIE = buildTrie(JA);
const JA_NEGATION =
  /^[ぁ-ゖー]{0,3}?(?:ない|なかっ|なく|無い|無かっ|ません|ねー|ねぇ|ねえ|なし|無し|ず(?:[、。!?に]|$))/;
const JA_EXCESS = /^[ぁ-ゖ]{0,2}?(?:すぎ|過ぎ)/;
const JA_PUNCT = /[。、！？!?,.\s…]/;
const JA_SENTENCE_END = /[。！？!?…\n]/;

function scoreJapanese(text: string, tokens: readonly Token[]): SentimentResult {
  const p = SENTIMENT_PARAMETERS;
  const state: State = { items: [], contrastAt: -1, exclamations: 0, questionSentences: new Set() };
  const t = normalizeText(text).toLowerCase();
  let sentence = 0;
  let boost = 0;
  let boostWord = "";
  let boostUntil = -1;
  for (let i = 0; i < t.length;) {
    const ch = t[i];
    if (JA_SENTENCE_END.test(ch)) {
      if (ch === "?" || ch === "？") state.questionSentences.add(sentence);
      if (ch === "!" || ch === "！") state.exclamations++;
      // a run of end marks closes one sentence
      while (i + 1 < t.length && JA_SENTENCE_END.test(t[i + 1])) {
        i++;
        if (t[i] === "!" || t[i] === "！") state.exclamations++;
        if (t[i] === "?" || t[i] === "？") state.questionSentences.add(sentence);
      }
      sentence++;
      i++;
      continue;
    }
    let node: TrieNode | undefined = JA_TRIE;
    let best: TrieNode["value"];
    let bestEnd = i;
    for (let j = i; j < t.length; j++) {
      node = node.next.get(t[j]);
      if (!node) break;
      if (node.value) {
        best = node.value;
        bestEnd = j + 1;
      }
    }
    if (!best) {
      i++;
      continue;
    }
    const surface = t.slice(i, bestEnd);
    if (best.kind === "contrast") {
      state.contrastAt = state.items.length;
      boost = 0;
    } else if (best.kind === "booster") {
      boost += best.delta;
      boostWord = surface;
      boostUntil = bestEnd + 6;
    } else if (best.entry.valence !== 0) {
      const entry = best.entry;
      let weight = entry.valence;
      let term = surface;
      let end = bestEnd;
      let window = t.slice(bestEnd, bestEnd + 7);
      const cut = window.search(JA_PUNCT);
      if (cut >= 0) window = window.slice(0, cut);
      if (boost !== 0 && i <= boostUntil) {
        weight *= 1 + boost;
        term = `${boostWord}${term}`;
        boost = 0;
      }
      const excess = JA_EXCESS.exec(window);
      if (excess) {
        weight *= 1.3;
        end = bestEnd + excess[0].length;
        term = t.slice(i, end);
      }
      if (!entry.fixed) {
        const negation = JA_NEGATION.exec(t.slice(end, end + 7));
        if (negation && !JA_PUNCT.test(negation[0])) {
          weight *= weight > 0 ? p.negatedPositive : p.negatedNegative;
          end += negation[0].length;
          term = t.slice(i, end);
        }
      }
      state.items.push({ term, weight, sentence, clause: 0, position: i, negatedBy: 0, fixed: entry.fixed, surface });
      bestEnd = Math.max(bestEnd, end);
    }
    i = bestEnd;
  }
  for (const token of tokens) {
    if (token.kind === "emoji" || token.kind === "emoticon") {
      const valence = emojiValence(token);
      if (valence !== 0)
        state.items.push({
          term: token.text,
          weight: valence,
          sentence,
          clause: 0,
          position: -1,
          negatedBy: 0,
          fixed: true,
          surface: token.text,
        });
    } else if (token.kind === "laugh") {
      state.items.push({
        term: token.text,
        weight: LAUGH_VALENCE,
        sentence,
        clause: 0,
        position: -1,
        negatedBy: 0,
        fixed: true,
        surface: token.text,
      });
    }
  }
  return finish(state);
}

/**
 * Scores the sentiment of a post in the given language (ISO 639-1). Languages without a lexicon of their
 * own are scored with the English one (English words are common in every language's posts) plus emoji.
 */
export function scoreSentiment(text: string, language: string): SentimentResult {
  if (!text) return { sentiment: 0, score: 0, drivers: [] };
  if (language === "ja") return scoreJapanese(text, scan(text, "ja"));
  const lexicon = LEXICONS[language] ?? LEXICONS.en;
  return scoreTokens(scan(text, language), lexicon, lexicon === LEXICONS.en);
}
