// Runs the helper's evaluation set (issue 27, ADR 042) against an API: each question asked in a chat,
// its plan compared with the expected one, and its figures with those the dashboard API gives for the
// expected period, networks and sentiments (read directly, not through the helper); each unanswerable
// question must be refused; every number of every answer's text must be one of its tool results'; every
// answer and refusal must be worded in the question's language (the phrasebook's words for it).
import { helperRanges } from "../../domain/helper/periods";
import { phrasesFor } from "../../domain/helper/phrasebook";
import { SENTIMENT_VALUE, type HelperSentiment } from "../../domain/helper/plan";
import { numbersOutsideResults } from "../../services/helper/provenance";
import { ANSWERABLE, UNANSWERABLE, type AnswerableQuestion } from "./questions";

type Json = any;

export interface EvaluationPorts {
  /** Asks a question in a chat (POST /v1/helper/chats/{id}/messages) and gives the answer's JSON. */
  ask: (question: string) => Promise<Json>;
  /** A dashboard read (POST /v1/dashboard/{path} as a GET) with the body given. */
  read: (path: string, body: Record<string, unknown>) => Promise<Json>;
  timeZone: string;
  now: Date;
}

export interface EvaluationReport {
  answerable: number;
  correct: number;
  unanswerable: number;
  refused: number;
  /** Answers with a number in their text that no tool result holds. */
  provenanceFailures: string[];
  /** Answers and refusals not worded in the question's language. */
  languageFailures: string[];
  /** Answers checked for their numbers and wording, by the question's language. */
  checkedByLanguage: Record<string, number>;
  misses: string[];
  /** Answer times in milliseconds, in the order asked. */
  timesMs: number[];
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The figures the dashboard API gives for what the question asks, and those the answer's tools gave. */
async function figuresMatch(ports: EvaluationPorts, q: AnswerableQuestion, answer: Json): Promise<string | null> {
  const { range, previous } = helperRanges(q.expect.period, ports.timeZone, ports.now);
  const base = { range, time_zone: ports.timeZone };
  const results = answer.tool_results as Array<{ tool: string; result: Json }>;
  const first = results[0]?.result?.contexts?.[0];
  if (!first) return "no tool result";
  const networks = q.expect.networks ?? [];
  const sentiments = (q.expect.sentiments ?? []).map((s) => SENTIMENT_VALUE[s as HelperSentiment]);
  const total = async (r: { from: string; to: string }) =>
    (await ports.read("most-impactful-posts", { ...base, range: r, selected_social_types: networks, selected_sentiments: sentiments, per_page: 1 })).data[0].total;
  switch (q.expect.intent) {
    case "volume":
    case "why_change": {
      const want = [await total(range), q.expect.compare ? await total(previous) : undefined];
      const got = [first.count, first.previous_count];
      return same(want, got) ? null : `counts ${JSON.stringify(got)} vs API ${JSON.stringify(want)}`;
    }
    case "sentiment":
    case "sentiment_trend": {
      const totals = (await ports.read("sentiment", base)).data[0].totals;
      const got = q.expect.intent === "sentiment" ? { neutral: first.neutral, positive: first.positive, negative: first.negative } : first.totals;
      return same({ ...totals }, { neutral: got.neutral, positive: got.positive, negative: got.negative }) ? null : `sentiment ${JSON.stringify(got)} vs API ${JSON.stringify(totals)}`;
    }
    case "networks": {
      const items = (await ports.read("networks", base)).data[0].items.map((i: Json) => [i.social_type, i.mentions]);
      const got = first.items.map((i: Json) => [i.social_type, i.mentions]);
      return same(items.slice(0, got.length), got) ? null : `networks ${JSON.stringify(got)} vs API ${JSON.stringify(items)}`;
    }
    case "languages":
    case "countries": {
      const items = (await ports.read(`demographics/${q.expect.intent}`, base)).data[0].items.map((i: Json) => [i.key, i.mentions]);
      const got = first.items.map((i: Json) => [i.key, i.mentions]);
      return same(items.slice(0, got.length), got) ? null : `${q.expect.intent} ${JSON.stringify(got)} vs API ${JSON.stringify(items)}`;
    }
    case "top_posts": {
      const items = (await ports.read("most-impactful-posts", { ...base, per_page: 5 })).data[0].items.map((i: Json) => i.id);
      const got = first.items.map((i: Json) => i.id);
      return same(items, got) ? null : `posts ${JSON.stringify(got)} vs API ${JSON.stringify(items)}`;
    }
    case "trending_keywords": {
      const body = { ...base, tkw_num_terms: 100, tkw_num_sig_terms: 10, per_page: 10 };
      const items = (await ports.read("trending_labels", body)).data[0].items.map((i: Json) => [i.term, i.mentions]);
      const got = first.items.map((i: Json) => [i.term, i.mentions]);
      return same(items, got) ? null : `keywords ${JSON.stringify(got)} vs API ${JSON.stringify(items)}`;
    }
    case "themes": {
      const themes = (await ports.read("conversation_themes", base)).data[0].themes.slice(0, 5).map((t: Json) => [t.name, t.mentions]);
      const got = first.themes.map((t: Json) => [t.name, t.mentions]);
      return same(themes, got) ? null : `themes ${JSON.stringify(got)} vs API ${JSON.stringify(themes)}`;
    }
    case "first_reply": {
      const sla = (await ports.read("sla", base)).data[0];
      return sla.median_seconds === first.median_seconds ? null : `median ${first.median_seconds} vs API ${sla.median_seconds}`;
    }
  }
}

export async function evaluateHelper(ports: EvaluationPorts): Promise<EvaluationReport> {
  const report: EvaluationReport = {
    answerable: ANSWERABLE.length,
    correct: 0,
    unanswerable: UNANSWERABLE.length,
    refused: 0,
    provenanceFailures: [],
    languageFailures: [],
    checkedByLanguage: {},
    misses: [],
    timesMs: [],
  };
  for (const q of ANSWERABLE) {
    const started = performance.now();
    const answer = await ports.ask(q.question);
    report.timesMs.push(performance.now() - started);
    const outside = numbersOutsideResults(answer.answer_text ?? "", answer.tool_results ?? []);
    if (outside.length) report.provenanceFailures.push(`${q.question}: ${outside.join(", ")}`);
    report.checkedByLanguage[q.language] = (report.checkedByLanguage[q.language] ?? 0) + 1;
    const wording = languageMismatch(q.language, answer);
    if (wording) report.languageFailures.push(`${q.question}: ${wording}`);
    const plan = answer.plan;
    const e = q.expect;
    const planned =
      answer.status === "answered" &&
      plan &&
      plan.intent === e.intent &&
      same(plan.period, e.period) &&
      plan.compare === (e.compare ?? false) &&
      same(plan.networks, e.networks ?? []) &&
      same(plan.sentiments, e.sentiments ?? []);
    if (!planned) {
      report.misses.push(`${q.question}: planned ${JSON.stringify(plan)} (${answer.status})`);
      continue;
    }
    const mismatch = await figuresMatch(ports, q, answer);
    if (mismatch) report.misses.push(`${q.question}: ${mismatch}`);
    else report.correct += 1;
  }
  for (const q of UNANSWERABLE) {
    const started = performance.now();
    const answer = await ports.ask(q.question);
    report.timesMs.push(performance.now() - started);
    if (answer.status !== "answered" && (answer.tool_results ?? []).length === 0) report.refused += 1;
    else report.misses.push(`${q.question}: answered (${answer.answer_text})`);
    // A refusal in the question's language (English when the helper does not read it).
    const P = phrasesFor(q.language);
    const expected = q.refusal === "cannot_answer" ? P.cannotAnswer : q.refusal === "out_of_scope" ? P.outOfScope : P.unsupportedLanguage;
    if (answer.answer_text !== expected) report.languageFailures.push(`${q.question}: refused with "${answer.answer_text}"`);
  }
  return report;
}

/**
 * Why an answer is not in the question's language, or null: it must say which language it is in, its
 * labels (the dashboard link's, the table's columns) must be the phrasebook's for that language, and its
 * sentences must write days in that language.
 */
function languageMismatch(language: string, answer: Json): string | null {
  if (answer.language !== language) return `language ${answer.language}`;
  const P = phrasesFor(language as Parameters<typeof phrasesFor>[0]);
  const link = (answer.answer?.links ?? [])[0]?.label;
  if (link !== P.openOnDashboard) return `link "${link}"`;
  const columns: string[] = answer.answer?.table?.columns ?? [];
  const known = [P.columnName, P.columnMentions, P.columnShare, P.columnPrevious, P.columnPost, P.columnNetwork, P.columnImpact, P.columnTerms];
  const foreign = columns.filter((c) => !known.includes(c));
  if (foreign.length) return `table columns ${foreign.join(", ")}`;
  // Its days as the language writes them (month names differ in each): one of the tool results' days.
  const days = [...new Set(JSON.stringify(answer.tool_results ?? []).match(/\d{4}-\d{2}-\d{2}/g) ?? [])];
  if (answer.status === "answered" && !days.some((day) => (answer.answer_text as string).includes(P.day(day)))) return `no day written as ${P.day(days[0] ?? "2026-01-01")}`;
  return null;
}

/** The p-th percentile (0–100) of some times, nearest rank. */
export function percentile(values: readonly number[], p: number): number {
  if (!values.length) return 0;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}
