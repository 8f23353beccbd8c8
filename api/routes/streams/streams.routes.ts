import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import { StreamCreateSchema, StreamUpdateSchema } from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

const StreamResponseSchema = z.object({
  id: z.number(),
  name: z.string(),
  social_type: z.string(),
  category: z.string(),
  source: z.string(),
  config: z.record(z.string(), z.unknown()),
  pinned: z.boolean(),
  flags: z.object({
    add: z.boolean(),
    edit: z.boolean(),
    pin: z.boolean(),
    delete: z.boolean(),
    duplicate: z.boolean(),
  }),
  ingest_key: z.string().nullable(),
  webhook: z
    .object({
      integration_name: z.string(),
      uuid: z.string(),
      url: z.string(),
      secret: z.string().nullable(),
      signature_help: z.string().nullable(),
    })
    .nullable(),
  health: z.object({
    items_count: z.number(),
    last_item_at: z.string().nullable(),
    last_success_at: z.string().nullable(),
    last_error: z.string().nullable(),
    last_error_at: z.string().nullable(),
    consecutive_failures: z.number(),
    next_poll_at: z.string().nullable(),
  }),
  created_at: z.string(),
});

const ImportResponseSchema = z.object({
  id: z.number(),
  status: z.string(),
  lines: z.number(),
  bytes_read: z.number(),
  accepted: z.number(),
  duplicates: z.number(),
  rejected: z.number(),
  errors: z.array(z.object({ position: z.number(), external_id: z.string().optional(), message: z.string() })),
});

export const listStreamsRoute = createRoute({
  method: "get",
  path: "/v1/streams",
  tags: ["streams"],
  summary: "Streams of the business profile (account_id defaults to the caller; stream_types filters categories)",
  request: {
    query: z.object({
      account_id: z.string().optional(),
      business_profile_id: z.string().optional(),
      stream_types: z.string().optional(),
      social_types: z.string().optional(),
    }),
  },
  responses: {
    200: json(z.object({ data: z.array(StreamResponseSchema) }), "Streams"),
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
  z.object({ pinned: z.boolean() }),
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
    200: json(
      z.object({
        data: z.array(ImportResponseSchema.extend({ file_name: z.string().nullable(), created_at: z.string() })),
      }),
      "Imports",
    ),
  },
});

export const createImportRoute = createRoute({
  method: "post",
  path: "/v1/streams/{id}/imports",
  tags: ["imports"],
  summary: "Upload a CSV or NDJSON file as the raw body (streamed); invalid lines are reported, valid ones kept",
  request: {
    params: IdParamSchema,
    query: z.object({ format: z.enum(["csv", "ndjson"]).optional(), file_name: z.string().max(300).optional() }),
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
    200: json(ImportResponseSchema.extend({ bytes_total: z.number().nullable() }), "Import"),
    404: errorResponses[404],
  },
});

export const pollStreamRoute = streamAction(
  "poll",
  "Read a feed or review stream now",
  z.object({ status: z.string(), reason: z.string().optional(), report: z.record(z.string(), z.unknown()).optional() }),
);
