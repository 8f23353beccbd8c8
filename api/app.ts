import { OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { MESSAGES } from "../domain/messages";
import type { ServiceDeps } from "../services/context";
import { withQueryTally } from "../services/diagnostics/query-timing";
import type { ApiEnv, ApiSettings } from "./env";
import { toNestedQuery } from "./lib/case";
import { checkResponsesAgainstSchemas } from "./lib/response-check";
import { authenticate, isOpenToAnonymous, requireCallerFirst, requireCsrfOnMutations } from "./middleware/auth";
import { limitBody, readTextUpTo } from "./middleware/body-limit";
import { REQUEST_BODY_LIMITS } from "../domain/request-limits";
import { handleApiError, refuseInput, type ErrorLogger } from "./middleware/errors";
import { registerAccountEventRoutes } from "./routes/account-events/account-events.handlers";
import { registerAccountRoutes } from "./routes/accounts/accounts.handlers";
import { registerAdminRoutes } from "./routes/admin/admin.handlers";
import { registerSsoRoutes } from "./routes/sso/sso.handlers";
import { registerInviteRoutes } from "./routes/invites/invites.handlers";
import { registerNotificationRoutes } from "./routes/notifications/notifications.handlers";
import { registerPasswordResetRoutes } from "./routes/password-reset/password-reset.handlers";
import { registerPreferenceRoutes } from "./routes/preferences/preferences.handlers";
import { registerTeamRoutes } from "./routes/teams/teams.handlers";
import { registerSessionRoutes } from "./routes/session/session.handlers";
import { registerIngestRoutes } from "./routes/sources/sources.handlers";
import { registerMutedKeywordRoutes } from "./routes/muted-keywords/muted-keywords.handlers";
import { registerSentimentRoutes } from "./routes/sentiment/sentiment.handlers";
import { registerStatusRoutes } from "./routes/statuses/statuses.handlers";
import { registerStreamRoutes } from "./routes/streams/streams.handlers";
import { registerQueryRoutes } from "./routes/queries/queries.handlers";
import { registerSearchRoutes } from "./routes/searches/searches.handlers";
import { registerPinRoutes } from "./routes/pins/pins.handlers";
import { registerTopicRoutes } from "./routes/topics/topics.handlers";
import { registerKeywordRoutes } from "./routes/keywords/keywords.handlers";
import { registerReplyRoutes } from "./routes/replies/replies.handlers";
import { registerFeedItemRoutes } from "./routes/feed-items/feed-items.handlers";
import { registerLabelRoutes } from "./routes/labels/labels.handlers";
import { registerRuleRoutes } from "./routes/rules/rules.handlers";
import { registerEmailReportRoutes } from "./routes/email-reports/email-reports.handlers";
import { registerAlertRoutes } from "./routes/alerts/alerts.handlers";
import { registerHelperRoutes } from "./routes/helper/helper.handlers";
import { registerModerationRoutes } from "./routes/moderation/moderation.handlers";
import { registerTemplateRoutes } from "./routes/templates/templates.handlers";
import { registerDashboardTextRoutes } from "./routes/dashboard-text/dashboard-text.handlers";
import { registerDashboardCountRoutes } from "./routes/dashboard/dashboard.handlers";
import { registerDashboardTemplateRoutes } from "./routes/dashboard-templates/dashboard-templates.handlers";
import { registerDashboardSharedLinkRoutes } from "./routes/dashboard-shared-links/dashboard-shared-links.handlers";
import { registerAnnotationRoutes } from "./routes/annotations/annotations.handlers";
import { registerDashboardFeedRoutes } from "./routes/dashboard-feeds/dashboard-feeds.handlers";
import { registerDashboardSelectorRoutes } from "./routes/dashboard-selector/dashboard-selector.handlers";

export interface ApiOptions {
  deps: ServiceDeps;
  settings: ApiSettings;
  logError: ErrorLogger;
  /**
   * Check every JSON answer against its route's response schema (ADR 027); on under the test runner.
   * A mismatch answers 500 and is logged, naming the route and the field.
   */
  checkResponses?: boolean;
}

export interface Api {
  /** Handles a request whose path starts with /api. */
  fetch(request: Request, env?: ApiEnv["Bindings"]): Promise<Response>;
  app: OpenAPIHono<ApiEnv>;
}

/** The REST API (Hono + zod contracts). The web app calls it in process; scripts call it over HTTP. */
export function createApi(options: ApiOptions): Api {
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result) => refuseInput(result),
  }).basePath("/api");
  if (options.checkResponses ?? process.env.VITEST === "true") checkResponsesAgainstSchemas(app);

  app.use("*", async (c, next) => {
    c.set("deps", options.deps);
    c.set("settings", options.settings);
    // Server-Timing: the store's share of each answer (its queries' count and time), for benches and
    // browsers' network panels.
    const started = performance.now();
    const { tally } = await withQueryTally(() => next());
    const total = performance.now() - started;
    try {
      c.res.headers.append("Server-Timing", `db;dur=${tally.ms.toFixed(1)};desc="${tally.queries} queries", app;dur=${total.toFixed(1)}`);
    } catch {
      // A response with immutable headers (a proxied one) goes out without the diagnostic.
    }
  });
  // Who is asking comes first (ADR 025): an anonymous request to a route that needs a caller is 401
  // before its body is read or validated, and every body is capped before anything reads it.
  app.use("*", authenticate);
  app.use("*", requireCallerFirst);
  app.use("*", limitBody);
  app.use("*", requireCsrfOnMutations);

  registerSessionRoutes(app);
  // Before the accounts routes: /v1/accounts/new must win over /v1/accounts/{id}.
  registerInviteRoutes(app);
  registerAccountRoutes(app);
  registerPreferenceRoutes(app);
  registerPasswordResetRoutes(app);
  registerTeamRoutes(app);
  registerAdminRoutes(app);
  registerSsoRoutes(app);
  registerRuleRoutes(app);
  registerEmailReportRoutes(app);
  registerAccountEventRoutes(app);
  registerNotificationRoutes(app);
  registerIngestRoutes(app);
  registerStreamRoutes(app);
  // Before /v1/statuses/{id}: "counts" is not an id.
  registerStatusRoutes(app);
  registerMutedKeywordRoutes(app);
  registerSentimentRoutes(app);
  registerQueryRoutes(app);
  registerSearchRoutes(app);
  registerPinRoutes(app);
  registerTopicRoutes(app);
  registerKeywordRoutes(app);
  // The inbox (ADR 014). Replies first: their /v1/feed-items/{id}/... paths have more segments, and
  // the feed-items module's fixed paths (assigned-to-me, count, drafts) come before its /{id}.
  registerReplyRoutes(app);
  registerFeedItemRoutes(app);
  registerLabelRoutes(app);
  registerAlertRoutes(app);
  registerHelperRoutes(app);
  registerModerationRoutes(app);
  registerTemplateRoutes(app);
  // The dashboard's configuration (ADR 015): fixed /v1/dashboard/templates paths before any widget path.
  registerDashboardTemplateRoutes(app);
  registerDashboardSharedLinkRoutes(app);
  registerAnnotationRoutes(app);
  registerDashboardFeedRoutes(app);
  registerDashboardSelectorRoutes(app);
  registerDashboardTextRoutes(app);
  registerDashboardCountRoutes(app);

  app.doc31("/v1/openapi.json", {
    openapi: "3.1.0",
    info: { title: `${options.deps.settings.productName} API`, version: "1" },
  });

  app.notFound((c: Context) => c.json({ error_message: MESSAGES.notFound }, 404));
  app.onError(handleApiError(options.logError));

  return {
    app,
    fetch: async (request, env = {}) => {
      const read = await undoMethodOverride(withoutTrailingSlash(request));
      if (read instanceof Response) return read;
      return app.fetch(read, env);
    },
  };
}

