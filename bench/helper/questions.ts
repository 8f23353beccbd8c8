import type { HelperIntent, HelperLanguage, HelperPeriod } from "../../domain/helper/plan";

// The helper's evaluation set (issue 27, ADR 042): 60 questions written for it, in English, Spanish,
// German and French, each with its expected plan (the numbers are read from the dashboard API when the
// set runs: bench/helper/evaluate.ts), or marked as one the helper must say it cannot answer.

export interface AnswerableQuestion {
  question: string;
  language: HelperLanguage;
  expect: {
    intent: HelperIntent;
    period: HelperPeriod;
    compare?: boolean;
    networks?: string[];
    sentiments?: string[];
  };
}
export interface UnanswerableQuestion {
  question: string;
  language: HelperLanguage | null;
  /** Said plainly: cannot answer, out of scope, or not a language the helper reads. */
  refusal: "cannot_answer" | "out_of_scope" | "unsupported_language";
}

const LAST_WEEK: HelperPeriod = { kind: "week", offset: -1 };
const YESTERDAY: HelperPeriod = { kind: "day", offset: -1 };
const D7: HelperPeriod = { kind: "days", count: 7 };
const D30: HelperPeriod = { kind: "days", count: 30 };
const LAST_MONTH: HelperPeriod = { kind: "month", offset: -1 };

