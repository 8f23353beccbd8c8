// The Northwind demo corpus: a deterministic stream of mentions over `days` before `end`, shaped like
// what the real sources deliver (IngestItemInput). Northwind makes "Northwind Play" (a mobile and PC
// game with seasons, a battle pass, multiplayer servers and the Play+ subscription) and runs the
// Northwind Shop (merch, controllers, gift cards, shipped worldwide). Its support handle is
// @NorthwindHelp. Two events shape the timeline: the "Skyline" season launch (Northwind Play 4.0) 20
// days before `end`, and a login outage (503s, servers down) 3 days before `end`.
//
// Order of work per hour bucket (UTC): a quota of items proportional to the hour's weight (regional
// daily and weekly rhythms, a slow growth trend, the two events); each customer item is followed at
// once by its thread (agent reply, customer follow-up, second agent reply), whose times are later.

import { type NetworkId } from "../../domain/networks";
import type { IngestItemInput, MentionKind } from "../../domain/schemas/mention-input";
import { authorPools, LOCALES, type Author, type AuthorPools, type Outlet } from "./authors";
import { compiledLexicons, SLOT, type Clause, type CompiledLexicon, type ToneIndex, type Tpl } from "./compile";
import { DEMO_LANGUAGES, type DemoLanguage } from "./lexicon";
import { cumulative, deriveSeed, int, mulberry32, pareto, pick, pickCum, type Rng } from "./prng";
import { STREAM_PLANS, type StreamPlan } from "./streams";

type DemoSentiment = -1 | 0 | 1;
type DemoTheme = "normal" | "outage" | "launch";

export interface DemoMention {
  streamKey: string;
  item: IngestItemInput;
  /** The language the text was written in (the item's `language` is only set when the source would). */
  languageTruth: DemoLanguage;
  /** The tone the text was written with. */
  sentimentTruth: DemoSentiment;
  theme: DemoTheme;
}

