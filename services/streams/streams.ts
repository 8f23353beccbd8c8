import crypto from "node:crypto";
import { listPinnedIds, isPinned, pin, unpin, deletePinsOf } from "../../db/repositories/pins";
import {
  deleteStream as deleteStreamRow,
  findStream,
  insertStream,
  listStreams as listStreamRows,
  updateStream as updateStreamRow,
} from "../../db/repositories/streams";
import { findWebhookOfStream, insertWebhook, listWebhooks } from "../../db/repositories/webhooks";
import type { StreamRow } from "../../db/schema";
import { AppError, forbidden, notFound, validationError } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { NetworkId } from "../../domain/networks";
import type { StreamCreateInput, StreamUpdateInput } from "../../domain/schemas/streams";
import { CATEGORY_FLAGS, FEED_INTERVAL, networkVisibleTo, type StreamCategory } from "../../domain/streams";
import { isoNow, type Actor, type ServiceDeps } from "../context";
import { requireIngestPorts } from "../mentions/ingest-mentions";
import type { ReviewSourceConfig } from "../mentions/ports";
import { canManageChannels, streamView, type StreamConfig, type StreamView } from "./stream-view";
import { assertRoomFor } from "../limits/assert-room-for";

const PIN_TYPE = "stream";

function requireRead(actor: Actor) {
  if (!hasPermission(actor.permissions, "channels.index.read") && !hasPermission(actor.permissions, "inbox.items.read"))
    throw forbidden();
}

function requireManage(actor: Actor) {
  if (!canManageChannels(actor)) throw forbidden();
}

function newIngestKey(): string {
  return `esk_${crypto.randomBytes(24).toString("base64url")}`;
}

async function view(deps: ServiceDeps, actor: Actor, row: StreamRow): Promise<StreamView> {
  const [webhook, pinned] = await Promise.all([
    findWebhookOfStream(deps.db, actor.businessProfileId, row.id),
    isPinned(deps.db, actor.accountId, PIN_TYPE, row.id),
  ]);
  return streamView(deps, actor, row, webhook, pinned);
}

/** A stream of the caller's tenant that the caller's role may see (wixan: system admins only), or 404. */
export async function getStreamRow(deps: ServiceDeps, actor: Actor, streamId: number): Promise<StreamRow> {
  const row = await findStream(deps.db, actor.businessProfileId, streamId);
  if (!row || !networkVisibleTo(row.socialType as NetworkId, actor.role)) throw notFound(MESSAGES.channelScreen.streamNotFound);
  return row;
}

/** GET /v1/streams: the tenant's streams, pinned first (per user), then by network and name. */
export async function listStreams(
  deps: ServiceDeps,
  actor: Actor,
  filter: { streamTypes?: string[]; socialTypes?: string[] } = {},
): Promise<StreamView[]> {
  requireRead(actor);
  const [rows, webhooks, pinnedIds] = await Promise.all([
    listStreamRows(deps.db, actor.businessProfileId, { socialTypes: filter.socialTypes }),
    listWebhooks(deps.db, actor.businessProfileId),
    listPinnedIds(deps.db, actor.accountId, PIN_TYPE),
  ]);
  const pinned = new Set(pinnedIds);
  const byStream = new Map(webhooks.map((w) => [w.streamId, w]));
  return rows
    .filter((r) => networkVisibleTo(r.socialType as NetworkId, actor.role))
    .filter((r) => !filter.streamTypes?.length || filter.streamTypes.includes(r.category))
    .map((r) => streamView(deps, actor, r, byStream.get(r.id), pinned.has(r.id)))
    .sort((a, b) => Number(b.pinned) - Number(a.pinned));
}

export async function getStream(deps: ServiceDeps, actor: Actor, streamId: number): Promise<StreamView> {
  requireRead(actor);
  return view(deps, actor, await getStreamRow(deps, actor, streamId));
}

function configOf(input: StreamCreateInput): StreamConfig {
  const config: StreamConfig = {};
  if (input.source === "feed") {
    config.feedUrl = input.feed_url;
    config.intervalSeconds = input.interval_seconds ?? FEED_INTERVAL.default;
  }
  if (input.source === "review") {
    if (input.business_name) config.businessName = input.business_name;
    if (input.app_id) config.appId = input.app_id;
    if (input.country) config.country = input.country.toLowerCase();
    config.intervalSeconds = input.interval_seconds ?? 3600;
  }
  return config;
}

