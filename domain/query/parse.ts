// The boolean query language (ADR 012, docs/query-language.md): one pass that both lints and parses.
//
//   query   := or
//   or      := and ("OR" and)*
//   and     := primary ("AND" primary)*
//   primary := term | phrase | "(" or ")"
//   term    := word ["*" | "~1" | "~2"]
//   phrase  := '"' words '"' ["~1" | "~2"]
//
// The text is first cut into lexemes (words, phrases, operators, brackets), which is where the rules about
// a single word or phrase are checked. A second pass walks the lexemes with an explicit stack of bracket
// levels (never deeper than QUERY_MAX_DEPTH + 1), checks the rules about structure and builds the tree. No
// function recurses over the input, so any text up to QUERY_MAX_LENGTH is safe. Every fault is reported,
// with its offset and length in UTF-16 code units (as a browser textarea counts), so the UI can mark them.

import { MESSAGES } from "../messages";
import { tokenize } from "./tokenize";

export type QueryNode =
  | { kind: "term"; token: string; wildcard: boolean; fuzzy: 0 | 1 | 2; offset: number; length: number }
  | { kind: "phrase"; tokens: string[]; proximity: 0 | 1 | 2; prefixLast: boolean; offset: number; length: number }
  | { kind: "and" | "or"; children: QueryNode[]; offset: number; length: number };

export interface QueryFault {
  message: string;
  offset: number;
  length: number;
}

export const QUERY_MAX_LENGTH = 8000;
export const QUERY_MAX_DEPTH = 32;
export const QUERY_MAX_GROUP_ITEMS = 100;

const LINT = MESSAGES.queryLint;

type Operator = "and" | "or";

type Lexeme =
  /** A word or a phrase; node is null when the lexeme has a fault. `signed`: it starts with + or -. */
  | { type: "operand"; offset: number; end: number; node: QueryNode | null; signed: boolean }
  | { type: "operator"; op: Operator; offset: number; end: number }
  | { type: "open"; offset: number }
  | { type: "close"; offset: number }
  /** NOT, or a word made only of + and -: refused, and read as standing between its neighbours. */
  | { type: "gap"; end: number };

/** Parses a query. `ast` is null when there are faults, and when the query is blank (no faults then). */
export function parseQuery(text: string): { ast: QueryNode | null; errors: QueryFault[] } {
  // The API refuses longer queries before parsing; this keeps any caller safe all the same.
  if (text.length > QUERY_MAX_LENGTH) {
    return {
      ast: null,
      errors: [{ message: LINT.tooLong, offset: QUERY_MAX_LENGTH, length: text.length - QUERY_MAX_LENGTH }],
    };
  }
  if (text.trim() === "") return { ast: null, errors: [] };
  const faults: QueryFault[] = [];
  const lexemes = lex(text, faults);
  const ast = structure(lexemes, faults);
  const errors = sortedUnique(faults);
  return { ast: errors.length === 0 ? ast : null, errors };
}

/** The faults of a query, sorted by offset; [] for a valid or a blank query. */
export function lintQuery(text: string): QueryFault[] {
  return parseQuery(text).errors;
}

function fault(faults: QueryFault[], message: string, offset: number, length: number): void {
  faults.push({ message, offset, length });
}

function sortedUnique(faults: QueryFault[]): QueryFault[] {
  const sorted = [...faults].sort(
    (a, b) => a.offset - b.offset || a.length - b.length || (a.message < b.message ? -1 : a.message > b.message ? 1 : 0),
  );
  return sorted.filter((f, i) => {
    const previous = sorted[i - 1];
    return !previous || previous.offset !== f.offset || previous.length !== f.length || previous.message !== f.message;
  });
}

// ── Characters ────────────────────────────────────────────────────────────────────────────────────

const SPACE = /\s/;
const TOKEN_CHAR = /[\p{L}\p{N}\p{M}]/u;

function isSpace(ch: string): boolean {
  const code = ch.charCodeAt(0);
  if (code < 128) return code === 32 || (code >= 9 && code <= 13);
  return SPACE.test(ch);
}

/** Ends a word: white space, a quote or a bracket. */
function isDelimiter(ch: string): boolean {
  return ch === '"' || ch === "(" || ch === ")" || isSpace(ch);
}

function isDigit(ch: string | undefined): boolean {
  return ch !== undefined && ch >= "0" && ch <= "9";
}