export interface DemoCorpusOptions {
  count: number;
  seed?: number;
  end: Date;
  /** Span before `end` (default 90). */
  days?: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const MINUTE = 60_000;

/** The brand's own handle, author of every agent reply. */
export const DEMO_BRAND_HANDLE = "NorthwindHelp";

/** The two events of the timeline, relative to `end`. */
export function demoEventWindows(end: Date): {
  outage: { start: Date; end: Date };
  launch: { start: Date; end: Date };
} {
  const outageStart = Math.floor((end.getTime() - 3 * DAY) / HOUR) * HOUR;
  const launchStart = Math.floor((end.getTime() - 20 * DAY) / HOUR) * HOUR;
  return {
    outage: { start: new Date(outageStart), end: new Date(outageStart + OUTAGE_PEAK_HOURS * HOUR) },
    launch: { start: new Date(launchStart), end: new Date(launchStart + LAUNCH_PROFILE.length * HOUR) },
  };
}

// Extra volume per hour from the event start, in multiples of the mean normal hourly volume. The
// outage's first six hours run at ~8x the normal rate; then an aftermath (mixed: "back up",
// compensation) tails off.
const OUTAGE_PEAK_HOURS = 6;
const OUTAGE_PROFILE = [5.5, 9, 9.5, 8.5, 6.5, 4, 2, 1.5, 1, 0.8, 0.6, 0.5, 0.4, 0.3, 0.25, 0.2, 0.15, 0.1];
const LAUNCH_PROFILE = Array.from({ length: 36 }, (_, k) => (k < 2 ? 0.8 + k : 2.6 * Math.exp(-(k - 2) / 10)));

// Local-time rhythms (hour 0-23; day 0 = Sunday).
const DIURNAL = [
  0.35, 0.22, 0.14, 0.09, 0.07, 0.08, 0.15, 0.32, 0.55, 0.72, 0.82, 0.9, 0.97, 0.98, 0.95, 0.95, 1.0, 1.08, 1.2, 1.35,
  1.45, 1.42, 1.15, 0.7,
];
const WEEKLY = [1.12, 0.93, 0.92, 0.94, 0.97, 1.04, 1.16];

// ---------------------------------------------------------------------------------------------
// Networks: base volume, the languages that use them, event affinities, presentation.

const NETWORK_WEIGHT: Record<NetworkId, number> = {
  twitter: 18,
  instagram: 5,
  facebook: 5,
  reddit: 12,
  youtube: 5,
  article: 2,
  ios: 7,
  trustpilot: 4,
  discourse: 1.5,
  googlePlay: 8,
  linkedin: 1.2,
  webreview: 1.2,
  etoro: 0.3,
  wixan: 0.3,
  discord: 4,
  vanillaForums: 1.2,
  zendesk: 7,
  tiktok: 4,
  intercom: 2.5,
  helpshift: 3,
  steam: 3.5,
  fmKorea: 0.02,
  weibo: 0.02,
  xhs: 0.02,
};

const NO_ASIAN_NETWORKS = { weibo: 0, xhs: 0, fmKorea: 0 };

/** Per language, how much more (or less) each network is used than on average. */
const LANGUAGE_AFFINITY: Record<DemoLanguage, Partial<Record<NetworkId, number>>> = {
  en: {
    reddit: 1.3,
    discourse: 1.2,
    vanillaForums: 1.2,
    linkedin: 1.4,
    etoro: 1.3,
    weibo: 0.2,
    xhs: 0.1,
    fmKorea: 0.2,
  },
  es: {
    ...NO_ASIAN_NETWORKS,
    instagram: 1.4,
    facebook: 1.4,
    tiktok: 1.3,
    reddit: 0.4,
    trustpilot: 0.8,
    etoro: 0.7,
    googlePlay: 1.3,
  },
  de: { ...NO_ASIAN_NETWORKS, reddit: 0.6, trustpilot: 1.6, etoro: 1.2, steam: 1.3 },
  fr: { ...NO_ASIAN_NETWORKS, reddit: 0.5, trustpilot: 1.5, etoro: 1.2, facebook: 1.2 },
  pt: {
    ...NO_ASIAN_NETWORKS,
    instagram: 1.6,
    twitter: 1.3,
    tiktok: 1.4,
    googlePlay: 1.6,
    reddit: 0.4,
    trustpilot: 0.4,
    facebook: 1.2,
    etoro: 0,
    ios: 0.7,
  },
  it: { ...NO_ASIAN_NETWORKS, reddit: 0.4, trustpilot: 1.4, etoro: 1.2, facebook: 1.4, instagram: 1.3 },
  nl: { ...NO_ASIAN_NETWORKS, reddit: 0.6, trustpilot: 1.8, etoro: 0.6 },
  ja: {
    twitter: 3,
    reddit: 0.1,
    facebook: 0.3,
    trustpilot: 0.05,
    linkedin: 0.1,
    etoro: 0,
    weibo: 0.5,
    xhs: 0.5,
    fmKorea: 0,
    youtube: 1.3,
    discord: 0.6,
    ios: 1.3,
    googlePlay: 0.8,
    webreview: 0.2,
  },
  zh: {
    weibo: 1500,
    xhs: 1250,
    fmKorea: 0,
    twitter: 0.15,
    instagram: 0.3,
    facebook: 0.2,
    reddit: 0.1,
    youtube: 0.3,
    googlePlay: 0.1,
    trustpilot: 0.05,
    linkedin: 0.1,
    etoro: 0,
    wixan: 0.5,
    discord: 0.3,
    tiktok: 0.2,
    steam: 1.5,
    webreview: 0.3,
    discourse: 0.3,
    vanillaForums: 0.3,
  },
  ar: {
    ...NO_ASIAN_NETWORKS,
    twitter: 1.6,
    instagram: 1.8,
    tiktok: 1.6,
    facebook: 1.3,
    reddit: 0.2,
    trustpilot: 0.3,
    linkedin: 0.5,
    discord: 0.6,
    steam: 0.7,
    etoro: 0,
    webreview: 0.3,
  },
  ko: {
    fmKorea: 1200,
    weibo: 0,
    xhs: 0,
    youtube: 1.6,
    googlePlay: 1.5,
    twitter: 0.7,
    facebook: 0.3,
    reddit: 0.2,
    trustpilot: 0.05,
    linkedin: 0.2,
    etoro: 0,
    steam: 1.3,
    discord: 0.8,
    tiktok: 0.7,
    webreview: 0.2,
  },
  ru: {
    ...NO_ASIAN_NETWORKS,
    youtube: 1.8,
    steam: 2.2,
    discord: 1.3,
    twitter: 0.5,
    instagram: 0.5,
    facebook: 0.2,
    trustpilot: 0.2,
    linkedin: 0.1,
    etoro: 0,
    reddit: 0.5,
    tiktok: 0.8,
  },
};

const OUTAGE_AFFINITY: Partial<Record<NetworkId, number>> = {
  twitter: 2.2,
  reddit: 1.6,
  discord: 2.5,
  helpshift: 1.6,
  zendesk: 1.2,
  intercom: 0.3,
  ios: 0.8,
  trustpilot: 0.3,
  webreview: 0.2,
  article: 0.4,
  linkedin: 0.1,
  etoro: 0.8,
  instagram: 0.6,
  facebook: 0.8,
  youtube: 0.5,
  tiktok: 0.6,
  discourse: 1.2,
  vanillaForums: 1.2,
  xhs: 0.6,
  wixan: 0.5,
};
const LAUNCH_AFFINITY: Partial<Record<NetworkId, number>> = {
  youtube: 2,
  tiktok: 2,
  instagram: 1.6,
  twitter: 1.3,
  reddit: 1.3,
  article: 3,
  zendesk: 0.3,
  intercom: 0.3,
  helpshift: 0.5,
  ios: 1.2,
  googlePlay: 1.2,
  steam: 1.5,
  trustpilot: 0.5,
  linkedin: 1.5,
  etoro: 1.5,
  discord: 1.5,
  weibo: 1.3,
  xhs: 1.5,
  fmKorea: 1.3,
};

/** Probability that the source reports the item's language. */
const LANGUAGE_HINT: Partial<Record<NetworkId, number>> = {
  twitter: 0.35,
  googlePlay: 0.4,
  ios: 0.3,
  zendesk: 0.25,
  helpshift: 0.35,
  intercom: 0.2,
  trustpilot: 0.25,
  steam: 0.3,
  weibo: 0.2,
  xhs: 0.15,
  article: 0.25,
  youtube: 0.03,
};

/** Follower counts as the network shows them (0: the network does not expose any). */
const FOLLOWER_SCALE: Partial<Record<NetworkId, number>> = {
  twitter: 1,
  instagram: 1.2,
  youtube: 0.5,
  tiktok: 1.5,
  linkedin: 0.6,
  weibo: 0.8,
  xhs: 0.5,
  etoro: 0.05,
};

/** The brand's accounts (followers shown on agent replies). */
const BRAND_FOLLOWERS: Partial<Record<NetworkId, number>> = {
  twitter: 184_000,
  instagram: 312_000,
  facebook: 128_000,
  youtube: 96_000,
  tiktok: 450_000,
  linkedin: 41_000,
  weibo: 88_000,
  xhs: 23_000,
};

/** Networks where the author is shown by display name rather than handle. */
const BY_DISPLAY_NAME = new Set<NetworkId>([
  "facebook",
  "trustpilot",
  "zendesk",
  "intercom",
  "helpshift",
  "linkedin",
  "webreview",
]);

/** Review networks whose reviews carry a title. */
const REVIEW_TITLES = new Set<NetworkId>(["ios", "trustpilot", "webreview"]);

/** Where a post starts a thread with a title. */
const POST_TITLES = new Set<NetworkId>(["reddit", "discourse", "vanillaForums", "fmKorea", "xhs", "wixan"]);

/** No customer follow-ups: the customer cannot answer a developer response or a news article. */
const NO_FOLLOW_UP = new Set<NetworkId>(["ios", "googlePlay", "steam", "trustpilot", "webreview", "article"]);

/** Speed of the first agent reply: the exponent k of delay = 5 min × 360^(u^k) (larger k = faster). */
const REPLY_SPEED: Partial<Record<NetworkId, number>> = {
  twitter: 1.8,
  instagram: 1.5,
  facebook: 1.4,
  discord: 1.6,
  intercom: 2.2,
  helpshift: 1.2,
  zendesk: 1.0,
  ios: 0.5,
  googlePlay: 0.55,
  trustpilot: 0.6,
  steam: 0.5,
  webreview: 0.5,
  reddit: 1.1,
  discourse: 0.9,
  vanillaForums: 0.9,
};

const AGENT_NAMES: Record<DemoLanguage, string[]> = {
  en: ["Maya", "Tom", "Priya", "Jordan"],
  es: ["Lucía", "Diego"],
  de: ["Jonas", "Lena"],
  fr: ["Chloé", "Hugo"],
  pt: ["Rafael", "Beatriz"],
  it: ["Giulia", "Marco"],
  nl: ["Sanne", "Bram"],
  ja: ["佐藤", "田中"],
  zh: ["小林", "阿杰"],
  ar: ["عمر", "ريم"],
  ko: ["민지", "현우"],
  ru: ["Ольга", "Иван"],
};
const SUPPORT_DESKS = new Set<NetworkId>(["zendesk", "intercom", "helpshift"]);

const VERSIONS_BEFORE = ["3.9.0", "3.9.1", "3.9.2", "3.9.2"];
const VERSIONS_AFTER = ["4.0.0", "4.0.1", "4.0.1", "4.0.2"];

/** [negative, neutral, positive] per class of content, for everyday items. */
const TONE_MIX = {
  social: [0.34, 0.23, 0.43],
  message: [0.5, 0.36, 0.14],
  review: [0.38, 0.1, 0.52],
  ticket: [0.66, 0.27, 0.07],
} as const;

/** Ends with ? ! 。 ？ ！ ؟ or …: no full stop or comma after it. */
function endsSentence(text: string): boolean {
  const c = text.charCodeAt(text.length - 1);
  return c === 63 || c === 33 || c === 0x3002 || c === 0xff1f || c === 0xff01 || c === 0x061f || c === 0x2026;
}

const B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";
const B62 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
const HEX = "0123456789abcdef";

const NETWORK_LIST = Object.keys(NETWORK_WEIGHT) as NetworkId[];

interface NetworkTables {
  /** Per language × theme: cumulative weights over NETWORK_LIST. */
  byLangTheme: Float64Array[][];
  /** Per network: its stream plans and their cumulative weights. */
  streams: Map<NetworkId, { plans: StreamPlan[]; cum: Float64Array; kindCum: Float64Array[] }>;
}

let tables: NetworkTables | null = null;

function networkTables(): NetworkTables {
  if (tables) return tables;
  const byLangTheme = DEMO_LANGUAGES.map((lang) =>
    [undefined, OUTAGE_AFFINITY, LAUNCH_AFFINITY].map((event) =>
      cumulative(
        NETWORK_LIST.map(
          (network) => NETWORK_WEIGHT[network] * (LANGUAGE_AFFINITY[lang][network] ?? 1) * (event?.[network] ?? 1),
        ),
      ),
    ),
  );
  const streams = new Map<NetworkId, { plans: StreamPlan[]; cum: Float64Array; kindCum: Float64Array[] }>();
  for (const network of NETWORK_LIST) {
    const plans = STREAM_PLANS.filter((plan) => plan.spec.network === network);
    if (plans.length === 0) throw new Error(`no demo stream for ${network}`);
    streams.set(network, {
      plans,
      cum: cumulative(plans.map((plan) => plan.weight)),
      kindCum: plans.map((plan) => cumulative(plan.kinds.map(([, w]) => w))),
    });
  }
  tables = { byLangTheme, streams };
  return tables;
}

const LANG_INDEX = new Map(DEMO_LANGUAGES.map((lang, i) => [lang, i]));

// ---------------------------------------------------------------------------------------------

interface Thread {
  network: NetworkId;
  plan: StreamPlan;
  lex: CompiledLexicon;
  lang: DemoLanguage;
  tone: ToneIndex;
  theme: DemoTheme;
  author: Author;
  externalId: string;
  url: string | undefined;
  t: number;
  kind: MentionKind;
}

class CorpusGenerator {
  private readonly rng: Rng;
  private readonly pools: AuthorPools;
  private readonly lexicons = compiledLexicons();
  private readonly tables = networkTables();
  private readonly counters = new Map<NetworkId, number>();
  private readonly startMs: number;
  private readonly outageStart: number;
  private readonly launchStart: number;
  /** Filled per item for the slots. */
  private lex!: CompiledLexicon;
  private versions: string[] = VERSIONS_AFTER;
  private user = "";
  private readonly thread: Thread = {} as Thread;