export function reviewSourceConfig(network: string, config: StreamConfig): ReviewSourceConfig {
  return {
    network: network as ReviewSourceConfig["network"],
    ...(config.businessName ? { businessName: config.businessName } : {}),
    ...(config.appId ? { appId: config.appId } : {}),
    ...(config.country ? { country: config.country } : {}),
  };
}

/** Checks a source before it is saved: the feed address is reachable by policy, the review platform knows the name. */
async function checkSource(deps: ServiceDeps, network: NetworkId, source: string, config: StreamConfig): Promise<void> {
  const ports = requireIngestPorts(deps);
  if (source === "feed" && config.feedUrl) {
    const verdict = await ports.checkFeedTarget(config.feedUrl);
    if (!verdict.ok) throw validationError({ feed_url: [MESSAGES.feedTargetRefused] });
  }
  if (source === "review") {
    try {
      await ports.validateReviewSource(reviewSourceConfig(network, config));
    } catch (error) {
      const name = (error as Error).name;
      if (name === "ReviewSourceAuthError") throw new AppError("validation", MESSAGES.reviewAuthFailed);
      // The platform is down, unreachable or answered nonsense: said to the user, nothing saved.
      if (name === "ReviewSourceError") throw new AppError("validation", MESSAGES.reviewSourceCheckFailed((error as Error).message));
      throw error;
    }
  }
}

async function createRow(
  deps: ServiceDeps,
  actor: Actor,
  values: { socialType: NetworkId; category: StreamCategory; name: string; source: string; config: StreamConfig },
) {
  const now = isoNow(deps);
  return deps.db.transaction().execute(async (trx) => {
    await assertRoomFor(trx, "streams", actor.businessProfileId, now);
    const row = await insertStream(
      trx,
      actor.businessProfileId,
      {
        socialType: values.socialType,
        category: values.category,
        name: values.name,
        source: values.source,
        config: JSON.stringify(values.config),
        ingestKey: newIngestKey(),
        createdBy: actor.accountId,
        nextPollAt: values.source === "feed" || values.source === "review" ? now : null,
      },
      now,
    );
    if (values.source === "webhook") {
      await insertWebhook(trx, {
        businessProfileId: actor.businessProfileId,
        streamId: row.id,
        integrationName: values.socialType,
        uuid: crypto.randomUUID(),
        secret: crypto.randomBytes(24).toString("hex"),
        now,
      });
    }
    return row;
  });
}

/** POST /v1/streams: connect a stream (admins). */
export async function createStream(deps: ServiceDeps, actor: Actor, input: StreamCreateInput): Promise<StreamView> {
  requireManage(actor);
  if (!networkVisibleTo(input.social_type, actor.role))
    throw validationError({ social_type: [MESSAGES.networkNotAllowed] });
  if (!CATEGORY_FLAGS[input.category].add) throw validationError({ category: [MESSAGES.streamActionNotAllowed] });
  const config = configOf(input);
  await checkSource(deps, input.social_type, input.source, config);
  const row = await createRow(deps, actor, {
    socialType: input.social_type,
    category: input.category,
    name: input.name,
    source: input.source,
    config,
  });
  return view(deps, actor, row);
}

/** PATCH /v1/streams/{id}: rename (the inbox name is required) and, for feeds, change address or interval. */
export async function updateStream(
  deps: ServiceDeps,
  actor: Actor,
  streamId: number,
  input: StreamUpdateInput,
): Promise<StreamView> {
  requireManage(actor);
  const row = await getStreamRow(deps, actor, streamId);
  if (!CATEGORY_FLAGS[row.category as StreamCategory]?.edit)
    throw new AppError("forbidden", MESSAGES.streamActionNotAllowed);
  const config = JSON.parse(row.config) as StreamConfig;
  let changedSource = false;
  if (row.source === "feed") {
    if (input.feed_url && input.feed_url !== config.feedUrl) {
      config.feedUrl = input.feed_url;
      changedSource = true;
    }
    if (input.interval_seconds) config.intervalSeconds = input.interval_seconds;
  }
  if (changedSource) await checkSource(deps, row.socialType as NetworkId, row.source, config);
  if (row.source === "webhook" && input.reply_url !== undefined) {
    if (input.reply_url === null) delete config.replyUrl;
    else if (input.reply_url !== config.replyUrl) {
      // The same private-address guard as feeds (FEED_ALLOWLIST lets an intranet host through).
      const verdict = await requireIngestPorts(deps).checkFeedTarget(input.reply_url);
      if (!verdict.ok) throw validationError({ reply_url: [MESSAGES.replies.deliveryAddressBlocked] });
      config.replyUrl = input.reply_url;
    }
  }
  const now = isoNow(deps);
  await updateStreamRow(deps.db, actor.businessProfileId, streamId, {
    name: input.name,
    config: JSON.stringify(config),
    ...(changedSource ? { nextPollAt: now, consecutiveFailures: 0, lastError: null, lastErrorAt: null } : {}),
    now,
  });
  return view(deps, actor, await getStreamRow(deps, actor, streamId));
}

