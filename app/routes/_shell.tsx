import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData, type ShouldRevalidateFunction } from "@remix-run/react";
import { ShellLayout } from "../components/layout/shell-layout";
import { guardRoute } from "../lib/guard.server";
import { useRootData } from "../lib/root-data";
import { shellChangesBetween } from "../lib/shell-params";
import { loadShell } from "../lib/shell.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  return loadShell(account, request, context);
}

/**
 * Moving within a screen (filters, paging, the open item) keeps the shell's data: notifications arrive
 * live and every form post reloads it. An explicit revalidation (same address) reloads it too.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, formMethod, defaultShouldRevalidate }) => {
  if (formMethod && formMethod.toUpperCase() !== "GET") return defaultShouldRevalidate;
  if (currentUrl.href === nextUrl.href) return defaultShouldRevalidate;
  return shellChangesBetween(currentUrl, nextUrl) && defaultShouldRevalidate;
};

export default function ShellRoute() {
  const shell = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  return (
    <ShellLayout shell={shell} productName={productName}>
      <Outlet />
    </ShellLayout>
  );
}
