// Outbound delivery (ADR 014): how a reply or a moderation action written in the inbox reaches the
// network. A connector says which items it can reach; the registry picks the first that can. An item no
// connector reaches is handled by hand ('To send manually'). Adding a network is one connector.
import crypto from "node:crypto";
import { findWebhookOfStream } from "../../db/repositories/webhooks";
import type { StreamRow } from "../../db/schema";
import { MESSAGES } from "../../domain/messages";
import type { ServiceDeps } from "../context";
import type {
  OutboundConnector as Connector,
  OutboundRegistry,
  OutboundResult,
  OutboundTarget,
} from "./outbound-ports";

type OutboundConnector = Connector<ServiceDeps>;

/** A delivery that did not arrive, with the reason the agent is shown. */
class OutboundDeliveryError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "OutboundDeliveryError";
  }
}

export function createOutboundRegistry(connectors: readonly OutboundConnector[]): OutboundRegistry<ServiceDeps> {
  return {
    connectorFor: (stream, item) => connectors.find((connector) => connector.supports(stream, item)) ?? null,
  };
}

/** The reason shown for a failed delivery; unexpected errors are reported and shown generically. */
export function deliveryErrorText(deps: ServiceDeps, error: unknown): string {
  if (error instanceof OutboundDeliveryError) return error.message;
  deps.reportError?.(error);
  return MESSAGES.replies.deliveryUnreachable;
}

// ── The webhook callback: support tools that send us mentions by webhook may take answers back ──────

const WEBHOOK_CALLBACK_TIMEOUT_MS = 5_000;
/** The most of a callback's answer we read (only to find the id of what it created). */
const ANSWER_MAX_BYTES = 64 * 1024;
const SIGNATURE_HEADER = "X-Earshot-Signature";
const DELIVERY_HEADER = "X-Earshot-Delivery";

/** The stream's delivery address, when it has one (admins set it on the channel screen). */
export function replyUrlOf(stream: StreamRow | null): string | null {
  if (!stream || stream.source !== "webhook") return null;
  try {
    const config = JSON.parse(stream.config) as { replyUrl?: unknown };
    return typeof config.replyUrl === "string" && config.replyUrl !== "" ? config.replyUrl : null;
  } catch {
    return null;
  }
}

/** `sha256=<hex HMAC-SHA256 of the body>` with the stream's webhook secret. */
export function signBody(body: string, secret: string): string {
  return `sha256=${crypto.createHmac("sha256", secret).update(body).digest("hex")}`;
}

export interface WebhookCallbackOptions {
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/**
 * Replies and moderation actions of items from a webhook stream with a `reply_url` are POSTed there as
 * JSON, signed like the webhooks we receive are verified (the stream's secret). The address passes the
 * feeds' private-address guard (FEED_ALLOWLIST lets an intranet host through); redirects are not
 * followed, so the guard's verdict holds; anything but a 2xx answer within the time-out is a failure.
 */
export function createWebhookCallbackConnector(options: WebhookCallbackOptions = {}): OutboundConnector {
  const timeoutMs = options.timeoutMs ?? WEBHOOK_CALLBACK_TIMEOUT_MS;
  const send = options.fetch ?? fetch;

  async function post(deps: ServiceDeps, target: OutboundTarget, deliveryId: string, payload: Record<string, unknown>): Promise<OutboundResult> {
    const url = replyUrlOf(target.stream);
    if (!url || !target.stream) throw new OutboundDeliveryError(MESSAGES.replies.deliveryUnreachable);
    const webhook = await findWebhookOfStream(deps.db, target.item.businessProfileId, target.stream.id);
    if (!webhook) throw new OutboundDeliveryError(MESSAGES.replies.deliveryNoSecret);
    // Fails closed: without the guard (no ingest ports wired) nothing is sent.
    const verdict = deps.ingest ? await deps.ingest.checkFeedTarget(url) : { ok: false as const, reason: "no guard" };
    if (!verdict.ok) throw new OutboundDeliveryError(MESSAGES.replies.deliveryAddressBlocked);

    const body = JSON.stringify(payload);
    let response: Response;
    try {
      response = await send(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "user-agent": `${deps.settings.productName}-outbound`,
          [SIGNATURE_HEADER]: signBody(body, webhook.secret),
          [DELIVERY_HEADER]: deliveryId,
        },
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const name = (error as Error).name;
      throw new OutboundDeliveryError(name === "TimeoutError" || name === "AbortError" ? MESSAGES.replies.deliveryTimedOut : MESSAGES.replies.deliveryUnreachable);
    }
    if (response.status < 200 || response.status > 299) {
      await response.body?.cancel().catch(() => undefined);
      throw new OutboundDeliveryError(MESSAGES.replies.deliveryRejected(response.status));
    }
    const externalId = await answeredId(response);
    return externalId ? { externalId } : {};
  }

  function itemFields(target: OutboundTarget) {
    const { item } = target;
    return {
      network: item.socialType,
      item_id: item.id,
      item_external_id: item.externalId,
      parent_external_id: item.parentExternalId,
      post_url: item.postUrl,
      author: { username: item.authorUsername, name: item.authorName },
    };
  }

  return {
    name: "webhook-callback",
    supports: (stream) => replyUrlOf(stream) !== null,
    reply: (deps, target, reply) =>
      post(deps, target, `reply-${reply.replyId}`, {
        type: "reply",
        id: `reply-${reply.replyId}`,
        ...itemFields(target),
        text: reply.text,
        visibility: reply.visibility,
        template_id: reply.templateId,
        agent: { id: reply.agent.accountId, name: reply.agent.name },
        created_at: reply.createdAt,
      }),
    moderate: (deps, target, action) =>
      post(deps, target, `moderation-${action.eventId}`, {
        type: "moderation",
        id: `moderation-${action.eventId}`,
        ...itemFields(target),
        action: action.action,
        action_text: action.actionText,
        reason: action.reason,
        note: action.note,
        text: action.text,
        agent: { id: action.agent.accountId, name: action.agent.name },
        created_at: action.createdAt,
      }),
  };
}

/** The id a callback answered (`{"id": ...}` or `{"external_id": ...}`), read up to a small limit; else none. */
async function answeredId(response: Response): Promise<string | undefined> {
  if (!response.body || !(response.headers.get("content-type") ?? "").includes("json")) {
    await response.body?.cancel().catch(() => undefined);
    return undefined;
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = response.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > ANSWER_MAX_BYTES) return undefined;
      chunks.push(value);
    }
  } catch {
    return undefined;
  } finally {
    await reader.cancel().catch(() => undefined);
  }
  try {
    const answer = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { id?: unknown; external_id?: unknown };
    const id = answer.external_id ?? answer.id;
    return typeof id === "string" || typeof id === "number" ? String(id).slice(0, 200) : undefined;
  } catch {
    return undefined;
  }
}
