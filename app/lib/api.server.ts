// The one API client (DESIGN.md): bearer + CSRF headers, Shared-Link-Code, snake_case requests,
// camelCase responses, GET via POST, and spec §8's 401 sequence (refresh, then the token endpoint,
// then sign out and go to login). Every loader and action talks to the API through it.
import { redirect } from "@remix-run/node";
import { loginLocation, safeRedirectPath } from "../../domain/navigation";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { AccountListResponseSchema, AccountResponseSchema, TeamListResponseSchema } from "../../domain/schemas/accounts";
import { ErrorResponseSchema, type DetailedErrorSchema } from "../../domain/schemas/errors";
import type { PinnedResponseSchema } from "../../domain/schemas/searches";
import type { LoginSchema } from "../../domain/schemas/login";
import type {
  SessionResponseSchema,
  SessionTokenResponseSchema,
  TakeoverBodySchema,
  TokenPairResponseSchema,
} from "../../domain/schemas/session";
import type { SsoAssertionSchema } from "../../domain/schemas/sso";
import type { BodyToSend } from "../../domain/request-types";
import type * as z from "zod";
import { camelCaseKeys, snakeCaseKeys, toQueryString } from "./case";
import type { StashedTokens, WebSession } from "./session.server";
export type ApiTransport = (request: Request) => Promise<Response>;

const API_ERROR = Symbol.for("earshot.ApiError");

/**
 * An API refusal. The client is created by the server bundle (server/app.ts) while routes test
 * errors in the Remix bundle, each with its own copy of this class, so `instanceof` checks a
 * registered brand rather than the class identity.
 */
export class ApiError extends Error {
  readonly [API_ERROR] = true;

  static [Symbol.hasInstance](value: unknown): boolean {
    return typeof value === "object" && value !== null && (value as { [API_ERROR]?: unknown })[API_ERROR] === true;
  }

  constructor(
    readonly status: number,
    message: string,
    readonly fields: Record<string, string[]> = {},
    /** The error body as the API sent it (snake_case); read it through `detailsAs`. */
    private readonly body: unknown = null,
  ) {
    super(message);
    this.name = "ApiError";
  }

  /**
   * The refusal in a toast, where no field stands beside it: the first field error's own words (the
   * API's message prefixes the field's key, e.g. 'folder_id This folder does not exist…'), else the message.
   */
  get reason(): string {
    for (const messages of Object.values(this.fields)) {
      const first = messages.find((m) => typeof m === "string" && m.length > 0);
      if (first) return first;
    }
    return this.message;
  }

  /**
   * The refusal read as one of the error answers that carry more than the message (domain/schemas/errors.ts),
   * camelCased like every answer; null when the body is not that answer (e.g. a 401 without otp_token).
   */
  detailsAs<Schema extends DetailedErrorSchema>(schema: Schema): FromWire<Schema> | null {
    const parsed = schema.safeParse(this.body);
    return parsed.success ? (camelCaseKeys(parsed.data) as FromWire<Schema>) : null;
  }
}

/**
 * For a read a page can live without (a picker's options, a sidebar counter): an API refusal (4xx: not
 * allowed, not found) answers `fallback`; anything else is still thrown to the route's error boundary.
 */
export function fallbackOnRefusal<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof ApiError && error.status < 500) return fallback;
    throw error;
  };
}

export interface CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** GET via POST: a POST with X-HTTP-Method-Override: GET and the params as JSON body. */
  viaPost?: boolean;
  /** Leave keys as they are (spec: "unless formatting is switched off for a call"). */
  raw?: boolean;
  /** Headers of this call only (e.g. `Prefer: respond-async`). */
  headers?: Record<string, string>;
}

/** The signed-in account (GET /accounts), as the API's schema says. */
export type Account = FromWire<typeof AccountResponseSchema>;

/** GET /v1/teams: the business profile's teams with their members' account ids. */
export type ApiTeamList = FromWire<typeof TeamListResponseSchema>;

/** GET /v1/accounts: whole accounts for those who manage users, else as colleagues see them (ADR 019). */
export type ApiAccountList = FromWire<typeof AccountListResponseSchema>;

/** POST …/toggle-pin (saved searches, folders, streams): pinned for the caller or not. */
export type ApiPinned = FromWire<typeof PinnedResponseSchema>;

/** PUT /v1/session: a new token pair. */
type TokenPair = FromWire<typeof TokenPairResponseSchema>;

const ACCESS_TOKEN_LIFETIME_MS = 15 * 60 * 1000;
/** Refresh a little before expiry so parallel loaders rarely meet a 401 at all. */
const EARLY_REFRESH_MS = 60 * 1000;
const NO_REDIRECT_PATHS = /(password_reset|session|token)$/;
const TOKEN_KEYS = [
  "accessToken",
  "refreshToken",
  "accessTokenExpiresAt",
  "apiCsrfToken",
  "apiSessionCookie",
  "accountId",
] as const satisfies ReadonlyArray<keyof StashedTokens>;

