import { findStreamById, findStreamByIngestKey } from "../../db/repositories/streams";
import { claimWebhookDelivery, findWebhookByUuid, isDeliveryRecorded } from "../../db/repositories/webhooks";
import { insertImport, renewImportHeartbeat, updateImportProgress } from "../../db/repositories/imports";
import { AppError, badRequest, notFound, unauthorized } from "../../domain/errors";
import { WEBHOOK_TIMESTAMP_TOLERANCE_MS } from "../../domain/limits";
import { MESSAGES } from "../../domain/messages";
import type { FromWire } from "../../domain/key-case";
import type { NetworkId } from "../../domain/networks";
import type { ImportResponseSchema, WebhookDeliveryResponseSchema } from "../../domain/schemas/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { getStreamRow, canManageImports } from "./stream-access";
import { importHeartbeatMs } from "./imports";
import {
  addReport,
  createIngestQueue,
  emptyReport,
  ingestBatch,
  MAX_REPORTED_ERRORS,
  requireIngestPorts,
  type IngestEntry,
  type IngestReport,
} from "./ingest-mentions";
import type { WebhookDelivery } from "./ports";

/** Items stored per transaction: big enough for throughput, small enough that a crash loses little work. */
export const INGEST_BATCH_SIZE = 500;

/** POST /v1/ingest/streams/{id}: the key names the stream; a key of another stream is refused like an unknown one. */
export async function ingestWithKey(deps: ServiceDeps, streamId: number, ingestKey: string | null, entries: readonly IngestEntry[]): Promise<IngestReport> {
  if (!ingestKey) throw unauthorized(MESSAGES.ingestKeyInvalid);
  const stream = await findStreamByIngestKey(deps.db, ingestKey);
  if (!stream) throw unauthorized(MESSAGES.ingestKeyInvalid);
  if (stream.id !== streamId) throw notFound();
  const report = emptyReport();
  const target = { businessProfileId: stream.businessProfileId, streamId: stream.id, network: stream.socialType as NetworkId };
  for (let i = 0; i < entries.length; i += INGEST_BATCH_SIZE) {
    addReport(report, await ingestBatch(deps, target, entries.slice(i, i + INGEST_BATCH_SIZE)));
  }
  return report;
}

/** A delivery's report as the API answers it, or the answer its provider expects (given by the provider's adapter). */
export type WebhookOutcome =
  | { kind: "report"; answer: FromWire<typeof WebhookDeliveryResponseSchema> }
  | { kind: "respond"; body: unknown };

/** POST /api/webhooks/{integration}/{uuid}: verify, map, store once. */
export async function receiveWebhook(deps: ServiceDeps, integration: string, uuid: string, delivery: WebhookDelivery): Promise<WebhookOutcome> {
  const adapter = requireIngestPorts(deps).webhookAdapter(integration);
  if (!adapter) throw notFound();
  const webhook = await findWebhookByUuid(deps.db, integration, uuid);
  if (!webhook) throw notFound();
  const stream = await findStreamById(deps.db, webhook.streamId);
  if (!stream) throw notFound();
  const verdict = adapter.verify(delivery, webhook.secret);
  if (!verdict.ok) throw unauthorized(MESSAGES.webhookSignatureInvalid);
  // A signed timestamp far from our clock is a replay (or a broken clock): refused before anything is read.
  if (adapter.signedAt) {
    const signedAt = adapter.signedAt(delivery);
    if (!signedAt || Math.abs(deps.now().getTime() - signedAt.getTime()) > WEBHOOK_TIMESTAMP_TOLERANCE_MS) {
      throw unauthorized(MESSAGES.webhookTimestampOutsideWindow(WEBHOOK_TIMESTAMP_TOLERANCE_MS / 60_000));
    }
  }

  let payload: unknown;
  try {
    payload = JSON.parse(new TextDecoder().decode(delivery.rawBody));
  } catch {
    throw badRequest("The body is not valid JSON.");
  }
  const immediate = adapter.respond?.(payload);
  if (immediate !== undefined) return { kind: "respond", body: immediate };

  let items;
  try {
    items = adapter.map(payload, delivery);
  } catch (error) {
    // A payload we cannot read (WebhookPayloadError) is the sender's fault; anything else is ours.
    if ((error as Error)?.name === "WebhookPayloadError") throw new AppError("validation", (error as Error).message);
    throw error;
  }
  // A repeated delivery (same delivery id) is acknowledged without storing anything. The id is recorded
  // only after the items are stored, so a delivery that failed is stored when the sender retries it;
  // items are idempotent by external id, so integrations without delivery ids are covered too.
  const deliveryId = adapter.deliveryId(delivery, payload);
  if (deliveryId && (await isDeliveryRecorded(deps.db, webhook.id, deliveryId))) {
    return { kind: "report", answer: { ...emptyReport(), duplicates: items.length, repeated: true } };
  }
  const target = { businessProfileId: stream.businessProfileId, streamId: stream.id, network: stream.socialType as NetworkId };
  const report = await ingestBatch(deps, target, items.map((value, position) => ({ position, value })));
  if (deliveryId) await claimWebhookDelivery(deps.db, webhook.id, deliveryId, isoNow(deps));
  return { kind: "report", answer: { ...report, repeated: false } };
}

