import { isRouteErrorResponse, useLocation, useRouteError } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";

/**
 * What a refusal thrown with a catalogue message says (a form posted with a stale token: 'Invalid or
 * missing CSRF token.'), for a 4xx other than 404 (which every boundary words itself); null otherwise.
 * Server errors stay generic: their details go to the server log.
 */
export function refusalReason(error: unknown): string | null {
  if (!isRouteErrorResponse(error) || error.status < 400 || error.status >= 500 || error.status === 404) return null;
  return typeof error.data === "string" && error.data.trim() ? error.data : null;
}

/**
 * An error boundary's reason line and a way to try again: the same address loaded afresh, whose forms
 * then carry this session's token. Renders nothing for errors without a reason to show.
 */
export function RefusalReason() {
  const reason = refusalReason(useRouteError());
  const location = useLocation();
  if (!reason) return null;
  return (
    <p className="mt-2 text-sm text-slate-600" data-testid="refusal-reason">
      {reason}{" "}
      <a href={`${location.pathname}${location.search}`} className="text-brand-600 underline">
        {MESSAGES.tryAgain}
      </a>
    </p>
  );
}
