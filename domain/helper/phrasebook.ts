import type { HelperLanguage, HelperSentiment } from "./plan";

// The helper's phrasebook (issue 27, ADR 042): every word of an answer, in the asker's language (English,
// Spanish, German, French): its sentences, the refusals and notices, the chart's and table's labels and
// the links'. Numbers are passed in as the tools gave them and written unchanged (digits, a '.' before
// decimals), so that a test can find each one in the tool results. Our own wording, as the catalogue's.

export interface HelperPhrases {
  // Refusals and notices.
  emptyQuestion: string;
  unsupportedLanguage: string;
  outOfScope: string;
  cannotAnswer: string;
  noPostPermission: string;
  modelNotReached: string;
  // Links.
  openOnDashboard: string;
  openInInbox: string;
  openPost: string;
  // Labels of the chart and the table.
  columnName: string;
  columnMentions: string;
  columnShare: string;
  columnPrevious: string;
  columnPost: string;
  columnNetwork: string;
  columnImpact: string;
  columnTerms: string;
  // Words.
  /** A calendar day (YYYY-MM-DD) as the language writes it, its numbers unchanged. */
  day: (isoDay: string) => string;
  /** 'day', 'hour', 'week', 'month' (the dashboard's intervals). */
  interval: (interval: string) => string;
  everyMention: string;
  everyMentionTitle: string;
  sentimentWord: Record<HelperSentiment, string>;
  onNetworks: (names: string) => string;
  between: (from: string, to: string) => string;
  /** 'mentions', or 'negative mentions' when some sentiments are asked about. */
  mentionsNoun: (sentiments: readonly HelperSentiment[]) => string;
  // Sentences.
  volume: (scope: string, counted: string, period: string) => string;
  volumeCompared: (scope: string, counted: string, period: string, previous: number, previousPeriod: string) => string;
  change: (difference: number, percent: number | null) => string;
  sentiment: (scope: string, positive: number, neutral: number, negative: number, period: string) => string;
  negativeShare: (percent: number) => string;
  sentimentCompared: (positive: number, neutral: number, negative: number, period: string) => string;
  trend: (scope: string, interval: string, firstDay: string, firstNegative: number, firstPositive: number, lastDay: string, lastNegative: number, lastPositive: number) => string;
  trendTotals: (positive: number, neutral: number, negative: number) => string;
  ranking: (scope: string, what: string, period: string, list: string) => string;
  rankingEmpty: (scope: string, period: string) => string;
  rankEntry: (name: string, mentions: number, percent: number) => string;
  networksWhat: string;
  languagesWhat: string;
  countriesWhat: string;
  firstReply: (scope: string, median: number, average: number | null, replied: number, period: string) => string;
  firstReplyNone: (scope: string, period: string) => string;
  firstReplyBefore: (median: number) => string;
  topPosts: (scope: string, period: string, total: number) => string;
  topPostsNone: (scope: string, period: string) => string;
  trending: (scope: string, period: string, list: string) => string;
  trendingNone: (scope: string, period: string) => string;
  trendingEntry: (term: string, mentions: number, previous: number) => string;
  themes: (scope: string, period: string, list: string) => string;
  themesNone: (scope: string, period: string) => string;
  themeEntry: (name: string, mentions: number) => string;
  whyIntro: (counted: string, period: string, previous: number, previousPeriod: string) => string;
  whyDrivers: string;
  whyKeywords: (list: string) => string;
  whyThemes: (list: string) => string;
  whyPosts: string;
  whyNoDrivers: string;
}

/** A change's sign and percent, as every language writes them: '+12.5%' or '-3%' (with its own spacing). */
function signed(percent: number, space: string): string {
  return `${percent > 0 ? "+" : ""}${percent}${space}%`;
}

/** 'DD <month> YYYY' with the language's month names (the day and year as digits). */
function dayWith(months: readonly string[], pattern: (dd: string, month: string, yyyy: string) => string) {
  return (isoDay: string): string => {
    const [yyyy, mm, dd] = isoDay.split("-") as [string, string, string];
    return pattern(dd, months[Number(mm) - 1] ?? mm, yyyy);
  };
}

