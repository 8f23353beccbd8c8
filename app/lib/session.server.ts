import crypto from "node:crypto";
import { createCookieSessionStorage, type Cookie, type Session } from "@remix-run/node";

export interface WebSessionData {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  /** The API's CSRF token, sent as X-CSRF-Token on mutations. */
  apiCsrfToken: string;
  /** The API session cookie (earshot_api_session), forwarded so GET accounts/token can mint tokens. */
  apiSessionCookie: string;
  accountId: number;
  /** The web form CSRF token, posted by every <Form> and checked by every action. */
  formToken: string;
  /** When the signed-in browser last made a request (epoch ms, recorded at most once a minute). */
  lastSeenAt: number;
  /** While a system admin takes over an account: their own tokens, restored on exit. */
  stashedAdmin: StashedTokens;
}

export interface StashedTokens {
  accessToken: string;
  refreshToken: string;
  accessTokenExpiresAt: string;
  apiCsrfToken: string;
  apiSessionCookie: string;
  accountId: number;
}

export interface Toast {
  kind: "success" | "error";
  message: string;
}

export interface WebFlashData {
  toast: Toast;
}

export type WebSession = Session<WebSessionData, WebFlashData>;

const SIGNED_IN_KEYS = ["accessToken", "refreshToken", "accessTokenExpiresAt", "apiCsrfToken", "apiSessionCookie", "accountId", "stashedAdmin", "lastSeenAt"] as const;

/**
 * The idle timeout (ADR 025): a signed-in session whose last recorded activity is older than
 * `idleMs` forgets its tokens (the browser is signed out); otherwise its activity is recorded when the
 * last record is at least `resolutionMs` old, so most requests do not rewrite the cookie.
 */
export function expireIdleSession(session: WebSession, now: number, idleMs: number): void {
  const last = session.get("lastSeenAt");
  if (session.get("accessToken") && typeof last === "number" && now - last > idleMs) {
    for (const key of SIGNED_IN_KEYS) session.unset(key);
  }
}

export function recordSessionActivity(session: WebSession, now: number, resolutionMs: number): void {
  const last = session.get("lastSeenAt");
  if (!session.get("accessToken")) return;
  if (typeof last !== "number" || now - last >= resolutionMs) session.set("lastSeenAt", now);
}

export const WEB_SESSION_COOKIE = "__earshot";
/** Over https the cookie is a host-only `__Host-` cookie: Secure, Path=/, no Domain (ADR 025). */
export const SECURE_WEB_SESSION_COOKIE = "__Host-earshot";
const SESSION_COOKIE_MAX_AGE_SECONDS = 60 * 60 * 24 * 30;

/** The cookie's name as served over http or https. */
function webSessionCookieName(secure: boolean): string {
  return secure ? SECURE_WEB_SESSION_COOKIE : WEB_SESSION_COOKIE;
}

/**
 * The cookie session (ADR 025): httpOnly, SameSite=Lax, Secure and `__Host-` behind https. Its value is
 * the session's JSON sealed with AES-256-GCM under a key derived from SESSION_SECRET (HKDF-SHA256), so
 * the tokens it carries can be neither read nor changed. A cookie that does not open (tampered, another
 * secret, or the signed cookie of before) is no session: the browser is signed out.
 */
export function createWebSessionStorage(options: { secret: string; secure: boolean }) {
  const name = webSessionCookieName(options.secure);
  const key = Buffer.from(crypto.hkdfSync("sha256", options.secret, "earshot web session", "aes-256-gcm cookie", 32));
  const attributes = `Path=/; HttpOnly; SameSite=Lax${options.secure ? "; Secure" : ""}`;
  const cookie: Cookie = {
    name,
    isSigned: true,
    expires: undefined,
    async parse(header) {
      if (!header) return null;
      for (const part of header.split(";")) {
        const index = part.indexOf("=");
        if (index < 0 || part.slice(0, index).trim() !== name) continue;
        return openSealed(key, part.slice(index + 1).trim());
      }
      return null;
    },
    async serialize(value, serializeOptions) {
      const expires = serializeOptions?.expires;
      const lifetime = expires
        ? `Expires=${expires.toUTCString()}`
        : `Max-Age=${serializeOptions?.maxAge ?? SESSION_COOKIE_MAX_AGE_SECONDS}`;
      return `${name}=${seal(key, value)}; ${lifetime}; ${attributes}`;
    },
  };
  return createCookieSessionStorage<WebSessionData, WebFlashData>({ cookie });
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

function seal(key: Buffer, value: unknown): string {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(value ?? null), "utf8"), cipher.final()]);
  return Buffer.concat([iv, body, cipher.getAuthTag()]).toString("base64url");
}

function openSealed(key: Buffer, text: string): unknown {
  try {
    const raw = Buffer.from(text, "base64url");
    if (raw.length < IV_BYTES + TAG_BYTES) return null;
    const decipher = crypto.createDecipheriv("aes-256-gcm", key, raw.subarray(0, IV_BYTES));
    decipher.setAuthTag(raw.subarray(raw.length - TAG_BYTES));
    const plain = Buffer.concat([decipher.update(raw.subarray(IV_BYTES, raw.length - TAG_BYTES)), decipher.final()]);
    const value = JSON.parse(plain.toString("utf8")) as unknown;
    return value && typeof value === "object" ? value : null;
  } catch {
    return null;
  }
}