export interface ApiClientOptions {
  transport: ApiTransport;
  /** e.g. http://earshot.internal/api in process, or API_URL. */
  baseUrl: string;
  session: WebSession;
  /** The browser's request: its URL gives shared_link_code and the redirectFrom target. */
  request: Request;
  requestId: string;
  clientIp?: string | null;
  log: (message: string, fields?: Record<string, unknown>) => void;
  now?: () => number;
}

export function createApiClient(options: ApiClientOptions) {
  const { session } = options;
  const now = options.now ?? Date.now;
  const pageUrl = new URL(options.request.url);
  const sharedLinkCode = pageUrl.searchParams.get("shared_link_code");
  let renewing: Promise<boolean> | null = null;
  let account: Promise<Account> | null = null;

  function url(path: string, query?: Record<string, unknown>, raw?: boolean) {
    const target = new URL(`${options.baseUrl.replace(/\/$/, "")}/${path.replace(/^\//, "")}`);
    if (query) {
      const params = toQueryString((raw ? query : snakeCaseKeys(query)) as Record<string, unknown>);
      for (const [k, v] of params) target.searchParams.append(k, v);
    }
    return target;
  }

  function headers(method: string, withAuth: boolean): Headers {
    const h = new Headers({ accept: "application/json", "x-request-id": options.requestId });
    if (options.clientIp) h.set("x-forwarded-for", options.clientIp);
    const accessToken = session.get("accessToken");
    if (withAuth && accessToken) h.set("authorization", `Bearer ${accessToken}`);
    const csrf = session.get("apiCsrfToken");
    if (csrf && method !== "GET") h.set("x-csrf-token", csrf);
    const apiCookie = session.get("apiSessionCookie");
    if (apiCookie) h.set("cookie", `earshot_api_session=${apiCookie}`);
    if (sharedLinkCode) h.set("shared-link-code", sharedLinkCode);
    return h;
  }

  async function send(method: string, path: string, call: CallOptions, withAuth = true): Promise<Response> {
    const viaPost = call.viaPost && method === "GET";
    const h = headers(viaPost ? "GET" : method, withAuth);
    let body: string | undefined;
    const payload = viaPost ? call.query : call.body;
    let form: FormData | undefined;
    if (payload instanceof FormData) {
      // A multipart form (a file beside its fields) goes as it is: fetch writes its boundary.
      form = payload;
    } else if (payload !== undefined && (method !== "GET" || viaPost)) {
      h.set("content-type", "application/json");
      body = JSON.stringify(call.raw ? payload : snakeCaseKeys(payload));
    }
    if (viaPost) h.set("x-http-method-override", "GET");
    for (const [name, value] of Object.entries(call.headers ?? {})) h.set(name, value);
    return options.transport(
      new Request(url(path, viaPost ? undefined : call.query, call.raw), {
        method: viaPost ? "POST" : method,
        headers: h,
        body: form ?? body,
      }),
    );
  }

  async function errorFrom(response: Response): Promise<ApiError> {
    const body: unknown = await response.json().catch(() => null);
    const refusal = ErrorResponseSchema.safeParse(body);
    // A body that is not the API's error answer (an empty 502, a gateway's `{ description }`) still gives a message.
    const description = (body as { description?: unknown } | null)?.description;
    const message =
      (refusal.success && refusal.data.error_message) || (typeof description === "string" && description) || MESSAGES.somethingWentWrong;
    return new ApiError(response.status, message, (refusal.success && refusal.data.errors) || {}, body);
  }

  function storeTokens(pair: TokenPair) {
    session.set("accessToken", pair.accessToken);
    session.set("refreshToken", pair.refreshToken);
    session.set("accessTokenExpiresAt", new Date(now() + ACCESS_TOKEN_LIFETIME_MS).toISOString());
  }

  function clearTokens() {
    for (const key of TOKEN_KEYS) session.unset(key);
    account = null;
  }

  /** The session's tokens as they are now (a take-over stashes the admin's). */
  function currentTokens(): StashedTokens {
    return Object.fromEntries(TOKEN_KEYS.map((key) => [key, session.get(key)])) as unknown as StashedTokens;
  }

  function restoreTokens(tokens: StashedTokens) {
    clearTokens();
    for (const key of TOKEN_KEYS) session.set(key, tokens[key] as never);
  }

  /** A login or take-over answer: its tokens, CSRF token and API session cookie become the session's. */
  async function adoptOpenedSession(response: Response): Promise<Account> {
    if (!response.ok) throw await errorFrom(response);
    const result = camelCaseKeys(await response.json()) as FromWire<typeof SessionResponseSchema>;
    const apiCookie = response.headers.get("set-cookie")?.match(/earshot_api_session=([^;]+)/)?.[1];
    storeTokens(result);
    session.set("apiCsrfToken", result.csrfToken);
    if (apiCookie) session.set("apiSessionCookie", apiCookie);
    session.set("accountId", result.account.id);
    account = Promise.resolve(result.account);
    return result.account;
  }

  /** Refresh with the refresh token; failing that, ask the token endpoint (spec §8). One at a time. */
  function renewTokens(): Promise<boolean> {
    renewing ??= (async () => {
      const refreshToken = session.get("refreshToken");
      if (refreshToken) {
        const h = headers("PUT", false);
        h.set("authorization", `Bearer ${refreshToken}`);
        h.set("content-type", "application/json");
        const response = await options.transport(
          new Request(url("/v1/session"), {
            method: "PUT",
            headers: h,
            body: JSON.stringify({ check_old_ui_authorization: true }),
          }),
        );
        if (response.ok) {
          storeTokens(camelCaseKeys(await response.json()) as TokenPair);
          return true;
        }
      }
      if (session.get("apiSessionCookie")) {
        const response = await send("GET", "/accounts/token", {}, false);
        if (response.ok) {
          const pair = camelCaseKeys(await response.json()) as FromWire<typeof SessionTokenResponseSchema>;
          storeTokens(pair);
          // Another identity behind the cookie: reload so nothing of the previous user is shown.
          if (session.get("accountId") !== pair.accountId) {
            session.set("accountId", pair.accountId);
            throw redirect(safeRedirectPath(pageUrl.pathname + pageUrl.search));
          }
          return true;
        }
      }
      return false;
    })().finally(() => {
      renewing = null;
    });
    return renewing;
  }

  /**
   * The one token-renewal wrapper (spec §8) every call to the API goes through: tokens near expiry are
   * renewed first; a 401 renews them and sends once more (`resend: false` for a streamed body, which
   * cannot be sent twice: the renewed tokens serve the next request and the 401 is thrown), or signs out
   * and goes to login when renewing fails. A refusal is thrown as an ApiError.
   */
  async function authorised(path: string, open: () => Promise<Response>, resend = true): Promise<Response> {
    const expiresAt = session.get("accessTokenExpiresAt");
    if (session.get("accessToken") && expiresAt && Date.parse(expiresAt) - EARLY_REFRESH_MS < now()) {
      await renewTokens();
    }
    let response = await open();
    if (response.status === 401 && session.get("accessToken") && !NO_REDIRECT_PATHS.test(path.split("?")[0]!)) {
      if (!(await renewTokens())) {
        options.log(MESSAGES.tokenGenerationFailed, { path });
        const stash = session.get("stashedAdmin");
        session.unset("stashedAdmin");
        // A take-over's session has a fixed lifetime (ADR 025): at its end the admin is back in their own.
        if (stash) {
          restoreTokens(stash);
          session.flash("toast", { kind: "error", message: MESSAGES.takeoverExpired });
          throw redirect("/");
        }
        clearTokens();
        throw redirect(loginLocation(pageUrl.pathname + pageUrl.search));
      }
      if (resend) response = await open();
    }
    if (!response.ok) {
      const error = await errorFrom(response);
      if (response.status >= 500) options.log("api error", { path, status: response.status, message: error.message });
      throw error;
    }
    return response;
  }

  /** A JSON call: its answer camelCased (unless `raw`); 204 answers undefined. */
  async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
    const response = await authorised(path, () => send(method, path, opts));
    if (response.status === 204) return undefined as T;
    const json = (await response.json()) as unknown;
    return (opts.raw ? json : camelCaseKeys(json)) as T;
  }

  return {
    get: <T>(path: string, opts?: Omit<CallOptions, "body">) => call<T>("GET", path, opts),
    getViaPost: <T>(path: string, params: Record<string, unknown>) =>
      call<T>("GET", path, { query: params, viaPost: true }),
    post: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("POST", path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PUT", path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PATCH", path, { ...opts, body }),
    delete: <T>(path: string, opts?: CallOptions) => call<T>("DELETE", path, opts),
    /** A multipart form (spec analytics §7: the business profile's name, logo and copied_business_profile_id), keys as written. */
    sendForm: <T>(method: "POST" | "PATCH", path: string, form: FormData) => call<T>(method, path, { body: form }),

    /**
     * POST a streamed body (a file import) as it arrives, never buffered. A stream cannot be sent
     * twice: a 401 renews the tokens for the next request (or signs out) and is thrown.
     */
    async upload<T>(
      path: string,
      upload: { query?: Record<string, unknown>; body: ReadableStream<Uint8Array>; contentType: string },
    ): Promise<T> {
      const open = () => {
        const h = headers("POST", true);
        h.set("content-type", upload.contentType);
        // `duplex: "half"` is what fetch (undici) requires of a request whose body is a stream.
        const init: RequestInit & { duplex: "half" } = { method: "POST", headers: h, body: upload.body, duplex: "half" };
        return options.transport(new Request(url(path, upload.query), init));
      };
      return camelCaseKeys(await (await authorised(path, open, false)).json()) as T;
    },

    /**
     * A GET (via POST when asked) whose answer is not JSON (a .csv download): the Response as the API
     * sends it, for the caller to stream on.
     */
    download: (path: string, opts: Omit<CallOptions, "body"> = {}): Promise<Response> =>
      authorised(path, () => send("GET", path, opts)),

    /**
     * An API stream, answered as it arrives (never buffered): a text/event-stream (GET /v1/statuses/live,
     * /v1/notifications/live) or, with `body`, a POST whose answer is NDJSON (the helper's answer as it
     * is produced). `signal` ends the upstream stream when the browser goes away.
     */
    stream(
      path: string,
      opts: { query?: Record<string, unknown>; signal?: AbortSignal; headers?: Record<string, string>; body?: unknown } = {},
    ): Promise<Response> {
      const method = opts.body === undefined ? "GET" : "POST";
      return authorised(path, () => {
        const h = headers(method, true);
        h.set("accept", opts.body === undefined ? "text/event-stream" : "application/x-ndjson");
        if (opts.body !== undefined) h.set("content-type", "application/json");
        for (const [name, value] of Object.entries(opts.headers ?? {})) h.set(name, value);
        const body = opts.body === undefined ? undefined : JSON.stringify(opts.body);
        return options.transport(new Request(url(path, opts.query), { method, headers: h, signal: opts.signal, body }));
      });
    },

    isSignedIn: () => !!session.get("accessToken"),

    /** GET /accounts, once per request unless forced (parallel loaders share it). */
    currentAccount(opts: { force?: boolean } = {}): Promise<Account> {
      if (!account || opts.force) {
        account = call<Account>("GET", "/accounts");
        account.catch(() => {
          account = null;
        });
      }
      return account;
    },

    /** POST /v1/session; keeps the tokens and the API session cookie in the web session. */
    /** `input` is the sign-in form's value as LoginSchema parsed it, passed on as it is (snake_case, `raw`). */
    async signIn(input: z.output<typeof LoginSchema>): Promise<Account> {
      return adoptOpenedSession(await send("POST", "/v1/session", { body: input, raw: true }, false));
    },

    /**
     * POST /v1/session/sso/saml: the identity provider's answer signs in as a password login does (ADR 041);
     * `bindingToken` is the one the browser kept when it started.
     */
    async signInWithSaml(input: { businessProfileId: number; samlResponse: string; bindingToken: string | undefined }): Promise<Account> {
      const body: BodyToSend<typeof SsoAssertionSchema> = {
        businessProfileId: input.businessProfileId,
        samlResponse: input.samlResponse,
        ...(input.bindingToken ? { bindingToken: input.bindingToken } : {}),
      };
      return adoptOpenedSession(await send("POST", "/v1/session/sso/saml", { body }, false));
    },

    /**
     * POST /v1/admin/accounts/takeover: the admin's own tokens are stashed in the session and the
     * taken-over account's tokens used until endTakeover restores them.
     */
    async startTakeover(target: BodyToSend<typeof TakeoverBodySchema>): Promise<Account> {
      const admin = currentTokens();
      const taken = await adoptOpenedSession(await send("POST", "/v1/admin/accounts/takeover", { body: target }));
      session.set("stashedAdmin", admin);
      return taken;
    },

    /** DELETE /v1/admin/accounts/takeover, then back to the admin's own tokens. */
    async endTakeover(): Promise<void> {
      await call("DELETE", "/v1/admin/accounts/takeover");
      const stash = session.get("stashedAdmin");
      session.unset("stashedAdmin");
      if (stash) restoreTokens(stash);
      else clearTokens();
    },

    /** DELETE /v1/session, then forget the tokens (spec §4: logout clears user, tokens, cookies). */
    async signOut(): Promise<void> {
      const revoke = async () => {
        try {
          if (session.get("accessToken")) await call("DELETE", "/v1/session");
        } catch (error) {
          if (!(error instanceof ApiError)) throw error;
        }
      };
      try {
        await revoke();
        // Signing out while taking over ends the admin's own session too.
        const stash = session.get("stashedAdmin");
        if (stash) {
          session.unset("stashedAdmin");
          restoreTokens(stash);
          await revoke();
        }
      } finally {
        clearTokens();
        session.unset("stashedAdmin");
      }
    },

    clearTokens,
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