/**
 * The spec writes some paths with a trailing slash (`GET /v1/muted_keywords/`) and most without: every
 * route answers the same either way (docs/architecture.md "Paths"; ADR 035), so the slash is dropped
 * before routing, the way the web routes ignore it.
 */
function withoutTrailingSlash(request: Request): Request {
  const url = new URL(request.url);
  if (!/[^/]\/+$/.test(url.pathname)) return request;
  url.pathname = url.pathname.replace(/\/+$/, "");
  return new Request(url, { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" } as RequestInit);
}

/**
 * GET via POST (spec §7): a POST with `X-HTTP-Method-Override: GET` carries the query in its JSON
 * body; it becomes the GET it stands for, so routes, caching and CSRF treat it as a read.
 */
export async function undoMethodOverride(request: Request): Promise<Request | Response> {
  if (request.method !== "POST" || request.headers.get("x-http-method-override")?.toUpperCase() !== "GET") {
    return request;
  }
  // As for every request: no credentials at all on a route that needs them is 401 before the body is read.
  const anonymous = !request.headers.get("authorization");
  const apiPath = new URL(request.url).pathname.replace(/^\/api(?=\/|$)/, "");
  if (anonymous && !isOpenToAnonymous("GET", apiPath, request.headers.get("shared-link-code") ?? undefined)) {
    return Response.json({ error_message: MESSAGES.unauthorized }, { status: 401 });
  }
  const text = await readTextUpTo(request, REQUEST_BODY_LIMITS.jsonBytesMax);
  if (text === null) return Response.json({ error_message: MESSAGES.payloadTooLarge }, { status: 413 });
  let params: Record<string, unknown> = {};
  if (text.trim()) {
    try {
      // Only an object carries params; `null`, arrays and scalars are ignored like malformed JSON.
      const parsed = JSON.parse(text) as unknown;
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) params = parsed as Record<string, unknown>;
    } catch {
      params = {};
    }
  }
  const url = new URL(request.url);
  for (const [key, value] of toNestedQuery(params)) url.searchParams.append(key, value);
  const headers = new Headers(request.headers);
  headers.delete("content-type");
  headers.delete("content-length");
  headers.delete("x-http-method-override");
  return new Request(url, { method: "GET", headers });
}
