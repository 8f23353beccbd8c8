import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { MutedKeywordsSchema } from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const MutedKeywordSchema = z.object({ id: z.number(), value: z.string() });

export const listMutedKeywordsRoute = createRoute({
  method: "get",
  path: "/v1/muted_keywords",
  tags: ["muted keywords"],
  responses: { 200: json(z.object({ data: z.array(MutedKeywordSchema) }), "Muted keywords"), 403: errorResponses[403] },
});

export const addMutedKeywordsRoute = createRoute({
  method: "post",
  path: "/v1/muted_keywords",
  tags: ["muted keywords"],
  summary: "Mute words: ' / ' splits an entry; words already muted are skipped",
  request: { body: { content: { "application/json": { schema: MutedKeywordsSchema } }, required: true } },
  responses: {
    201: json(z.object({ data: z.array(MutedKeywordSchema) }), "The words newly muted"),
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
