import type { LoaderFunctionArgs } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import { QueryGroupsSchema } from "../../domain/query";
import type { QueryToSend } from "../../domain/request-types";
import type { StatusLiveQuerySchema } from "../../domain/schemas/statuses";
import { relayLiveStatuses } from "./search.live.server";
import { adHocSearch } from "./_shell.search.server";
import type { QueryGroup } from "../components/search/types";
import { ApiError } from "../lib/api.server";
import { statusQuery } from "../lib/status-query";
import { requireAccountOr401 } from "../lib/guard.server";

// Flow mode's event stream (a resource route): the API's live matches of a saved search
// (?search_item_id=) or of a query being tried (?q=&groups=), for the signed-in user, relayed through
// the API client as they arrive, each mention ready for the results list.

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccountOr401(request, context);
  const url = new URL(request.url);
  const itemId = Number(url.searchParams.get("search_item_id"));
  const query = url.searchParams.get("q")?.trim() ?? "";
  let groups: QueryGroup[] = [];
  try {
    const parsed = QueryGroupsSchema.safeParse(JSON.parse(url.searchParams.get("groups") ?? "[]"));
    if (parsed.success) groups = parsed.data;
  } catch {
    groups = [];
  }
  const params =
    Number.isInteger(itemId) && itemId > 0 ? { searchItemId: itemId, filters: {} } : query ? adHocSearch(query, groups) : null;
  if (!params) throw new Response(MESSAGES.badRequest, { status: 400 });

  let upstream: Response;
  try {
    upstream = await context.api.stream("/v1/statuses/live", { query: statusQuery(params) satisfies QueryToSend<typeof StatusLiveQuerySchema>, signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError) throw new Response(error.message, { status: error.status });
    throw error;
  }
  if (!upstream.body) throw new Response(MESSAGES.somethingWentWrong, { status: 502 });
  return new Response(relayLiveStatuses(upstream.body, account.businessProfile.timeZone), {
    headers: {
      "content-type": "text/event-stream; charset=utf-8",
      "cache-control": "no-cache, no-transform",
      "x-accel-buffering": "no",
    },
  });
}
