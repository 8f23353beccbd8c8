// The composition root: database, services, API and the Remix app in one Hono server (docs/architecture.md).
import crypto from "node:crypto";
import path from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { createApi, type Api } from "../api/app";
import "../app/lib/load-context";
import { createApiClient, type ApiTransport } from "../app/lib/api.server";
import { newFormToken } from "../app/lib/csrf.server";
import { createWebSessionStorage, expireIdleSession, recordSessionActivity } from "../app/lib/session.server";
import { SESSION_ACTIVITY_RESOLUTION_MS, SESSION_IDLE_TIMEOUT_MS } from "../domain/request-limits";
import { openDatabase, type DatabaseHandle } from "../db/client";
import { migrateToLatest } from "../db/migrate";
import { createMailer, type Mailer } from "../services/mail/mailer";
import { createTranslator } from "../services/translate";
import { createOutboundRegistry, createWebhookCallbackConnector } from "../services/inbox/outbound";
import { createIngestPorts } from "../ingest";
import { startScheduler, type Scheduler } from "../jobs/scheduler";
import { markInterruptedImports } from "../services/mentions/imports";
import { createEventBus, type EventBus, type LiveEventsMode } from "../services/events/bus";
import { relayLiveEvents } from "../services/events/relay";
import type { ServiceDeps } from "../services/context";
import type { ServerConfig } from "./config";
import { createErrorTracker, type ErrorTracker } from "./error-tracker";
import { createLogger, describeError, type Logger } from "./logger";
import { guardFormPost } from "./form-guard";
import { createNonce, securityHeaders } from "./security-headers";
import { createSharedPageCache } from "./shared-page-cache";
import { flushQueuedAccountEvents } from "../services/account-events/record-account-event";

export interface EarshotOptions {
  config: ServerConfig;
  remixBuild: ServerBuild;
  logger?: Logger;
  database?: DatabaseHandle;
  mailer?: Mailer;
  now?: () => Date;
}

export interface Earshot {
  app: Hono<NodeBindings>;
  api: Api;
  database: DatabaseHandle;
  deps: ServiceDeps;
  logger: Logger;
  scheduler: Scheduler;
  events: EventBus;
  close(): Promise<void>;
}

interface NodeBindings {
  Bindings: { incoming?: { socket?: { remoteAddress?: string } } };
  Variables: { requestId: string; nonce: string };
}

const REQUEST_ID = /^[A-Za-z0-9._-]{8,100}$/;
const SAML_ACS_PATH = /^\/sso\/saml\/\d+\/acs$/;

