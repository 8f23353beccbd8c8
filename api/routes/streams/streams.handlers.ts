import { badRequest } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import { importFile } from "../../../services/mentions/receive";
import { getImport, listImports } from "../../../services/mentions/imports";
import {
  createStream,
  deleteStream,
  duplicateStream,
  getStream,
  listStreams,
  rotateIngestKey,
  toggleStreamPin,
  updateStream,
} from "../../../services/streams/streams";
import {
  ImportRecordListResponseSchema,
  ImportRecordResponseSchema,
  ImportResponseSchema,
  PollOutcomeResponseSchema,
  StreamListResponseSchema,
  StreamResponseSchema,
} from "../../../domain/schemas/streams";
import { PinnedResponseSchema } from "../../../domain/schemas/searches";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { listParam } from "../../../domain/schemas/common";
import { requireActor } from "../../middleware/auth";
import {
  createImportRoute,
  createStreamRoute,
  deleteStreamRoute,
  duplicateStreamRoute,
  getImportRoute,
  getStreamRoute,
  listImportsRoute,
  listStreamsRoute,
  pollStreamRoute,
  rotateIngestKeyRoute,
  toggleStreamPinRoute,
  updateStreamRoute,
} from "./streams.routes";
import { pollStreamNow } from "../../../services/mentions/poll-stream";

/** A file's format from the query, else its name, else its content type. */
function importFormat(
  format: string | undefined,
  fileName: string | undefined,
  contentType: string | undefined,
): "csv" | "ndjson" {
  if (format === "csv" || format === "ndjson") return format;
  if (fileName && /\.csv$/i.test(fileName)) return "csv";
  if (fileName && /\.(ndjson|jsonl)$/i.test(fileName)) return "ndjson";
  if (contentType?.includes("csv")) return "csv";
  if (contentType?.includes("ndjson") || contentType?.includes("jsonl")) return "ndjson";
  throw badRequest(MESSAGES.importFormatUnknown);
}

export function registerStreamRoutes(app: ApiApp) {
  app.openapi(listStreamsRoute, async (c) => {
    const actor = requireActor(c);
    const q = c.req.valid("query");
    const streams = await listStreams(c.get("deps"), actor, {
      streamTypes: listParam(q.stream_types),
      socialTypes: listParam(q.social_types),
    });
    return c.json(toWire(StreamListResponseSchema, { data: streams }), 200);
  });

  app.openapi(getStreamRoute, async (c) =>
    c.json(toWire(StreamResponseSchema, await getStream(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(createStreamRoute, async (c) =>
    c.json(toWire(StreamResponseSchema, await createStream(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );

  app.openapi(updateStreamRoute, async (c) =>
    c.json(
      toWire(StreamResponseSchema, await updateStream(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))),
      200,
    ),
  );

  app.openapi(deleteStreamRoute, async (c) => {
    await deleteStream(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(toggleStreamPinRoute, async (c) =>
    c.json(toWire(PinnedResponseSchema, await toggleStreamPin(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(duplicateStreamRoute, async (c) =>
    c.json(toWire(StreamResponseSchema, await duplicateStream(c.get("deps"), requireActor(c), c.req.valid("param").id)), 201),
  );
  app.openapi(rotateIngestKeyRoute, async (c) =>
    c.json(toWire(StreamResponseSchema, await rotateIngestKey(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(pollStreamRoute, async (c) =>
    c.json(toWire(PollOutcomeResponseSchema, await pollStreamNow(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(listImportsRoute, async (c) =>
    c.json(toWire(ImportRecordListResponseSchema, { data: await listImports(c.get("deps"), requireActor(c), c.req.valid("param").id) }), 200),
  );
  app.openapi(getImportRoute, async (c) =>
    c.json(toWire(ImportRecordResponseSchema, await getImport(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );

  app.openapi(createImportRoute, async (c) => {
    const actor = requireActor(c);
    const query = c.req.valid("query");
    const body = c.req.raw.body;
    if (!body) throw badRequest(MESSAGES.importFileRequired);
    const length = Number(c.req.header("content-length"));
    const summary = await importFile(c.get("deps"), actor, c.req.valid("param").id, {
      format: importFormat(query.format, query.file_name, c.req.header("content-type")),
      body: body as unknown as AsyncIterable<Uint8Array>,
      fileName: query.file_name ?? null,
      bytesTotal: Number.isFinite(length) && length > 0 ? length : null,
    });
    return c.json(toWire(ImportResponseSchema, summary), 201);
  });
}
