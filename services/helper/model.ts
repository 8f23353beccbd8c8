// The optional model (issue 27, ADR 042): an OpenAI-compatible chat completions endpoint (HELPER_LLM_URL,
// e.g. llama.cpp or vLLM) plans through tool calls over the helper's own tools (the same functions as
// the dashboard, for the asker only) and words the answer. Its words are kept only when every number in
// them is one of the tool results'; otherwise the answer composed from those results is shown. Down,
// slow or talking nonsense: the caller falls back to the built-in planner and says the model was not reached.
import * as z from "zod";
import type { HelperIntent, HelperLanguage, HelperPlan, HelperSentiment } from "../../domain/helper/plan";
import { HELPER_SENTIMENTS } from "../../domain/helper/plan";
import { NETWORK_IDS } from "../../domain/networks";
import { composeAnswer } from "./answer";
import type { AskContext, HelperAnswer, HelperAnswerPart } from "./ask-types";
import { numbersOutsideResults } from "./provenance";
import { HELPER_TOOL_NAMES, runTool, type HelperToolArgs, type HelperToolName, type ToolResult } from "./tools";

const DEFAULT_TIMEOUT_MS = 8000;
const MAX_ROUNDS = 4;
const MAX_TOOL_CALLS = 6;

const INTENT_OF_TOOL: Record<HelperToolName, HelperIntent> = {
  count_mentions: "volume",
  sentiment_totals: "sentiment",
  sentiment_series: "sentiment_trend",
  network_breakdown: "networks",
  top_languages: "languages",
  top_countries: "countries",
  first_reply_time: "first_reply",
  top_posts: "top_posts",
  trending_keywords: "trending_keywords",
  conversation_themes: "themes",
};

const TOOL_DESCRIPTIONS: Record<HelperToolName, string> = {
  count_mentions: "Number of mentions in a period (optionally only some networks or sentiments), and in the previous period when given.",
  sentiment_totals: "Positive, neutral and negative mentions in a period, and in the previous period when given.",
  sentiment_series: "Positive, neutral and negative mentions per day (or hour) over a period.",
  network_breakdown: "Mentions per network in a period.",
  top_languages: "Mentions per language in a period.",
  top_countries: "Mentions per author country in a period.",
  first_reply_time: "Median and average first reply time in a period.",
  top_posts: "The most impactful mentions in a period.",
  trending_keywords: "Keywords that rose in a period against the previous one.",
  conversation_themes: "Conversation themes of a period.",
};

const RANGE = { type: "string", description: "ISO 8601 instant" };
const TOOL_PARAMETERS = {
  type: "object",
  properties: {
    contexts: { type: "array", items: { type: "string" }, description: "Context tokens from the list given; empty for every mention" },
    from: RANGE,
    to: RANGE,
    previous_from: RANGE,
    previous_to: RANGE,
    networks: { type: "array", items: { type: "string", enum: [...NETWORK_IDS] } },
    sentiments: { type: "array", items: { type: "string", enum: [...HELPER_SENTIMENTS] } },
  },
  required: ["from", "to"],
};

const ToolCallArgsSchema = z.object({
  contexts: z.array(z.string()).max(3).optional(),
  from: z.iso.datetime({ offset: true }),
  to: z.iso.datetime({ offset: true }),
  previous_from: z.iso.datetime({ offset: true }).optional(),
  previous_to: z.iso.datetime({ offset: true }).optional(),
  networks: z.array(z.enum(NETWORK_IDS)).optional(),
  sentiments: z.array(z.enum(HELPER_SENTIMENTS)).optional(),
});

const CompletionSchema = z.object({
  choices: z
    .array(
      z.object({
        message: z.object({
          content: z.string().nullable().optional(),
          tool_calls: z
            .array(z.object({ id: z.string(), type: z.literal("function").optional(), function: z.object({ name: z.string(), arguments: z.string() }) }))
            .optional(),
        }),
      }),
    )
    .min(1),
});

type ChatMessage =
  | { role: "system" | "user"; content: string }
  | { role: "assistant"; content: string | null; tool_calls?: unknown[] }
  | { role: "tool"; tool_call_id: string; content: string };

function systemPrompt(ctx: AskContext): string {
  const now = ctx.scope.deps.now().toISOString();
  const contexts = ctx.named.map((c) => `${c.token}: ${c.title}`).join("\n") || "(none)";
  return [
    "You answer questions about the asker's own social media mentions, only with the tools given.",
    `Now is ${now}; the asker's time zone is ${ctx.scope.viewer.timeZone}.`,
    `Saved searches and topics the asker sees (token: name):\n${contexts}`,
    "Use only numbers that a tool returned. If the tools cannot answer, say you cannot answer.",
  ].join("\n");
}

