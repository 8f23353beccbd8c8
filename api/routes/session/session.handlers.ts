import type { Context } from "hono";
import { deleteCookie, getCookie, setCookie } from "hono/cookie";
import { createSession } from "../../../services/session/create-session";
import { endSession, endSessionByCookie } from "../../../services/session/end-session";
import { refreshSession } from "../../../services/session/refresh-session";
import { SESSION_TTL_MS, type OpenedSession } from "../../../services/session/session-tokens";
import type { AccountView } from "../../../services/accounts/account-view";
import { tokenFromSessionCookie } from "../../../services/session/token-from-session-cookie";
import { unauthorized } from "../../../domain/errors";
import type { ApiApp, ApiEnv } from "../../env";
import { clientIp, requireActor } from "../../middleware/auth";
import { toSnakeCase } from "../../lib/case";
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

/** The answer to a login or a take-over: the account and the new session's tokens (and its cookie). */
export function openedSessionResponse(c: Context<ApiEnv>, opened: OpenedSession & { account: AccountView }) {
  setApiSessionCookie(c, opened.sessionCookie);
  return {
    account: toSnakeCase(opened.account),
    csrf_token: opened.csrfToken,
    access_token: opened.accessToken,
    refresh_token: opened.refreshToken,
  };
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
    const tokens = await refreshSession(c.get("deps"), token);
    return c.json({ access_token: tokens.accessToken, refresh_token: tokens.refreshToken }, 200);
  });

  app.openapi(deleteSessionRoute, async (c) => {
    const actor = requireActor(c);
    await endSession(c.get("deps"), actor.sessionId);
    deleteCookie(c, API_SESSION_COOKIE, { path: "/api" });
    return c.body(null, 204);
  });

  app.openapi(tokenRoute, async (c) => {
    const tokens = await tokenFromSessionCookie(c.get("deps"), getCookie(c, API_SESSION_COOKIE));
    return c.json(
      { access_token: tokens.accessToken, refresh_token: tokens.refreshToken, account_id: tokens.accountId },
      200,
    );
  });

  app.openapi(logoutRoute, async (c) => {
    await endSessionByCookie(c.get("deps"), getCookie(c, API_SESSION_COOKIE));
    deleteCookie(c, API_SESSION_COOKIE, { path: "/api" });
    return c.body(null, 204);
  });
}