  constructor(
    seed: number,
    private readonly endMs: number,
    days: number,
  ) {
    this.rng = mulberry32(deriveSeed(seed, 0xc0a1));
    this.pools = authorPools(seed);
    this.startMs = endMs - days * DAY;
    const windows = demoEventWindows(new Date(endMs));
    this.outageStart = windows.outage.start.getTime();
    this.launchStart = windows.launch.start.getTime();
    for (const network of NETWORK_LIST) this.counters.set(network, 0);
  }

  *run(count: number): Generator<DemoMention> {
    if (count <= 0) return;
    const rng = this.rng;
    // Hour buckets aligned on UTC hours, clipped to [start, end].
    const starts: number[] = [];
    const ends: number[] = [];
    for (let h = Math.floor(this.startMs / HOUR) * HOUR; h < this.endMs; h += HOUR) {
      const s = Math.max(h, this.startMs);
      const e = Math.min(h + HOUR, this.endMs);
      if (e > s) {
        starts.push(s);
        ends.push(e);
      }
    }
    const nb = starts.length;
    if (nb === 0) return;
    const localeCum: Float64Array[] = [];
    const normal = new Float64Array(nb);
    let normalSum = 0;
    let span = 0;
    const weights = new Array<number>(LOCALES.length);
    for (let b = 0; b < nb; b++) {
      const hourStart = Math.floor(starts[b] / HOUR) * HOUR;
      const date = new Date(hourStart);
      const utcHour = date.getUTCHours();
      const utcDay = date.getUTCDay();
      const fraction = (ends[b] - starts[b]) / HOUR;
      const trend = 0.85 + (0.3 * b) / nb;
      for (let i = 0; i < LOCALES.length; i++) {
        let local = Math.floor(utcHour + LOCALES[i].tz);
        let day = utcDay;
        if (local < 0) {
          local += 24;
          day = (day + 6) % 7;
        } else if (local >= 24) {
          local -= 24;
          day = (day + 1) % 7;
        }
        weights[i] = LOCALES[i].share * DIURNAL[local] * WEEKLY[day];
      }
      const cum = cumulative(weights);
      localeCum.push(cum);
      normal[b] = cum[cum.length - 1] * trend * fraction;
      normalSum += normal[b];
      span += fraction;
    }
    const mean = normalSum / span;
    const outage = new Float64Array(nb);
    const launch = new Float64Array(nb);
    const total = new Float64Array(nb);
    let grand = 0;
    for (let b = 0; b < nb; b++) {
      const fraction = (ends[b] - starts[b]) / HOUR;
      const o = Math.floor((starts[b] - this.outageStart) / HOUR);
      if (o >= 0 && o < OUTAGE_PROFILE.length) outage[b] = OUTAGE_PROFILE[o] * mean * fraction;
      const l = Math.floor((starts[b] - this.launchStart) / HOUR);
      if (l >= 0 && l < LAUNCH_PROFILE.length) launch[b] = LAUNCH_PROFILE[l] * mean * fraction;
      total[b] = normal[b] + outage[b] + launch[b];
      grand += total[b];
    }
    const staticLocales = cumulative(LOCALES.map((locale) => locale.share));

    let emitted = 0;
    let running = 0;
    for (let b = 0; b < nb; b++) {
      running += total[b];
      const quota = b === nb - 1 ? count : Math.min(count, Math.round((count * running) / grand));
      const s = starts[b];
      const len = ends[b] - s;
      while (emitted < quota) {
        const r = rng() * total[b];
        const theme: DemoTheme = r < normal[b] ? "normal" : r < normal[b] + outage[b] ? "outage" : "launch";
        const locale = theme === "normal" ? pickCum(rng, localeCum[b]) : pickCum(rng, staticLocales);
        const t = s + Math.floor(rng() * len);
        yield this.customerItem(locale, theme, t);
        emitted++;
        // The thread: agent reply, customer follow-up, second agent reply.
        const th = this.thread;
        if (emitted >= count || th.kind === "article") continue;
        let p = th.plan.reply * (th.tone === 0 ? 1.5 : th.tone === 2 ? 0.5 : 1);
        if (th.theme === "outage") p *= 0.6;
        if (rng() >= Math.min(0.95, p)) continue;
        const agentT = th.t + this.agentDelay(th.network, th.theme === "outage");
        if (agentT > this.endMs) continue;
        const agent = this.agentReply(agentT, th.externalId, th.tone);
        yield agent.mention;
        emitted++;
        if (emitted >= count || NO_FOLLOW_UP.has(th.network)) continue;
        if (rng() >= (SUPPORT_DESKS.has(th.network) ? 0.45 : 0.3)) continue;
        const followT = agentT + Math.floor(3 * MINUTE * Math.pow(400, Math.pow(rng(), 1.2)));
        if (followT > this.endMs) continue;
        const happy = rng() < (th.tone === 0 ? 0.55 : 0.75);
        const follow = this.followUp(followT, agent.id, happy);
        yield follow.mention;
        emitted++;
        if (emitted >= count || happy || rng() >= 0.5) continue;
        const againT = followT + this.agentDelay(th.network, false);
        if (againT > this.endMs) continue;
        yield this.agentReply(againT, follow.id, 0).mention;
        emitted++;
      }
    }
  }

