// Answering a question (issue 27, ADR 042): the asker as a dashboard viewer, the saved searches and
// topics they see (by name, for questions that name one), their default settings, then a plan (the
// model's, when one is configured and reached, else the built-in planner's), its tool calls, and the
// answer composed from the results in the question's language. A question the planner cannot read gets
// the phrasebook's refusal. The answer is produced as parts (answerParts), streamed as they come or
// gathered into the whole answer (answerQuestion): one producer for both.
import { findSettings } from "../../db/repositories/helper";
import { isAppError } from "../../domain/errors";
import { phrasesFor } from "../../domain/helper/phrasebook";
import { readQuestion } from "../../domain/helper/questions";
import type { HelperLanguage, HelperPeriod, HelperPlan, PlanRefusal } from "../../domain/helper/plan";
import { resolveViewer, type DashboardViewer } from "../analytics/viewer";
import type { Actor, ServiceDeps } from "../context";
import { dashboardSelector } from "../dashboard-config/selector";
import { ownerOf } from "./access";
import { composeAnswer, toolCallsOf } from "./answer";
import { planWithModel } from "./model";
import type { AskContext, HelperAnswer, HelperAnswerPart } from "./ask-types";
import { runTool, type ToolResult } from "./tools";

export type { HelperAnswer, HelperAnswerPart };

export const DEFAULT_HELPER_CONTEXT = "6-0";
export const DEFAULT_HELPER_PERIOD = "30d";

/** A refusal's words in the asker's language (English when it is not one the helper reads). */
function refusalText(kind: PlanRefusal | "no_post_permission", language: HelperLanguage | null): string {
  const P = phrasesFor(language);
  switch (kind) {
    case "empty":
      return P.emptyQuestion;
    case "unsupported_language":
      return P.unsupportedLanguage;
    case "out_of_scope":
      return P.outOfScope;
    case "cannot_answer":
      return P.cannotAnswer;
    case "no_post_permission":
      return P.noPostPermission;
  }
}

function refusal(kind: PlanRefusal | "no_post_permission", language: HelperLanguage | null, notice: string | null = null): HelperAnswer {
  return {
    status: kind === "cannot_answer" ? "cannot_answer" : "refused",
    text: refusalText(kind, language),
    blocks: { figures: [], chart: null, table: null, links: [] },
    plan: null,
    toolResults: [],
    planner: "builtin",
    notice,
    language,
  };
}

/** A dashboard period preset as a helper period. */
function periodOfPreset(preset: string): HelperPeriod {
  if (preset === "yesterday") return { kind: "day", offset: -1 };
  const hours = /^(\d+)h$/.exec(preset);
  if (hours) return { kind: "hours", count: Number(hours[1]) };
  const days = /^(\d+)d$/.exec(preset);
  return { kind: "days", count: days ? Number(days[1]) : 30 };
}


/** The asker's view: what the tools read as, the searches and topics they see, their defaults. */
async function askContextOf(deps: ServiceDeps, actor: Actor): Promise<AskContext> {
  const viewer: DashboardViewer = await resolveViewer(deps, actor, null);
  const [selector, settings] = await Promise.all([dashboardSelector(deps, viewer), findSettings(deps.db, ownerOf(actor))]);
  const named = selector.contexts.map((c) => ({ token: c.id, title: c.title }));
  const wanted = settings?.defaultContext ?? DEFAULT_HELPER_CONTEXT;
  // A default the asker no longer sees falls back to every mention.
  const defaultContext = wanted === DEFAULT_HELPER_CONTEXT || named.some((c) => c.token === wanted) ? wanted : DEFAULT_HELPER_CONTEXT;
  return { scope: { deps, viewer }, named, defaultContext, defaultPeriod: periodOfPreset(settings?.defaultPeriod ?? DEFAULT_HELPER_PERIOD) };
}

type Parts = AsyncGenerator<HelperAnswerPart, HelperAnswer>;

/** A finished answer's own parts: its notice, each line of its text, then its blocks. */
function* partsOfAnswer(answer: HelperAnswer): Generator<HelperAnswerPart> {
  if (answer.notice) yield { type: "notice", text: answer.notice };
  for (const line of answer.text.split("\n")) if (line) yield { type: "text", text: line };
  yield { type: "blocks", status: answer.status, language: answer.language, answer: answer.blocks };
}

/** Runs a plan's tools (each announced as it starts) and composes the answer; a tool's refusal (no text permission, gone) is said plainly. */
async function* answerPlan(ctx: AskContext, plan: HelperPlan, language: HelperLanguage | null, planner: "builtin" | "model", notice: string | null): Parts {
  const { deps, viewer } = ctx.scope;
  const calls = toolCallsOf(plan, viewer.timeZone, deps.now());
  const results: ToolResult[] = [];
  try {
    for (const call of calls) {
      yield { type: "tool", tool: call.tool };
      results.push(await runTool(ctx.scope, call.tool, call.args));
    }
  } catch (error) {
    if (isAppError(error) && error.status === 403) return refusal("no_post_permission", language, notice);
    if (isAppError(error) && (error.status === 404 || error.status === 400)) return refusal("cannot_answer", language, notice);
    throw error;
  }
  const composed = composeAnswer(plan, results, viewer.timeZone, language);
  return { status: "answered", text: composed.text, blocks: composed.blocks, plan, toolResults: results, planner, notice, language };
}

/** The built-in planner: the question read, the asker's defaults filled in, the plan answered. */
async function* answerBuiltIn(ctx: AskContext, question: string, notice: string | null = null): Parts {
  const reading = readQuestion(question, ctx.named);
  if (!reading.ok) return refusal(reading.refusal, reading.language, notice);
  const plan: HelperPlan = {
    ...reading.plan,
    period: reading.defaults.period ? ctx.defaultPeriod : reading.plan.period,
    contexts: reading.defaults.contexts && ctx.defaultContext !== DEFAULT_HELPER_CONTEXT ? [ctx.defaultContext] : reading.plan.contexts,
  };
  return yield* answerPlan(ctx, plan, reading.language, "builtin", notice);
}

/**
 * The answer's parts as they are produced (tools as they start), then its words (notice, lines,
 * blocks); the generator's value is the whole answer. With the model when configured and reached,
 * else built in.
 */
export async function* answerParts(deps: ServiceDeps, actor: Actor, question: string): Parts {
  const ctx = await askContextOf(deps, actor);
  let answer: HelperAnswer;
  if (deps.helper?.llmUrl) {
    // The language the question is in, for the words around the model's (and its refusals).
    const language = readQuestion(question, ctx.named).language;
    const viaModel = yield* planWithModel(ctx, question, language);
    answer = viaModel.ok ? viaModel.answer : yield* answerBuiltIn(ctx, question, phrasesFor(language).modelNotReached);
  } else {
    answer = yield* answerBuiltIn(ctx, question);
  }
  yield* partsOfAnswer(answer);
  return answer;
}

/** Answers a question for the asker: the parts gathered into the whole answer. */
export async function answerQuestion(deps: ServiceDeps, actor: Actor, question: string): Promise<HelperAnswer> {
  const parts = answerParts(deps, actor, question);
  for (;;) {
    const next = await parts.next();
    if (next.done) return next.value;
  }
}