/** The UTF-16 length of the code point at `index` (2 for a surrogate pair). */
function codePointLength(text: string, index: number): number {
  return text.codePointAt(index)! > 0xffff ? 2 : 1;
}

/** Whether the code point at `index` is a letter, digit or mark: part of a token. */
function isTokenCharAt(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  if (code < 128) return (code >= 97 && code <= 122) || (code >= 65 && code <= 90) || (code >= 48 && code <= 57);
  return TOKEN_CHAR.test(String.fromCodePoint(text.codePointAt(index)!));
}

/** The end of a tilde and the digits after it, starting at the tilde. */
function tildeEnd(text: string, tilde: number, limit: number): number {
  let end = tilde + 1;
  while (end < limit && isDigit(text[end])) end++;
  return end;
}

// ── Lexemes ───────────────────────────────────────────────────────────────────────────────────────

function lex(text: string, faults: QueryFault[]): Lexeme[] {
  const lexemes: Lexeme[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i];
    if (isSpace(ch)) {
      i++;
    } else if (ch === "(") {
      lexemes.push({ type: "open", offset: i++ });
    } else if (ch === ")") {
      lexemes.push({ type: "close", offset: i++ });
    } else if (ch === '"') {
      i = lexPhrase(text, i, lexemes, faults);
    } else {
      let end = i + 1;
      while (end < text.length && !isDelimiter(text[end])) end++;
      lexWord(text, i, end, lexemes, faults);
      i = end;
    }
  }
  return lexemes;
}

/** A word outside quotes: an operator, a refused NOT / + / -, or a term (a phrase if it folds to several tokens). */
function lexWord(text: string, start: number, end: number, lexemes: Lexeme[], faults: QueryFault[]): void {
  const word = text.slice(start, end);
  // Only upper-case AND / OR are operators, so "rock and roll" can be searched as words.
  if (word === "AND" || word === "OR") {
    lexemes.push({ type: "operator", op: word === "AND" ? "and" : "or", offset: start, end });
    return;
  }
  if (word === "NOT") {
    fault(faults, LINT.specialCharacter, start, word.length);
    lexemes.push({ type: "gap", end });
    return;
  }
  const faultsBefore = faults.length;
  // Each + and - is its own fault, "e-mail" included (spec: no special characters such as +, - or NOT).
  let signs = 0;
  for (let k = 0; k < word.length; k++) {
    if (word[k] === "+" || word[k] === "-") {
      fault(faults, LINT.specialCharacter, start + k, 1);
      signs++;
    }
  }
  if (signs === word.length) {
    lexemes.push({ type: "gap", end });
    return;
  }

  const tilde = word.indexOf("~");
  if (tilde === 0) {
    // "apple ~1", "(a OR b)~1": a proximity with nothing to apply to; it stands between its neighbours.
    fault(faults, LINT.tilde, start, tildeEnd(word, 0, word.length));
    lexemes.push({ type: "gap", end });
    return;
  }
  const headEnd = tilde < 0 ? word.length : tilde;
  let seenTokenChar = false;
  let wildcard = false;
  for (let k = 0; k < headEnd; k += codePointLength(word, k)) {
    if (word[k] === "*") {
      if (!seenTokenChar) fault(faults, LINT.leadingWildcard, start + k, 1);
      else if (k === word.length - 1) wildcard = true;
      else fault(faults, LINT.wildcardNotAtEnd, start + k, 1);
    } else if (!seenTokenChar && isTokenCharAt(word, k)) {
      seenTokenChar = true;
    }
  }
  let fuzzy: 0 | 1 | 2 = 0;
  if (tilde >= 0) {
    const suffix = word.slice(tilde);
    if (seenTokenChar && (suffix === "~1" || suffix === "~2")) fuzzy = suffix === "~1" ? 1 : 2;
    else fault(faults, LINT.tilde, start + tilde, tildeEnd(word, tilde, word.length) - tilde);
  }

  const tokens = tokenize(word.slice(0, wildcard ? headEnd - 1 : headEnd));
  if (tokens.length === 0 && faults.length === faultsBefore) fault(faults, LINT.noLetters, start, word.length);
  if (tokens.length > 1 && fuzzy > 0) fault(faults, LINT.fuzzyMultiToken, start, word.length);

  const signed = word[0] === "+" || word[0] === "-";
  let node: QueryNode | null = null;
  if (faults.length === faultsBefore) {
    node =
      tokens.length === 1
        ? { kind: "term", token: tokens[0], wildcard, fuzzy, offset: start, length: word.length }
        : // A word such as "e.on" or "東京タワーに" folds to several tokens: it is the phrase of them.
          { kind: "phrase", tokens, proximity: 0, prefixLast: wildcard, offset: start, length: word.length };
  }
  lexemes.push({ type: "operand", offset: start, end, node, signed });
}