const joinSentiments = (words: Record<HelperSentiment, string>, sentiments: readonly HelperSentiment[]) => sentiments.map((s) => words[s]).join("/");

const EN_SENTIMENT: Record<HelperSentiment, string> = { positive: "positive", neutral: "neutral", negative: "negative" };
const EN_INTERVALS: Record<string, string> = { hour: "hour", day: "day", week: "week", month: "month" };

const en: HelperPhrases = {
  emptyQuestion: "Please type a question.",
  unsupportedLanguage: "I can only read questions in English, Spanish, German or French.",
  outOfScope: "I can only answer about your own business profile's mentions, and nothing about other accounts or the product's internals.",
  cannotAnswer:
    "I cannot answer that from your data. I can tell you about mention volume, sentiment and its trend, networks, languages, countries, top posts, trending keywords, themes, first reply time, comparisons of periods and of saved searches or topics, and why a figure changed.",
  noPostPermission: "You are not allowed to read mention texts, so I cannot list posts.",
  modelNotReached: "The language model could not be reached; the built-in planner answered.",
  openOnDashboard: "Open on the dashboard",
  openInInbox: "Open in the inbox",
  openPost: "Open this post",
  columnName: "Name",
  columnMentions: "Mentions",
  columnShare: "Share (%)",
  columnPrevious: "Before",
  columnPost: "Post",
  columnNetwork: "Network",
  columnImpact: "Impact score",
  columnTerms: "Terms",
  day: dayWith(["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"], (d, m, y) => `${d} ${m} ${y}`),
  interval: (i) => EN_INTERVALS[i] ?? i,
  everyMention: "all your mentions",
  everyMentionTitle: "All your mentions",
  sentimentWord: EN_SENTIMENT,
  onNetworks: (names) => ` on ${names}`,
  between: (from, to) => `from ${from} to ${to}`,
  mentionsNoun: (s) => (s.length ? `${joinSentiments(EN_SENTIMENT, s)} mentions` : "mentions"),
  volume: (scope, counted, period) => `${scope}: ${counted} ${period}.`,
  volumeCompared: (scope, counted, period, previous, previousPeriod) => `${scope}: ${counted} ${period}, against ${previous} ${previousPeriod}.`,
  change: (difference, percent) =>
    difference === 0 ? "No change." : `${difference > 0 ? "Up" : "Down"} by ${Math.abs(difference)}${percent === null ? "" : ` (${signed(percent, "")})`}.`,
  sentiment: (scope, positive, neutral, negative, period) => `${scope}: ${positive} positive, ${neutral} neutral and ${negative} negative mentions ${period}.`,
  negativeShare: (percent) => `${percent}% of them were negative.`,
  sentimentCompared: (positive, neutral, negative, period) => `Before, ${period}: ${positive} positive, ${neutral} neutral and ${negative} negative.`,
  trend: (scope, interval, firstDay, fn, fp, lastDay, ln, lp) => `${scope}, per ${interval}: on ${firstDay} ${fn} negative and ${fp} positive; on ${lastDay} ${ln} negative and ${lp} positive.`,
  trendTotals: (positive, neutral, negative) => `In all: ${positive} positive, ${neutral} neutral, ${negative} negative.`,
  ranking: (scope, what, period, list) => `${scope}, ${what} ${period}: ${list}.`,
  rankingEmpty: (scope, period) => `${scope}: no mentions ${period}.`,
  rankEntry: (name, mentions, percent) => `${name} ${mentions} (${percent}%)`,
  networksWhat: "mentions by network",
  languagesWhat: "mentions by language",
  countriesWhat: "mentions by country",
  firstReply: (scope, median, average, replied, period) =>
    `${scope}: the median first reply took ${median} minutes${average === null ? "" : ` (average ${average} minutes)`} over ${replied} replied mentions ${period}.`,
  firstReplyNone: (scope, period) => `${scope}: no mention was replied to ${period}.`,
  firstReplyBefore: (median) => `In the period before, the median was ${median} minutes.`,
  topPosts: (scope, period, total) => `${scope}: the most impactful of ${total} mentions ${period}.`,
  topPostsNone: (scope, period) => `${scope}: no mentions ${period}, so no posts to show.`,
  trending: (scope, period, list) => `${scope}, trending keywords ${period}: ${list}.`,
  trendingNone: (scope, period) => `${scope}: no keyword stood out ${period} against the period before.`,
  trendingEntry: (term, mentions, previous) => `${term} (${mentions}, before ${previous})`,
  themes: (scope, period, list) => `${scope}, conversation themes ${period}: ${list}.`,
  themesNone: (scope, period) => `${scope}: too few mentions ${period} to find themes.`,
  themeEntry: (name, mentions) => `${name} (${mentions} mentions)`,
  whyIntro: (counted, period, previous, previousPeriod) => `${counted} ${period}, against ${previous} ${previousPeriod}.`,
  whyDrivers: "What drove it:",
  whyKeywords: (list) => `keywords that rose: ${list}.`,
  whyThemes: (list) => `themes: ${list}.`,
  whyPosts: "the most impactful of these mentions are listed below.",
  whyNoDrivers: "No keyword, theme or post stood out.",
};

