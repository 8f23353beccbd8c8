import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { pageTitle } from "../../domain/product";
import { canReadSearches } from "../components/search/access";
import { errorTitle, routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { SearchPage } from "../components/search/search-page";
import { handleSearchAction, loadSearchPage, SEARCH_PATH } from "./_shell.search.server";
import { recordIdOr404 } from "../lib/not-found.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import type { RootData } from "../lib/root-data";

// A saved search: its definition in the editor, its stored matches (with the backfill's progress while
// it is applied to older mentions), and flow mode on what it matches from now on.
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const id = recordIdOr404(params.itemId);
  recordPageView(request, context, account);
  // Without access the layout says so; nothing is asked of the API.
  if (!canReadSearches(account)) return null;
  return loadSearchPage(request, context, account, id);
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAccount(request, context);
  return handleSearchAction(request, context, recordIdOr404(params.itemId));
}

/** The live query check posts to /search/lint: nothing on this page changes, so nothing is reloaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith(`${SEARCH_PATH}/lint`) ? false : defaultShouldRevalidate;

export default function SavedSearchRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return data ? <SearchPage data={data} actionData={actionData} /> : null;
}

/** '{search name} | {PRODUCT_NAME}'; the error's own title on the error screen ('Page not found', a 403's refusal). */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  {
    title: pageTitle(error ? errorTitle(error) : (data?.item?.name ?? MESSAGES.pageNotFound), (matches[0]?.data as RootData | undefined)?.productName),
  },
];

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.search);
