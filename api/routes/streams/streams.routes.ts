import { createRoute } from "@hono/zod-openapi";
import type * as z from "zod";
import { PinnedResponseSchema } from "../../../domain/schemas/searches";
import {
  ImportRecordListResponseSchema,
  ImportQuerySchema,
  ImportRecordResponseSchema,
  ImportResponseSchema,
  PollOutcomeResponseSchema,
  StreamCreateSchema,
  StreamListQuerySchema,
  StreamListResponseSchema,
  StreamResponseSchema,
  StreamUpdateSchema,
} from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const listStreamsRoute = createRoute({
  method: "get",
  path: "/v1/streams",
  tags: ["streams"],
  summary: "Streams of the business profile (account_id defaults to the caller; stream_types filters categories)",
  request: { query: StreamListQuerySchema },
  responses: {
    200: json(StreamListResponseSchema, "Streams"),
    401: errorResponses[401],
    403: errorResponses[403],
  },
});

export const getStreamRoute = createRoute({
  method: "get",
  path: "/v1/streams/{id}",
  tags: ["streams"],
  request: { params: IdParamSchema },
  responses: { 200: json(StreamResponseSchema, "Stream"), 404: errorResponses[404] },
});

export const createStreamRoute = createRoute({
  method: "post",
  path: "/v1/streams",
  tags: ["streams"],
  request: { body: { content: { "application/json": { schema: StreamCreateSchema } }, required: true } },
  responses: { 201: json(StreamResponseSchema, "Connected"), 403: errorResponses[403], 422: errorResponses[422] },
});

export const updateStreamRoute = createRoute({
  method: "patch",
  path: "/v1/streams/{id}",
  tags: ["streams"],
  request: {
    params: IdParamSchema,
    body: { content: { "application/json": { schema: StreamUpdateSchema } }, required: true },
  },
  responses: {
    200: json(StreamResponseSchema, "Updated"),
    403: errorResponses[403],
    404: errorResponses[404],
    422: errorResponses[422],
  },
});

export const deleteStreamRoute = createRoute({
  method: "delete",
  path: "/v1/streams/{id}",
  tags: ["streams"],
  request: { params: IdParamSchema },
  responses: { 204: { description: "Deleted" }, 403: errorResponses[403], 404: errorResponses[404] },
});

const streamAction = (action: string, summary: string, response: z.ZodType, status: 200 | 201 = 200) =>
  createRoute({
    method: "post",
    path: `/v1/streams/{id}/${action}`,
    tags: ["streams"],
    summary,
    request: { params: IdParamSchema },
    responses: { [status]: json(response, "Done"), 403: errorResponses[403], 404: errorResponses[404] },
  });

export const toggleStreamPinRoute = streamAction(
  "toggle-pin",
  "Pin or unpin for the caller",
  PinnedResponseSchema,
);
export const duplicateStreamRoute = streamAction(
  "duplicate",
  "Copy a stream with a new key and webhook",
  StreamResponseSchema,
  201,
);
export const rotateIngestKeyRoute = streamAction("rotate-key", "Replace the ingest key", StreamResponseSchema);

export const listImportsRoute = createRoute({
  method: "get",
  path: "/v1/streams/{id}/imports",
  tags: ["imports"],
  request: { params: IdParamSchema },
  responses: {
    200: json(ImportRecordListResponseSchema, "Imports"),
  },
});

export const createImportRoute = createRoute({
  method: "post",
  path: "/v1/streams/{id}/imports",
  tags: ["imports"],
  summary: "Upload a CSV or NDJSON file as the raw body (streamed); invalid lines are reported, valid ones kept",
  request: {
    params: IdParamSchema,
    query: ImportQuerySchema,
  },
  responses: {
    201: json(ImportResponseSchema, "Imported"),
    400: errorResponses[400],
    403: errorResponses[403],
    404: errorResponses[404],
  },
});

export const getImportRoute = createRoute({
  method: "get",
  path: "/v1/imports/{id}",
  tags: ["imports"],
  summary: "Progress of an import",
  request: { params: IdParamSchema },
  responses: {
    200: json(ImportRecordResponseSchema, "Import"),
    404: errorResponses[404],
  },
});

export const pollStreamRoute = streamAction(
  "poll",
  "Read a feed or review stream now",
  PollOutcomeResponseSchema,
);