const ES_SENTIMENT: Record<HelperSentiment, string> = { positive: "positivas", neutral: "neutras", negative: "negativas" };
const ES_INTERVALS: Record<string, string> = { hour: "hora", day: "día", week: "semana", month: "mes" };

const es: HelperPhrases = {
  emptyQuestion: "Escriba una pregunta.",
  unsupportedLanguage: "Solo puedo leer preguntas en inglés, español, alemán o francés.",
  outOfScope: "Solo puedo responder sobre las menciones de su propio perfil de empresa, y nada sobre otras cuentas ni sobre el funcionamiento interno del producto.",
  cannotAnswer:
    "No puedo responder a eso con sus datos. Puedo informarle sobre el volumen de menciones, el sentimiento y su tendencia, las redes, los idiomas, los países, las publicaciones principales, las palabras clave en tendencia, los temas, el tiempo de primera respuesta, comparaciones de periodos y de búsquedas guardadas o temas, y por qué cambió una cifra.",
  noPostPermission: "No tiene permiso para leer los textos de las menciones, así que no puedo listar publicaciones.",
  modelNotReached: "No se pudo contactar con el modelo de lenguaje; ha respondido el planificador integrado.",
  openOnDashboard: "Abrir en el panel",
  openInInbox: "Abrir en la bandeja de entrada",
  openPost: "Abrir esta publicación",
  columnName: "Nombre",
  columnMentions: "Menciones",
  columnShare: "Cuota (%)",
  columnPrevious: "Antes",
  columnPost: "Publicación",
  columnNetwork: "Red",
  columnImpact: "Impacto",
  columnTerms: "Términos",
  day: dayWith(["ene", "feb", "mar", "abr", "may", "jun", "jul", "ago", "sept", "oct", "nov", "dic"], (d, m, y) => `${d} ${m} ${y}`),
  interval: (i) => ES_INTERVALS[i] ?? i,
  everyMention: "todas sus menciones",
  everyMentionTitle: "Todas sus menciones",
  sentimentWord: ES_SENTIMENT,
  onNetworks: (names) => ` en ${names}`,
  between: (from, to) => `del ${from} al ${to}`,
  mentionsNoun: (s) => (s.length ? `menciones ${joinSentiments(ES_SENTIMENT, s)}` : "menciones"),
  volume: (scope, counted, period) => `${scope}: ${counted} ${period}.`,
  volumeCompared: (scope, counted, period, previous, previousPeriod) => `${scope}: ${counted} ${period}, frente a ${previous} ${previousPeriod}.`,
  change: (difference, percent) =>
    difference === 0 ? "Sin cambios." : `${difference > 0 ? "Aumento" : "Descenso"} de ${Math.abs(difference)}${percent === null ? "" : ` (${signed(percent, " ")})`}.`,
  sentiment: (scope, positive, neutral, negative, period) => `${scope}: ${positive} menciones positivas, ${neutral} neutras y ${negative} negativas ${period}.`,
  negativeShare: (percent) => `El ${percent} % fueron negativas.`,
  sentimentCompared: (positive, neutral, negative, period) => `Antes, ${period}: ${positive} positivas, ${neutral} neutras y ${negative} negativas.`,
  trend: (scope, interval, firstDay, fn, fp, lastDay, ln, lp) => `${scope}, por ${interval}: el ${firstDay}, ${fn} negativas y ${fp} positivas; el ${lastDay}, ${ln} negativas y ${lp} positivas.`,
  trendTotals: (positive, neutral, negative) => `En total: ${positive} positivas, ${neutral} neutras, ${negative} negativas.`,
  ranking: (scope, what, period, list) => `${scope}, ${what} ${period}: ${list}.`,
  rankingEmpty: (scope, period) => `${scope}: ninguna mención ${period}.`,
  rankEntry: (name, mentions, percent) => `${name} ${mentions} (${percent} %)`,
  networksWhat: "menciones por red",
  languagesWhat: "menciones por idioma",
  countriesWhat: "menciones por país",
  firstReply: (scope, median, average, replied, period) =>
    `${scope}: la primera respuesta tardó una mediana de ${median} minutos${average === null ? "" : ` (una media de ${average} minutos)`} en ${replied} menciones respondidas ${period}.`,
  firstReplyNone: (scope, period) => `${scope}: no se respondió a ninguna mención ${period}.`,
  firstReplyBefore: (median) => `En el periodo anterior, la mediana fue de ${median} minutos.`,
  topPosts: (scope, period, total) => `${scope}: las más impactantes de ${total} menciones ${period}.`,
  topPostsNone: (scope, period) => `${scope}: ninguna mención ${period}, así que no hay publicaciones que mostrar.`,
  trending: (scope, period, list) => `${scope}, palabras clave en tendencia ${period}: ${list}.`,
  trendingNone: (scope, period) => `${scope}: ninguna palabra clave destacó ${period} frente al periodo anterior.`,
  trendingEntry: (term, mentions, previous) => `${term} (${mentions}, antes ${previous})`,
  themes: (scope, period, list) => `${scope}, temas de conversación ${period}: ${list}.`,
  themesNone: (scope, period) => `${scope}: muy pocas menciones ${period} para encontrar temas.`,
  themeEntry: (name, mentions) => `${name} (${mentions} menciones)`,
  whyIntro: (counted, period, previous, previousPeriod) => `${counted} ${period}, frente a ${previous} ${previousPeriod}.`,
  whyDrivers: "Qué lo explica:",
  whyKeywords: (list) => `palabras clave que subieron: ${list}.`,
  whyThemes: (list) => `temas: ${list}.`,
  whyPosts: "las más impactantes de estas menciones aparecen abajo.",
  whyNoDrivers: "No destacó ninguna palabra clave, tema ni publicación.",
};

