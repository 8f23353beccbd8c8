import type { StreamRow, WebhookRow } from "../../db/schema";
import type { FromWire } from "../../domain/key-case";
import { hasPermission } from "../../domain/permissions";
import type { StreamResponseSchema } from "../../domain/schemas/streams";
import type { NetworkId } from "../../domain/networks";
import { CATEGORY_FLAGS, type StreamCategory, type StreamSource } from "../../domain/streams";
import type { Actor, ServiceDeps } from "../context";

export interface StreamConfig {
  feedUrl?: string;
  intervalSeconds?: number;
  businessName?: string;
  appId?: string;
  country?: string;
  /** Webhook streams: where inbox replies and moderation actions are delivered (ADR 014). */
  replyUrl?: string;
}

/** A stream (channel) as the API answers it (ADR 027); secrets only for those who manage channels. */
export type StreamView = FromWire<typeof StreamResponseSchema>;

export function webhookUrl(deps: ServiceDeps, integrationName: string, uuid: string): string {
  return `${deps.settings.publicUrl.replace(/\/$/, "")}/api/webhooks/${encodeURIComponent(integrationName)}/${uuid}`;
}

export function canManageChannels(actor: Actor): boolean {
  return hasPermission(actor.permissions, "channels.index.write");
}

export function streamView(
  deps: ServiceDeps,
  actor: Actor,
  row: StreamRow,
  webhook: WebhookRow | undefined,
  pinned: boolean,
): StreamView {
  const manage = canManageChannels(actor);
  const category = row.category as StreamCategory;
  return {
    id: row.id,
    name: row.name,
    socialType: row.socialType as NetworkId,
    category,
    source: row.source as StreamSource,
    config: JSON.parse(row.config) as StreamConfig,
    pinned,
    flags: CATEGORY_FLAGS[category] ?? { add: false, edit: false, pin: false, delete: false, duplicate: false },
    ingestKey: manage ? row.ingestKey : null,
    webhook: webhook
      ? {
          integrationName: webhook.integrationName,
          uuid: webhook.uuid,
          url: webhookUrl(deps, webhook.integrationName, webhook.uuid),
          secret: manage ? webhook.secret : null,
          signatureHelp: deps.ingest?.webhookAdapter(webhook.integrationName)?.signatureHelp ?? null,
        }
      : null,
    health: {
      itemsCount: row.itemsCount,
      lastItemAt: row.lastItemAt,
      lastSuccessAt: row.lastSuccessAt,
      lastError: row.lastError,
      lastErrorAt: row.lastErrorAt,
      consecutiveFailures: row.consecutiveFailures,
      nextPollAt: row.nextPollAt,
    },
    createdAt: row.createdAt,
  };
}
