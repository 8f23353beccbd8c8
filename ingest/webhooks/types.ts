import type { IngestItemInput } from "../../domain/schemas/mention-input";

/** The integrations that can push mentions to POST /api/webhooks/{integration}/{uuid}; each is also a network id. */
export const WEBHOOK_INTEGRATIONS = [
  "zendesk",
  "intercom",
  "helpshift",
  "discord",
  "discourse",
  "vanillaForums",
] as const;
export type WebhookIntegration = (typeof WEBHOOK_INTEGRATIONS)[number];

/** One HTTP delivery as the API received it. */
export interface WebhookDelivery {
  headers: Headers;
  /** The exact bytes of the body, for signatures. */
  rawBody: Uint8Array;
}

export type VerifyResult = { ok: true } | { ok: false; reason: string };

export interface WebhookAdapter {
  integration: WebhookIntegration;
  /**
   * How this integration signs, shown in the UI next to the URL (e.g. "HMAC-SHA256 of timestamp+body in
   * X-Zendesk-Webhook-Signature"), or null when it does not sign.
   */
  signatureHelp: string | null;
  /** Checks the delivery's signature with the webhook's stored secret (constant-time compares). */
  verify(delivery: WebhookDelivery, secret: string): VerifyResult;
  /**
   * When the sender signs a timestamp with the body (Zendesk, Discord): that moment, or null when the header is
   * missing or unreadable. Absent for integrations that sign the body only (ADR 026).
   */
  signedAt?(delivery: WebhookDelivery): Date | null;
  /** A delivery id for de-duplicating repeated deliveries when the integration provides one (header or body), else null. */
  deliveryId(delivery: WebhookDelivery, payload: unknown): string | null;
  /**
   * Maps a parsed JSON payload to zero or more items; throws WebhookPayloadError for payloads it cannot read and
   * returns [] for events that carry no mention (pings, tests, deletions, private notes). The delivery is optional:
   * when given, headers refine the result (Discourse's instance URL and event name, Vanilla's event type, the
   * Zendesk signature timestamp as a last-resort date).
   */
  map(payload: unknown, delivery?: WebhookDelivery): IngestItemInput[];
  /**
   * A body the API must answer with at once instead of its usual reply (Discord interactions: PING answers
   * {type: 1}), or undefined when the usual reply will do.
   */
  respond?(payload: unknown): unknown | undefined;
}

/** A payload the adapter cannot read; the message says what is wrong (the API answers 422 with it). */
export class WebhookPayloadError extends Error {
  constructor(message: string) {
    super(message);
    this.name = "WebhookPayloadError";
  }
}