  // ------------------------------------------------------------------ customer items

  private customerItem(localeIndex: number, theme: DemoTheme, t: number): DemoMention {
    const rng = this.rng;
    const locale = LOCALES[localeIndex];
    const lang = locale.lang;
    const lex = locale.country === "TW" ? this.lexicons.zhTW : this.lexicons.byLang[lang];
    this.lex = lex;
    this.orderNo = "";
    this.versions = t < this.launchStart ? VERSIONS_BEFORE : VERSIONS_AFTER;
    const themeIndex = theme === "normal" ? 0 : theme === "outage" ? 1 : 2;
    const network = NETWORK_LIST[pickCum(rng, this.tables.byLangTheme[LANG_INDEX.get(lang)!][themeIndex])];
    const streams = this.tables.streams.get(network)!;
    const si = pickCum(rng, streams.cum);
    const plan = streams.plans[si];
    const kind = plan.kinds[pickCum(rng, streams.kindCum[si])][0];
    const pool = this.pools.byLocale[localeIndex];
    const author = pool[Math.floor(pool.length * Math.pow(rng(), 1.3))];
    const outagePeak = theme === "outage" && t < this.outageStart + OUTAGE_PEAK_HOURS * HOUR;

    let tone: ToneIndex;
    let title: string | undefined;
    let text: string;
    let rating: number | undefined;
    let outlet: Outlet | undefined;

    if (kind === "article") {
      outlet = pick(rng, this.pools.outlets[lang]);
      const list =
        theme === "normal" ? lex.headlines.normal : theme === "outage" ? lex.headlines.outage : lex.headlines.launch;
      const headline = pick(rng, list.length > 0 ? list : lex.headlines.normal);
      tone = headline.tone;
      title = this.fill(headline.t);
      const quoted = theme === "normal" ? this.clause(tone).t : this.eventClause(theme, tone, outagePeak);
      text = lex.leads[tone] + lex.space + lex.quote[0] + this.fill(quoted) + lex.quote[1];
    } else if (kind === "review") {
      tone = this.reviewTone(theme, outagePeak, network);
      text = this.reviewText(theme, tone, outagePeak);
      if (REVIEW_TITLES.has(network)) title = this.fill(pick(rng, lex.titles[tone]));
      rating = this.rating(network, tone);
    } else if (kind === "ticket") {
      tone = this.tone(theme, outagePeak, TONE_MIX.ticket);
      text = this.ticketText(theme, tone, outagePeak);
      // E-mail tickets have a subject (chat conversations do not): the topic's for a complaint, the
      // question itself otherwise.
      if (network === "zendesk") {
        title =
          tone === 2
            ? lex.thanks
            : tone === 1 && this.lastMain
              ? this.lastMain
              : this.fill(lex.subjects[this.lastTopic]);
      }
    } else if (network === "etoro" && lex.finance && rng() < 0.8) {
      const line = pick(rng, lex.finance);
      tone = line.tone;
      text = this.fill(line.t);
    } else if (network === "linkedin" && lex.pro && rng() < 0.6) {
      const line = pick(rng, lex.pro);
      tone = line.tone;
      text = this.capitalize(this.fill(line.t));
    } else {
      tone = this.tone(theme, outagePeak, kind === "message" ? TONE_MIX.message : TONE_MIX.social);
      text = this.socialText(theme, tone, outagePeak, kind === "message");
      const topic = this.lastTopic;
      text = this.decorate(text, plan, network, kind, lex);
      if (network === "etoro") text = "$NWND " + text;
      if (kind === "post" && POST_TITLES.has(network)) {
        // A question is its own title; a complaint's title names its topic half the time (not "follow-up
        // on my ticket": that one is for tickets).
        if (tone === 1 && theme === "normal" && this.lastMain) title = this.lastMain;
        else if (tone === 0 && topic !== 6 && rng() < 0.5) title = this.fill(lex.subjects[topic]);
        else title = this.fill(pick(rng, lex.titles[tone]));
      }
    }

    const n = this.next(network);
    const externalId = `demo-${network}-${n}`;
    const created = new Date(t).toISOString();
    const username = outlet ? outlet.name : BY_DISPLAY_NAME.has(network) ? author.name : author.username;
    const scale = FOLLOWER_SCALE[network];
    const followers = outlet ? outlet.followers : scale ? Math.floor(author.followers * scale) : 0;
    const url = this.url(network, plan.spec.key, kind, n, author.username, t, created, outlet, locale.country);

    const item: IngestItemInput = {
      network,
      external_id: externalId,
      kind,
      title,
      text,
      url,
      created_at: created,
      language: rng() < (LANGUAGE_HINT[network] ?? 0.03) ? lang : undefined,
      author: {
        external_id: outlet ? `demo-outlet-${outlet.id}` : `demo-${network}-u${author.id}`,
        username,
        name: outlet ? outlet.name : author.name,
        followers,
        country: outlet ? undefined : author.country,
        photo_url:
          !outlet && author.photo && scale ? `https://avatars.northwind.example/u/${author.id}.jpg` : undefined,
        profile_url: outlet ? `https://${outlet.domain}/` : this.profileUrl(network, author),
      },
      parent_external_id: undefined,
      is_agent_reply: false,
      rating,
      likes: 0,
      comments: 0,
      shares: 0,
      views: 0,
    };
    this.engage(item, network, kind, followers, theme);

    const th = this.thread;
    th.network = network;
    th.plan = plan;
    th.lex = lex;
    th.lang = lang;
    th.tone = tone;
    th.theme = theme;
    th.author = author;
    th.externalId = externalId;
    th.url = url;
    th.t = t;
    th.kind = kind;
    return { streamKey: plan.spec.key, item, languageTruth: lang, sentimentTruth: (tone - 1) as DemoSentiment, theme };
  }

