// The helper's chats (spec analytics §3, §4, §7; issue 27; ADR 042): POST /v1/helper/chats/, POST
// /v1/helper/chats/{id}/messages with question, POST /v1/helper/chats/{session}/messages/{id}/recover,
// /up_vote, /down_vote (optional reason), and the reads a screen needs (the list, one chat, the votes).
import {
  findChat,
  findMessage,
  insertChat,
  insertMessage,
  listChats as listChatRows,
  listMessages,
  listVotes,
  replaceAnswer,
  setVote,
  touchChat,
} from "../../db/repositories/helper";
import type { HelperChatRow, HelperMessageRow } from "../../db/repositories/helper-schema";
import { forbidden, notFound } from "../../domain/errors";
import { HelperPlanSchema } from "../../domain/helper/plan";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { roleAtLeast, ROLES } from "../../domain/roles";
import {
  HelperAnswerBlocksSchema,
  HELPER_MESSAGE_STATUSES,
  type HelperChatCreateInput,
  type HelperChatResponseSchema,
  type HelperChatSummarySchema,
  type HelperMessageResponseSchema,
  type HelperVoteListResponseSchema,
} from "../../domain/schemas/helper";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { ownerOf, requireHelper } from "./access";
import { answerParts, answerQuestion, type HelperAnswer, type HelperAnswerPart } from "./ask";

export type HelperMessageView = FromWire<typeof HelperMessageResponseSchema>;
export type HelperChatView = FromWire<typeof HelperChatResponseSchema>;
type HelperChatSummary = FromWire<typeof HelperChatSummarySchema>;
type HelperVoteList = FromWire<typeof HelperVoteListResponseSchema>;

/** How many chats the list shows (most recently used first). */
const CHATS_LISTED = 50;
const VOTES_LISTED = 200;
const TITLE_LENGTH = 80;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

