import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MESSAGES } from "../../../domain/messages";
import { NETWORK_IDS } from "../../../domain/networks";
import {
  ExcludeWordListResponseSchema,
  ExcludeWordResponseSchema,
  SentimentExcludeWordSchema,
  SentimentPreviewResponseSchema,
  TranslationResponseSchema,
} from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const tooLong = { error: MESSAGES.maxLength };

const listResponse = {
  200: json(ExcludeWordListResponseSchema, "The profile's entries and the global ones"),
  403: errorResponses[403],
};

export const listExcludeWordsRoute = createRoute({
  method: "get",
  path: "/v1/sentiments/exclude_words",
  tags: ["sentiment"],
  request: { query: z.object({ business_profile_id: z.string().optional() }) },
  responses: listResponse,
});

/** The spec's development mock, now real: the same list. */
export const listSentimentRoute = createRoute({
  method: "get",
  path: "/v1/sentiment",
  tags: ["sentiment"],
  responses: listResponse,
});

export const createExcludeWordRoute = createRoute({
  method: "post",
  path: "/v1/sentiments/exclude_words",
  tags: ["sentiment"],
  request: { body: { content: { "application/json": { schema: SentimentExcludeWordSchema } }, required: true } },
  responses: { 201: json(ExcludeWordResponseSchema, "Created"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateExcludeWordRoute = createRoute({
  method: "put",
  path: "/v1/sentiments/exclude_words/{id}",
  tags: ["sentiment"],
  request: {
    params: IdParamSchema,
    body: { content: { "application/json": { schema: SentimentExcludeWordSchema } }, required: true },
  },
  responses: {
    200: json(ExcludeWordResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

/** The spec lists PUT on the collection: the id then travels in the body. */
export const updateExcludeWordByBodyRoute = createRoute({
  method: "put",
  path: "/v1/sentiments/exclude_words",
  tags: ["sentiment"],
  request: {
    body: {
      content: {
        "application/json": { schema: SentimentExcludeWordSchema.extend({ id: z.coerce.number().int().positive() }) },
      },
      required: true,
    },
  },
  responses: {
    200: json(ExcludeWordResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteExcludeWordRoute = createRoute({
  method: "delete",
  path: "/v1/sentiments/exclude_words/{id}",
  tags: ["sentiment"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

export const previewSentimentRoute = createRoute({
  method: "post",
  path: "/v1/sentiments/preview",
  tags: ["sentiment"],
  summary: "Score a text with the current exclusions and show the words that drove it",
  request: {
    body: {
      content: {
        "application/json": {
          schema: z.object({
            text: z.string({ error: MESSAGES.wrongFormat }).min(1, { error: MESSAGES.required }).max(5000, tooLong),
            language: z.string({ error: MESSAGES.wrongFormat }).max(8, tooLong).optional(),
            social_type: z.enum(NETWORK_IDS).default("twitter"),
          }),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(SentimentPreviewResponseSchema, "Score"),
  },
});

export const translateRoute = createRoute({
  method: "get",
  path: "/v1/contents/translate",
  tags: ["contents"],
  request: {
    query: z.object({
      text: z.string().min(1).max(5000),
      lang: z.string().min(2).max(8),
      from: z.string().max(8).optional(),
    }),
  },
  responses: {
    200: json(TranslationResponseSchema, "Translated"),
    400: errorResponses[400],
  },
});
