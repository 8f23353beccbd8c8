import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { canReadSearches } from "../components/search/access";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { SearchPage } from "../components/search/search-page";
import { handleSearchAction, loadSearchPage, SEARCH_PATH } from "./_shell.search.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";

// A new, unsaved search (contextType 6, spec core §9): write a query, see what it finds, save it.
export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  // Without access the layout says so; nothing is asked of the API.
  if (!canReadSearches(account)) return null;
  return loadSearchPage(request, context, account, null);
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  return handleSearchAction(request, context, null);
}

/** The live query check posts to /search/lint: nothing on this page changes, so nothing is reloaded. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction?.startsWith(`${SEARCH_PATH}/lint`) ? false : defaultShouldRevalidate;

export default function NewSearchRoute() {
  const data = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  return data ? <SearchPage data={data} actionData={actionData} /> : null;
}

export const meta = titleMeta(MESSAGES.liveSearch);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.search);