/** A quoted phrase starting at `quote`, with its optional ~1 / ~2. Returns the index after it. */
function lexPhrase(text: string, quote: number, lexemes: Lexeme[], faults: QueryFault[]): number {
  const close = text.indexOf('"', quote + 1);
  if (close < 0) {
    // The rest of the query is the unclosed phrase: its content is not checked further.
    fault(faults, LINT.unbalancedQuote, quote, 1);
    lexemes.push({ type: "operand", offset: quote, end: text.length, node: null, signed: false });
    return text.length;
  }
  const faultsBefore = faults.length;
  let end = close + 1;
  let proximity: 0 | 1 | 2 = 0;
  if (text[end] === "~") {
    const digitsEnd = tildeEnd(text, end, text.length);
    const suffix = text.slice(end, digitsEnd);
    if (suffix === "~1" || suffix === "~2") proximity = suffix === "~1" ? 1 : 2;
    else fault(faults, LINT.tilde, end, digitsEnd - end);
    end = digitsEnd;
  } else if (text[end] === "*") {
    // `"big app"*`: the wildcard belongs inside, on the last word.
    fault(faults, LINT.wildcardNotAtEnd, end, 1);
    end++;
  }

  const content = text.slice(quote + 1, close);
  if (content.trim() === "") {
    fault(faults, LINT.emptyQuotes, quote, close - quote + 1);
    lexemes.push({ type: "operand", offset: quote, end, node: null, signed: false });
    return end;
  }
  // Inside quotes +, -, NOT, AND, OR and brackets are ordinary text (they fold away or are words). A * may
  // end the last word (its last token then matches by prefix); a tilde is always misplaced here.
  let lastNonSpace = content.length - 1;
  while (isSpace(content[lastNonSpace])) lastNonSpace--;
  let prefixLast = false;
  let seenTokenChar = false; // in the current word
  for (let k = 0; k < content.length; k += codePointLength(content, k)) {
    const ch = content[k];
    if (isSpace(ch)) {
      seenTokenChar = false;
    } else if (ch === "*") {
      if (!seenTokenChar) fault(faults, LINT.leadingWildcard, quote + 1 + k, 1);
      else if (k === lastNonSpace) prefixLast = true;
      else fault(faults, LINT.wildcardNotAtEnd, quote + 1 + k, 1);
    } else if (ch === "~") {
      const digitsEnd = tildeEnd(content, k, content.length);
      fault(faults, LINT.tilde, quote + 1 + k, digitsEnd - k);
      k = digitsEnd - 1;
    } else if (!seenTokenChar && isTokenCharAt(content, k)) {
      seenTokenChar = true;
    }
  }

  const tokens = tokenize(prefixLast ? content.slice(0, lastNonSpace) : content);
  if (tokens.length === 0 && faults.length === faultsBefore) fault(faults, LINT.noLetters, quote, end - quote);
  let node: QueryNode | null = null;
  if (faults.length === faultsBefore && tokens.length > 0) {
    node =
      tokens.length === 1
        ? // One token: nothing to keep in order, so the proximity has no effect.
          { kind: "term", token: tokens[0], wildcard: prefixLast, fuzzy: 0, offset: quote, length: end - quote }
        : { kind: "phrase", tokens, proximity, prefixLast, offset: quote, length: end - quote };
  }
  lexemes.push({ type: "operand", offset: quote, end, node, signed: false });
  return end;
}

// ── Structure ─────────────────────────────────────────────────────────────────────────────────────

/** A bracketed group seen as one operand of the level around it. `top` is null when the group has a fault. */
interface GroupInfo {
  offset: number;
  end: number;
  top: Operator | null;
}

interface Operand {
  offset: number;
  end: number;
  node: QueryNode | null;
  group: GroupInfo | null;
}

