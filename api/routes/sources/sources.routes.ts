import { createRoute } from "@hono/zod-openapi";
import * as z from "zod";
import {
  IngestReportResponseSchema,
  WebhookListQuerySchema,
  WebhookListResponseSchema,
  WebhookReceiveResponseSchema,
} from "../../../domain/schemas/streams";
import { errorResponses, IdParamSchema, json } from "../../lib/schemas";

export const ingestRoute = createRoute({
  method: "post",
  path: "/v1/ingest/streams/{id}",
  tags: ["ingest"],
  summary:
    "Push mentions into a stream: a JSON array (or one object) or NDJSON, authenticated by the stream's ingest key (X-Ingest-Key). Positions are array indexes (JSON) or line numbers (NDJSON).",
  request: { params: IdParamSchema },
  responses: {
    200: json(IngestReportResponseSchema, "Stored, duplicates and rejections"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
    413: { description: "Payload too large" },
  },
});

export const webhookReceiveRoute = createRoute({
  method: "post",
  path: "/webhooks/{integration_name}/{uuid}",
  tags: ["ingest"],
  summary: "Webhook receiver of zendesk, intercom, helpshift, discord, discourse and vanillaForums",
  request: { params: z.object({ integration_name: z.string().max(40), uuid: z.string().max(64) }) },
  responses: {
    200: json(WebhookReceiveResponseSchema, "Received"),
    400: errorResponses[400],
    401: errorResponses[401],
    404: errorResponses[404],
    413: { description: "Payload too large" },
  },
});

export const listWebhooksRoute = createRoute({
  method: "get",
  path: "/webhooks",
  tags: ["ingest"],
  summary: "Each integration's webhook URL, built from integration_name and uuid",
  request: { query: WebhookListQuerySchema },
  responses: {
    200: json(WebhookListResponseSchema, "Webhooks"),
    401: errorResponses[401],
  },
});

export const exampleCsvRoute = createRoute({
  method: "get",
  path: "/example-csv",
  tags: ["ingest"],
  summary: "The CSV template of the file import",
  responses: { 200: { description: "CSV", content: { "text/csv": { schema: z.string() } } } },
});
