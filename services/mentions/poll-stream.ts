import { listDuePolls, recordStreamPoll } from "../../db/repositories/streams";
import type { StreamRow } from "../../db/schema";
import type { FromWire } from "../../domain/key-case";
import type { NetworkId } from "../../domain/networks";
import type { PollOutcomeResponseSchema } from "../../domain/schemas/streams";
import { FEED_INTERVAL } from "../../domain/streams";
import { AppError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { canManageImports, getStreamRow } from "./stream-access";
import { reviewSourceConfig } from "../streams/streams";
import type { StreamConfig } from "../streams/stream-view";
import { ingestBatch, requireIngestPorts } from "./ingest-mentions";
import { isAccessRefusal, notifyStreamAccessRefused } from "../notifications/stream-access-refused";

/** What one poll did, as the API answers it (ADR 027): stored (with the report), unchanged, or failed (why). */
export type PollOutcome = FromWire<typeof PollOutcomeResponseSchema>;

/**
 * Polls one feed or review stream: conditional GET, store what is new, and schedule the next poll
 * (the stream's interval; exponential backoff after failures). Never throws for a bad source: the
 * stream is marked failing with the reason, which the channels screen shows.
 */
async function pollStream(deps: ServiceDeps, stream: StreamRow): Promise<PollOutcome> {
  const ports = requireIngestPorts(deps);
  const config = JSON.parse(stream.config) as StreamConfig;
  const interval = config.intervalSeconds ?? FEED_INTERVAL.default;
  const later = (failures: number) => isoNow(deps, ports.nextPollDelayMs(interval, failures));
  const target = { businessProfileId: stream.businessProfileId, streamId: stream.id, network: stream.socialType as NetworkId };
  try {
    if (stream.source === "feed") {
      if (!config.feedUrl) throw new Error("The stream has no feed address.");
      const result = await ports.fetchFeed(config.feedUrl, { etag: stream.etag, lastModified: stream.lastModified }, stream.socialType === "webreview" ? "webreview" : "article");
      if (result.status === "failed") return await failed(result.reason);
      if (result.status === "not-modified") {
        await recordStreamPoll(deps.db, stream.id, { ok: true, now: isoNow(deps), nextPollAt: later(0) });
        return { status: "not-modified" };
      }
      const report = await ingestBatch(deps, target, result.items.map((value, position) => ({ position, value })));
      await recordStreamPoll(deps.db, stream.id, { ok: true, now: isoNow(deps), nextPollAt: later(0), etag: result.etag, lastModified: result.lastModified });
      return { status: "ok", report };
    }
    if (stream.source === "review") {
      const items = await ports.fetchReviews(reviewSourceConfig(stream.socialType, config), stream.lastItemAt);
      const report = await ingestBatch(deps, target, items.map((value, position) => ({ position, value })));
      await recordStreamPoll(deps.db, stream.id, { ok: true, now: isoNow(deps), nextPollAt: later(0) });
      return { status: "ok", report };
    }
    return { status: "failed", reason: "This stream is not polled." };
  } catch (error) {
    return failed(error instanceof Error ? error.message : String(error));
  }

  async function failed(reason: string): Promise<PollOutcome> {
    await recordStreamPoll(deps.db, stream.id, { ok: false, now: isoNow(deps), nextPollAt: later(stream.consecutiveFailures + 1), error: reason.slice(0, 500) });
    // The first refusal of a run tells whoever can fix the connection; the retries that follow do not repeat it.
    if (stream.consecutiveFailures === 0 && isAccessRefusal(reason))
      await notifyStreamAccessRefused(deps, stream, reason).catch((error: unknown) => deps.reportError?.(error));
    return { status: "failed", reason };
  }
}

/** One scheduler tick: polls the due streams one after another (a slow feed delays, never blocks, the rest). */
export async function pollDueStreams(deps: ServiceDeps, limit = 20): Promise<number> {
  const due = await listDuePolls(deps.db, isoNow(deps), limit);
  for (const stream of due) await pollStream(deps, stream);
  return due.length;
}

/** POST /v1/streams/{id}/poll: an admin asks for a feed or review stream to be read now. */
export async function pollStreamNow(deps: ServiceDeps, actor: Actor, streamId: number): Promise<PollOutcome> {
  canManageImports(actor);
  const stream = await getStreamRow(deps, actor, streamId);
  if (stream.source !== "feed" && stream.source !== "review") throw new AppError("bad_request", MESSAGES.streamActionNotAllowed);
  return pollStream(deps, stream);
}
