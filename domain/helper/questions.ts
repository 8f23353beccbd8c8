import type { NetworkId } from "../networks";
import {
  HELPER_QUESTION_MAX,
  type HelperIntent,
  type HelperLanguage,
  type HelperPeriod,
  type HelperPlan,
  type HelperSentiment,
  type PlanRefusal,
} from "./plan";

// The built-in planner's reading of a question (issue 27, ADR 042): the question forms of the helper in
// English, Spanish, German and French, matched on words (accents and case ignored), never guessed. A
// question that names no form it knows, asks about the future, about a figure the product does not
// hold, or about anything outside the asker's own data gets a refusal instead of a plan.

/** A saved search or topic the asker sees, as a question may name it. */
export interface NamedContext {
  token: string;
  title: string;
}

export type QuestionReading =
  | { ok: true; language: HelperLanguage; plan: HelperPlan; defaults: { period: boolean; contexts: boolean } }
  | { ok: false; language: HelperLanguage | null; refusal: PlanRefusal };

/** Lower case, accents dropped, punctuation as spaces, padded with a space each side. */
function normalizeQuestion(text: string): string {
  const plain = text
    .normalize("NFD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/ß/g, "ss")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
  return ` ${plain} `;
}

/** A term matches a whole word or words; one ending in '*' matches the start of a word. */
function has(text: string, terms: readonly string[]): boolean {
  return terms.some((t) => (t.endsWith("*") ? text.includes(` ${t.slice(0, -1)}`) : text.includes(` ${t} `)));
}
function count(text: string, terms: readonly string[]): number {
  return terms.reduce((n, t) => n + (has(text, [t]) ? 1 : 0), 0);
}

// ── Languages ──────────────────────────────────────────────────────────────────────────────────────

const LANGUAGE_WORDS: Record<HelperLanguage, readonly string[]> = {
  en: ["the", "did", "we", "how", "many", "what", "which", "our", "were", "was", "last", "week", "get", "got", "on", "is", "are", "show", "why", "with", "compared", "yesterday", "today", "month", "most", "who", "my", "this", "days", "top", "from", "about", "people", "give", "tell", "me", "have", "do", "does"],
  es: ["el", "la", "los", "las", "del", "que", "cuantas", "cuantos", "hemos", "tuvimos", "semana", "pasada", "ayer", "hoy", "por", "con", "menciones", "cual", "cuales", "mes", "nuestras", "nuestros", "recibimos", "como", "fue", "han", "ultimos", "ultima", "dias", "redes", "idiomas", "paises", "anterior", "primera", "respuesta", "sobre", "mas", "temas", "palabras", "es", "sentimiento", "publicaciones", "tiempo"],
  de: ["der", "die", "das", "wie", "viele", "haben", "wir", "letzte", "letzten", "woche", "gestern", "heute", "erwahnungen", "welche", "auf", "im", "mit", "und", "ist", "sind", "warum", "monat", "unsere", "gab", "es", "uber", "tagen", "tage", "sprachen", "lander", "stimmung", "themen", "beitrage", "gegenuber", "vorwoche", "antwort", "zeigen", "zeig", "vergangenen", "erste", "entwickelt", "netzwerken", "meisten"],
  fr: ["le", "les", "des", "du", "combien", "avons", "nous", "semaine", "derniere", "dernier", "hier", "aujourd", "quel", "quels", "quelle", "quelles", "sur", "avec", "est", "sont", "pourquoi", "mois", "nos", "notre", "eu", "recu", "derniers", "jours", "reseaux", "langues", "pays", "precedente", "premiere", "reponse", "au", "aux", "par", "rapport", "plus", "thèmes", "themes", "publications", "mots", "cles", "sentiment", "evolue"],
};

/** Words of languages the helper does not read: a question in one of them is told so. */
const OTHER_LANGUAGE_WORDS: readonly string[] = [
  // Italian
  "quante", "quanti", "abbiamo", "settimana", "scorsa", "ieri", "menzioni", "perche", "quali", "sono", "della", "nostro", "nostri", "negative", "sul", "rispetto", "precedente", "oggi", "ultimi", "giorni", "lingue", "paesi", "reti",
  // Portuguese
  "quantas", "quantos", "tivemos", "passada", "ontem", "mencoes", "porque", "nossa", "nossas", "quais", "semana", "ultimos", "dias", "hoje", "redes", "idiomas",
  // Dutch
  "hoeveel", "hebben", "vorige", "gisteren", "vermeldingen", "waarom", "welke", "onze", "dagen", "vandaag", "talen", "landen",
];
const OTHER_LANGUAGE_ONLY = ["quante", "quanti", "abbiamo", "settimana", "scorsa", "ieri", "menzioni", "perche", "quali", "della", "nostro", "nostri", "rispetto", "oggi", "giorni", "lingue", "paesi", "quantas", "quantos", "tivemos", "passada", "ontem", "mencoes", "porque", "nossa", "nossas", "quais", "hoje", "hoeveel", "hebben", "vorige", "gisteren", "vermeldingen", "waarom", "welke", "onze", "dagen", "vandaag", "talen", "landen"];

/** The question's language: one the helper reads, another one ('other'), or none to tell. */
function detectLanguage(question: string): HelperLanguage | "other" | null {
  const letters = question.match(/\p{L}/gu) ?? [];
  if (!letters.length) return null;
  const latin = letters.filter((c) => /\p{Script=Latin}/u.test(c)).length;
  if (latin / letters.length < 0.5) return "other";
  const text = normalizeQuestion(question);
  const scores = (Object.keys(LANGUAGE_WORDS) as HelperLanguage[]).map((lang) => [lang, count(text, LANGUAGE_WORDS[lang])] as const);
  const [bestLang, best] = scores.reduce((a, b) => (b[1] > a[1] ? b : a));
  const other = count(text, OTHER_LANGUAGE_WORDS);
  const otherOnly = count(text, OTHER_LANGUAGE_ONLY);
  if (otherOnly > 0 && other > best) return "other";
  return best > 0 ? bestLang : null;
}

// ── What is asked ──────────────────────────────────────────────────────────────────────────────────

/** Anything about another tenant, the product's internals or its secrets: nothing outside the asker's scope. */
const OUT_OF_SCOPE = [
  "other tenant*", "another tenant*", "all tenants", "every tenant", "other business profile*", "another business profile*",
  "business profile id", "business profile ids", "business_profile*", "other customer*", "another customer*", "other compan*", "another compan*",
  "password*", "api key*", "access token*", "secret*", "sql", "database", "table*", "internal field*", "internal id*", "system prompt",
  "ignore previous", "ignore all", "ignore your", "otro cliente", "otros clientes", "otra empresa", "otras empresas", "contrasena*", "base de datos",
  "anderen kunden", "anderer kunden", "anderen firma*", "anderer firma*", "passwort*", "datenbank", "autres clients", "autre client", "autre entreprise",
  "autres entreprises", "mot de passe", "base de donnees",
];

/** The future, figures the product does not hold, and tasks that are not questions of the data. */
const CANNOT_ANSWER = [
  "next week", "next month", "next year", "tomorrow", "will we", "will there", "forecast*", "predict*",
  "proxima semana", "proximo mes", "manana", "pronostic*", "predec*", "prevision*",
  "nachste woche", "nachsten woche", "nachsten monat", "morgen", "vorhersag*", "prognos*", "werden wir",
  "semaine prochaine", "mois prochain", "demain", "predi*",
  "revenue*", "sales", "stock*", "share price", "weather", "salar*", "profit*", "employee*", "headcount",
  "ventas", "ingresos", "clima", "beneficio*", "acciones", "umsatz*", "wetter", "aktie*", "gewinn*", "gehalt*",
  "chiffre d affaires", "meteo", "ventes", "benefice*", "salaire*",
  "poem*", "joke*", "write a", "write me", "recipe*", "poema*", "chiste*", "escribe*", "gedicht*", "witz*", "schreib*", "poeme*", "blague*", "ecris*",
  "capital of", "who is the president", "president",
];

const WHY = ["why", "por que", "porque", "warum", "wieso", "weshalb", "pourquoi"];
const FIRST_REPLY = [
  "first reply", "first response", "reply time*", "response time*", "time to reply", "time to respond", "how fast", "how quickly",
  "primera respuesta", "tiempo de respuesta", "tiempo de primera", "erste antwort", "ersten antwort", "antwortzeit*", "reaktionszeit*",
  "premiere reponse", "temps de reponse", "delai de reponse",
];
const TOP_POSTS = [
  "top post*", "most impactful", "impactful", "biggest post*", "best post*", "most important post*", "top mention*", "loudest",
  "publicaciones", "mas impactantes", "posts principales", "principales publicaciones", "mayor impacto",
  "beitrage", "beitrag", "wirkungsvollsten", "grossten wirkung", "top beitrage", "einflussreichsten",
  "publications", "plus impactantes", "plus d impact", "meilleurs posts",
];
const KEYWORDS = [
  "keyword*", "trending word*", "trending term*", "words", "terms", "palabras clave", "palabras", "terminos", "schlusselwort*", "stichwort*", "stichworter",
  "begriffe", "suchbegriff*", "mots cles", "mot cle", "mots", "termes",
];
const THEMES = ["theme*", "talking about", "conversation topic*", "temas", "de que hablan", "themen", "woruber", "sujets", "thematiques", "de quoi"];
const LANGUAGES = ["language*", "idioma*", "lengua*", "sprache*", "langue*"];
const COUNTRIES = ["countr*", "pais", "paises", "land", "lander", "landern", "pays"];
const NETWORKS_ASKED = [
  "networks", "network breakdown", "per network", "by network", "which network*", "platforms", "which platform*", "per platform",
  "redes", "red social", "por red", "plataformas", "netzwerk*", "plattform*", "kanalen", "reseaux", "reseau", "plateformes", "plateforme",
];
const TREND = [
  "trend*", "over time", "evolv*", "evolution", "develop*", "changed", "tendencia", "evolucion*", "evoluciona*", "ha cambiado",
  "entwicklung", "entwickelt", "verlauf", "tendance", "evolue*",
];
const SENTIMENT = ["sentiment*", "mood", "tone", "feel*", "sentimiento*", "animo", "stimmung*", "tonalit*", "ressenti"];
const COUNT = [
  "how many", "number of", "volume", "count", "total", "mentions", "mention", "cuantas", "cuantos", "numero de", "volumen", "menciones", "mencion",
  "wie viele", "wieviele", "anzahl", "erwahnung*", "combien", "nombre de", "mentions",
];
const COMPARE = [
  "compar*", "vs", "versus", "week before", "month before", "day before", "previous", "than", "prior",
  "frente a", "anterior", "comparad*", "comparacion", "respecto", "semana antes",
  "verglichen", "vergleich*", "vorwoche", "vormonat", "davor", "gegenuber", "vorher",
  "par rapport", "compare*", "precedent*", "d avant",
];

const SENTIMENT_WORDS: Record<HelperSentiment, readonly string[]> = {
  negative: ["negativ*", "bad", "complaint*", "quej*", "beschwerde*", "plainte*"],
  positive: ["positiv*", "good", "happy", "elog*"],
  neutral: ["neutral*", "neutre*"],
};

const NETWORK_WORDS: ReadonlyArray<[NetworkId, readonly string[]]> = [
  ["twitter", ["twitter", "tweet*", "x twitter"]],
  ["instagram", ["instagram"]],
  ["facebook", ["facebook"]],
  ["reddit", ["reddit"]],
  ["youtube", ["youtube"]],
  ["tiktok", ["tiktok", "tik tok"]],
  ["linkedin", ["linkedin"]],
  ["trustpilot", ["trustpilot"]],
  ["ios", ["app store", "appstore"]],
  ["googlePlay", ["google play"]],
  ["discord", ["discord"]],
  ["zendesk", ["zendesk"]],
  ["intercom", ["intercom"]],
  ["steam", ["steam"]],
  ["weibo", ["weibo"]],
  ["discourse", ["discourse"]],
  ["etoro", ["etoro"]],
  ["helpshift", ["helpshift"]],
  ["xhs", ["xiaohongshu"]],
];

// ── Periods ──────────────────────────────────────────────────────────────────────────────────────

const YESTERDAY = ["yesterday", "ayer", "gestern", "hier"];
const TODAY = ["today", "hoy", "heute", "aujourd hui", "aujourd"];
const LAST_WEEK = [
  "last week", "previous week", "semana pasada", "ultima semana", "la semana anterior", "letzte woche", "letzten woche", "vergangene woche",
  "vergangenen woche", "vorige woche", "vorigen woche", "semaine derniere", "semaine passee", "la derniere semaine",
];
const THIS_WEEK = ["this week", "esta semana", "diese woche", "dieser woche", "cette semaine"];
const LAST_MONTH = ["last month", "previous month", "mes pasado", "ultimo mes", "letzten monat", "letzter monat", "vorigen monat", "vergangenen monat", "mois dernier", "le mois passe"];
const THIS_MONTH = ["this month", "este mes", "diesen monat", "diesem monat", "ce mois"];
const PAST_WEEK = ["past week", "past 7 days", "the last seven days"];

function periodOf(text: string): HelperPeriod | null {
  const days =
    text.match(/ (\d{1,3}) (?:days?|dias|tagen?|jours?) /) ??
    text.match(/ (\d{1,3}) (?:derniers|last|past) (?:jours|days) /) ??
    text.match(/ (?:ultimos|letzten|derniers) (\d{1,3}) /);
  if (days) {
    const n = Number(days[1]);
    if (n >= 1 && n <= 366) return { kind: "days", count: n };
  }
  const hours = text.match(/ (\d{1,2}) (?:hours?|horas|stunden|heures) /);
  if (hours) {
    const n = Number(hours[1]);
    if (n >= 1 && n <= 72) return { kind: "hours", count: n };
  }
  if (has(text, PAST_WEEK)) return { kind: "days", count: 7 };
  if (has(text, LAST_WEEK)) return { kind: "week", offset: -1 };
  if (has(text, THIS_WEEK)) return { kind: "week", offset: 0 };
  if (has(text, LAST_MONTH)) return { kind: "month", offset: -1 };
  if (has(text, THIS_MONTH)) return { kind: "month", offset: 0 };
  if (has(text, YESTERDAY)) return { kind: "day", offset: -1 };
  if (has(text, TODAY)) return { kind: "day", offset: 0 };
  return null;
}

function intentOf(text: string): HelperIntent | null {
  const sentimentNamed = has(text, SENTIMENT) || Object.values(SENTIMENT_WORDS).some((w) => has(text, w));
  if (has(text, WHY) && (sentimentNamed || has(text, COUNT))) return "why_change";
  if (has(text, FIRST_REPLY)) return "first_reply";
  if (has(text, TOP_POSTS)) return "top_posts";
  if (has(text, KEYWORDS)) return "trending_keywords";
  if (has(text, THEMES)) return "themes";
  if (has(text, LANGUAGES)) return "languages";
  if (has(text, COUNTRIES)) return "countries";
  if (has(text, NETWORKS_ASKED)) return "networks";
  if (sentimentNamed && has(text, TREND)) return "sentiment_trend";
  if (has(text, SENTIMENT)) return "sentiment";
  if (has(text, COUNT)) return "volume";
  return null;
}

/** Saved searches and topics the question names (longest names first, at most three). */
function contextsNamed(text: string, contexts: readonly NamedContext[]): string[] {
  const found: string[] = [];
  let rest = text;
  for (const c of [...contexts].sort((a, b) => b.title.length - a.title.length)) {
    const name = normalizeQuestion(c.title).trim();
    if (name.length < 3) continue;
    if (rest.includes(` ${name} `)) {
      found.push(c.token);
      rest = rest.replace(` ${name} `, " ");
    }
    if (found.length === 3) break;
  }
  return found;
}

/** The question read: a plan, or why there is none. */
export function readQuestion(question: string, contexts: readonly NamedContext[] = []): QuestionReading {
  const trimmed = question.trim();
  if (!trimmed) return { ok: false, language: null, refusal: "empty" };
  const language = detectLanguage(trimmed.slice(0, HELPER_QUESTION_MAX));
  if (language === "other") return { ok: false, language: null, refusal: "unsupported_language" };
  const text = normalizeQuestion(trimmed.slice(0, HELPER_QUESTION_MAX));
  const lang = language ?? "en";
  if (has(text, OUT_OF_SCOPE) || /(?:profile|tenant|account|cuenta|konto|compte) (?:id )?\d+ /.test(text)) {
    return { ok: false, language: lang, refusal: "out_of_scope" };
  }
  if (has(text, CANNOT_ANSWER)) return { ok: false, language: lang, refusal: "cannot_answer" };
  const named = contextsNamed(text, contexts);
  // "Compare Refunds and Login issues": two saved searches or topics side by side, by their volume.
  const intent = intentOf(text) ?? (named.length > 1 || (named.length === 1 && has(text, COMPARE)) ? "volume" : null);
  if (!intent) return { ok: false, language: lang, refusal: language === null ? "unsupported_language" : "cannot_answer" };
  const period = periodOf(text);
  const sentiments = (Object.keys(SENTIMENT_WORDS) as HelperSentiment[]).filter((s) => has(text, SENTIMENT_WORDS[s]));
  const networks = NETWORK_WORDS.filter(([, words]) => has(text, words)).map(([id]) => id);
  // "Why did negative mentions rise yesterday" compares with the day before; a trend reads a series.
  const compare = intent === "why_change" || (intent !== "sentiment_trend" && has(text, COMPARE));
  const plan: HelperPlan = {
    intent,
    period: period ?? (intent === "why_change" ? { kind: "day", offset: -1 } : { kind: "days", count: 30 }),
    compare,
    networks,
    sentiments: intent === "sentiment" || intent === "sentiment_trend" ? [] : sentiments,
    contexts: named,
  };
  if (intent === "why_change" && !plan.sentiments.length) plan.sentiments = sentiments;
  return { ok: true, language: lang, plan, defaults: { period: period === null && intent !== "why_change", contexts: named.length === 0 } };
}
