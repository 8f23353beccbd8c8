// The one API client (DESIGN.md): bearer + CSRF headers, Shared-Link-Code, snake_case requests,
// camelCase responses, GET via POST, and spec §8's 401 sequence (refresh, then the token endpoint,
// then sign out and go to login). Every loader and action talks to the API through it.
import { redirect } from "@remix-run/node";
import { loginLocation, safeRedirectPath } from "../../domain/navigation";
import { MESSAGES } from "../../domain/messages";
import { camelCaseKeys, snakeCaseKeys, toQueryString } from "./case";
import type { StashedTokens, WebSession } from "./session.server";
import type {
  ApiTopic,
  ApiTopicGroup,
  KeywordSuggestion,
  QueryValidation,
  TopicInput,
} from "../components/topics/types";
import type {
  ApiSearchFolder,
  ApiSearchItem,
  ApiSearchStatus,
  ApiStatusCounts,
  SearchFolderInput,
  SearchItemInput,
  StatusFilters,
  StatusOrderBy,
  StatusSearch,
} from "../components/search/types";

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
    /** The rest of the error body (e.g. the login's otp_token). */
    readonly details: Record<string, unknown> = {},
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
}

export interface CallOptions {
  query?: Record<string, unknown>;
  body?: unknown;
  /** GET via POST: a POST with X-HTTP-Method-Override: GET and the params as JSON body. */
  viaPost?: boolean;
  /** Leave keys as they are (spec: "unless formatting is switched off for a call"). */
  raw?: boolean;
}

export interface Account {
  id: number;
  role: 0 | 1 | 2 | 4;
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  permissions: Record<string, Record<string, Record<string, number>>>;
  state: number;
  teams: Array<{ id: number; name: string }>;
  businessProfile: { id: number; name: string; logoUrl: string | null; timeZone: string; activeAccountsCount: number };
  preferences: {
    ui: { defaultDashboardStreams: number[] };
    security: { twoFactorAuthorization: { otpEnabled: boolean } };
    general: { urlWarning: boolean; reviewOnReply: boolean; directEmailToNetwork: boolean };
  };
  isAccountOvertaken: boolean;
}

/** A colleague's account as `GET /v1/accounts` gives it to everyone (admins get the whole Account; ADR 019). */
export type Member = Pick<Account, "id" | "role" | "email" | "firstName" | "lastName" | "avatarUrl" | "state" | "teams">;

interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

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
    if (payload !== undefined && (method !== "GET" || viaPost)) {
      h.set("content-type", "application/json");
      body = JSON.stringify(call.raw ? payload : snakeCaseKeys(payload));
    }
    if (viaPost) h.set("x-http-method-override", "GET");
    return options.transport(
      new Request(url(path, viaPost ? undefined : call.query, call.raw), {
        method: viaPost ? "POST" : method,
        headers: h,
        body,
      }),
    );
  }

  async function errorFrom(response: Response): Promise<ApiError> {
    const body = (await response.json().catch(() => null)) as {
      error_message?: string;
      description?: string;
      errors?: Record<string, string[]>;
    } | null;
    const message = body?.error_message || body?.description || MESSAGES.somethingWentWrong;
    return new ApiError(
      response.status,
      message,
      body?.errors ?? {},
      camelCaseKeys(body ?? {}) as Record<string, unknown>,
    );
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
    const result = camelCaseKeys(await response.json()) as TokenPair & { account: Account; csrfToken: string };
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
          const pair = camelCaseKeys(await response.json()) as TokenPair & { accountId: number };
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

  async function call<T>(method: string, path: string, opts: CallOptions = {}): Promise<T> {
    const expiresAt = session.get("accessTokenExpiresAt");
    if (session.get("accessToken") && expiresAt && Date.parse(expiresAt) - EARLY_REFRESH_MS < now()) {
      await renewTokens();
    }
    let response = await send(method, path, opts);
    if (response.status === 401 && session.get("accessToken") && !NO_REDIRECT_PATHS.test(path.split("?")[0]!)) {
      if (await renewTokens()) {
        response = await send(method, path, opts);
      } else {
        options.log(MESSAGES.tokenGenerationFailed, { path });
        clearTokens();
        throw redirect(loginLocation(pageUrl.pathname + pageUrl.search));
      }
    }
    if (!response.ok) {
      const error = await errorFrom(response);
      if (response.status >= 500) options.log("api error", { path, status: response.status, message: error.message });
      throw error;
    }
    if (response.status === 204) return undefined as T;
    const json = (await response.json()) as unknown;
    return (opts.raw ? json : camelCaseKeys(json)) as T;
  }

  /**
   * An API text/event-stream, answered as it arrives (never buffered). Tokens near expiry are renewed
   * first; a 401 renews and retries once, or signs out as `call` does.
   */
  async function openEventStream(
    path: string,
    query: Record<string, unknown>,
    signal?: AbortSignal,
    extraHeaders?: Record<string, string>,
  ): Promise<Response> {
    const expiresAt = session.get("accessTokenExpiresAt");
    if (session.get("accessToken") && expiresAt && Date.parse(expiresAt) - EARLY_REFRESH_MS < now()) await renewTokens();
    const open = () => {
      const h = headers("GET", true);
      h.set("accept", "text/event-stream");
      for (const [name, value] of Object.entries(extraHeaders ?? {})) h.set(name, value);
      return options.transport(new Request(url(path, query), { method: "GET", headers: h, signal }));
    };
    let response = await open();
    if (response.status === 401 && session.get("accessToken")) {
      if (!(await renewTokens())) {
        options.log(MESSAGES.tokenGenerationFailed, { path });
        clearTokens();
        throw redirect(loginLocation(pageUrl.pathname + pageUrl.search));
      }
      response = await open();
    }
    if (!response.ok) throw await errorFrom(response);
    return response;
  }

  return {
    get: <T>(path: string, opts?: Omit<CallOptions, "body">) => call<T>("GET", path, opts),
    getViaPost: <T>(path: string, params: Record<string, unknown>) =>
      call<T>("GET", path, { query: params, viaPost: true }),
    post: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("POST", path, { ...opts, body }),
    put: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PUT", path, { ...opts, body }),
    patch: <T>(path: string, body?: unknown, opts?: CallOptions) => call<T>("PATCH", path, { ...opts, body }),
    delete: <T>(path: string, opts?: CallOptions) => call<T>("DELETE", path, opts),

    /**
     * POST a streamed body (a file import) as it arrives, never buffered. A stream cannot be sent
     * twice, so instead of retrying after a 401 the tokens are renewed first when near expiry; a
     * 401 still met then renews for the next request (or signs out, as `call` does) and is thrown.
     */
    async upload<T>(
      path: string,
      upload: { query?: Record<string, unknown>; body: ReadableStream<Uint8Array>; contentType: string },
    ): Promise<T> {
      const expiresAt = session.get("accessTokenExpiresAt");
      if (session.get("accessToken") && expiresAt && Date.parse(expiresAt) - EARLY_REFRESH_MS < now())
        await renewTokens();
      const h = headers("POST", true);
      h.set("content-type", upload.contentType);
      // `duplex: "half"` is what fetch (undici) requires of a request whose body is a stream.
      const init: RequestInit & { duplex: "half" } = { method: "POST", headers: h, body: upload.body, duplex: "half" };
      const response = await options.transport(new Request(url(path, upload.query), init));
      if (response.status === 401 && session.get("accessToken") && !(await renewTokens())) {
        options.log(MESSAGES.tokenGenerationFailed, { path });
        clearTokens();
        throw redirect(loginLocation(pageUrl.pathname + pageUrl.search));
      }
      if (!response.ok) {
        const error = await errorFrom(response);
        if (response.status >= 500) options.log("api error", { path, status: response.status, message: error.message });
        throw error;
      }
      return camelCaseKeys(await response.json()) as T;
    },

    /**
     * A GET (via POST when asked) whose answer is not JSON (a .csv download): the Response as the API
     * sends it, for the caller to stream on. Tokens near expiry are renewed first; a 401 renews and
     * retries once, or signs out as `call` does; a refusal is thrown as an ApiError.
     */
    async download(path: string, opts: Omit<CallOptions, "body"> = {}): Promise<Response> {
      const expiresAt = session.get("accessTokenExpiresAt");
      if (session.get("accessToken") && expiresAt && Date.parse(expiresAt) - EARLY_REFRESH_MS < now()) await renewTokens();
      let response = await send("GET", path, opts);
      if (response.status === 401 && session.get("accessToken")) {
        if (!(await renewTokens())) {
          options.log(MESSAGES.tokenGenerationFailed, { path });
          clearTokens();
          throw redirect(loginLocation(pageUrl.pathname + pageUrl.search));
        }
        response = await send("GET", path, opts);
      }
      if (!response.ok) throw await errorFrom(response);
      return response;
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
    async signIn(input: { email: string; password?: string; otp_code?: string; otp_token?: string }): Promise<Account> {
      return adoptOpenedSession(await send("POST", "/v1/session", { body: input, raw: true }, false));
    },

    /**
     * POST /v1/admin/accounts/takeover: the admin's own tokens are stashed in the session and the
     * taken-over account's tokens used until endTakeover restores them.
     */
    async startTakeover(target: { accountId?: number; businessProfileId?: number }): Promise<Account> {
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

    // ── Topics and topic groups (spec analytics §7), for the /topics screens ──────────────────────
    listTopics: async (filter: { topicGroupId?: number } = {}): Promise<ApiTopic[]> =>
      (await call<{ data: ApiTopic[] }>("GET", "/v1/topics", { query: filter })).data,
    getTopic: (id: number) => call<ApiTopic>("GET", `/v1/topics/${id}`),
    /**
     * Spec analytics §4: a topic is first created, then at once updated with its query, entity type
     * and ids. Should the update be refused, the half-made topic is deleted again, so the form can be
     * sent once more without meeting its own name.
     */
    async createTopic(input: TopicInput): Promise<ApiTopic> {
      const { name, type, topicGroupId, keywords, query } = input;
      const created = await call<ApiTopic>("POST", "/v1/topics", {
        body: { name, type, topicGroupId, keywords, query },
      });
      try {
        return await call<ApiTopic>("PUT", `/v1/topics/${created.id}`, {
          body: { ...created, query, entityType: input.entityType, entityIds: input.entityIds },
        });
      } catch (error) {
        await call("DELETE", `/v1/topics/${created.id}`).catch(() => undefined);
        throw error;
      }
    },
    updateTopic: (id: number, input: TopicInput) => call<ApiTopic>("PUT", `/v1/topics/${id}`, { body: input }),
    deleteTopic: (id: number) => call<void>("DELETE", `/v1/topics/${id}`),
    moveTopic: (id: number, topicGroupId: number | null) =>
      call<ApiTopic>("PUT", `/v1/topics/move/${id}`, { body: { topicGroupId } }),
    listTopicGroups: async (): Promise<ApiTopicGroup[]> =>
      (await call<{ data: ApiTopicGroup[] }>("GET", "/v1/topic_groups")).data,
    createTopicGroup: (name: string) => call<ApiTopicGroup>("POST", "/v1/topic_groups", { body: { name } }),
    renameTopicGroup: (id: number, name: string) =>
      call<ApiTopicGroup>("PUT", `/v1/topic_groups/${id}`, { body: { name } }),
    deleteTopicGroup: (id: number, removeTopics: boolean) =>
      call<void>("DELETE", `/v1/topic_groups/${id}`, { query: { removeTopics } }),
    /** Words of the stored mentions starting like `word`, at most `limit` (spec analytics §9: 10). */
    suggestKeywords: async (word: string, limit: number): Promise<KeywordSuggestion[]> =>
      (await call<{ data: KeywordSuggestion[] }>("GET", "/v1/keywords", { query: { word, limit } })).data,
    validateQuery: (query: string) => call<QueryValidation>("POST", "/v1/queries/validate", { body: { query } }),

    // ── Live Search (/search): saved searches and folders, their results, live matches ───────────
    listSearchFolders: async (): Promise<ApiSearchFolder[]> =>
      (await call<{ data: ApiSearchFolder[] }>("GET", "/search/folders")).data,
    createSearchFolder: (input: SearchFolderInput) => call<ApiSearchFolder>("POST", "/search/folders", { body: input }),
    deleteSearchFolder: (id: number) => call<void>("DELETE", `/search/folders/${id}`),
    toggleSearchFolderPin: (id: number) => call<{ pinned: boolean }>("POST", `/search/folders/${id}/toggle-pin`),
    listSearchItems: async (): Promise<ApiSearchItem[]> =>
      (await call<{ data: ApiSearchItem[] }>("GET", "/search/items")).data,
    getSearchItem: (id: number) => call<ApiSearchItem>("GET", `/search/items/${id}`),
    createSearchItem: (input: SearchItemInput) => call<ApiSearchItem>("POST", "/search/items", { body: input }),
    /** Any of the fields; `folderId` alone moves it (within its section). */
    updateSearchItem: (id: number, input: Partial<SearchItemInput>) =>
      call<ApiSearchItem>("PUT", `/search/items/${id}`, { body: input }),
    deleteSearchItem: (id: number) => call<void>("DELETE", `/search/items/${id}`),
    toggleSearchItemPin: (id: number) => call<{ pinned: boolean }>("POST", `/search/items/${id}/toggle-pin`),
    /** GET /v1/statuses: a page of what a query (or a saved search's stored matches) finds. */
    searchStatuses: async (params: StatusSearch & { orderBy: StatusOrderBy; offset: number; limit: number }) =>
      (
        await call<{ data: ApiSearchStatus[] }>("GET", "/v1/statuses", {
          query: { ...params, direction: "desc", filters: statusFiltersParam(params.filters) },
        })
      ).data,
    searchStatusCounts: (params: StatusSearch) =>
      call<ApiStatusCounts>("GET", "/v1/statuses/counts", {
        query: { ...params, filters: statusFiltersParam(params.filters) },
      }),
    /**
     * GET /v1/statuses/live: the API's text/event-stream of new matches, for the caller to relay as it
     * arrives (never buffered). `signal` ends the upstream stream when the browser goes away.
     */
    openLiveStatuses(params: StatusSearch & { searchItemId?: number }, signal?: AbortSignal): Promise<Response> {
      return openEventStream("/v1/statuses/live", { ...params, filters: statusFiltersParam(params.filters) }, signal);
    },
    /**
     * GET /v1/notifications/live: the caller's new notifications as server-sent events, those after
     * `afterId` (what the page shows) or the browser's Last-Event-ID first.
     */
    openLiveNotifications(params: { afterId?: number; lastEventId?: string | null }, signal?: AbortSignal): Promise<Response> {
      const lastEventId = params.lastEventId ? { "last-event-id": params.lastEventId } : undefined;
      return openEventStream("/v1/notifications/live", { afterId: params.afterId }, signal, lastEventId);
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/**
 * The `filters` JSON of the statuses calls: its keys snake_case like every parameter; `groups` as the
 * shared QueryGroupsSchema (domain/query) reads them, which is how the API parses that part of the JSON.
 */
function statusFiltersParam(filters: StatusFilters): string {
  const { groups, ...rest } = filters;
  return JSON.stringify({ ...(snakeCaseKeys(rest) as Record<string, unknown>), ...(groups ? { groups } : {}) });
}
