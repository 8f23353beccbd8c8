import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { pageTitle } from "../../../domain/product";
import { useRootData } from "../../lib/root-data";
import { TOPICS_PATH } from "../topics/format";
import { RefusalReason, refusalReason } from "./refusal-reason";

/**
 * What a route's error screen may word itself; everything else (the title per status, the reason of a
 * refusal, no details of an unexpected error) is the same on every route.
 */
interface RouteErrorOptions {
  /** The line under 'Page not found' when the 404 carries no reason of its own ('This topic does not exist…'). */
  notFound?: string;
  /** The way back; the dashboard when not given, none when null (the dashboard's own screen). */
  back?: { to: string; label: string } | null;
  /** A test id on the panel. */
  testId?: string;
  /** 'panel' inside a screen's layout (the default); 'page' for the root, which has no layout left. */
  variant?: "panel" | "page";
}

/**
 * The heading (and document title) of an error screen: 'Page not found' for a 404, the catalogue's
 * refusal for a 403 and a 401, the generic message for anything else (a thrown Error's details go to the
 * server log, never to the page).
 */
export function errorTitle(error: unknown): string {
  if (!isRouteErrorResponse(error)) return MESSAGES.somethingWentWrong;
  if (error.status === 404) return MESSAGES.pageNotFound;
  if (error.status === 403) return MESSAGES.forbidden;
  if (error.status === 401) return MESSAGES.unauthorized;
  return MESSAGES.somethingWentWrong;
}

/**
 * The line under a 404's title: the reason it was thrown with ('This label does not exist…'), unless it
 * is only the bare 'Not found', then the route's own wording (or nothing).
 */
export function notFoundDetail(error: unknown, fallback?: string): string | null {
  if (!isRouteErrorResponse(error) || error.status !== 404) return null;
  const thrown = typeof error.data === "string" ? error.data.trim() : "";
  if (thrown && thrown !== MESSAGES.notFound && thrown.toLowerCase() !== "not found") return thrown;
  return fallback ?? null;
}

const DASHBOARD_LINK = { to: "/", label: MESSAGES.dashboard };

/** Each screen's wording, shared by its layout route and the routes inside it. */
export const SCREEN_ERRORS = {
  channels: {
    notFound: MESSAGES.channelScreen.streamNotFound,
    back: { to: "/settings/channels", label: MESSAGES.channelScreen.backToChannels },
  },
  // An item or a source (stream, saved search, label) that does not exist, or is another tenant's (the
  // API answers 404 for both): the reason it was thrown with, and the sidebar stays.
  inbox: {
    notFound: MESSAGES.inboxActions.itemNotFound,
    back: { to: "/inbox", label: MESSAGES.inboxUi.backToInbox },
    testId: "inbox-error",
  },
  search: {
    notFound: MESSAGES.searches.searchNotFound,
    back: { to: "/search", label: MESSAGES.searchScreen.newSearch },
  },
  topics: {
    notFound: MESSAGES.searches.topicNotFound,
    back: { to: TOPICS_PATH, label: MESSAGES.topicsScreen.backToTopics },
  },
} satisfies Record<string, RouteErrorOptions>;

/** The one error screen every route renders (each route's ErrorBoundary is `routeErrorBoundary(...)`). */
function RouteErrorBoundary({ notFound, back = DASHBOARD_LINK, testId, variant = "panel" }: RouteErrorOptions) {
  const error = useRouteError();
  const { productName } = useRootData();
  const title = errorTitle(error);
  const detail = notFoundDetail(error, notFound);
  // A refusal thrown with the title's own words ('You are not allowed to do this.') is not said twice.
  const reason = refusalReason(error) === title ? null : <RefusalReason />;
  if (variant === "page") {
    // The root's screen links with a plain anchor: the way back loads a whole page afresh.
    return (
      <main className="flex min-h-full flex-col items-center justify-center gap-4 px-4 text-center" data-testid={testId}>
        <title>{pageTitle(title, productName)}</title>
        <h1 className="text-2xl font-semibold">{title}</h1>
        {detail ? <p className="text-sm text-slate-500">{detail}</p> : null}
        {reason}
        {back ? (
          <a className="text-brand-600 underline" href={back.to}>
            {back.label}
          </a>
        ) : null}
      </main>
    );
  }
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center" data-testid={testId}>
      <h2 className="text-xl font-semibold">{title}</h2>
      {detail ? <p className="mt-2 text-sm text-slate-500">{detail}</p> : null}
      {reason}
      {back ? (
        <Link to={back.to} className="mt-4 inline-block text-sm text-brand-600 underline">
          {back.label}
        </Link>
      ) : null}
    </div>
  );
}

/** A route's `export const ErrorBoundary = routeErrorBoundary({ ... })`. */
export function routeErrorBoundary(options: RouteErrorOptions = {}) {
  return function ErrorBoundary() {
    return <RouteErrorBoundary {...options} />;
  };
}
