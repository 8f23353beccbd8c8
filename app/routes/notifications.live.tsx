import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import type { QueryToSend } from "../../domain/request-types";
import type { NotificationLiveQuerySchema } from "../../domain/schemas/notifications";
import { ApiError } from "../lib/api.server";
import { requireAccountOr401 } from "../lib/guard.server";

// The popover's live stream (a resource route): the API's server-sent events of the signed-in user's new
// notifications, passed through as they arrive. `after_id` is the newest one the page shows; a
// reconnecting EventSource's Last-Event-ID goes along, so nothing is missed or sent twice.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountOr401(request, context);
  const given = new URL(request.url).searchParams.get("after_id");
  const afterId = given && /^\d{1,15}$/.test(given) ? Number(given) : undefined;
  const lastEventId = request.headers.get("last-event-id");
  let upstream: Response;
  try {
    upstream = await context.api.stream("/v1/notifications/live", {
      query: { afterId } satisfies QueryToSend<typeof NotificationLiveQuerySchema>,
      signal: request.signal,
      headers: lastEventId ? { "last-event-id": lastEventId } : undefined,
    });
  } catch (error) {
    if (error instanceof ApiError) throw new Response(error.message, { status: error.status });
    throw error;
  }
  if (!upstream.body) throw new Response(MESSAGES.somethingWentWrong, { status: 502 });
  return new Response(upstream.body, {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