export async function createEarshot(options: EarshotOptions): Promise<Earshot> {
  const { config } = options;
  const logger = options.logger ?? createLogger();
  const tracker: ErrorTracker = createErrorTracker(config.sentryDsn, logger);
  const database =
    options.database ?? openDatabase({ url: config.databaseUrl ?? path.join(config.dataDir, "app.db") });
  const applied = await migrateToLatest(database.db);
  if (applied.length) logger.info("migrations applied", { migrations: applied, engine: database.engine });

  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      outboxDir: path.join(config.dataDir, "outbox"),
      from: config.mailFrom,
      log: (message, fields) => logger.info(message, fields),
    });
  // Live events reach the other processes (ADR 043): by NOTIFY on PostgreSQL (other machines may share
  // it), through live_events on SQLite with several processes, not at all with one.
  const eventsMode: LiveEventsMode = database.engine === "postgres" ? "postgres" : config.webConcurrency > 1 ? "table" : "memory";
  const events = await createEventBus({
    db: database.db,
    mode: eventsMode,
    listen: database.listen,
    now: options.now,
    reportError: (error) => reportError(error, { context: "live events" }),
  });
  const deps: ServiceDeps = {
    db: database.db,
    events,
    now: options.now ?? (() => new Date()),
    mailer,
    settings: { publicUrl: config.publicUrl, productName: config.productName },
    ingest: createIngestPorts({ feedAllowlist: config.feedAllowlist, reviewBaseUrls: config.reviewBaseUrls, enrichInWorker: true }),
    translator: createTranslator({ translateUrl: config.translateUrl }),
    outbound: createOutboundRegistry([createWebhookCallbackConnector()]),
    reportError: (error) => reportError(error, { context: "background" }),
    leaseMs: config.jobLeaseSeconds * 1000,
    helper: {
      ...(config.helper.llmUrl ? { llmUrl: config.helper.llmUrl } : {}),
      ...(config.helper.llmModel ? { llmModel: config.helper.llmModel } : {}),
      llmTimeoutMs: config.helper.llmTimeoutMs,
      ...(config.helper.gifApiKey ? { gifApiKey: config.helper.gifApiKey } : {}),
      ...(config.helper.gifApiBaseUrl ? { gifApiBaseUrl: config.helper.gifApiBaseUrl } : {}),
    },
  };
  const stopRelay = relayLiveEvents(deps, events);
  const https = config.publicUrl.startsWith("https:");
  const reportError = (error: unknown, fields: Record<string, unknown> = {}) => {
    logger.error("unhandled error", { ...fields, ...describeError(error) });
    tracker.capture(error, fields);
  };
  const api = createApi({
    deps,
    settings: { trustProxy: config.trustProxy, secureCookies: https },
    logError: (error, c) => reportError(error, { requestId: c.req.header("x-request-id"), path: c.req.path }),
  });

  const sessions = createWebSessionStorage({ secret: config.sessionSecret, secure: https });
  const handleRemix = createRequestHandler(options.remixBuild, process.env.NODE_ENV ?? "production");
  const app = new Hono<NodeBindings>();

  const clientIpOf = (c: { req: { header(name: string): string | undefined }; env?: NodeBindings["Bindings"] }) => {
    if (config.trustProxy) {
      // As the API reads it (api/middleware/auth.ts): only the entry the trusted proxy appended, the
      // last one, can be relied on; the first is whatever the client sent (a forged one would
      // give every web login attempt a fresh throttle key).
      const forwarded = c.req.header("x-forwarded-for")?.split(",").at(-1)?.trim();
      if (forwarded) return forwarded;
    }
    return c.env?.incoming?.socket?.remoteAddress ?? null;
  };

  app.use("*", async (c, next) => {
    const started = performance.now();
    const incomingId = c.req.header("x-request-id");
    const requestId = incomingId && REQUEST_ID.test(incomingId) ? incomingId : crypto.randomUUID();
    const nonce = createNonce();
    c.set("requestId", requestId);
    c.set("nonce", nonce);
    await next();
    let res = c.res;
    try {
      res.headers.set("x-request-id", requestId);
    } catch {
      res = c.res = new Response(res.body, res);
      res.headers.set("x-request-id", requestId);
    }
    for (const [name, value] of Object.entries(securityHeaders(nonce, { https }))) res.headers.set(name, value);
    if (!isStaticAsset(c.req.path)) res.headers.set("cache-control", noStore(res.headers.get("cache-control")));
    if (!c.req.path.startsWith("/build/")) {
      logger.info("request", {
        requestId,
        method: c.req.method,
        path: c.req.path,
        status: res.status,
        durationMs: Math.round((performance.now() - started) * 10) / 10,
      });
    }
  });

  app.get("/healthz", async (c) => {
    try {
      await database.ping();
      return c.json({ status: "ok", database: database.engine });
    } catch (error) {
      reportError(error, { requestId: c.get("requestId"), path: "/healthz" });
      return c.json({ status: "unavailable", database: database.engine }, 503);
    }
  });

  // The spec's public prefix /n/ keeps working: old links land on the same path at the root.
  // The target always stays on this site: `/n//evil.example` must not become `//evil.example`.
  const fromPublicPrefix = (c: { req: { url: string }; redirect(location: string, status: 301): Response }) => {
    const url = new URL(c.req.url);
    const rest = url.pathname === "/n" ? "" : url.pathname.slice("/n/".length);
    return c.redirect(`/${rest.replace(/^[/\\]+/, "")}${url.search}`, 301);
  };
  app.all("/n", fromPublicPrefix);
  app.all("/n/*", fromPublicPrefix);

  app.all("/api/*", (c) => {
    const headers = new Headers(c.req.raw.headers);
    headers.set("x-request-id", c.get("requestId"));
    return api.fetch(new Request(c.req.raw, { headers }), c.env ?? {});
  });

  app.use("/build/*", compress());
  app.use(
    "/build/*",
    serveStatic({
      root: "./public",
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Only the files public/ really holds at its top level: every page request need not ask the disk.
  app.get("/favicon.ico", serveStatic({ path: "./public/favicon.ico" }));

  const transport: ApiTransport = config.apiUrl
    ? (request) => fetch(request)
    : (request) => api.fetch(request, {});

  // Anonymous views of shared dashboards, rendered once per process; the versions that keep them fresh
  // move on with every process's invalidations (ADR 043).
  const sharedPages = config.apiUrl ? null : createSharedPageCache(deps);

  app.all("*", async (c) => {
    const ticket = sharedPages ? await sharedPages.ticketOf(c.req.raw) : null;
    if (ticket) {
      // The viewer gets a session of their own holding the page's form token, as a render would give.
      const formToken = newFormToken();
      const cached = sharedPages!.read(ticket, { nonce: c.get("nonce"), formToken });
      if (cached) {
        const fresh = await sessions.getSession(null);
        fresh.set("formToken", formToken);
        cached.headers.append("Set-Cookie", await sessions.commitSession(fresh));
        return cached;
      }
    }
    // The identity provider's answer comes from its own site (SAML HTTP-POST binding); the API checks its
    // signature and that this browser started the sign-in (ADR 041).
    if (!["GET", "HEAD"].includes(c.req.method) && isCrossSite(c.req.raw) && !SAML_ACS_PATH.test(c.req.path)) {
      return c.text("Cross-site form posts are refused.", 403);
    }
    // Only a form, and a bounded one, reaches an action (ADR 025).
    const guarded = await guardFormPost(c.req.raw);
    if (guarded instanceof Response) return guarded;
    const request = guarded;
    const session = await sessions.getSession(request.headers.get("cookie"));
    const before = JSON.stringify(session.data);
    expireIdleSession(session, deps.now().getTime(), SESSION_IDLE_TIMEOUT_MS);
    const clientIp = clientIpOf(c);
    const requestId = c.get("requestId");
    const callerCache = new Map();
    const context: AppLoadContext = {
      requestId,
      cspNonce: c.get("nonce"),
      settings: { productName: config.productName, appEnv: config.appEnv, https },
      session,
      api: createApiClient({
        transport: config.apiUrl ? transport : (req) => api.fetch(req, { ...(clientIp ? { clientIp } : {}), callerCache }),
        baseUrl: config.apiUrl ?? "http://earshot.internal/api",
        session,
        request,
        requestId,
        clientIp,
        log: (message, fields) => logger.warn(message, { requestId, ...fields }),
      }),
      reportError: (error) => reportError(error, { requestId, path: c.req.path }),
    };
    let response = await handleRemix(request, context);
    // An anonymous render leaves nothing in the session but the form token it made: such a page is kept.
    const formToken = session.get("formToken");
    if (ticket && typeof formToken === "string" && JSON.stringify(session.data) === JSON.stringify({ formToken })) {
      response = await sharedPages!.write(ticket, { nonce: c.get("nonce"), formToken }, response);
    }
    recordSessionActivity(session, deps.now().getTime(), SESSION_ACTIVITY_RESOLUTION_MS);
    if (JSON.stringify(session.data) !== before) {
      const cookie = await sessions.commitSession(session);
      const headers = new Headers(response.headers);
      headers.append("Set-Cookie", cookie);
      return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    }
    return response;
  });

  // Only imports whose heartbeat is stale: another live process's imports keep running (ADR 043). The
  // scheduler's interrupted-imports job marks the ones that go stale later.
  const interrupted = await markInterruptedImports(deps);
  if (interrupted) logger.warn("imports interrupted by a stop", { count: interrupted });
  const scheduler = startScheduler(deps, {
    intervalMs: config.pollIntervalSeconds * 1000,
    onError: (error) => reportError(error, { context: "scheduler" }),
  });

  return {
    app,
    api,
    database,
    deps,
    logger,
    scheduler,
    events,
    close: async () => {
      await scheduler.stop();
      stopRelay();
      await events.close();
      await deps.ingest?.close?.();
      // The page views still queued (ADR 020) are stored before the database closes.
      await flushQueuedAccountEvents(deps.db);
      await database.close();
    },
  };
}

/** The build's fingerprinted files and public/'s favicon: the only answers a cache may keep. */
function isStaticAsset(path: string): boolean {
  return path.startsWith("/build/") || path === "/favicon.ico";
}

/**
 * Every other answer is `no-store` (ADR 025): pages and API answers carry a tenant's data (a stream's
 * page shows its ingest key), shared-link dashboards included. A `no-transform` asked for is kept.
 */
function noStore(current: string | null): string {
  return current && /\bno-transform\b/i.test(current) ? "no-store, no-transform" : "no-store";
}

/** A state-changing request from another site: the browser says so, or the Origin is not ours. */
function isCrossSite(request: Request): boolean {
  const site = request.headers.get("sec-fetch-site");
  if (site === "cross-site") return true;
  const origin = request.headers.get("origin");
  if (!origin || origin === "null") return origin === "null";
  try {
    return new URL(origin).host !== new URL(request.url).host;
  } catch {
    return true;
  }
}
