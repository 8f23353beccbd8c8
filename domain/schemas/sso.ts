import * as z from "zod";
import { MESSAGES } from "../messages";
import { emailField, requiredString } from "./common";

// Single sign-on with SAML 2.0 (analytics spec §2, §3, §7; issue 26; ADR 041): the SSO screen's form
// and PUT /v1/admin/business_profiles/preferences/sso/saml share one schema; the answers' schemas
// (ADR 027) and the sign-in calls' bodies sit beside it.

const URL_MAX = 2000;
const ENTITY_ID_MAX = 1024;
const CERT_MAX = 20_000;

/** Plain http only for an identity provider on this machine (a test or a local one); else https. */
function isAllowedIdpUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  if (url.protocol === "https:") return true;
  return url.protocol === "http:" && ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

/**
 * A certificate's base64 body (DER), from a PEM block or the bare base64 an identity provider shows;
 * null when it is neither. The full parse (an X.509 certificate) happens on the server.
 */
export function certificateBody(text: string): string | null {
  const body = text
    .replace(/-----BEGIN CERTIFICATE-----/, "")
    .replace(/-----END CERTIFICATE-----/, "")
    .replace(/\s+/g, "");
  if (!body || /-----/.test(body) || !/^[A-Za-z0-9+/]+={0,2}$/.test(body) || body.length % 4 !== 0) return null;
  return isDerCertificateShape(body) ? body : null;
}

/**
 * Whether base64 decodes to what a DER certificate looks like from outside: an ASN.1 SEQUENCE with a
 * two-byte length that spans exactly the rest (a cut or padded paste fails), opening with the
 * tbsCertificate's SEQUENCE. Browser-safe; the server parses the certificate itself as well.
 */
function isDerCertificateShape(body: string): boolean {
  let bytes: string;
  try {
    bytes = atob(body);
  } catch {
    return false;
  }
  const at = (i: number) => bytes.charCodeAt(i);
  return bytes.length > 8 && at(0) === 0x30 && at(1) === 0x82 && (at(2) << 8) + at(3) === bytes.length - 4 && at(4) === 0x30;
}

/** The SSO screen's form and the PUT body (spec: idpLoginUrl, idpEntityId, idpCert, isActive). */
export const SamlConfigurationSchema = z.object({
  idp_login_url: requiredString()
    .max(URL_MAX, { error: MESSAGES.maxLength })
    .refine(isAllowedIdpUrl, { error: MESSAGES.url }),
  idp_entity_id: requiredString().max(ENTITY_ID_MAX, { error: MESSAGES.maxLength }),
  idp_cert: requiredString()
    .max(CERT_MAX, { error: MESSAGES.maxLength })
    .refine((v) => certificateBody(v) !== null, { error: MESSAGES.wrongFormat }),
  // A checkbox posts 'on' when ticked and nothing when not; the API sends a boolean.
  is_active: z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean()),
});

export const SamlConfigurationResponseSchema = z.object({
  idp_login_url: z.string().nullable(),
  idp_entity_id: z.string().nullable(),
  idp_cert: z.string().nullable(),
  is_active: z.boolean(),
  /** What the identity provider needs from us (the service provider). */
  sp_entity_id: z.string(),
  acs_url: z.string(),
  metadata_url: z.string(),
  /** The profile's own sign-in link, which skips the e-mail step. */
  sign_in_url: z.string(),
  updated_at: z.string().nullable(),
});

/** "Sign in with SSO": the address whose business profile signs in through its identity provider. */
export const SsoLookupSchema = z.object({ email: emailField() });

export const SsoLookupResponseSchema = z.object({ business_profile_id: z.number() });

export const SsoRequestSchema = z.object({ business_profile_id: z.number().int().positive() });

export const SsoRequestResponseSchema = z.object({
  /** The identity provider's login URL with the AuthnRequest (HTTP-Redirect binding). */
  redirect_url: z.string(),
  /** Kept by the browser that started (a cookie) and shown again with the answer (ADR 041). */
  binding_token: z.string(),
});

/** The identity provider's answer, as the assertion consumer service received it (HTTP-POST binding). */
export const SsoAssertionSchema = z.object({
  business_profile_id: z.number().int().positive(),
  saml_response: z.string().min(1).max(500_000),
  binding_token: z.string().max(200).optional(),
});

/**
 * Why a sign-in through the identity provider was refused: keys of MESSAGES.sso, carried to /login as
 * `?sso_error=` (only these keys are shown, so the address cannot put words on the page).
 */
const SSO_REFUSALS = [
  "failed",
  "notSigned",
  "wrongAudience",
  "wrongRecipient",
  "wrongIssuer",
  "expired",
  "replayed",
  "otherBrowser",
  "unknownAccount",
  "notActive",
] as const;
export type SsoRefusal = (typeof SSO_REFUSALS)[number];

/** The refusal a catalogue message stands for ('failed' for any other). */
export function ssoRefusalOf(message: string): SsoRefusal {
  return SSO_REFUSALS.find((key) => MESSAGES.sso[key] === message) ?? "failed";
}

/** The catalogue's message for `?sso_error=`, or null for anything else. */
export function ssoRefusalMessage(key: string | null): string | null {
  const refusal = SSO_REFUSALS.find((k) => k === key);
  return refusal ? MESSAGES.sso[refusal] : null;
}