/** One bracket level (the query itself is the level with open = -1). */
interface Level {
  open: number;
  operands: Operand[];
  /** Operands not side by side with the previous one: what the item limit counts. */
  items: number;
  /** The operators between consecutive operands, in order (what the tree is built from). */
  operators: Operator[];
  hasOr: boolean;
  last: "none" | "operand" | "operator";
  lastOperator: { offset: number; end: number } | null;
  /** A refused NOT / + / - was seen since the last operand or operator. */
  gap: boolean;
  /** The current run of operands side by side with no operator between them. */
  run: { offset: number; end: number; count: number } | null;
  /** The last operand, if it is a valid group, waiting for the operator on its right to be judged. */
  pending: { group: GroupInfo; left: Operator | null } | null;
}

function newLevel(open: number): Level {
  return { open, operands: [], items: 0, operators: [], hasOr: false, last: "none", lastOperator: null, gap: false, run: null, pending: null };
}

function structure(lexemes: Lexeme[], faults: QueryFault[]): QueryNode | null {
  const levels: Level[] = [newLevel(-1)];
  // Brackets beyond QUERY_MAX_DEPTH are counted, not parsed: their whole span is one faulty operand.
  let overflow = 0;
  let overflowStart = 0;
  let lastEnd = 0;

  for (const lexeme of lexemes) {
    const level = levels[levels.length - 1];
    if (lexeme.type === "open") {
      lastEnd = lexeme.offset + 1;
      if (overflow > 0) {
        overflow++;
      } else if (levels.length - 1 >= QUERY_MAX_DEPTH) {
        fault(faults, LINT.tooDeep, lexeme.offset, 1);
        overflow = 1;
        overflowStart = lexeme.offset;
      } else {
        levels.push(newLevel(lexeme.offset));
      }
      continue;
    }
    if (lexeme.type === "close") {
      lastEnd = lexeme.offset + 1;
      if (overflow > 0) {
        if (--overflow === 0) addOperand(level, faultyGroup(overflowStart, lastEnd), false, faults);
      } else if (levels.length === 1) {
        fault(faults, LINT.unbalancedBracket, lexeme.offset, 1);
        level.gap = true;
      } else {
        levels.pop();
        const parent = levels[levels.length - 1];
        addOperand(parent, closeLevel(level, lexeme.offset + 1, faults), false, faults);
      }
      continue;
    }
    lastEnd = lexeme.end;
    if (overflow > 0) continue;
    if (lexeme.type === "operand") {
      addOperand(level, { offset: lexeme.offset, end: lexeme.end, node: lexeme.node, group: null }, lexeme.signed, faults);
    } else if (lexeme.type === "operator") {
      addOperator(level, lexeme.op, lexeme.offset, lexeme.end, faults);
    } else {
      level.gap = true;
    }
  }

  if (overflow > 0) addOperand(levels[levels.length - 1], faultyGroup(overflowStart, lastEnd), false, faults);
  // Brackets never closed: their content is still checked, and each stands in its parent as one operand.
  while (levels.length > 1) {
    const level = levels.pop()!;
    finishLevel(level, faults);
    fault(faults, LINT.unbalancedBracket, level.open, 1);
    addOperand(levels[levels.length - 1], faultyGroup(level.open, lastEnd), false, faults);
  }
  const top = levels[0];
  finishLevel(top, faults);
  const only = top.operands.length === 1 && top.operators.length === 0 ? top.operands[0] : null;
  if (only?.group?.top) fault(faults, LINT.uselessWholeQuery, only.offset, only.end - only.offset);
  return faults.length === 0 ? buildLevel(top) : null;
}

function faultyGroup(offset: number, end: number): Operand {
  return { offset, end, node: null, group: { offset, end, top: null } };
}

function addOperand(level: Level, operand: Operand, signed: boolean, faults: QueryFault[]): void {
  level.operands.push(operand);
  if (level.last === "operand" && !level.gap && !signed && level.run) {
    // Operands side by side: one fault for the whole run, reported when the run ends. The run stays one
    // item (quoting it is the fix), and its operands have no operator to be judged against.
    level.run.end = operand.end;
    level.run.count++;
    level.pending = null;
  } else {
    flushRun(level, faults);
    level.run = { offset: operand.offset, end: operand.end, count: 1 };
    if (++level.items === QUERY_MAX_GROUP_ITEMS + 1) {
      fault(faults, LINT.tooManyItems, operand.offset, operand.end - operand.offset);
    }
    const left = level.last === "operator" ? level.operators[level.operators.length - 1] : null;
    level.pending = operand.group?.top ? { group: operand.group, left } : null;
  }
  level.last = "operand";
  level.gap = false;
}