  // ------------------------------------------------------------------ thread items

  private agentReply(t: number, parentId: string, tone: ToneIndex): { mention: DemoMention; id: string } {
    const rng = this.rng;
    const th = this.thread;
    const lex = th.lex;
    this.lex = lex;
    this.versions = t < this.launchStart ? VERSIONS_BEFORE : VERSIONS_AFTER;
    const social =
      th.kind !== "message" &&
      (th.network === "twitter" || th.network === "instagram" || th.network === "tiktok" || th.network === "weibo");
    this.user = social ? "@" + th.author.username : th.author.first;
    const outageThread = th.theme === "outage" && tone !== 2;
    const text = this.fill(pick(rng, outageThread ? lex.agentOutage : lex.agent[tone]));
    const n = this.next(th.network);
    const id = `demo-${th.network}-${n}`;
    const desk = SUPPORT_DESKS.has(th.network);
    const agentName = desk ? `${pick(rng, AGENT_NAMES[th.lang])} · Northwind Support` : "Northwind Help";
    const created = new Date(t).toISOString();
    const item: IngestItemInput = {
      network: th.network,
      external_id: id,
      kind: "reply",
      title: undefined,
      text,
      url: this.replyUrl(th, n, DEMO_BRAND_HANDLE, t),
      created_at: created,
      language: rng() < (LANGUAGE_HINT[th.network] ?? 0.03) ? th.lang : undefined,
      author: {
        external_id: `demo-${th.network}-brand`,
        username: DEMO_BRAND_HANDLE,
        name: agentName,
        followers: BRAND_FOLLOWERS[th.network] ?? 0,
        country: undefined,
        photo_url: undefined,
        profile_url: this.profileUrlFor(th.network, DEMO_BRAND_HANDLE),
      },
      parent_external_id: parentId,
      is_agent_reply: true,
      rating: undefined,
      likes: desk ? 0 : int(rng, 4),
      comments: 0,
      shares: 0,
      views: 0,
    };
    return {
      mention: {
        streamKey: th.plan.spec.key,
        item,
        languageTruth: th.lang,
        sentimentTruth: tone === 2 ? 1 : 0,
        theme: th.theme,
      },
      id,
    };
  }

  private followUp(t: number, parentId: string, happy: boolean): { mention: DemoMention; id: string } {
    const rng = this.rng;
    const th = this.thread;
    this.lex = th.lex;
    const text = this.fill(pick(rng, th.lex.follow[happy ? 1 : 0]));
    const n = this.next(th.network);
    const id = `demo-${th.network}-${n}`;
    const author = th.author;
    const scale = FOLLOWER_SCALE[th.network];
    const item: IngestItemInput = {
      network: th.network,
      external_id: id,
      kind: "reply",
      title: undefined,
      text: th.lex.caps && rng() < 0.5 ? this.capitalize(text) : text,
      url: this.replyUrl(th, n, author.username, t),
      created_at: new Date(t).toISOString(),
      language: rng() < (LANGUAGE_HINT[th.network] ?? 0.03) ? th.lang : undefined,
      author: {
        external_id: `demo-${th.network}-u${author.id}`,
        username: BY_DISPLAY_NAME.has(th.network) ? author.name : author.username,
        name: author.name,
        followers: scale ? Math.floor(author.followers * scale) : 0,
        country: author.country,
        photo_url: author.photo && scale ? `https://avatars.northwind.example/u/${author.id}.jpg` : undefined,
        profile_url: this.profileUrl(th.network, author),
      },
      parent_external_id: parentId,
      is_agent_reply: false,
      rating: undefined,
      likes: int(rng, 3),
      comments: 0,
      shares: 0,
      views: 0,
    };
    return {
      mention: {
        streamKey: th.plan.spec.key,
        item,
        languageTruth: th.lang,
        sentimentTruth: happy ? 1 : -1,
        theme: th.theme,
      },
      id,
    };
  }

  private agentDelay(network: NetworkId, outage: boolean): number {
    const k = (REPLY_SPEED[network] ?? 1) * (outage ? 0.6 : 1);
    // 5 minutes × 360^(u^k): from 5 min to 30 h, faster for larger k.
    return Math.floor(5 * MINUTE * Math.pow(360, Math.pow(this.rng(), k)));
  }

  // ------------------------------------------------------------------ text

  private lastTopic = 8;
  /** The first clause of the last ticket (its subject when it is a question). */
  private lastMain = "";
  private orderNo = "";

  private fill(t: Tpl): string {
    if (typeof t === "string") return t;
    let out = "";
    for (let i = 0; i < t.length; i++) {
      const p = t[i];
      out += typeof p === "string" ? p : this.slot(p);
    }
    return out;
  }

