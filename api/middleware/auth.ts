import type { Context, MiddlewareHandler } from "hono";
import { matchedRoutes } from "hono/route";
import { assertWritableViewer } from "../../services/analytics/viewer";
import { resolveDashboardViewer } from "../lib/dashboard-viewer";
import { AppError, forbidden, unauthorized } from "../../domain/errors";
import { MESSAGES } from "../../domain/messages";
import type { Role } from "../../domain/roles";
import type { Actor } from "../../services/context";
import { authenticateAccessToken, csrfTokenMatches } from "../../services/session/authenticate";
import type { ApiEnv } from "../env";

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Reads `Authorization: Bearer <access token>`; the caller (or null) is available to every handler. */
export const authenticate: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const header = c.req.header("authorization");
  const token = header?.match(/^Bearer\s+(.+)$/i)?.[1];
  if (!token) {
    c.set("caller", null);
  } else {
    const cache = c.env?.callerCache;
    let caller = cache?.get(token);
    if (caller === undefined) {
      caller = await authenticateAccessToken(c.get("deps"), token);
      cache?.set(token, caller);
    }
    c.set("caller", caller);
  }
  await next();
};

/**
 * The API's routes open to a caller without an access token (ADR 025), by method and path below /api.
 * They authenticate some other way (a password, a refresh token, an invite or reset token, an ingest key,
 * a webhook's signature, the API session cookie) or show nothing private. Every other route answers 401
 * to an anonymous request before its body or query is read or validated.
 */
const PUBLIC_ROUTES: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ["POST", /^\/v1\/session$/], // sign in
  ["PUT", /^\/v1\/session$/], // renew with the refresh token
  ["GET", /^\/accounts\/token$/], // tokens from the API session cookie
  ["GET", /^\/accounts\/logout$/],
  // Single sign-on (ADR 041): the lookup and the AuthnRequest show nothing private; the answer is
  // authenticated by the identity provider's signature; identity providers fetch the metadata.
  ["POST", /^\/v1\/session\/sso\/saml(\/lookup|\/requests)?$/],
  ["GET", /^\/v1\/session\/sso\/saml\/[^/]+\/metadata$/],
  ["POST", /^\/v1\/accounts$/], // sign up with an invite token
  ["GET", /^\/v1\/accounts\/new$/], // the invite a token stands for
  ["*", /^\/v1\/accounts\/preferences\/security\/password_reset$/],
  ["POST", /^\/v1\/ingest\/streams\/[^/]+$/], // the stream's ingest key
  ["POST", /^\/webhooks\/[^/]+\/[^/]+$/], // the sender's signature
  ["GET", /^\/example-csv$/],
  ["GET", /^\/v1\/openapi\.json$/],
  ["GET", /^\/v1\/dashboard_shared_links\/[^/]+$/], // a shared link by its code
  ["GET", /^\/v1\/annotations\/layers_properties$/], // fixed choices
  ["GET", /^\/v1\/business_profiles\/[^/]+\/logo$/], // a logo, by the address that names its content (ADR 040)
];

/** The reads a shared link's anonymous viewer makes (with the Shared-Link-Code header, ADR 015). */
const SHARED_LINK_READS: ReadonlyArray<readonly [method: string, path: RegExp]> = [
  ["GET", /^\/v1\/dashboard(\/|_selector$)/],
  ["POST", /^\/v1\/dashboard_selector$/],
  ["GET", /^\/v1\/annotations\//],
];
/** The dashboard's configuration, which a shared link's viewer may not change (403, ADR 015). */
const SHARED_LINK_WRITES = /^\/v1\/(dashboard[/_]|annotations\/)/;

function matches(routes: ReadonlyArray<readonly [string, RegExp]>, method: string, path: string): boolean {
  const m = method === "HEAD" ? "GET" : method;
  return routes.some(([routeMethod, pattern]) => (routeMethod === "*" || routeMethod === m) && pattern.test(path));
}

/** Whether an anonymous request may reach this route's handler (the handler still decides). */
export function isOpenToAnonymous(method: string, apiPath: string, sharedLinkCode: string | undefined): boolean {
  if (matches(PUBLIC_ROUTES, method, apiPath)) return true;
  return !!sharedLinkCode && matches(SHARED_LINK_READS, method, apiPath);
}

/**
 * 401 for an anonymous request to a route that needs a caller, before any body is read or validated; a
 * shared link's viewer writing to the dashboard is refused as its handler would (404 for an unknown
 * code, else 403), from the header alone. An address no route serves stays a 404.
 */
export const requireCallerFirst: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (!c.get("caller") && c.req.method !== "OPTIONS" && matchedRoutes(c).some((r) => r.method !== "ALL")) {
    const apiPath = c.req.path.replace(/^\/api(?=\/|$)/, "");
    const sharedLinkCode = c.req.header("shared-link-code");
    if (!isOpenToAnonymous(c.req.method, apiPath, sharedLinkCode)) {
      if (sharedLinkCode && SHARED_LINK_WRITES.test(apiPath)) assertWritableViewer(await resolveDashboardViewer(c));
      throw unauthorized();
    }
  }
  await next();
};

/**
 * Every authenticated mutation carries the session's X-CSRF-Token. GET-via-POST reads were turned
 * back into GETs before this runs, so they are exempt.
 */
export const requireCsrfOnMutations: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const caller = c.get("caller");
  if (caller && MUTATING.has(c.req.method) && !csrfTokenMatches(caller, c.req.header("x-csrf-token"))) {
    throw new AppError("forbidden", MESSAGES.csrfInvalid);
  }
  await next();
};

export function requireActor(c: Context<ApiEnv>, roles?: readonly Role[]): Actor {
  const caller = c.get("caller");
  if (!caller) throw unauthorized();
  if (roles && !roles.includes(caller.actor.role)) throw forbidden();
  return caller.actor;
}

export function clientIp(c: Context<ApiEnv>): string | null {
  if (c.env?.clientIp) return c.env.clientIp;
  if (c.get("settings").trustProxy) {
    // The trusted proxy appends the address it saw; entries to its left are whatever the client
    // sent, so only the last one can be relied on (else a forged header escapes the throttle).
    const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
    if (forwarded) return forwarded;
  }
  return c.env?.incoming?.socket?.remoteAddress ?? null;
}