function addOperator(level: Level, op: Operator, offset: number, end: number, faults: QueryFault[]): void {
  if (level.last !== "operand") fault(faults, LINT.missingOperand, offset, end - offset);
  flushRun(level, faults);
  if (level.pending) {
    judgeGroup(level.pending.group, level.pending.left, op, faults);
    level.pending = null;
  }
  level.operators.push(op);
  if (op === "or") level.hasOr = true;
  level.last = "operator";
  level.lastOperator = { offset, end };
  level.gap = false;
}

/** The checks due when a level ends: a trailing operator, a run of operands, a group still to judge. */
function finishLevel(level: Level, faults: QueryFault[]): void {
  if (level.last === "operator" && level.lastOperator) {
    fault(faults, LINT.missingOperand, level.lastOperator.offset, level.lastOperator.end - level.lastOperator.offset);
  }
  flushRun(level, faults);
  if (level.pending) {
    judgeGroup(level.pending.group, level.pending.left, null, faults);
    level.pending = null;
  }
}

function flushRun(level: Level, faults: QueryFault[]): void {
  if (level.run && level.run.count > 1) fault(faults, LINT.phraseNeedsQuotes, level.run.offset, level.run.end - level.run.offset);
  level.run = null;
}

/**
 * A group whose brackets change nothing, given the operators on either side of it: an AND group next to
 * an AND ("a AND (b AND c)"), or an OR group next to an OR and no AND ("a OR (b OR c)"). An OR group next
 * to an AND needs its brackets; an AND group among ORs ("a OR (b AND c)") is kept for readability.
 */
function judgeGroup(group: GroupInfo, left: Operator | null, right: Operator | null, faults: QueryFault[]): void {
  const useless =
    group.top === "and"
      ? left === "and" || right === "and"
      : (left === "or" || right === "or") && left !== "and" && right !== "and";
  if (useless) fault(faults, LINT.uselessSameOperator, group.offset, group.end - group.offset);
}

/** Closes a bracket level at `end` (just after its ")"): checks the brackets and returns the group operand. */
function closeLevel(level: Level, end: number, faults: QueryFault[]): Operand {
  finishLevel(level, faults);
  const offset = level.open;
  let top: Operator | null = null;
  if (level.operands.length === 0 && level.operators.length === 0) {
    fault(faults, LINT.emptyBrackets, offset, end - offset);
  } else if (level.operators.length === 0 && level.operands.length === 1 && level.operands[0].group) {
    fault(faults, LINT.uselessDoubled, offset, end - offset);
  } else if (level.operators.length === 0) {
    fault(faults, LINT.bracketsNeedOperator, offset, end - offset);
  } else {
    top = level.hasOr ? "or" : "and";
  }
  let node: QueryNode | null = null;
  if (faults.length === 0) {
    node = buildLevel(level);
    // The group's node covers its brackets, so the UI can mark the whole group.
    if (node) node = { ...node, offset, length: end - offset };
  }
  return { offset, end, node, group: { offset, end, top } };
}

/** The tree of a fault-free level: AND chains joined by OR (AND binds tighter). */
function buildLevel(level: Level): QueryNode | null {
  const nodes = level.operands.map((operand) => operand.node);
  if (nodes.length === 0 || nodes.some((node) => node === null)) return null;
  const valid = nodes as QueryNode[];
  const alternatives: QueryNode[] = [];
  let chain: QueryNode[] = [valid[0]];
  for (let i = 1; i < valid.length; i++) {
    if (level.operators[i - 1] === "and") {
      chain.push(valid[i]);
    } else {
      alternatives.push(join("and", chain));
      chain = [valid[i]];
    }
  }
  alternatives.push(join("and", chain));
  return join("or", alternatives);
}

function join(kind: Operator, children: QueryNode[]): QueryNode {
  if (children.length === 1) return children[0];
  const first = children[0];
  const last = children[children.length - 1];
  return { kind, children, offset: first.offset, length: last.offset + last.length - first.offset };
}