  private slot(code: number): string {
    const rng = this.rng;
    switch (code) {
      case SLOT.f:
        return pick(rng, this.lex.features);
      case SLOT.g:
        return pick(rng, this.lex.games);
      case SLOT.amt:
        return pick(rng, this.lex.amounts);
      case SLOT.d:
      case SLOT.h:
        return String(3 + int(rng, 8));
      case SLOT.order:
        // One order per item: its title and its text name the same.
        if (!this.orderNo) this.orderNo = "NW-" + String(100000 + int(rng, 900000));
        return this.orderNo;
      case SLOT.ver:
        return pick(rng, this.versions);
      default:
        return this.user;
    }
  }

  /** `a + sep + b`, without a full stop or comma after a question or exclamation mark. */
  private join(a: string, sep: string, b: string): string {
    return endsSentence(a) ? a + (this.lex.space === "" ? "" : " ") + b : a + sep + b;
  }

  /** `a + connector + b` ("and", "also"), dropping the connector's leading comma after a question. */
  private connect(a: string, connector: string, b: string): string {
    if (!endsSentence(a)) return a + connector + b;
    const c = connector.replace(/^[,，、،]\s*/, "");
    return a + (this.lex.space === "" || c.startsWith(" ") ? "" : " ") + c + b;
  }

  private capitalize(text: string): string {
    const c = text.charCodeAt(0);
    // a-z, à-þ, а-я
    if ((c >= 97 && c <= 122) || (c >= 224 && c <= 254) || (c >= 0x430 && c <= 0x44f)) {
      return text.charAt(0).toUpperCase() + text.slice(1);
    }
    return text;
  }

  private clause(tone: ToneIndex): Clause {
    const c = pick(this.rng, this.lex.clauses[tone]);
    this.lastTopic = c.topic;
    return c;
  }

  /** Another clause of the same tone than `main` (without touching the topic). */
  private other(tone: ToneIndex, main: Clause): Clause {
    const list = this.lex.clauses[tone];
    const c = pick(this.rng, list);
    return c === main ? list[(list.indexOf(c) + 1) % list.length] : c;
  }

  /** A clause about the outage or the launch with the wanted tone (or the closest the lexicon has). */
  private eventClause(theme: DemoTheme, tone: ToneIndex, peak: boolean): Tpl {
    const lists = theme === "outage" ? this.lex.outage : this.lex.launch;
    this.lastTopic = theme === "outage" ? 0 : 5;
    let list = lists[tone];
    if (theme === "outage" && tone === 2 && peak) list = lists[0];
    if (list.length === 0) list = lists[0].length > 0 ? lists[0] : lists[2];
    return pick(this.rng, list);
  }

  private tone(theme: DemoTheme, peak: boolean, mix: readonly number[]): ToneIndex {
    const r = this.rng();
    if (theme === "outage") return peak ? (r < 0.82 ? 0 : 1) : r < 0.55 ? 0 : r < 0.75 ? 1 : 2;
    if (theme === "launch") return r < 0.12 ? 0 : r < 0.3 ? 1 : 2;
    return r < mix[0] ? 0 : r < mix[0] + mix[1] ? 1 : 2;
  }

  private reviewTone(theme: DemoTheme, peak: boolean, network: NetworkId): ToneIndex {
    let tone = this.tone(theme, peak, TONE_MIX.review);
    // Steam reviews are thumbs up or down.
    if (network === "steam" && tone === 1) tone = this.rng() < 0.5 ? 0 : 2;
    if (theme === "outage" && tone === 1) tone = 0;
    return tone;
  }

  private rating(network: NetworkId, tone: ToneIndex): number {
    const r = this.rng();
    if (network === "steam") return tone === 2 ? 5 : 1;
    if (tone === 2) return r < 0.68 ? 5 : 4;
    if (tone === 0) return r < 0.65 ? 1 : 2;
    return r < 0.6 ? 3 : r < 0.8 ? 2 : 4;
  }

  private socialText(theme: DemoTheme, tone: ToneIndex, peak: boolean, message: boolean): string {
    const rng = this.rng;
    const lex = this.lex;
    let text: string;
    this.lastMain = "";
    if (theme !== "normal") {
      text = this.fill(pick(rng, lex.open[tone])) + this.fill(this.eventClause(theme, tone, peak));
      if (rng() < 0.2) text = this.connect(text, pick(rng, lex.and), this.fill(this.eventClause(theme, tone, peak)));
      this.lastTopic = theme === "outage" ? 0 : 5;
    } else if (tone === 0 && rng() < 0.12) {
      // Contrast: praise, then the complaint that matters.
      const good = this.fill(this.clause(2).t);
      text = good + pick(rng, lex.but) + this.fill(this.clause(0).t);
    } else if (tone === 2 && rng() < 0.07) {
      const bad = this.fill(this.clause(0).t);
      text = bad + pick(rng, lex.but) + this.fill(this.clause(2).t);
    } else {
      const main = this.clause(tone);
      const opener = this.fill(pick(rng, lex.open[tone]));
      const first = this.fill(main.t);
      this.lastMain = lex.caps ? this.capitalize(first) : first;
      text = (message && opener.charCodeAt(0) === 64 ? "" : opener) + first;
      if (rng() < 0.25) text = this.connect(text, pick(rng, lex.and), this.fill(this.other(tone, main).t));
      this.lastTopic = main.topic;
    }
    if (rng() < (message ? 0.25 : 0.45))
      text = this.join(text, pick(rng, lex.sep), this.fill(pick(rng, lex.close[tone])));
    if (rng() < (message ? 0.15 : 0.4)) text += " " + pick(rng, lex.emoji[tone]);
    if (lex.caps && rng() < 0.65) text = this.capitalize(text);
    return text;
  }

  private reviewText(theme: DemoTheme, tone: ToneIndex, peak: boolean): string {
    const rng = this.rng;
    const lex = this.lex;
    const dot = lex.sep[0];
    let text: string;
    if (theme !== "normal") {
      text = this.fill(this.eventClause(theme, tone, peak));
      if (rng() < 0.5) text = this.join(text, dot, this.fill(this.clause(tone).t));
      this.lastTopic = theme === "outage" ? 0 : 5;
    } else if (tone === 1) {
      if (rng() < 0.5) {
        const c = pick(rng, lex.meh);
        this.lastTopic = c.topic;
        text = this.fill(c.t);
      } else {
        text = this.fill(this.clause(2).t) + pick(rng, lex.but) + this.fill(this.clause(0).t);
      }
    } else {
      const main = this.clause(tone);
      text = this.fill(main.t);
      if (rng() < 0.6) text = this.join(text, dot, this.fill(this.other(tone, main).t));
      this.lastTopic = main.topic;
    }
    if (tone !== 1 && rng() < 0.3) text = this.join(text, dot, this.fill(pick(rng, lex.close[tone])));
    if (lex.caps && rng() < 0.85) text = this.capitalize(text);
    return text;
  }