function messageView(row: HelperMessageRow): HelperMessageView {
  const stored = parseJson(row.answer) as { blocks?: unknown; plan?: unknown; notice?: unknown } | null;
  const blocks = HelperAnswerBlocksSchema.safeParse(stored?.blocks);
  const plan = HelperPlanSchema.safeParse(stored?.plan);
  const results = parseJson(row.toolResults);
  return {
    id: row.id,
    chatId: row.chatId,
    question: row.question,
    status: (HELPER_MESSAGE_STATUSES as readonly string[]).includes(row.status) ? (row.status as HelperMessageView["status"]) : "answered",
    answerText: row.answerText,
    answer: blocks.success
      ? { ...blocks.data, figures: blocks.data.figures.map((f) => ({ label: f.label, value: f.value, previous: f.previous, changePercent: f.change_percent })) }
      : { figures: [], chart: null, table: null, links: [] },
    plan: plan.success ? plan.data : null,
    toolResults: Array.isArray(results) ? (results as HelperMessageView["toolResults"]) : [],
    planner: row.planner === "model" ? "model" : "builtin",
    notice: typeof stored?.notice === "string" ? stored.notice : null,
    language: row.language,
    vote: row.vote,
    voteReason: row.voteReason,
    recoveredCount: row.recoveredCount,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}

/** The answer as stored: blocks and plan in `answer` (snake_case, as the wire shows them), the tool record apart. */
function storedAnswer(answer: HelperAnswer) {
  const blocks = {
    ...answer.blocks,
    figures: answer.blocks.figures.map((f) => ({ label: f.label, value: f.value, previous: f.previous, change_percent: f.changePercent })),
  };
  return {
    status: answer.status,
    answerText: answer.text,
    answer: JSON.stringify({ blocks, plan: answer.plan, notice: answer.notice }),
    toolResults: JSON.stringify(answer.toolResults),
    planner: answer.planner,
    language: answer.language,
  };
}

function summaryOf(row: HelperChatRow): HelperChatSummary {
  return { id: row.id, title: row.title, createdAt: row.createdAt, updatedAt: row.updatedAt };
}

async function chatView(deps: ServiceDeps, actor: Actor, chat: HelperChatRow): Promise<HelperChatView> {
  const messages = await listMessages(deps.db, actor.businessProfileId, chat.id);
  return { ...summaryOf(chat), messages: messages.map(messageView) };
}

async function ownChat(deps: ServiceDeps, actor: Actor, id: number): Promise<HelperChatRow> {
  const chat = await findChat(deps.db, ownerOf(actor), id);
  if (!chat) throw notFound(MESSAGES.helperChat.chatNotFound);
  return chat;
}

function titleOf(question: string): string {
  const line = question.trim().replace(/\s+/g, " ");
  return line.length > TITLE_LENGTH ? `${line.slice(0, TITLE_LENGTH - 1)}…` : line;
}

/** GET /v1/helper/chats: the asker's chats, most recently used first. */
export async function listChats(deps: ServiceDeps, actor: Actor): Promise<HelperChatSummary[]> {
  requireHelper(actor, "read");
  return (await listChatRows(deps.db, ownerOf(actor), CHATS_LISTED)).map(summaryOf);
}

/** GET /v1/helper/chats/{id}: one of the asker's chats with its messages; anyone else's is 404. */
export async function getChat(deps: ServiceDeps, actor: Actor, id: number): Promise<HelperChatView> {
  requireHelper(actor, "read");
  return chatView(deps, actor, await ownChat(deps, actor, id));
}

/** POST /v1/helper/chats/: a new chat, answering its first question when one is given. */
export async function createChat(deps: ServiceDeps, actor: Actor, input: HelperChatCreateInput): Promise<HelperChatView> {
  requireHelper(actor, "write");
  const now = isoNow(deps);
  const chat = await insertChat(deps.db, ownerOf(actor), input.title ?? (input.question ? titleOf(input.question) : MESSAGES.helperChat.newChat), now);
  if (input.question) await askInChat(deps, actor, chat.id, input.question);
  return getChat(deps, actor, chat.id);
}

/**
 * POST /v1/helper/chats/{id}/messages (and …/messages/stream): the question answered part by part as the
 * answer is produced, then kept in the chat; the generator's value is the stored message. The chat is
 * checked before the first part.
 */
export async function* askInChatParts(deps: ServiceDeps, actor: Actor, chatId: number, question: string): AsyncGenerator<HelperAnswerPart, HelperMessageView> {
  requireHelper(actor, "write");
  const chat = await ownChat(deps, actor, chatId);
  const answer = yield* answerParts(deps, actor, question);
  const now = isoNow(deps);
  const row = await insertMessage(deps.db, actor.businessProfileId, chat.id, { question, ...storedAnswer(answer) }, now);
  // The first question names a chat that has no name of its own yet.
  const untitled = chat.title === MESSAGES.helperChat.newChat && (await listMessages(deps.db, actor.businessProfileId, chat.id)).length === 1;
  await touchChat(deps.db, ownerOf(actor), chat.id, now, untitled ? titleOf(question) : undefined);
  return messageView(row);
}

/** POST /v1/helper/chats/{id}/messages: the question answered and kept in the chat. */
export async function askInChat(deps: ServiceDeps, actor: Actor, chatId: number, question: string): Promise<HelperMessageView> {
  const parts = askInChatParts(deps, actor, chatId, question);
  for (;;) {
    const next = await parts.next();
    if (next.done) return next.value;
  }
}

async function ownMessage(deps: ServiceDeps, actor: Actor, chatId: number, id: number): Promise<HelperMessageRow> {
  await ownChat(deps, actor, chatId);
  const row = await findMessage(deps.db, actor.businessProfileId, chatId, id);
  if (!row) throw notFound(MESSAGES.helperChat.messageNotFound);
  return row;
}

/** POST /v1/helper/chats/{session}/messages/{id}/recover: the same question answered again, now. */
export async function recoverMessage(deps: ServiceDeps, actor: Actor, chatId: number, id: number): Promise<HelperMessageView> {
  requireHelper(actor, "write");
  const row = await ownMessage(deps, actor, chatId, id);
  const answer = await answerQuestion(deps, actor, row.question);
  const { status, answerText, answer: blocks, toolResults, planner, language } = storedAnswer(answer);
  await replaceAnswer(deps.db, actor.businessProfileId, id, { status, answerText, answer: blocks, toolResults, planner, language }, isoNow(deps));
  return messageView((await findMessage(deps.db, actor.businessProfileId, chatId, id))!);
}

/** POST …/up_vote and …/down_vote, with an optional reason: the asker's vote on an answer. */
export async function voteMessage(deps: ServiceDeps, actor: Actor, chatId: number, id: number, vote: -1 | 1, reason: string | undefined): Promise<HelperMessageView> {
  requireHelper(actor, "write");
  await ownMessage(deps, actor, chatId, id);
  await setVote(deps.db, actor.businessProfileId, id, vote, reason ?? null, isoNow(deps));
  return messageView((await findMessage(deps.db, actor.businessProfileId, chatId, id))!);
}

/** GET /v1/helper/votes: the tenant's votes with their reasons, for admins and system admins. */
export async function listHelperVotes(deps: ServiceDeps, actor: Actor): Promise<HelperVoteList["data"]> {
  requireHelper(actor, "read");
  if (!roleAtLeast(actor.role, ROLES.admin)) throw forbidden();
  return (await listVotes(deps.db, actor.businessProfileId, VOTES_LISTED)).map((v) => ({
    id: v.id,
    chatId: v.chatId,
    accountId: v.accountId,
    question: v.question,
    answerText: v.answerText,
    vote: v.vote,
    voteReason: v.voteReason,
    votedAt: v.votedAt,
  }));
}
