import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  HelperChatCreateSchema,
  HelperChatListResponseSchema,
  HelperChatResponseSchema,
  HelperDefaultSettingsResponseSchema,
  HelperDefaultSettingsSchema,
  HelperFeaturesResponseSchema,
  HelperGifListResponseSchema,
  HelperGifSearchSchema,
  HelperMessageResponseSchema,
  HelperPinnedQuestionListResponseSchema,
  HelperPinnedQuestionResponseSchema,
  HelperPinnedQuestionSchema,
  HelperQuestionSchema,
  HelperVoteListResponseSchema,
  HelperVoteSchema,
} from "../../../domain/schemas/helper";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

// The helper chat (spec analytics §7 "Helper", core §7; issue 27; ADR 042).

const body = <T extends z.ZodType>(schema: T, required = true) => ({ content: { "application/json": { schema } }, required });
const tags = ["helper"];
const MessageParamSchema = z.object({ session: z.coerce.number().int().positive(), id: z.coerce.number().int().positive() });
const refusals = { 401: errorResponses[401], 403: errorResponses[403], 404: errorResponses[404] };

export const createChatRoute = createRoute({
  method: "post",
  path: "/v1/helper/chats",
  tags,
  summary: "A new chat of the caller's; with a question, its first answer",
  request: { body: body(HelperChatCreateSchema, false) },
  responses: { 201: json(HelperChatResponseSchema, "The chat"), ...refusals, 422: errorResponses[422] },
});

export const listChatsRoute = createRoute({
  method: "get",
  path: "/v1/helper/chats",
  tags,
  summary: "The caller's chats, most recently used first",
  responses: { 200: json(HelperChatListResponseSchema, "Chats"), ...refusals },
});

export const getChatRoute = createRoute({
  method: "get",
  path: "/v1/helper/chats/{id}",
  tags,
  summary: "One of the caller's chats with its messages (another member's or tenant's: 404)",
  request: { params: IdParamSchema },
  responses: { 200: json(HelperChatResponseSchema, "The chat"), ...refusals },
});

export const askRoute = createRoute({
  method: "post",
  path: "/v1/helper/chats/{id}/messages",
  tags,
  summary: "Ask a question in a chat: the answer from the caller's own data, with its tool results",
  request: { params: IdParamSchema, body: body(HelperQuestionSchema) },
  responses: { 201: json(HelperMessageResponseSchema, "The question and its answer"), ...refusals, 422: errorResponses[422] },
});

export const askStreamRoute = createRoute({
  method: "post",
  path: "/v1/helper/chats/{id}/messages/stream",
  tags,
  summary: "Ask a question in a chat; the answer's parts as they are produced (NDJSON, one HelperStreamPart a line), ending with the stored message",
  request: { params: IdParamSchema, body: body(HelperQuestionSchema) },
  responses: {
    200: { description: "NDJSON lines: tool, notice, text, blocks, then done (the message) or error", content: { "application/x-ndjson": { schema: z.string() } } },
    ...refusals,
    422: errorResponses[422],
  },
});

export const recoverRoute = createRoute({
  method: "post",
  path: "/v1/helper/chats/{session}/messages/{id}/recover",
  tags,
  summary: "Answer the message's question again (its vote is dropped)",
  request: { params: MessageParamSchema },
  responses: { 200: json(HelperMessageResponseSchema, "The message"), ...refusals },
});

export const upVoteRoute = createRoute({
  method: "post",
  path: "/v1/helper/chats/{session}/messages/{id}/up_vote",
  tags,
  request: { params: MessageParamSchema, body: body(HelperVoteSchema, false) },
  responses: { 200: json(HelperMessageResponseSchema, "The message"), ...refusals, 422: errorResponses[422] },
});

export const downVoteRoute = createRoute({
  method: "post",
  path: "/v1/helper/chats/{session}/messages/{id}/down_vote",
  tags,
  summary: "Vote an answer down, with an optional reason",
  request: { params: MessageParamSchema, body: body(HelperVoteSchema, false) },
  responses: { 200: json(HelperMessageResponseSchema, "The message"), ...refusals, 422: errorResponses[422] },
});

export const listVotesRoute = createRoute({
  method: "get",
  path: "/v1/helper/votes",
  tags,
  summary: "The tenant's votes on answers with their reasons (admins and system admins)",
  responses: { 200: json(HelperVoteListResponseSchema, "Votes"), ...refusals },
});

export const listPinnedRoute = createRoute({
  method: "get",
  path: "/v1/helper/pinned_questions",
  tags,
  responses: { 200: json(HelperPinnedQuestionListResponseSchema, "The caller's pinned questions"), ...refusals },
});

export const createPinnedRoute = createRoute({
  method: "post",
  path: "/v1/helper/pinned_questions",
  tags,
  request: { body: body(HelperPinnedQuestionSchema) },
  responses: { 201: json(HelperPinnedQuestionResponseSchema, "Pinned"), ...refusals, 422: errorResponses[422] },
});

export const updatePinnedRoute = createRoute({
  method: "put",
  path: "/v1/helper/pinned_questions/{id}",
  tags,
  request: { params: IdParamSchema, body: body(HelperPinnedQuestionSchema) },
  responses: { 200: json(HelperPinnedQuestionResponseSchema, "Updated"), ...refusals, 422: errorResponses[422] },
});

export const deletePinnedRoute = createRoute({
  method: "delete",
  path: "/v1/helper/pinned_questions/{id}",
  tags,
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, ...refusals },
});

export const getSettingsRoute = createRoute({
  method: "get",
  path: "/accounts/preferences/ui/tabs/helper/default_settings",
  tags,
  responses: { 200: json(HelperDefaultSettingsResponseSchema, "The helper's default context and period"), ...refusals },
});

export const putSettingsRoute = createRoute({
  method: "put",
  path: "/accounts/preferences/ui/tabs/helper/default_settings",
  tags,
  summary: "The context and period the helper answers about when a question names none",
  request: { body: body(HelperDefaultSettingsSchema) },
  responses: { 200: json(HelperDefaultSettingsResponseSchema, "Saved"), ...refusals, 422: errorResponses[422] },
});

export const featuresRoute = createRoute({
  method: "get",
  path: "/v1/helper/features",
  tags,
  summary: "What the helper offers on this server: the GIF search (GIF_API_KEY) and the language model (HELPER_LLM_URL)",
  responses: { 200: json(HelperFeaturesResponseSchema, "Features"), ...refusals },
});

export const gifSearchRoute = createRoute({
  method: "get",
  path: "/v1/helper/gifs",
  tags,
  summary: "Search GIFs on the configured provider (8 results); 404 without GIF_API_KEY, 503 when the provider is down",
  request: { query: HelperGifSearchSchema },
  responses: { 200: json(HelperGifListResponseSchema, "GIFs"), ...refusals, 422: errorResponses[422], 503: errorResponses[503] },
});
