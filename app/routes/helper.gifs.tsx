import type { LoaderFunctionArgs } from "@remix-run/node";
import { searchGifsFor } from "../lib/gifs.server";
import { requireAccountOr401 } from "../lib/guard.server";

// The GIF picker's search with JavaScript (issue 27, ADR 042): GET /helper/gifs?q= gives the API's
// results (GET /v1/helper/gifs) or why there are none, for the picker to show without leaving the page.
// Without JavaScript the picker's GET form reloads the page it is on, whose loader searches.

export async function loader({ request, context }: LoaderFunctionArgs) {
  await requireAccountOr401(request, context);
  return searchGifsFor(context.api, new URL(request.url).searchParams.get("q") ?? "");
}
