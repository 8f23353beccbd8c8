import { redirect, type AppLoadContext } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import { decideNavigation, loginLocation, matchRouteRule } from "../../domain/navigation";
import type { BodyToSend } from "../../domain/request-types";
import type { AccountEventBodySchema } from "../../domain/schemas/account-events";
import { ApiError, type Account } from "./api.server";

/**
 * The navigation guard, run by every loader and action of a guarded route (nested loaders run in
 * parallel, so a parent's check does not protect its children). Returns the signed-in account, or
 * null where anonymous access is allowed; otherwise throws the redirect the spec asks for.
 */
export async function guardRoute(request: Request, context: AppLoadContext): Promise<Account | null> {
  const url = new URL(request.url);
  const account = await currentAccountOrNull(request, context);
  const decision = decideNavigation({
    pathname: url.pathname,
    search: url.search,
    user: account ? { role: account.role } : null,
    appEnv: context.settings.appEnv,
  });
  if (decision.kind === "redirect") throw redirect(decision.location);
  return account;
}

/** Like guardRoute, but the route needs a signed-in account (actions of protected screens). */
export async function requireAccount(request: Request, context: AppLoadContext): Promise<Account> {
  const account = await guardRoute(request, context);
  if (!account) {
    const url = new URL(request.url);
    throw redirect(loginLocation(url.pathname + url.search));
  }
  return account;
}

/**
 * An address a page's script calls rather than the browser navigating to it (the live streams, and the
 * JSON routes it calls with `fetch`): signed out, it answers 401 instead of sending to /login. An
 * EventSource and `fetch` follow redirects, and the login page they fetched would give a browser without
 * a cookie a new session, whose form token no longer matches the login form it shows. The body is JSON
 * with `error`, as those routes' other refusals are; the page's next navigation goes to /login.
 */
export async function requireAccountOr401(request: Request, context: AppLoadContext): Promise<Account> {
  const account = await currentAccountOrNull(request, context);
  if (!account) throw Response.json({ error: MESSAGES.unauthorized }, { status: 401 });
  return account;
}

async function currentAccountOrNull(request: Request, context: AppLoadContext): Promise<Account | null> {
  if (!context.api.isSignedIn()) return null;
  try {
    return await context.api.currentAccount();
  } catch (error) {
    // Validation failed: clear the user; a non-guest route then sends to /login (spec core §2).
    if (error instanceof ApiError && (error.status === 401 || error.status === 404)) {
      context.api.clearTokens();
      return null;
    }
    // The client could not renew the tokens (spec §8) and has already forgotten them: the visitor is
    // now anonymous, and the decision is the guard's (a guest-only or shared-link page stays open;
    // a protected one still goes to /login with redirectFrom).
    if (error instanceof Response && !context.api.isSignedIn()) return null;
    throw error;
  }
}

/**
 * Records a page view as an account event (no third party); never delays or breaks the page. Queued
 * (`Prefer: respond-async`): the API stores the views of a second in one statement, with the time each
 * was made (ADR 020, 2026-11-29).
 */
export function recordPageView(request: Request, context: AppLoadContext, account: Account | null): void {
  if (!account || request.method !== "GET") return;
  const url = new URL(request.url);
  const rule = matchRouteRule(url.pathname);
  context.api
    .post(
      "/v1/account_events",
      {
        actionType: "page_view",
        eventType: "navigation",
        actionModule: rule?.path ?? url.pathname,
      } satisfies BodyToSend<typeof AccountEventBodySchema>,
      { headers: { prefer: "respond-async" } },
    )
    .catch((error: unknown) => context.reportError(error));
}
