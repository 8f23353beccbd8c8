import type { StreamRow, WebhookRow } from "../../db/schema";
import { hasPermission } from "../../domain/permissions";
import type { NetworkId } from "../../domain/networks";
import { CATEGORY_FLAGS, type CategoryFlags, type StreamCategory, type StreamSource } from "../../domain/streams";
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

export interface StreamView {
  id: number;
  name: string;
  socialType: NetworkId;
  category: StreamCategory;
  source: StreamSource;
  config: StreamConfig;
  pinned: boolean;
  flags: CategoryFlags;
  /** Secrets only for those who manage channels. */
  ingestKey: string | null;
  webhook: {
    integrationName: string;
    uuid: string;
    url: string;
    secret: string | null;
    signatureHelp: string | null;
  } | null;
  health: {
    itemsCount: number;
    lastItemAt: string | null;
    lastSuccessAt: string | null;
    lastError: string | null;
    lastErrorAt: string | null;
    consecutiveFailures: number;
    nextPollAt: string | null;
  };
  createdAt: string;
}

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