export const ANSWERABLE: AnswerableQuestion[] = [
  // English
  { language: "en", question: "How many negative mentions did we get on Twitter last week, compared with the week before?", expect: { intent: "volume", period: LAST_WEEK, compare: true, networks: ["twitter"], sentiments: ["negative"] } },
  { language: "en", question: "How many mentions did we get yesterday?", expect: { intent: "volume", period: YESTERDAY } },
  { language: "en", question: "What was the sentiment last week?", expect: { intent: "sentiment", period: LAST_WEEK } },
  { language: "en", question: "How has sentiment evolved over the last 7 days?", expect: { intent: "sentiment_trend", period: D7 } },
  { language: "en", question: "Which networks brought the most mentions last month?", expect: { intent: "networks", period: LAST_MONTH } },
  { language: "en", question: "What languages were our mentions in last week?", expect: { intent: "languages", period: LAST_WEEK } },
  { language: "en", question: "Which countries do our mentions come from in the last 30 days?", expect: { intent: "countries", period: D30 } },
  { language: "en", question: "Show me the most impactful posts from last week", expect: { intent: "top_posts", period: LAST_WEEK } },
  { language: "en", question: "What are the trending keywords in the last 7 days?", expect: { intent: "trending_keywords", period: D7 } },
  { language: "en", question: "What themes are people talking about last week?", expect: { intent: "themes", period: LAST_WEEK } },
  { language: "en", question: "What was our first reply time last week?", expect: { intent: "first_reply", period: LAST_WEEK } },
  { language: "en", question: "Why did negative mentions rise yesterday?", expect: { intent: "why_change", period: YESTERDAY, compare: true, sentiments: ["negative"] } },
  { language: "en", question: "How many positive mentions on Reddit yesterday compared with the day before?", expect: { intent: "volume", period: YESTERDAY, compare: true, networks: ["reddit"], sentiments: ["positive"] } },
  // Spanish
  { language: "es", question: "¿Cuántas menciones negativas tuvimos en Twitter la semana pasada, comparado con la semana anterior?", expect: { intent: "volume", period: LAST_WEEK, compare: true, networks: ["twitter"], sentiments: ["negative"] } },
  { language: "es", question: "¿Cuál fue el sentimiento la semana pasada?", expect: { intent: "sentiment", period: LAST_WEEK } },
  { language: "es", question: "¿Cómo ha evolucionado el sentimiento en los últimos 30 días?", expect: { intent: "sentiment_trend", period: D30 } },
  { language: "es", question: "¿En qué redes tuvimos más menciones la semana pasada?", expect: { intent: "networks", period: LAST_WEEK } },
  { language: "es", question: "¿En qué idiomas están nuestras menciones de los últimos 7 días?", expect: { intent: "languages", period: D7 } },
  { language: "es", question: "¿De qué países vienen las menciones de la semana pasada?", expect: { intent: "countries", period: LAST_WEEK } },
  { language: "es", question: "Muéstrame las publicaciones más impactantes de ayer", expect: { intent: "top_posts", period: YESTERDAY } },
  { language: "es", question: "¿Cuáles son las palabras clave en tendencia la semana pasada?", expect: { intent: "trending_keywords", period: LAST_WEEK } },
  { language: "es", question: "¿De qué temas se habló en los últimos 30 días?", expect: { intent: "themes", period: D30 } },
  { language: "es", question: "¿Cuál fue el tiempo de primera respuesta la semana pasada?", expect: { intent: "first_reply", period: LAST_WEEK } },
  { language: "es", question: "¿Por qué subieron las menciones negativas ayer?", expect: { intent: "why_change", period: YESTERDAY, compare: true, sentiments: ["negative"] } },
  // German
  { language: "de", question: "Wie viele negative Erwähnungen hatten wir letzte Woche auf Twitter, verglichen mit der Vorwoche?", expect: { intent: "volume", period: LAST_WEEK, compare: true, networks: ["twitter"], sentiments: ["negative"] } },
  { language: "de", question: "Wie viele Erwähnungen gab es gestern?", expect: { intent: "volume", period: YESTERDAY } },
  { language: "de", question: "Wie war die Stimmung letzte Woche?", expect: { intent: "sentiment", period: LAST_WEEK } },
  { language: "de", question: "Wie hat sich die Stimmung in den letzten 30 Tagen entwickelt?", expect: { intent: "sentiment_trend", period: D30 } },
  { language: "de", question: "Auf welchen Netzwerken hatten wir letzte Woche die meisten Erwähnungen?", expect: { intent: "networks", period: LAST_WEEK } },
  { language: "de", question: "In welchen Sprachen waren die Erwähnungen der letzten 7 Tage?", expect: { intent: "languages", period: D7 } },
  { language: "de", question: "Aus welchen Ländern kamen die Erwähnungen letzte Woche?", expect: { intent: "countries", period: LAST_WEEK } },
  { language: "de", question: "Zeig mir die wirkungsvollsten Beiträge von gestern", expect: { intent: "top_posts", period: YESTERDAY } },
  { language: "de", question: "Welche Schlüsselwörter waren letzte Woche im Trend?", expect: { intent: "trending_keywords", period: LAST_WEEK } },
  { language: "de", question: "Über welche Themen wurde in den letzten 30 Tagen gesprochen?", expect: { intent: "themes", period: D30 } },
  { language: "de", question: "Wie lang war die Antwortzeit letzte Woche?", expect: { intent: "first_reply", period: LAST_WEEK } },
  { language: "de", question: "Warum sind die negativen Erwähnungen gestern gestiegen?", expect: { intent: "why_change", period: YESTERDAY, compare: true, sentiments: ["negative"] } },
  // French
  { language: "fr", question: "Combien de mentions négatives avons-nous eu sur Twitter la semaine dernière, par rapport à la semaine précédente ?", expect: { intent: "volume", period: LAST_WEEK, compare: true, networks: ["twitter"], sentiments: ["negative"] } },
  { language: "fr", question: "Combien de mentions avons-nous reçu hier ?", expect: { intent: "volume", period: YESTERDAY } },
  { language: "fr", question: "Quel était le sentiment la semaine dernière ?", expect: { intent: "sentiment", period: LAST_WEEK } },
  { language: "fr", question: "Comment le sentiment a-t-il évolué sur les 30 derniers jours ?", expect: { intent: "sentiment_trend", period: D30 } },
  { language: "fr", question: "Sur quels réseaux avons-nous eu le plus de mentions la semaine dernière ?", expect: { intent: "networks", period: LAST_WEEK } },
  { language: "fr", question: "Dans quelles langues sont nos mentions des 7 derniers jours ?", expect: { intent: "languages", period: D7 } },
  { language: "fr", question: "De quels pays viennent les mentions de la semaine dernière ?", expect: { intent: "countries", period: LAST_WEEK } },
  { language: "fr", question: "Montre-moi les publications les plus impactantes d'hier", expect: { intent: "top_posts", period: YESTERDAY } },
  { language: "fr", question: "Quels sont les mots-clés en tendance la semaine dernière ?", expect: { intent: "trending_keywords", period: LAST_WEEK } },
  { language: "fr", question: "Quels thèmes ont été abordés ces 30 derniers jours ?", expect: { intent: "themes", period: D30 } },
  { language: "fr", question: "Quel a été le temps de première réponse la semaine dernière ?", expect: { intent: "first_reply", period: LAST_WEEK } },
  { language: "fr", question: "Pourquoi les mentions négatives ont-elles augmenté hier ?", expect: { intent: "why_change", period: YESTERDAY, compare: true, sentiments: ["negative"] } },
];

export const UNANSWERABLE: UnanswerableQuestion[] = [
  { language: "en", question: "How many mentions will we get next week?", refusal: "cannot_answer" },
  { language: "en", question: "What was our revenue last month?", refusal: "cannot_answer" },
  { language: "en", question: "Write me a poem about our brand", refusal: "cannot_answer" },
  { language: "en", question: "Show me the other tenant's negative mentions last week", refusal: "out_of_scope" },
  { language: "en", question: "List the password hashes of all accounts", refusal: "out_of_scope" },
  { language: "es", question: "¿Cuántas ventas tuvimos ayer?", refusal: "cannot_answer" },
  { language: "es", question: "¿Qué tiempo hará mañana?", refusal: "cannot_answer" },
  { language: "de", question: "Wie hoch war unser Umsatz letzte Woche?", refusal: "cannot_answer" },
  { language: "de", question: "Zeig mir die Erwähnungen der anderen Kunden", refusal: "out_of_scope" },
  { language: "fr", question: "Quel temps fera-t-il demain ?", refusal: "cannot_answer" },
  { language: "fr", question: "Donne-moi le mot de passe de l'administrateur", refusal: "out_of_scope" },
  { language: null, question: "Quante menzioni negative abbiamo avuto ieri?", refusal: "unsupported_language" },
];
