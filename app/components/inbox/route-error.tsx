import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { RefusalReason } from "../ui/refusal-reason";

/**
 * The inbox routes' ErrorBoundary: an item or a source (stream, saved search, label) that does not exist
 * (or belongs to another tenant: the API answers 404 for both) reads 'Page not found' with the reason and
 * a way back; anything else the generic message.
 */
export function InboxRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const reason =
    notFound && typeof error.data === "string" && error.data.trim() ? error.data : MESSAGES.inboxActions.itemNotFound;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center" data-testid="inbox-error">
      <h2 className="text-xl font-semibold">{notFound ? MESSAGES.pageNotFound : MESSAGES.somethingWentWrong}</h2>
      {notFound ? <p className="mt-2 text-sm text-slate-500">{reason}</p> : null}
      <RefusalReason />
      <Link to="/inbox" className="mt-4 inline-block text-sm text-brand-600 underline">
        {MESSAGES.inboxUi.backToInbox}
      </Link>
    </div>
  );
}
