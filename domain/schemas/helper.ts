import * as z from "zod";
import { PERIOD_PRESETS } from "../dashboard";
import { HELPER_QUESTION_MAX, HelperPlanSchema } from "../helper/plan";
import type { FromWire } from "../key-case";
import { MESSAGES } from "../messages";
import { JsonValueSchema, requiredString, withIntent } from "./common";

// The helper chat's requests and answers (spec analytics §3, §4, §7; issue 27; ADR 042): one zod schema
// for each form (browser and action) and API body, and the answers' schemas (ADR 027).

/** At most this many pinned questions per member. */
export const HELPER_PINNED_MAX = 20;
const PINNED_TEXT_MAX = HELPER_QUESTION_MAX;
const VOTE_REASON_MAX = 1000;
const CHAT_TITLE_MAX = 120;
const GIF_QUERY_MAX = 100;

/** A question: required, at most HELPER_QUESTION_MAX characters (the catalogue says so). */
function questionField() {
  return requiredString().max(HELPER_QUESTION_MAX, { error: MESSAGES.helperChat.questionTooLong(HELPER_QUESTION_MAX) });
}

/** POST /v1/helper/chats/: an optional title, and optionally the first question. */
export const HelperChatCreateSchema = z.object({
  title: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), z.string().trim().max(CHAT_TITLE_MAX, { error: MESSAGES.maxLength }).optional()),
  question: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v), questionField().optional()),
});
export type HelperChatCreateInput = z.infer<typeof HelperChatCreateSchema>;

/** POST /v1/helper/chats/{id}/messages */
export const HelperQuestionSchema = z.object({ question: questionField() });

/** POST /v1/helper/pinned_questions, PUT /v1/helper/pinned_questions/{id} */
export const HelperPinnedQuestionSchema = z.object({ text: requiredString().max(PINNED_TEXT_MAX, { error: MESSAGES.helperChat.questionTooLong(PINNED_TEXT_MAX) }) });
export type HelperPinnedQuestionInput = z.infer<typeof HelperPinnedQuestionSchema>;

/** POST …/down_vote and …/up_vote: an optional reason. */
export const HelperVoteSchema = z.object({
  reason: z.preprocess((v) => (typeof v === "string" && v.trim() === "" ? undefined : v === null ? undefined : v), z.string().trim().max(VOTE_REASON_MAX, { error: MESSAGES.maxLength }).optional()),
});

const HELPER_PERIOD_IDS = PERIOD_PRESETS.map((p) => p.id).filter((id) => id !== "custom") as [string, ...string[]];

/** PUT /accounts/preferences/ui/tabs/helper/default_settings: what the helper answers about when a question does not say. */
export const HelperDefaultSettingsSchema = z.object({
  default_context: z.string({ error: MESSAGES.required }).regex(/^\d+-\d+$/, { error: MESSAGES.wrongFormat }),
  default_period: z.enum(HELPER_PERIOD_IDS, { error: MESSAGES.wrongFormat }),
});
export type HelperDefaultSettingsInput = z.infer<typeof HelperDefaultSettingsSchema>;

/** GET /v1/helper/gifs?q=: a GIF search's words (the screen's GET form sends them as gif_q). */
export const HelperGifSearchSchema = z.object({ q: requiredString().max(GIF_QUERY_MAX, { error: MESSAGES.maxLength }) });

/** The /helper screen's posts (ADR 028): ask (in a chat, or a new one), pin and unpin, recover, votes, the default settings. */
const chatIdField = z.coerce.number().int().positive();
const messageRef = { chat_id: chatIdField, message_id: z.coerce.number().int().positive() };
/** The question form's post: to /helper (without JavaScript) or to /helper/ask (the answer streamed). */
export const HelperAskSchema = withIntent("ask", HelperQuestionSchema.extend({ chat_id: z.preprocess((v) => (v === "" ? undefined : v), chatIdField.optional()) }));
export const HelperActionSchema = z.discriminatedUnion("intent", [
  HelperAskSchema,
  withIntent("pin", HelperPinnedQuestionSchema),
  withIntent("unpin", z.object({ id: z.coerce.number().int().positive() })),
  withIntent("recover", z.object(messageRef)),
  withIntent("up_vote", HelperVoteSchema.extend(messageRef)),
  withIntent("down_vote", HelperVoteSchema.extend(messageRef)),
  withIntent("save_settings", HelperDefaultSettingsSchema.extend({ back_chat: z.preprocess((v) => (v === "" ? undefined : v), chatIdField.optional()) })),
]);
export type HelperAction = z.output<typeof HelperActionSchema>;

// ── Responses (ADR 027) ──────────────────────────────────────────────────────────────────────────

export const HELPER_MESSAGE_STATUSES = ["answered", "cannot_answer", "refused"] as const;
const HELPER_PLANNERS = ["builtin", "model"] as const;