/** What one upload did, as the API answers it (ADR 027). */
export type ImportSummary = FromWire<typeof ImportResponseSchema>;

/** Counts bytes as they stream past, for the progress record. */
async function* counting(body: AsyncIterable<Uint8Array>, onBytes: (n: number) => void): AsyncGenerator<Uint8Array> {
  for await (const chunk of body) {
    onBytes(chunk.byteLength);
    yield chunk;
  }
}

/**
 * A file import, streamed: lines are parsed as they arrive and stored batch by batch, each batch in its
 * own transaction, and the import record is updated after each commit. Bad lines are reported with their
 * line numbers; good ones are kept. The whole file never sits in memory. While it runs, the record's
 * heartbeat is renewed (after each commit, and on a timer while the upload is slow) so that no other
 * process marks it interrupted (ADR 043).
 */
export async function importFile(
  deps: ServiceDeps,
  actor: Actor,
  streamId: number,
  upload: { format: "csv" | "ndjson"; body: AsyncIterable<Uint8Array>; fileName: string | null; bytesTotal: number | null },
  onProgress?: (summary: ImportSummary) => void,
): Promise<ImportSummary> {
  canManageImports(actor);
  const stream = await getStreamRow(deps, actor, streamId);
  const ports = requireIngestPorts(deps);
  const record = await insertImport(deps.db, {
    businessProfileId: actor.businessProfileId,
    streamId,
    accountId: actor.accountId,
    format: upload.format,
    fileName: upload.fileName,
    bytesTotal: upload.bytesTotal,
    now: isoNow(deps),
  });
  const target = { businessProfileId: actor.businessProfileId, streamId, network: stream.socialType as NetworkId };
  // Lines the parser refused; the queue counts the rest. Both are reported together.
  const lineErrors = emptyReport();
  let bytesRead = 0;
  let lines = 0;
  let pending: IngestEntry[] = [];
  const combined = (): IngestReport => {
    const report = emptyReport();
    addReport(report, lineErrors);
    addReport(report, queue.total);
    report.errors.sort((a, b) => a.position - b.position);
    return report;
  };
  const summary = (status: string): ImportSummary => ({ id: record.id, status, lines, bytesRead, ...combined() });
  // Progress is written after each commit, then reported: what it says was accepted is durable.
  const queue = createIngestQueue(deps, async () => {
    const now = summary("running");
    await updateImportProgress(deps.db, record.id, {
      bytesRead: now.bytesRead,
      lines: now.lines,
      accepted: now.accepted,
      duplicates: now.duplicates,
      rejected: now.rejected,
      errors: JSON.stringify(now.errors),
      heartbeatAt: isoNow(deps),
    });
    onProgress?.(now);
  });
  const heartbeat = setInterval(() => {
    renewImportHeartbeat(deps.db, record.id, isoNow(deps)).catch((error: unknown) => deps.reportError?.(error));
  }, importHeartbeatMs(deps));
  heartbeat.unref();

  const flush = async () => {
    if (!pending.length) return;
    const batch = pending;
    pending = [];
    await queue.push(target, batch);
  };

  try {
    for await (const entry of ports.parseImport(upload.format, counting(upload.body, (n) => (bytesRead += n)))) {
      lines = Math.max(lines, entry.line);
      if ("error" in entry) {
        lineErrors.rejected++;
        if (lineErrors.errors.length < MAX_REPORTED_ERRORS) lineErrors.errors.push({ position: entry.line, message: entry.error });
        continue;
      }
      pending.push({ position: entry.line, value: entry.value });
      if (pending.length >= INGEST_BATCH_SIZE) await flush();
    }
    await flush();
    await queue.drain();
  } catch (error) {
    clearInterval(heartbeat);
    await updateImportProgress(deps.db, record.id, { status: "failed", finishedAt: isoNow(deps), errors: JSON.stringify(combined().errors) });
    throw error;
  }
  clearInterval(heartbeat);
  const report = combined();
  await updateImportProgress(deps.db, record.id, {
    status: "done",
    bytesRead,
    lines,
    accepted: report.accepted,
    duplicates: report.duplicates,
    rejected: report.rejected,
    errors: JSON.stringify(report.errors),
    finishedAt: isoNow(deps),
  });
  return { id: record.id, status: "done", lines, bytesRead, ...report };
}
