import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { AuthLayout } from "../components/layout/auth-layout";
import { ShellLayout } from "../components/layout/shell-layout";
import { guardRoute } from "../lib/guard.server";
import { useRootData } from "../lib/root-data";
import { loadShell } from "../lib/shell.server";
import { titleMeta } from "../lib/meta";

/** Any other path: 'Page not found', in the default layout when signed in, the auth layout when not. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await guardRoute(request, context);
  return data({ shell: await loadShell(account, request, context) }, { status: 404 });
}

function NotFound() {
  return (
    <div className="py-12 text-center">
      <h1 className="text-2xl font-semibold">{MESSAGES.pageNotFound}</h1>
      <a href="/" className="mt-4 inline-block text-brand-600 underline">
        {MESSAGES.dashboard}
      </a>
    </div>
  );
}

export default function NotFoundRoute() {
  const { shell } = useLoaderData<typeof loader>();
  const { productName } = useRootData();
  if (!shell.account) {
    return (
      <AuthLayout productName={productName}>
        <NotFound />
      </AuthLayout>
    );
  }
  return (
    <ShellLayout shell={shell} productName={productName}>
      <NotFound />
    </ShellLayout>
  );
}

export const meta = titleMeta(MESSAGES.pageNotFound);