const HelperFigureSchema = z.object({
  label: z.string(),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  change_percent: z.number().nullable(),
});

const HelperChartSchema = z.object({
  kind: z.enum(["bar", "line"]),
  title: z.string(),
  labels: z.array(z.string()),
  series: z.array(z.object({ name: z.string(), values: z.array(z.number().nullable()) })),
});

const HelperTableSchema = z.object({
  columns: z.array(z.string()),
  rows: z.array(z.array(z.union([z.string(), z.number(), z.null()]))),
});

/** What an answer shows besides its text. */
export const HelperAnswerBlocksSchema = z.object({
  figures: z.array(HelperFigureSchema),
  chart: HelperChartSchema.nullable(),
  table: HelperTableSchema.nullable(),
  links: z.array(z.object({ label: z.string(), href: z.string() })),
});
export type HelperAnswerBlocks = FromWire<typeof HelperAnswerBlocksSchema>;

// A tool's record is JSON up to eight lists or objects deep (a theme's terms sit six deep), spelled out as
// JsonValueSchema is (ADR 027) so that the OpenAPI document still says what it may be.
const JsonScalar = z.union([z.string(), z.number(), z.boolean(), z.null()]);
const deeper = <Inner extends z.ZodType>(inner: Inner) => z.union([JsonScalar, z.array(inner), z.record(z.string(), inner)]);
const ToolJsonSchema = deeper(deeper(deeper(deeper(deeper(deeper(deeper(deeper(JsonScalar))))))));

const HelperToolResultSchema = z.object({
  tool: z.string(),
  args: JsonValueSchema,
  result: ToolJsonSchema,
});

export const HelperMessageResponseSchema = z.object({
  id: z.number(),
  chat_id: z.number(),
  question: z.string(),
  status: z.enum(HELPER_MESSAGE_STATUSES),
  answer_text: z.string(),
  answer: HelperAnswerBlocksSchema,
  plan: HelperPlanSchema.nullable(),
  tool_results: z.array(HelperToolResultSchema),
  planner: z.enum(HELPER_PLANNERS),
  /** Set when the model was configured but not reached (the built-in planner answered). */
  notice: z.string().nullable(),
  language: z.string().nullable(),
  vote: z.number(),
  vote_reason: z.string().nullable(),
  recovered_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});

export const HelperChatResponseSchema = z.object({
  id: z.number(),
  title: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  messages: z.array(HelperMessageResponseSchema),
});

export const HelperChatSummarySchema = z.object({ id: z.number(), title: z.string(), created_at: z.string(), updated_at: z.string() });
export const HelperChatListResponseSchema = z.object({ data: z.array(HelperChatSummarySchema) });

export const HelperPinnedQuestionResponseSchema = z.object({ id: z.number(), text: z.string() });
export const HelperPinnedQuestionListResponseSchema = z.object({ data: z.array(HelperPinnedQuestionResponseSchema) });

export const HelperDefaultSettingsResponseSchema = z.object({ default_context: z.string(), default_period: z.string() });

export const HelperVoteListResponseSchema = z.object({
  data: z.array(
    z.object({
      id: z.number(),
      chat_id: z.number(),
      account_id: z.number(),
      question: z.string(),
      answer_text: z.string(),
      vote: z.number(),
      vote_reason: z.string().nullable(),
      voted_at: z.string().nullable(),
    }),
  ),
});

/** GET /v1/helper/gifs: the provider's first results (at most GIF_SEARCH_LIMIT, domain/constants.ts), each a GIF's address and a small preview. */
export const HelperGifListResponseSchema = z.object({
  data: z.array(z.object({ id: z.string(), title: z.string(), url: z.string(), preview_url: z.string() })),
});

/**
 * POST /v1/helper/chats/{id}/messages/stream: the answer's parts as NDJSON lines, in the order they are
 * produced (ADR 042): each tool as it starts, the notice, each line of the text, the blocks, then the
 * stored message (`done`), or `error` when the answer failed after the stream began.
 */
export const HelperStreamPartSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("tool"), tool: z.string() }),
  z.object({ type: z.literal("notice"), text: z.string() }),
  z.object({ type: z.literal("text"), text: z.string() }),
  z.object({ type: z.literal("blocks"), status: z.enum(HELPER_MESSAGE_STATUSES), language: z.string().nullable(), answer: HelperAnswerBlocksSchema }),
  z.object({ type: z.literal("done"), message: HelperMessageResponseSchema }),
  z.object({ type: z.literal("error"), message: z.string() }),
]);

/** GET /v1/helper/features: what this server offers the helper's screens (the GIF button only with a GIF search). */
export const HelperFeaturesResponseSchema = z.object({ gif_search: z.boolean(), model: z.boolean() });
