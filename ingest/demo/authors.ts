// Author pools: a few thousand people per language, split across countries that speak it (each with
// its UTC offset, which drives the daily rhythm), with heavy-tailed follower counts.

import { DEMO_LANGUAGES, toTraditional, type DemoLanguage } from "./lexicon";
import { NAMES } from "./names";
import { int, mulberry32, pareto, pick, type Rng } from "./prng";

export interface Locale {
  lang: DemoLanguage;
  country: string;
  /** UTC offset in hours (no daylight saving). */
  tz: number;
  /** Share of all customer mentions (percent). */
  share: number;
}

/** Language shares (percent of customer mentions). */
const LANGUAGE_SHARE: Readonly<Record<DemoLanguage, number>> = {
  en: 55,
  es: 8,
  de: 5.5,
  fr: 5.5,
  pt: 6,
  it: 3,
  nl: 2,
  ja: 4,
  zh: 4,
  ar: 3,
  ko: 2.2,
  ru: 1.8,
};

// [language, country, UTC offset, share of the language]
const LOCALE_TABLE: [DemoLanguage, string, number, number][] = [
  ["en", "US", -5, 40],
  ["en", "US", -8, 12],
  ["en", "GB", 0, 16],
  ["en", "CA", -5, 7],
  ["en", "AU", 10, 7],
  ["en", "IN", 5.5, 11],
  ["en", "IE", 0, 3],
  ["en", "NZ", 12, 1.5],
  ["en", "PH", 8, 2.5],
  ["es", "ES", 1, 35],
  ["es", "MX", -6, 30],
  ["es", "AR", -3, 15],
  ["es", "CO", -5, 12],
  ["es", "CL", -4, 8],
  ["de", "DE", 1, 75],
  ["de", "AT", 1, 12],
  ["de", "CH", 1, 13],
  ["fr", "FR", 1, 70],
  ["fr", "BE", 1, 10],
  ["fr", "CA", -5, 12],
  ["fr", "CH", 1, 8],
  ["pt", "BR", -3, 80],
  ["pt", "PT", 0, 20],
  ["it", "IT", 1, 92],
  ["it", "CH", 1, 8],
  ["nl", "NL", 1, 75],
  ["nl", "BE", 1, 25],
  ["ja", "JP", 9, 100],
  ["zh", "CN", 8, 82],
  ["zh", "TW", 8, 15],
  ["zh", "SG", 8, 3],
  ["ar", "SA", 3, 40],
  ["ar", "AE", 4, 20],
  ["ar", "EG", 2, 30],
  ["ar", "MA", 0, 10],
  ["ko", "KR", 9, 100],
  ["ru", "RU", 3, 85],
  ["ru", "KZ", 5, 15],
];

export const LOCALES: readonly Locale[] = LOCALE_TABLE.map(([lang, country, tz, share]) => ({
  lang,
  country,
  tz,
  share: (LANGUAGE_SHARE[lang] * share) / 100,
}));

const POOL_SIZE: Readonly<Record<DemoLanguage, number>> = {
  en: 8000,
  es: 3000,
  de: 3000,
  fr: 3000,
  pt: 3000,
  it: 2500,
  nl: 2000,
  ja: 2500,
  zh: 2500,
  ar: 2500,
  ko: 1500,
  ru: 1500,
};

export interface Author {
  /** Unique over all pools. */
  id: number;
  username: string;
  name: string;
  /** How an agent addresses them. */
  first: string;
  followers: number;
  country: string;
  photo: boolean;
}

export interface Outlet {
  id: number;
  name: string;
  domain: string;
  followers: number;
}

export interface AuthorPools {
  /** One pool per entry of LOCALES. */
  byLocale: Author[][];
  outlets: Record<DemoLanguage, Outlet[]>;
}

interface NamePart {
  display: string;
  latin: string;
  female: boolean;
}

