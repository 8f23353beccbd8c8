import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { RefusalReason } from "../ui/refusal-reason";

const CHANNEL_LABELS = MESSAGES.channelScreen;

/**
 * The channels routes' ErrorBoundary: inside the settings layout, a missing stream reads 'Page not
 * found' with a way back; anything else the generic message (details go to the server log).
 */
export function ChannelsRouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="rounded-lg border border-slate-200 bg-white px-4 py-10 text-center">
      <h2 className="text-xl font-semibold">{notFound ? MESSAGES.pageNotFound : MESSAGES.somethingWentWrong}</h2>
      {notFound ? <p className="mt-2 text-sm text-slate-500">{CHANNEL_LABELS.streamNotFound}</p> : null}
      <RefusalReason />
      <Link to="/settings/channels" className="mt-4 inline-block text-sm text-brand-600 underline">
        {CHANNEL_LABELS.backToChannels}
      </Link>
    </div>
  );
}
