import { AppError, badRequest } from "../../../domain/errors";
import { MESSAGES } from "../../../domain/messages";
import { IngestReportResponseSchema, WebhookDeliveryResponseSchema, WebhookListResponseSchema } from "../../../domain/schemas/streams";
import type { IngestEntry } from "../../../services/mentions/ingest-mentions";
import { ingestWithKey, receiveWebhook } from "../../../services/mentions/receive";
import { exampleCsv, listWebhookUrls } from "../../../services/mentions/webhooks";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import { exampleCsvRoute, ingestRoute, listWebhooksRoute, webhookReceiveRoute } from "./sources.routes";

/**
 * A JSON array (or a single object) gives entries by index; anything else is read as NDJSON, one item per
 * line, by line number. A malformed line is that line's error; the others go on.
 */
function parseIngestBody(text: string, contentType: string | undefined): IngestEntry[] {
  const trimmed = text.trimStart();
  const looksJson = contentType?.includes("application/json") || trimmed.startsWith("[");
  if (looksJson && !contentType?.includes("ndjson")) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      if (!trimmed.startsWith("[")) return parseNdjson(text);
      throw badRequest("The body is not valid JSON.");
    }
    if (Array.isArray(parsed)) return parsed.map((value, position) => ({ position, value }));
    return [{ position: 0, value: parsed }];
  }
  return parseNdjson(text);
}

function parseNdjson(text: string): IngestEntry[] {
  const entries: IngestEntry[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!.trim();
    if (!line) continue;
    try {
      entries.push({ position: i + 1, value: JSON.parse(line) });
    } catch (error) {
      entries.push({ position: i + 1, value: null, error: `Invalid JSON: ${(error as Error).message}` });
    }
  }
  return entries;
}

export function registerIngestRoutes(app: ApiApp) {
  // Their bodies are capped by api/middleware/body-limit.ts (10 MB and 1 MB).
  app.openapi(ingestRoute, async (c) => {
    const bearer = c.req.header("authorization")?.match(/^Bearer\s+(esk_\S+)$/i)?.[1];
    const key = c.req.header("x-ingest-key") ?? bearer ?? null;
    const text = await c.req.text();
    const report = await ingestWithKey(c.get("deps"), c.req.valid("param").id, key, parseIngestBody(text, c.req.header("content-type")));
    return c.json(toWire(IngestReportResponseSchema, report), 200);
  });

  app.openapi(webhookReceiveRoute, async (c) => {
    const { integration_name, uuid } = c.req.valid("param");
    const rawBody = new Uint8Array(await c.req.arrayBuffer());
    const outcome = await receiveWebhook(c.get("deps"), integration_name, uuid, { headers: c.req.raw.headers, rawBody });
    if (outcome.kind === "respond") return c.json(outcome.body as object, 200);
    return c.json(toWire(WebhookDeliveryResponseSchema, outcome.answer), 200);
  });

  app.openapi(listWebhooksRoute, async (c) => {
    return c.json(toWire(WebhookListResponseSchema, await listWebhookUrls(c.get("deps"), requireActor(c), c.req.valid("query").name)), 200);
  });

  app.openapi(exampleCsvRoute, async (c) => {
    const csv = exampleCsv(c.get("deps"));
    if (!csv) throw new AppError("not_found", MESSAGES.notFound);
    return c.body(csv, 200, { "content-type": "text/csv; charset=utf-8", "content-disposition": 'attachment; filename="earshot-import-example.csv"' });
  });
}