const DE_SENTIMENT: Record<HelperSentiment, string> = { positive: "positive", neutral: "neutrale", negative: "negative" };
const DE_INTERVALS: Record<string, string> = { hour: "Stunde", day: "Tag", week: "Woche", month: "Monat" };

const de: HelperPhrases = {
  emptyQuestion: "Bitte geben Sie eine Frage ein.",
  unsupportedLanguage: "Ich kann nur Fragen auf Englisch, Spanisch, Deutsch oder Französisch lesen.",
  outOfScope: "Ich kann nur über die Erwähnungen Ihres eigenen Unternehmensprofils Auskunft geben, nicht über andere Konten oder die Interna des Produkts.",
  cannotAnswer:
    "Das kann ich aus Ihren Daten nicht beantworten. Ich kann Ihnen etwas sagen über das Erwähnungsvolumen, die Stimmung und ihren Verlauf, Netzwerke, Sprachen, Länder, die wichtigsten Beiträge, Trend-Schlüsselwörter, Themen, die Zeit bis zur ersten Antwort, Vergleiche von Zeiträumen und von gespeicherten Suchen oder Topics, und warum sich eine Zahl verändert hat.",
  noPostPermission: "Sie dürfen die Texte der Erwähnungen nicht lesen, daher kann ich keine Beiträge auflisten.",
  modelNotReached: "Das Sprachmodell war nicht erreichbar; der eingebaute Planer hat geantwortet.",
  openOnDashboard: "Im Dashboard öffnen",
  openInInbox: "Im Posteingang öffnen",
  openPost: "Diesen Beitrag öffnen",
  columnName: "Name",
  columnMentions: "Erwähnungen",
  columnShare: "Anteil (%)",
  columnPrevious: "Davor",
  columnPost: "Beitrag",
  columnNetwork: "Netzwerk",
  columnImpact: "Wirkung",
  columnTerms: "Begriffe",
  day: dayWith(["Jan.", "Feb.", "März", "Apr.", "Mai", "Juni", "Juli", "Aug.", "Sept.", "Okt.", "Nov.", "Dez."], (d, m, y) => `${d}. ${m} ${y}`),
  interval: (i) => DE_INTERVALS[i] ?? i,
  everyMention: "alle Ihre Erwähnungen",
  everyMentionTitle: "Alle Ihre Erwähnungen",
  sentimentWord: DE_SENTIMENT,
  onNetworks: (names) => ` auf ${names}`,
  between: (from, to) => `vom ${from} bis ${to}`,
  mentionsNoun: (s) => (s.length ? `${joinSentiments(DE_SENTIMENT, s)} Erwähnungen` : "Erwähnungen"),
  volume: (scope, counted, period) => `${scope}: ${counted} ${period}.`,
  volumeCompared: (scope, counted, period, previous, previousPeriod) => `${scope}: ${counted} ${period}, gegenüber ${previous} ${previousPeriod}.`,
  change: (difference, percent) =>
    difference === 0 ? "Keine Veränderung." : `${difference > 0 ? "Ein Anstieg" : "Ein Rückgang"} um ${Math.abs(difference)}${percent === null ? "" : ` (${signed(percent, " ")})`}.`,
  sentiment: (scope, positive, neutral, negative, period) => `${scope}: ${positive} positive, ${neutral} neutrale und ${negative} negative Erwähnungen ${period}.`,
  negativeShare: (percent) => `${percent} % davon waren negativ.`,
  sentimentCompared: (positive, neutral, negative, period) => `Davor, ${period}: ${positive} positive, ${neutral} neutrale und ${negative} negative.`,
  trend: (scope, interval, firstDay, fn, fp, lastDay, ln, lp) => `${scope}, pro ${interval}: am ${firstDay} ${fn} negative und ${fp} positive; am ${lastDay} ${ln} negative und ${lp} positive.`,
  trendTotals: (positive, neutral, negative) => `Insgesamt: ${positive} positive, ${neutral} neutrale, ${negative} negative.`,
  ranking: (scope, what, period, list) => `${scope}, ${what} ${period}: ${list}.`,
  rankingEmpty: (scope, period) => `${scope}: keine Erwähnungen ${period}.`,
  rankEntry: (name, mentions, percent) => `${name} ${mentions} (${percent} %)`,
  networksWhat: "Erwähnungen nach Netzwerk",
  languagesWhat: "Erwähnungen nach Sprache",
  countriesWhat: "Erwähnungen nach Land",
  firstReply: (scope, median, average, replied, period) =>
    `${scope}: Die erste Antwort kam im Median nach ${median} Minuten${average === null ? "" : ` (im Schnitt nach ${average} Minuten)`}, bei ${replied} beantworteten Erwähnungen ${period}.`,
  firstReplyNone: (scope, period) => `${scope}: Keine Erwähnung wurde beantwortet ${period}.`,
  firstReplyBefore: (median) => `Im Zeitraum davor lag der Median bei ${median} Minuten.`,
  topPosts: (scope, period, total) => `${scope}: die wirkungsvollsten von ${total} Erwähnungen ${period}.`,
  topPostsNone: (scope, period) => `${scope}: keine Erwähnungen ${period}, also keine Beiträge.`,
  trending: (scope, period, list) => `${scope}, Trend-Schlüsselwörter ${period}: ${list}.`,
  trendingNone: (scope, period) => `${scope}: Kein Schlüsselwort stach hervor ${period}, verglichen mit dem Zeitraum davor.`,
  trendingEntry: (term, mentions, previous) => `${term} (${mentions}, davor ${previous})`,
  themes: (scope, period, list) => `${scope}, Gesprächsthemen ${period}: ${list}.`,
  themesNone: (scope, period) => `${scope}: zu wenige Erwähnungen ${period}, um Themen zu finden.`,
  themeEntry: (name, mentions) => `${name} (${mentions} Erwähnungen)`,
  whyIntro: (counted, period, previous, previousPeriod) => `${counted} ${period}, gegenüber ${previous} ${previousPeriod}.`,
  whyDrivers: "Was dazu führte:",
  whyKeywords: (list) => `gestiegene Schlüsselwörter: ${list}.`,
  whyThemes: (list) => `Themen: ${list}.`,
  whyPosts: "die wirkungsvollsten dieser Erwähnungen stehen unten.",
  whyNoDrivers: "Kein Schlüsselwort, Thema oder Beitrag stach hervor.",
};

