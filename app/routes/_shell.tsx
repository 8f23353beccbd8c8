import type { LoaderFunctionArgs } from "@remix-run/node";
import { Outlet, useLoaderData } from "@remix-run/react";
import { ShellLayout } from "../components/layout/shell-layout";
import { guardRoute } from "../lib/guard.server";
import { useRootData } from "../lib/root-data";
import { loadShell } from "../lib/shell.server";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  return loadShell(account, request, context);
}

export default function ShellRoute() {
  const shell = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  return (
    <ShellLayout shell={shell} productName={productName}>
      <Outlet />
    </ShellLayout>
  );
}
