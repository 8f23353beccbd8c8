import { listWebhooks as listRows } from "../../db/repositories/webhooks";
import { forbidden } from "../../domain/errors";
import type { FromWire } from "../../domain/key-case";
import type { WebhookListResponseSchema } from "../../domain/schemas/streams";
import { hasPermission } from "../../domain/permissions";
import type { Actor, ServiceDeps } from "../context";
import { webhookUrl } from "../streams/stream-view";

/** GET /webhooks (name): each integration's URL. */
/** GET /webhooks: each integration's webhook URL (ADR 027: the answer's camelCase twin). */
export async function listWebhookUrls(deps: ServiceDeps, actor: Actor, integrationName?: string): Promise<FromWire<typeof WebhookListResponseSchema>> {
  if (!hasPermission(actor.permissions, "channels.index.read")) throw forbidden();
  const rows = await listRows(deps.db, actor.businessProfileId, integrationName);
  return {
    data: rows.map((w) => ({ id: w.id, streamId: w.streamId, integrationName: w.integrationName, uuid: w.uuid, url: webhookUrl(deps, w.integrationName, w.uuid) })),
  };
}

export function exampleCsv(deps: ServiceDeps): string {
  return deps.ingest?.exampleCsv ?? "";
}