const FR_SENTIMENT: Record<HelperSentiment, string> = { positive: "positives", neutral: "neutres", negative: "négatives" };
const FR_INTERVALS: Record<string, string> = { hour: "heure", day: "jour", week: "semaine", month: "mois" };

const fr: HelperPhrases = {
  emptyQuestion: "Veuillez saisir une question.",
  unsupportedLanguage: "Je ne lis que les questions en anglais, espagnol, allemand ou français.",
  outOfScope: "Je ne peux répondre que sur les mentions de votre propre profil d'entreprise, et rien sur d'autres comptes ni sur le fonctionnement interne du produit.",
  cannotAnswer:
    "Je ne peux pas répondre à cela à partir de vos données. Je peux vous renseigner sur le volume de mentions, le sentiment et son évolution, les réseaux, les langues, les pays, les publications principales, les mots-clés en tendance, les thèmes, le délai de première réponse, les comparaisons de périodes et de recherches enregistrées ou de sujets, et la raison d'un changement.",
  noPostPermission: "Vous n'êtes pas autorisé à lire le texte des mentions, je ne peux donc pas lister de publications.",
  modelNotReached: "Le modèle de langage n'a pas pu être joint ; le planificateur intégré a répondu.",
  openOnDashboard: "Ouvrir dans le tableau de bord",
  openInInbox: "Ouvrir dans la boîte de réception",
  openPost: "Ouvrir cette publication",
  columnName: "Nom",
  columnMentions: "Mentions",
  columnShare: "Part (%)",
  columnPrevious: "Avant",
  columnPost: "Publication",
  columnNetwork: "Réseau",
  columnImpact: "Impact",
  columnTerms: "Termes",
  day: dayWith(["janv.", "févr.", "mars", "avr.", "mai", "juin", "juil.", "août", "sept.", "oct.", "nov.", "déc."], (d, m, y) => `${d} ${m} ${y}`),
  interval: (i) => FR_INTERVALS[i] ?? i,
  everyMention: "toutes vos mentions",
  everyMentionTitle: "Toutes vos mentions",
  sentimentWord: FR_SENTIMENT,
  onNetworks: (names) => ` sur ${names}`,
  between: (from, to) => `du ${from} au ${to}`,
  mentionsNoun: (s) => (s.length ? `mentions ${joinSentiments(FR_SENTIMENT, s)}` : "mentions"),
  volume: (scope, counted, period) => `${scope} : ${counted} ${period}.`,
  volumeCompared: (scope, counted, period, previous, previousPeriod) => `${scope} : ${counted} ${period}, contre ${previous} ${previousPeriod}.`,
  change: (difference, percent) =>
    difference === 0 ? "Aucun changement." : `${difference > 0 ? "Hausse" : "Baisse"} de ${Math.abs(difference)}${percent === null ? "" : ` (${signed(percent, " ")})`}.`,
  sentiment: (scope, positive, neutral, negative, period) => `${scope} : ${positive} mentions positives, ${neutral} neutres et ${negative} négatives ${period}.`,
  negativeShare: (percent) => `${percent} % d'entre elles étaient négatives.`,
  sentimentCompared: (positive, neutral, negative, period) => `Avant, ${period} : ${positive} positives, ${neutral} neutres et ${negative} négatives.`,
  trend: (scope, interval, firstDay, fn, fp, lastDay, ln, lp) => `${scope}, par ${interval} : le ${firstDay}, ${fn} négatives et ${fp} positives ; le ${lastDay}, ${ln} négatives et ${lp} positives.`,
  trendTotals: (positive, neutral, negative) => `Au total : ${positive} positives, ${neutral} neutres, ${negative} négatives.`,
  ranking: (scope, what, period, list) => `${scope}, ${what} ${period} : ${list}.`,
  rankingEmpty: (scope, period) => `${scope} : aucune mention ${period}.`,
  rankEntry: (name, mentions, percent) => `${name} ${mentions} (${percent} %)`,
  networksWhat: "mentions par réseau",
  languagesWhat: "mentions par langue",
  countriesWhat: "mentions par pays",
  firstReply: (scope, median, average, replied, period) =>
    `${scope} : la première réponse a pris ${median} minutes en médiane${average === null ? "" : ` (${average} minutes en moyenne)`}, sur ${replied} mentions traitées ${period}.`,
  firstReplyNone: (scope, period) => `${scope} : aucune mention n'a reçu de réponse ${period}.`,
  firstReplyBefore: (median) => `Sur la période précédente, la médiane était de ${median} minutes.`,
  topPosts: (scope, period, total) => `${scope} : les plus marquantes de ${total} mentions ${period}.`,
  topPostsNone: (scope, period) => `${scope} : aucune mention ${period}, donc aucune publication à montrer.`,
  trending: (scope, period, list) => `${scope}, mots-clés en tendance ${period} : ${list}.`,
  trendingNone: (scope, period) => `${scope} : aucun mot-clé ne s'est démarqué ${period} par rapport à la période précédente.`,
  trendingEntry: (term, mentions, previous) => `${term} (${mentions}, avant ${previous})`,
  themes: (scope, period, list) => `${scope}, thèmes de conversation ${period} : ${list}.`,
  themesNone: (scope, period) => `${scope} : trop peu de mentions ${period} pour trouver des thèmes.`,
  themeEntry: (name, mentions) => `${name} (${mentions} mentions)`,
  whyIntro: (counted, period, previous, previousPeriod) => `${counted} ${period}, contre ${previous} ${previousPeriod}.`,
  whyDrivers: "Ce qui l'explique :",
  whyKeywords: (list) => `mots-clés en hausse : ${list}.`,
  whyThemes: (list) => `thèmes : ${list}.`,
  whyPosts: "les plus marquantes de ces mentions sont listées ci-dessous.",
  whyNoDrivers: "Aucun mot-clé, thème ou publication ne s'est démarqué.",
};

/** The phrasebook, by the asker's language. */
export const HELPER_PHRASEBOOK: Readonly<Record<HelperLanguage, HelperPhrases>> = { en, es, de, fr };

/** The phrases of a question's language; English when it is not known. */
export function phrasesFor(language: HelperLanguage | null | undefined): HelperPhrases {
  return HELPER_PHRASEBOOK[language ?? "en"];
}