async function complete(url: string, body: unknown, signal: AbortSignal) {
  const response = await fetch(`${url.replace(/\/+$/, "")}/v1/chat/completions`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
    signal,
  });
  if (!response.ok) throw new Error(`model answered ${response.status}`);
  return CompletionSchema.parse(await response.json()).choices[0]!.message;
}

/** A tool call's arguments checked, and limited to the contexts the asker sees. */
function argsOf(ctx: AskContext, raw: string): HelperToolArgs | null {
  let json: unknown;
  try {
    json = JSON.parse(raw || "{}");
  } catch {
    return null;
  }
  const parsed = ToolCallArgsSchema.safeParse(json);
  if (!parsed.success) return null;
  const a = parsed.data;
  const visible = new Set(ctx.named.map((c) => c.token));
  const contexts = (a.contexts ?? []).filter((t) => visible.has(t));
  return {
    contexts,
    range: { from: new Date(a.from).toISOString(), to: new Date(a.to).toISOString() },
    ...(a.previous_from && a.previous_to ? { previous: { from: new Date(a.previous_from).toISOString(), to: new Date(a.previous_to).toISOString() } } : {}),
    ...(a.networks?.length ? { networks: a.networks } : {}),
    ...(a.sentiments?.length ? { sentiments: a.sentiments as HelperSentiment[] } : {}),
  };
}

function planOf(result: ToolResult): HelperPlan {
  return {
    intent: INTENT_OF_TOOL[result.tool],
    period: { kind: "days", count: 1 },
    compare: !!result.args.previous,
    networks: (result.args.networks ?? []) as HelperPlan["networks"],
    sentiments: result.args.sentiments ?? [],
    contexts: result.args.contexts,
  };
}

/**
 * Plans and words an answer with the model, announcing each tool as it starts; `ok: false` when it was
 * not reached or gave nothing usable. The figures, chart and table are worded in the question's language.
 */
export async function* planWithModel(
  ctx: AskContext,
  question: string,
  language: HelperLanguage | null,
): AsyncGenerator<HelperAnswerPart, { ok: true; answer: HelperAnswer } | { ok: false }> {
  const settings = ctx.scope.deps.helper!;
  const signal = AbortSignal.timeout(settings.llmTimeoutMs ?? DEFAULT_TIMEOUT_MS);
  const tools = HELPER_TOOL_NAMES.map((name) => ({ type: "function", function: { name, description: TOOL_DESCRIPTIONS[name], parameters: TOOL_PARAMETERS } }));
  const messages: ChatMessage[] = [
    { role: "system", content: systemPrompt(ctx) },
    { role: "user", content: question },
  ];
  const results: ToolResult[] = [];
  try {
    for (let round = 0; round < MAX_ROUNDS; round++) {
      const message = await complete(settings.llmUrl!, { model: settings.llmModel ?? "default", messages, tools, tool_choice: "auto" }, signal);
      const calls = message.tool_calls ?? [];
      if (!calls.length) {
        const text = (message.content ?? "").trim();
        if (!results.length || !text) return { ok: false };
        const plan = planOf(results[0]!);
        const composed = composeAnswer(plan, results.filter((r) => r.tool === results[0]!.tool).slice(0, 1), ctx.scope.viewer.timeZone, language);
        // The model's words only when each of their numbers is a tool result's.
        const wording = numbersOutsideResults(text, results).length === 0 ? text : composed.text;
        return {
          ok: true,
          answer: { status: "answered", text: wording, blocks: composed.blocks, plan, toolResults: results, planner: "model", notice: null, language },
        };
      }
      messages.push({ role: "assistant", content: message.content ?? null, tool_calls: calls });
      for (const call of calls) {
        const name = call.function.name as HelperToolName;
        const args = (HELPER_TOOL_NAMES as readonly string[]).includes(name) ? argsOf(ctx, call.function.arguments) : null;
        if (!args || results.length >= MAX_TOOL_CALLS) {
          messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify({ error: "invalid call" }) });
          continue;
        }
        yield { type: "tool", tool: name };
        const result = await runTool(ctx.scope, name, args);
        results.push(result);
        messages.push({ role: "tool", tool_call_id: call.id, content: JSON.stringify(result.result) });
      }
    }
    return { ok: false };
  } catch {
    // Down, slow (the timeout aborted it), refused or malformed: the built-in planner answers.
    return { ok: false };
  }
}
