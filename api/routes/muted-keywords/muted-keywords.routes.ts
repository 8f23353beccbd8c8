import { createRoute } from "@hono/zod-openapi";
import { MutedKeywordListResponseSchema, MutedKeywordsSchema } from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const listMutedKeywordsRoute = createRoute({
  method: "get",
  path: "/v1/muted_keywords",
  tags: ["muted keywords"],
  responses: { 200: json(MutedKeywordListResponseSchema, "Muted keywords"), 403: errorResponses[403] },
});

export const addMutedKeywordsRoute = createRoute({
  method: "post",
  path: "/v1/muted_keywords",
  tags: ["muted keywords"],
  summary: "Mute words: ' / ' splits an entry; words already muted are skipped",
  request: { body: { content: { "application/json": { schema: MutedKeywordsSchema } }, required: true } },
  responses: {
    201: json(MutedKeywordListResponseSchema, "The words newly muted"),
    403: errorResponses[403],
    422: errorResponses[422],
  },
});

export const deleteMutedKeywordRoute = createRoute({
  method: "delete",
  path: "/v1/muted_keywords/{id}",
  tags: ["muted keywords"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Unmuted" }, 403: errorResponses[403], 404: errorResponses[404] },
});