  private ticketText(theme: DemoTheme, tone: ToneIndex, peak: boolean): string {
    const rng = this.rng;
    const lex = this.lex;
    const dot = lex.sep[0];
    let text: string;
    this.lastMain = "";
    if (theme !== "normal") {
      text = this.fill(this.eventClause(theme, tone, peak));
      this.lastTopic = theme === "outage" ? 0 : 5;
    } else {
      const main = this.clause(tone);
      text = this.fill(main.t);
      this.lastMain = lex.caps ? this.capitalize(text) : text;
      if (rng() < 0.45) text = this.join(text, dot, this.fill(this.other(tone, main).t));
      this.lastTopic = main.topic;
    }
    text = this.fill(pick(rng, lex.open[1])) + text;
    if (rng() < 0.5) text = this.join(text, dot, this.fill(pick(rng, lex.close[1])));
    return lex.caps ? this.capitalize(text) : text;
  }

  private decorate(
    text: string,
    plan: StreamPlan,
    network: NetworkId,
    kind: MentionKind,
    lex: CompiledLexicon,
  ): string {
    const rng = this.rng;
    if (kind === "comment" || kind === "message") return text;
    switch (plan.spec.key) {
      case "tw-mentions":
        return rng() < 0.35 && text.charCodeAt(0) !== 64 ? "@northwind " + text : text;
      case "tw-help":
        return text.charCodeAt(0) !== 64 && rng() < 0.85 ? "@NorthwindHelp " + text : text;
      case "tw-hashtag":
      case "ig-hashtag":
      case "tt-hashtag": {
        const first = int(rng, lex.tags.length);
        const second = (first + 1 + int(rng, lex.tags.length - 1)) % lex.tags.length;
        return text + " " + lex.tags[first] + (rng() < 0.4 ? " " + lex.tags[second] : "");
      }
      case "weibo":
        return (rng() < 0.7 ? lex.tags[0] + " " : "") + text;
      case "xhs":
        return (
          text +
          " " +
          lex.tags[int(rng, 2)].replace(/#$/, "") +
          (lex.lang === "zh" ? " " + lex.tags[2].replace(/#$/, "") : "")
        );
      default:
        if ((network === "twitter" || network === "instagram" || network === "tiktok") && rng() < 0.15) {
          return text + " " + pick(rng, lex.tags);
        }
        return text;
    }
  }

  // ------------------------------------------------------------------ numbers, ids and links

  private next(network: NetworkId): number {
    const n = this.counters.get(network)! + 1;
    this.counters.set(network, n);
    return n;
  }

  private engage(
    item: IngestItemInput,
    network: NetworkId,
    kind: MentionKind,
    followers: number,
    theme: DemoTheme,
  ): void {
    const rng = this.rng;
    const boost = theme === "outage" ? 1.5 : theme === "launch" ? 1.3 : 1;
    switch (network) {
      case "twitter":
      case "instagram":
      case "tiktok":
      case "linkedin":
      case "weibo":
      case "xhs":
      case "etoro":
      case "youtube": {
        if (kind === "message") return;
        const rate = Math.min(0.3, 0.003 * pareto(rng, 1, 1.4));
        const mult = network === "instagram" || network === "xhs" ? 2 : network === "tiktok" ? 3 : 1;
        const base = Math.floor(pareto(rng, 0.6, 1.1) - 0.6);
        const likes = Math.floor((followers * rate * mult + base) * boost);
        item.likes = likes;
        item.comments = Math.floor(likes * 0.06 * pareto(rng, 1, 1.5)) + (rng() < 0.15 ? 1 : 0);
        item.shares = network === "instagram" ? Math.floor(likes * 0.03 * rng()) : Math.floor(likes * 0.2 * rng());
        if (network === "twitter")
          item.views = Math.floor(followers * (0.05 + 0.4 * rng())) + likes * 30 + int(rng, 40);
        else if (network === "tiktok" && kind === "post")
          item.views = likes * (15 + int(rng, 40)) + Math.floor(pareto(rng, 200, 1.1));
        else if (network === "weibo") item.views = Math.floor(followers * 0.2 * rng()) + likes * 20;
        return;
      }
      case "reddit": {
        const ups = Math.min(60_000, Math.floor(pareto(rng, 1, 0.85) * boost));
        item.likes = kind === "comment" ? Math.floor(ups / 3) : ups;
        item.comments = kind === "post" ? Math.floor(ups * 0.35 * rng()) : 0;
        return;
      }
      case "article": {
        const shares = Math.min(50_000, Math.floor(pareto(rng, 3, 0.9)));
        item.shares = shares;
        item.likes = Math.floor(shares * 2 * rng());
        item.comments = Math.floor(pareto(rng, 0.5, 1) - 0.5);
        return;
      }
      case "ios":
      case "googlePlay":
      case "trustpilot":
      case "webreview":
      case "steam":
        item.likes = Math.min(500, Math.floor(pareto(rng, 0.3, 1.3) - 0.3));
        return;
      case "zendesk":
      case "intercom":
      case "helpshift":
        return;
      default: {
        if (kind === "message") return;
        const mult = network === "facebook" ? 2 : 1;
        item.likes = Math.floor((pareto(rng, 0.5, 1.2) - 0.5) * mult * boost);
        if (kind === "post") item.comments = Math.floor(pareto(rng, 0.5, 1.1) - 0.5);
      }
    }
  }

  private randomString(alphabet: string, length: number): string {
    let out = "";
    for (let i = 0; i < length; i++) out += alphabet[Math.floor(this.rng() * alphabet.length)];
    return out;
  }

  private hex(length: number): string {
    return this.randomString(HEX, length);
  }

  private url(
    network: NetworkId,
    streamKey: string,
    kind: MentionKind,
    n: number,
    user: string,
    t: number,
    iso: string,
    outlet: Outlet | undefined,
    country: string,
  ): string | undefined {
    const rng = this.rng;
    switch (network) {
      case "twitter":
        return kind === "message"
          ? undefined
          : `https://twitter.com/${user}/status/${t - 1288834974657}${String(n % 100000).padStart(5, "0")}`;
      case "instagram":
        if (kind === "message") return undefined;
        return kind === "post"
          ? `https://www.instagram.com/p/${this.randomString(B64, 11)}/`
          : `https://www.instagram.com/p/${this.randomString(B64, 11)}/c/179${String(n).padStart(14, "0")}/`;
      case "facebook":
        if (kind === "message") return undefined;
        return kind === "post"
          ? `https://www.facebook.com/NorthwindPlay/posts/1${String(n).padStart(15, "0")}`
          : `https://www.facebook.com/NorthwindPlay/posts/1${String(int(rng, 1e9)).padStart(15, "0")}?comment_id=${n}`;
      case "reddit": {
        const sub =
          streamKey === "rd-sub"
            ? "northwind"
            : pick(rng, ["gaming", "MobileGaming", "AndroidGaming", "iosgaming", "northwind"]);
        return kind === "post"
          ? `https://www.reddit.com/r/${sub}/comments/${(n + 60466176).toString(36)}/`
          : `https://www.reddit.com/r/${sub}/comments/${(60466176 + int(rng, 1e8)).toString(36)}/comment/${(n + 2176782336).toString(36)}/`;
      }
      case "youtube":
        return `https://www.youtube.com/watch?v=${this.randomString(B64, 11)}&lc=Ugz${this.randomString(B64, 12)}`;
      case "article":
        return `https://${outlet!.domain}/news/${iso.slice(0, 4)}/${iso.slice(5, 7)}/northwind-${n}`;
      case "ios":
        return streamKey === "ios-shop"
          ? `https://apps.apple.com/${country.toLowerCase()}/app/northwind-shop/id1522093318?see-all=reviews`
          : `https://apps.apple.com/${country.toLowerCase()}/app/northwind-play/id1488523476?see-all=reviews`;
      case "googlePlay":
        return `https://play.google.com/store/apps/details?id=games.northwind.${streamKey === "gp-shop" ? "shop" : "play"}&reviewId=${this.hex(8)}-${this.hex(4)}-${this.hex(4)}-${this.hex(4)}-${this.hex(12)}`;
      case "trustpilot":
        return `https://www.trustpilot.com/reviews/${this.hex(24)}`;
      case "discourse":
        return kind === "post"
          ? `https://forum.northwind.games/t/${n}/1`
          : `https://forum.northwind.games/t/${1 + int(rng, n)}/${2 + int(rng, 60)}`;
      case "linkedin":
        return `https://www.linkedin.com/feed/update/urn:li:activity:7${String(n).padStart(18, "0")}/`;
      case "webreview":
        return `https://www.sitejabber.com/reviews/northwind.games#${n}`;
      case "etoro":
        return `https://www.etoro.com/posts/${this.hex(8)}-${this.hex(4)}-${this.hex(4)}-${this.hex(4)}-${this.hex(12)}`;
      case "wixan":
        return `https://www.wixan.com/northwind/${n}`;
      case "discord":
        return `https://discord.com/channels/912345678901234567/${streamKey === "discord-help" ? "912345678901234601" : "912345678901234568"}/11${String(n).padStart(16, "0")}`;
      case "vanillaForums":
        return kind === "post"
          ? `https://community.northwind.games/discussion/${n}`
          : `https://community.northwind.games/discussion/comment/${n}#Comment_${n}`;
      case "zendesk":
        return `https://northwind.zendesk.com/agent/tickets/${40000 + n}`;
      case "tiktok":
        return kind === "post"
          ? `https://www.tiktok.com/@${user}/video/73${String(t).padStart(15, "0")}${String(n % 100).padStart(2, "0")}`
          : `https://www.tiktok.com/@northwindplay/video/73${String(int(rng, 1e15)).padStart(17, "0")}`;
      case "intercom":
        return `https://app.intercom.com/a/inbox/nw4k2x9/inbox/conversation/${180000000000 + n}`;
      case "helpshift":
        return `https://northwind.helpshift.com/admin/issue/${n}/`;
      case "steam":
        return `https://steamcommunity.com/profiles/7656119${String(int(rng, 1e10)).padStart(10, "0")}/recommended/2284190/`;
      case "fmKorea":
        return `https://www.fmkorea.com/${7000000000 + n}`;
      case "weibo":
        return `https://weibo.com/${5000000000 + n}/${this.randomString(B62, 9)}`;
      case "xhs":
        return `https://www.xiaohongshu.com/explore/${this.hex(24)}`;
    }
    return undefined;
  }

  private replyUrl(th: Thread, n: number, user: string, t: number): string | undefined {
    switch (th.network) {
      case "twitter":
        return th.kind === "message"
          ? undefined
          : `https://twitter.com/${user}/status/${t - 1288834974657}${String(n % 100000).padStart(5, "0")}`;
      case "reddit": {
        if (!th.url) return undefined;
        const post = th.url.indexOf("/", th.url.indexOf("/comments/") + 10);
        return `${th.url.slice(0, post)}/comment/${(n + 2176782336).toString(36)}/`;
      }
      case "vanillaForums":
        return `https://community.northwind.games/discussion/comment/${n}#Comment_${n}`;
      default:
        return th.url;
    }
  }

  private profileUrl(network: NetworkId, author: Author): string | undefined {
    return this.profileUrlFor(network, author.username);
  }

  private profileUrlFor(network: NetworkId, username: string): string | undefined {
    switch (network) {
      case "twitter":
        return "https://twitter.com/" + username;
      case "instagram":
        return "https://www.instagram.com/" + username + "/";
      case "reddit":
        return "https://www.reddit.com/user/" + username;
      case "youtube":
        return "https://www.youtube.com/@" + username;
      case "tiktok":
        return "https://www.tiktok.com/@" + username;
      case "steam":
        return "https://steamcommunity.com/id/" + username;
      case "etoro":
        return "https://www.etoro.com/people/" + username;
      default:
        return undefined;
    }
  }
}

/**
 * The Northwind demo corpus: `count` mentions over `days` (default 90) before `end`, deterministic
 * for a given seed (default 1), count, end and days. A reply always comes after its parent, both in
 * the iteration order and in time; nothing is dated after `end`.
 */
export function* generateDemoCorpus(options: DemoCorpusOptions): Generator<DemoMention> {
  const { count, end } = options;
  const days = options.days ?? 90;
  if (!Number.isInteger(count) || count < 0) throw new RangeError("count must be a non-negative integer");
  if (!(end instanceof Date) || Number.isNaN(end.getTime())) throw new RangeError("end must be a valid Date");
  if (!(days > 0)) throw new RangeError("days must be positive");
  const generator = new CorpusGenerator(options.seed ?? 1, end.getTime(), days);
  yield* generator.run(count);
}
