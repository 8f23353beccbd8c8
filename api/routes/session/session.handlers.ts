import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createSession } from "../../../services/session/create-session";
import { endSession, endSessionByCookie } from "../../../services/session/end-session";
import { refreshSession } from "../../../services/session/refresh-session";
import { SESSION_TTL_MS } from "../../../services/session/session-tokens";
import type { SignedIn } from "../../../services/session/signed-in";
import { tokenFromSessionCookie } from "../../../services/session/token-from-session-cookie";
import { unauthorized } from "../../../domain/errors";
import { SessionResponseSchema, SessionTokenResponseSchema, TokenPairResponseSchema } from "../../../domain/schemas/session";
import type { ApiApp, ApiEnv } from "../../env";
import { clientIp, requireActor } from "../../middleware/auth";
import { toWire } from "../../lib/case";
import { createSessionRoute, deleteSessionRoute, logoutRoute, refreshSessionRoute, tokenRoute } from "./session.routes";

const API_SESSION_COOKIE = "earshot_api_session";

/** The API session cookie of spec §7's "requests go with cookies": GET accounts/token reads it. */
function setApiSessionCookie(c: Context<ApiEnv>, value: string) {
  setCookie(c, API_SESSION_COOKIE, value, {
    httpOnly: true,
    sameSite: "Lax",
    secure: c.get("settings").secureCookies,
    path: "/api",
    maxAge: SESSION_TTL_MS / 1000,
  });
}

function bearer(c: Context<ApiEnv>): string | undefined {
  return c.req.header("authorization")?.match(/^Bearer\s+(.+)$/i)?.[1];
}

/** The answer to a login, a SAML sign-in or a take-over: the account and the new session's tokens (and its cookie). */
export function openedSessionResponse(c: Context<ApiEnv>, signedIn: SignedIn) {
  setApiSessionCookie(c, signedIn.sessionCookie);
  return toWire(SessionResponseSchema, signedIn.answer);
}

export function registerSessionRoutes(app: ApiApp) {
  app.openapi(createSessionRoute, async (c) => {
    const body = c.req.valid("json");
    const opened = await createSession(c.get("deps"), {
      email: body.email,
      password: body.password,
      otpCode: body.otp_code,
      otpToken: body.otp_token,
      clientIp: clientIp(c),
    });
    return c.json(openedSessionResponse(c, opened), 201);
  });

  app.openapi(refreshSessionRoute, async (c) => {
    const token = bearer(c);
    if (!token) throw unauthorized();
    return c.json(toWire(TokenPairResponseSchema, await refreshSession(c.get("deps"), token)), 200);
  });

  app.openapi(deleteSessionRoute, async (c) => {
    const actor = requireActor(c);
    await endSession(c.get("deps"), actor.sessionId);
    deleteCookie(c, API_SESSION_COOKIE, { path: "/api" });
    return c.body(null, 204);
  });

  app.openapi(tokenRoute, async (c) => {
    const tokens = await tokenFromSessionCookie(c.get("deps"), getCookie(c, API_SESSION_COOKIE));
    return c.json(toWire(SessionTokenResponseSchema, tokens), 200);
  });

  app.openapi(logoutRoute, async (c) => {
    await endSessionByCookie(c.get("deps"), getCookie(c, API_SESSION_COOKIE));
    deleteCookie(c, API_SESSION_COOKIE, { path: "/api" });
    return c.body(null, 204);
  });
}
