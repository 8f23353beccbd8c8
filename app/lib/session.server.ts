import { createCookieSessionStorage, type Session } from "@remix-run/node";

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

export const WEB_SESSION_COOKIE = "__earshot";

/** The cookie session: httpOnly, SameSite=Lax, Secure behind https, signed with SESSION_SECRET. */
export function createWebSessionStorage(options: { secret: string; secure: boolean }) {
  return createCookieSessionStorage<WebSessionData, WebFlashData>({
    cookie: {
      name: WEB_SESSION_COOKIE,
      httpOnly: true,
      sameSite: "lax",
      secure: options.secure,
      path: "/",
      secrets: [options.secret],
      maxAge: 60 * 60 * 24 * 30,
    },
  });
}

export type WebSessionStorage = ReturnType<typeof createWebSessionStorage>;
