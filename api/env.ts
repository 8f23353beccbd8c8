import type { OpenAPIHono } from "@hono/zod-openapi";
import type { ServiceDeps } from "../services/context";
import type { AuthenticatedCaller } from "../services/session/authenticate";

export interface ApiSettings {
  /** Read X-Forwarded-For only behind a proxy we trust (TRUST_PROXY). */
  trustProxy: boolean;
  /** Secure flag for the API session cookie (PUBLIC_URL is https). */
  secureCookies: boolean;
}

export interface ApiEnv {
  Bindings: {
    /** Set by the in-process caller (the web app), which knows the browser's address. */
    clientIp?: string;
    /**
     * Set by the in-process caller for one web request: its several API calls with the same token
     * authenticate once (the page is one moment; a later page checks again).
     */
    callerCache?: Map<string, AuthenticatedCaller | null>;
    incoming?: { socket?: { remoteAddress?: string } };
  };
  Variables: {
    deps: ServiceDeps;
    settings: ApiSettings;
    caller: AuthenticatedCaller | null;
  };
}

export type ApiApp = OpenAPIHono<ApiEnv>;
