import { createHmac, createPublicKey, timingSafeEqual, verify as verifySignature, type KeyObject } from "node:crypto";
import type { VerifyResult, WebhookDelivery } from "./types";

export const OK: VerifyResult = { ok: true };
export const fail = (reason: string): VerifyResult => ({ ok: false, reason });

export function hmac(algorithm: "sha1" | "sha256", secret: string, ...parts: (string | Uint8Array)[]): Buffer {
  const mac = createHmac(algorithm, secret);
  for (const part of parts) mac.update(part);
  return mac.digest();
}

/** Constant-time equality of two byte strings (false, without comparing, when the lengths differ). */
export function sameBytes(a: Uint8Array, b: Uint8Array): boolean {
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Bytes of a hex string, or undefined when it is not (even-length) hex. */
export function fromHex(text: string): Buffer | undefined {
  return /^(?:[0-9a-fA-F]{2})+$/.test(text) ? Buffer.from(text, "hex") : undefined;
}

/** Bytes of a base64 (or base64url) string, or undefined when it is not base64. */
export function fromBase64(text: string): Buffer | undefined {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return undefined;
  return Buffer.from(text.replace(/-/g, "+").replace(/_/g, "/"), "base64");
}

export function requireSecret(secret: string): VerifyResult | undefined {
  return secret.trim() === "" ? fail("no signing secret is configured for this webhook") : undefined;
}

/**
 * Checks a "<prefix>=<hex>" HMAC header (GitHub style: Intercom's sha1=, Discourse's sha256=, Vanilla's sha1=).
 * Prefixes in `accepted` name the algorithm; a bare hex value is read by its length (40: SHA-1, 64: SHA-256) when
 * `bare` allows it.
 */
export function verifyPrefixedHmac(
  delivery: WebhookDelivery,
  secret: string,
  headerName: string,
  accepted: readonly ("sha1" | "sha256")[],
  bare: boolean,
): VerifyResult {
  const missingSecret = requireSecret(secret);
  if (missingSecret) return missingSecret;
  const value = delivery.headers.get(headerName)?.trim();
  if (!value) return fail(`missing ${headerName} header`);
  const match = /^(sha1|sha256)=(.+)$/i.exec(value);
  let algorithm: "sha1" | "sha256" | undefined;
  let hex: string;
  if (match) {
    algorithm = match[1].toLowerCase() as "sha1" | "sha256";
    hex = match[2].trim();
    if (!accepted.includes(algorithm))
      return fail(`${headerName} uses ${algorithm}, expected ${accepted.join(" or ")}`);
  } else {
    if (!bare) return fail(`${headerName} must look like ${accepted[0]}=<hex digest>`);
    hex = value;
    algorithm = hex.length === 40 ? "sha1" : hex.length === 64 ? "sha256" : undefined;
    if (algorithm === undefined || !accepted.includes(algorithm)) return fail(`${headerName} is not a hex digest`);
  }
  const given = fromHex(hex);
  if (!given) return fail(`${headerName} is not a hex digest`);
  return sameBytes(given, hmac(algorithm, secret, delivery.rawBody)) ? OK : fail("signature does not match");
}

// DER prefix of an Ed25519 SubjectPublicKeyInfo; the raw 32-byte key follows it.
const ED25519_SPKI_PREFIX = Buffer.from("302a300506032b6570032100", "hex");

/** An Ed25519 public key from its 32 raw bytes in hex (as the Discord developer portal shows it). */
export function ed25519PublicKey(hex: string): KeyObject | undefined {
  const raw = fromHex(hex.trim());
  if (!raw || raw.length !== 32) return undefined;
  try {
    return createPublicKey({ key: Buffer.concat([ED25519_SPKI_PREFIX, raw]), format: "der", type: "spki" });
  } catch {
    return undefined;
  }
}

export function verifyEd25519(message: Uint8Array, signature: Uint8Array, key: KeyObject): boolean {
  if (signature.length !== 64) return false;
  try {
    return verifySignature(null, message, key, signature);
  } catch {
    return false;
  }
}
