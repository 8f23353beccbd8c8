import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { RefusalReason } from "../ui/refusal-reason";

/**
 * The search routes' ErrorBoundary: a search that does not exist (or that the user may not see) reads
 * 'Page not found' with a way back; anything else the generic message (details go to the server log).
 */
export function SearchRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center">
      <h2 className="text-xl font-semibold">{notFound ? MESSAGES.pageNotFound : MESSAGES.somethingWentWrong}</h2>
      {notFound ? <p className="mt-2 text-sm text-slate-500">{MESSAGES.searches.searchNotFound}</p> : null}
      <RefusalReason />
      <Link to="/search" className="mt-4 inline-block text-sm text-brand-600 underline">
        {MESSAGES.searchScreen.newSearch}
      </Link>
    </div>
  );
}
