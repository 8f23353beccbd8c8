// Helpers for the webhook adapter tests: fixtures as exact bytes, deliveries, and the item contract check.
import { createHmac } from "node:crypto";
import { readFileSync } from "node:fs";
import { expect } from "vitest";
import { IngestItemSchema, type IngestItem, type IngestItemInput } from "../../domain/schemas/mention-input";
import type { WebhookDelivery } from "./types";

export function fixture(name: string): { bytes: Uint8Array; json: unknown } {
  const bytes = new Uint8Array(readFileSync(new URL(`./fixtures/${name}`, import.meta.url)));
  return { bytes, json: JSON.parse(Buffer.from(bytes).toString("utf8")) };
}

export function delivery(headers: Record<string, string>, rawBody: Uint8Array | string): WebhookDelivery {
  return {
    headers: new Headers(headers),
    rawBody: typeof rawBody === "string" ? new TextEncoder().encode(rawBody) : rawBody,
  };
}

export function hmacOf(algorithm: "sha1" | "sha256", secret: string, ...parts: (string | Uint8Array)[]) {
  const mac = createHmac(algorithm, secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** Every item passes the ingest contract; returns the parsed items. */
export function parsed(items: IngestItemInput[]): IngestItem[] {
  return items.map((item) => IngestItemSchema.parse(item));
}

/** No markup survives: no tags, no script content. */
export function expectInert(text: string) {
  expect(text).not.toMatch(/<\/?[a-z][^>]*>/i);
  expect(text).not.toMatch(/alert\(/);
}