function latinOf(display: string): string {
  return display
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function parts(list: string[]): NamePart[] {
  return list.map((entry) => {
    const female = entry.endsWith("*") || entry.includes("*:");
    const clean = entry.replace("*", "");
    const colon = clean.indexOf(":");
    const display = colon < 0 ? clean : clean.slice(0, colon);
    const latin = colon < 0 ? latinOf(display) : clean.slice(colon + 1);
    return { display, latin, female };
  });
}

const cap = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

function makeUsername(rng: Rng, f: string, l: string, words: string[]): string {
  const n2 = String(10 + int(rng, 90));
  const year = String(1985 + int(rng, 25));
  switch (int(rng, 10)) {
    case 0:
      return f + l;
    case 1:
      return f + "_" + l;
    case 2:
      return cap(f) + cap(l);
    case 3:
      return f + n2;
    case 4:
      return f + pick(rng, words);
    case 5:
      return f + "_" + pick(rng, words) + n2;
    case 6:
      return f + "_" + l.charAt(0) + year;
    case 7:
      return l + f.charAt(0) + n2;
    case 8:
      return "the" + cap(f) + cap(l);
    default:
      return f + "." + l + n2;
  }
}

function followerCount(rng: Rng, activeCore: boolean): number {
  // Pareto(20, 0.7): median ≈ 54, ~10% above 500, ~0.05% above 1M.
  const x = Math.floor(pareto(rng, 20, 0.7)) - 20 + int(rng, 20);
  return Math.min(activeCore ? 50_000 : 12_000_000, x);
}

const pools = new Map<number, AuthorPools>();

/** Author pools for a seed (memoised: the corpus of a seed always sees the same people). */
export function authorPools(seed: number): AuthorPools {
  const cached = pools.get(seed);
  if (cached) return cached;
  const rng = mulberry32(seed ^ 0x5eed_a17);
  const byLocale: Author[][] = [];
  let nextId = 1;
  const used = new Set<string>();
  for (const locale of LOCALES) {
    const names = NAMES[locale.lang];
    const firsts = parts(names.first);
    const lasts = parts(names.last);
    const size = Math.max(50, Math.round((POOL_SIZE[locale.lang] * locale.share) / LANGUAGE_SHARE[locale.lang]));
    const tw = locale.country === "TW";
    const pool: Author[] = [];
    for (let i = 0; i < size; i++) {
      const first = pick(rng, firsts);
      const last = pick(rng, lasts);
      let username = makeUsername(rng, first.latin, last.latin, names.words);
      while (used.has(username.toLowerCase())) username += String(int(rng, 10));
      used.add(username.toLowerCase());
      const lastDisplay = first.female && locale.lang === "ru" ? last.display + "а" : last.display;
      let name: string;
      let call = first.display;
      const r = rng();
      if (names.order === "eastern") {
        if (names.nicks && r < (locale.lang === "zh" ? 0.55 : 0.4)) {
          name = pick(rng, names.nicks);
          call = name;
        } else if (r < 0.85) name = lastDisplay + first.display;
        else name = first.display;
      } else if (r < 0.55) name = first.display + " " + lastDisplay;
      else if (r < 0.7) name = first.display;
      else if (r < 0.8) name = first.display + " " + lastDisplay.charAt(0) + ".";
      else {
        name = username;
        call = username;
      }
      if (tw) {
        name = toTraditional(name);
        call = toTraditional(call);
      }
      if (rng() < 0.05) name += pick(rng, [" 🎮", " ✨", " 🌙", " ⚡"]);
      pool.push({
        id: nextId++,
        username,
        name,
        first: call,
        followers: followerCount(rng, i < size * 0.02),
        country: locale.country,
        photo: rng() < 0.6,
      });
    }
    byLocale.push(pool);
  }
  const outlets = {} as Record<DemoLanguage, Outlet[]>;
  for (const lang of DEMO_LANGUAGES) {
    outlets[lang] = NAMES[lang].outlets.map((entry) => {
      const at = entry.indexOf("@");
      return {
        id: nextId++,
        name: entry.slice(0, at),
        domain: entry.slice(at + 1),
        followers: Math.min(5_000_000, Math.floor(pareto(rng, 20_000, 0.9))),
      };
    });
  }
  const result = { byLocale, outlets };
  if (pools.size >= 4) pools.delete(pools.keys().next().value as number);
  pools.set(seed, result);
  return result;
}