/** POST /v1/streams/{id}/duplicate: same network, category and source settings, new key and webhook. */
export async function duplicateStream(deps: ServiceDeps, actor: Actor, streamId: number): Promise<StreamView> {
  requireManage(actor);
  const row = await getStreamRow(deps, actor, streamId);
  if (!CATEGORY_FLAGS[row.category as StreamCategory]?.duplicate)
    throw new AppError("forbidden", MESSAGES.streamActionNotAllowed);
  const copy = await createRow(deps, actor, {
    socialType: row.socialType as NetworkId,
    category: row.category as StreamCategory,
    name: `${row.name} (copy)`.slice(0, 120),
    source: row.source,
    config: JSON.parse(row.config) as StreamConfig,
  });
  return view(deps, actor, copy);
}

/** DELETE /v1/streams/{id}: the stream and its webhook go; its mentions stay for analytics (ADR 009). */
export async function deleteStream(deps: ServiceDeps, actor: Actor, streamId: number): Promise<void> {
  requireManage(actor);
  const row = await getStreamRow(deps, actor, streamId);
  if (!CATEGORY_FLAGS[row.category as StreamCategory]?.delete)
    throw new AppError("forbidden", MESSAGES.streamActionNotAllowed);
  await deps.db.transaction().execute(async (trx) => {
    await deletePinsOf(trx, PIN_TYPE, streamId);
    await deleteStreamRow(trx, actor.businessProfileId, streamId);
  });
}

/** POST /v1/streams/{id}/toggle-pin: pins are per user. */
export async function toggleStreamPin(deps: ServiceDeps, actor: Actor, streamId: number): Promise<{ pinned: boolean }> {
  requireRead(actor);
  const row = await getStreamRow(deps, actor, streamId);
  if (!CATEGORY_FLAGS[row.category as StreamCategory]?.pin)
    throw new AppError("forbidden", MESSAGES.streamActionNotAllowed);
  if (await isPinned(deps.db, actor.accountId, PIN_TYPE, streamId)) {
    await unpin(deps.db, actor.accountId, PIN_TYPE, streamId);
    return { pinned: false };
  }
  await pin(deps.db, actor.accountId, PIN_TYPE, streamId, isoNow(deps));
  return { pinned: true };
}

/** POST /v1/streams/{id}/rotate-key: a new ingest key; the old one stops working at once. */
export async function rotateIngestKey(deps: ServiceDeps, actor: Actor, streamId: number): Promise<StreamView> {
  requireManage(actor);
  await getStreamRow(deps, actor, streamId);
  await updateStreamRow(deps.db, actor.businessProfileId, streamId, { ingestKey: newIngestKey(), now: isoNow(deps) });
  return getStream(deps, actor, streamId);
}

/**
 * Streams made by the product itself (the demo workspace): no caller, no source checks, never polled,
 * since their mentions come from the demo generator.
 */
export async function createSeededStreams(
  deps: ServiceDeps,
  businessProfileId: number,
  specs: ReadonlyArray<{ key: string; network: NetworkId; category: StreamCategory; name: string; source: string }>,
): Promise<Map<string, { id: number; network: NetworkId }>> {
  const now = isoNow(deps);
  const ids = new Map<string, { id: number; network: NetworkId }>();
  await deps.db.transaction().execute(async (trx) => {
    for (const spec of specs) {
      const row = await insertStream(
        trx,
        businessProfileId,
        {
          socialType: spec.network,
          category: spec.category,
          name: spec.name,
          source: spec.source,
          config: "{}",
          ingestKey: newIngestKey(),
          createdBy: null,
        },
        now,
      );
      if (spec.source === "webhook") {
        await insertWebhook(trx, {
          businessProfileId,
          streamId: row.id,
          integrationName: spec.network,
          uuid: crypto.randomUUID(),
          secret: crypto.randomBytes(24).toString("hex"),
          now,
        });
      }
      ids.set(spec.key, { id: row.id, network: spec.network });
    }
  });
  return ids;
}
