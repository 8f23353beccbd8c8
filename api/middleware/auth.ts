import type { Context, MiddlewareHandler } from "hono";
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
