import { createRoute } from "@hono/zod-openapi";
import {
  ExcludeWordListQuerySchema,
  ExcludeWordListResponseSchema,
  ExcludeWordResponseSchema,
  ExcludeWordUpdateBodySchema,
  SentimentExcludeWordSchema,
  SentimentPreviewBodySchema,
  SentimentPreviewResponseSchema,
  TranslateQuerySchema,
  TranslationResponseSchema,
} from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const listResponse = {
  200: json(ExcludeWordListResponseSchema, "The profile's entries and the global ones"),
  403: errorResponses[403],
};

export const listExcludeWordsRoute = createRoute({
  method: "get",
  path: "/v1/sentiments/exclude_words",
  tags: ["sentiment"],
  request: { query: ExcludeWordListQuerySchema },
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
        "application/json": { schema: ExcludeWordUpdateBodySchema },
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
          schema: SentimentPreviewBodySchema,
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
  request: { query: TranslateQuerySchema },
  responses: {
    200: json(TranslationResponseSchema, "Translated"),
    400: errorResponses[400],
  },
});
