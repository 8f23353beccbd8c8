// Lexicons compiled once into templates: a template is a plain string (no slot) or a list of literal
// parts and slot codes, so that filling one is a handful of string concatenations.

import { LEXICONS, TOPICS, ZH_TW, type DemoLanguage, type Lexicon } from "./lexicon";

export const SLOT = { f: 0, amt: 1, d: 2, h: 3, order: 4, ver: 5, user: 6, g: 7 } as const;
type SlotName = keyof typeof SLOT;

type Part = string | number;
export type Tpl = string | Part[];

/** Tone index: 0 negative, 1 neutral, 2 positive (sentiment = index - 1). */
export type ToneIndex = 0 | 1 | 2;

export interface Clause {
  t: Tpl;
  /** Index in TOPICS. */
  topic: number;
}

interface Toned {
  t: Tpl;
  tone: ToneIndex;
}

export interface CompiledLexicon {
  lang: DemoLanguage;
  caps: boolean;
  /** Joiner between sentences of an article ("" in Chinese and Japanese). */
  space: string;
  clauses: [Clause[], Clause[], Clause[]];
  meh: Clause[];
  outage: [Tpl[], Tpl[], Tpl[]];
  launch: [Tpl[], Tpl[], Tpl[]];
  open: [Tpl[], Tpl[], Tpl[]];
  close: [Tpl[], Tpl[], Tpl[]];
  emoji: [string[], string[], string[]];
  sep: string[];
  but: string[];
  and: string[];
  agent: [Tpl[], Tpl[], Tpl[]];
  agentOutage: Tpl[];
  /** [negative, positive] */
  follow: [Tpl[], Tpl[]];
  titles: [Tpl[], Tpl[], Tpl[]];
  subjects: Tpl[];
  thanks: string;
  headlines: { normal: Toned[]; outage: Toned[]; launch: Toned[] };
  leads: [string, string, string];
  quote: [string, string];
  features: string[];
  /** Features of the game itself (crashes, lag, pay-to-win make sense for them). */
  games: string[];
  amounts: string[];
  finance: Toned[] | null;
  pro: Toned[] | null;
  tags: string[];
}

const EMOJI: [string[], string[], string[]] = [
  ["😡", "🤬", "😤", "🙄", "😩", "💀", "👎", "😭", "🤦", "😒"],
  ["🤔", "👀", "🙏", "🤷"],
  ["😍", "🔥", "🙌", "👏", "❤️", "😊", "🥳", "💯", "✨", "👍", "🎮"],
];

const TONES: Record<string, ToneIndex> = { neg: 0, neu: 1, pos: 2 };

function compileTemplate(text: string): Tpl {
  if (!text.includes("{")) return text;
  const parts: Part[] = [];
  const re = /\{(\w+)\}/g;
  let last = 0;
  for (let m = re.exec(text); m; m = re.exec(text)) {
    const code = SLOT[m[1] as SlotName];
    if (code === undefined) throw new Error(`unknown slot {${m[1]}} in "${text}"`);
    if (m.index > last) parts.push(text.slice(last, m.index));
    parts.push(code);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function split(tagged: string): [string, string] {
  const bar = tagged.indexOf("|");
  if (bar < 0) throw new Error(`untagged clause "${tagged}"`);
  return [tagged.slice(0, bar), tagged.slice(bar + 1)];
}

function clauses(list: string[]): Clause[] {
  return list.map((entry) => {
    const [tag, text] = split(entry);
    const topic = (TOPICS as readonly string[]).indexOf(tag);
    if (topic < 0) throw new Error(`unknown topic "${tag}"`);
    return { t: compileTemplate(text), topic };
  });
}

function toned(list: string[]): Toned[] {
  return list.map((entry) => {
    const [tag, text] = split(entry);
    const tone = TONES[tag];
    if (tone === undefined) throw new Error(`unknown tone "${tag}"`);
    return { t: compileTemplate(text), tone };
  });
}

function byTone(list: string[]): [Tpl[], Tpl[], Tpl[]] {
  const out: [Tpl[], Tpl[], Tpl[]] = [[], [], []];
  for (const x of toned(list)) out[x.tone].push(x.t);
  return out;
}

const tpls = (list: string[]): Tpl[] => list.map(compileTemplate);

function compileLexicon(lex: Lexicon): CompiledLexicon {
  const extra = lex.emoji ?? {};
  return {
    lang: lex.lang,
    caps: lex.caps,
    space: lex.lang === "ja" || lex.lang === "zh" ? "" : " ",
    clauses: [clauses(lex.neg), clauses(lex.neu), clauses(lex.pos)],
    meh: clauses(lex.meh),
    outage: byTone(lex.outage),
    launch: byTone(lex.launch),
    open: [tpls(lex.open.neg), tpls(lex.open.neu), tpls(lex.open.pos)],
    close: [tpls(lex.close.neg), tpls(lex.close.neu), tpls(lex.close.pos)],
    emoji: [
      [...EMOJI[0], ...(extra.neg ?? [])],
      [...EMOJI[1], ...(extra.neu ?? [])],
      [...EMOJI[2], ...(extra.pos ?? [])],
    ],
    sep: lex.sep,
    but: lex.but,
    and: lex.and,
    agent: [tpls(lex.agent.neg), tpls(lex.agent.neu), tpls(lex.agent.pos)],
    agentOutage: tpls(lex.agent.outage),
    follow: [tpls(lex.follow.neg), tpls(lex.follow.pos)],
    titles: [tpls(lex.titles.neg), tpls(lex.titles.neu), tpls(lex.titles.pos)],
    subjects: tpls(lex.subjects),
    thanks: lex.thanks,
    headlines: {
      normal: toned(lex.headlines.normal),
      outage: toned(lex.headlines.outage),
      launch: toned(lex.headlines.launch),
    },
    leads: [lex.leads.neg, lex.leads.neu, lex.leads.pos],
    quote: lex.quote,
    features: lex.features.map((f) => f.replace(/^~/, "")),
    games: lex.features.filter((f) => !f.startsWith("~")),
    amounts: lex.amounts,
    finance: lex.finance ? toned(lex.finance) : null,
    pro: lex.pro ? toned(lex.pro) : null,
    tags: lex.tags,
  };
}

let compiled: { byLang: Record<DemoLanguage, CompiledLexicon>; zhTW: CompiledLexicon } | null = null;

/** All lexicons, compiled on first use. */
export function compiledLexicons(): { byLang: Record<DemoLanguage, CompiledLexicon>; zhTW: CompiledLexicon } {
  if (!compiled) {
    const byLang = {} as Record<DemoLanguage, CompiledLexicon>;
    for (const [lang, lex] of Object.entries(LEXICONS)) byLang[lang as DemoLanguage] = compileLexicon(lex);
    compiled = { byLang, zhTW: compileLexicon(ZH_TW) };
  }
  return compiled;
}
