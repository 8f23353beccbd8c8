import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteError,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { MESSAGES } from "../domain/messages";
import { pageTitle } from "../domain/product";
import { ToastMessage } from "./components/ui/toast";
import { RefusalReason } from "./components/ui/refusal-reason";
import { ensureFormToken } from "./lib/csrf.server";
import { useNonce } from "./lib/nonce";
import { useHydrated } from "./lib/use-hydrated";
import { useRootData, type RootData } from "./lib/root-data";
import { takeToast } from "./lib/toast.server";
import stylesheet from "./tailwind.css";

export async function loader({ context }: LoaderFunctionArgs): Promise<RootData> {
  return {
    productName: context.settings.productName,
    appEnv: context.settings.appEnv,
    formToken: ensureFormToken(context),
    toast: takeToast(context),
  };
}

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: stylesheet },
  { rel: "icon", href: "/favicon.ico" },
];

export function Layout({ children }: { children: ReactNode }) {
  const nonce = useNonce();
  const hydrated = useHydrated();
  useEffect(() => {
    // Browser tests wait for this marker before interacting with enhanced widgets. Set once every
    // useHydrated() reads true: the hydrating commit's effects only ask for that render, so a marker
    // set then let a test click a form still lacking its `js` field (the templates pin flake).
    if (hydrated) document.documentElement.dataset.hydrated = "true";
  }, [hydrated]);
  return (
    <html lang="en" className="h-full">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body className="h-full">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const { toast } = useRootData();
  return (
    <>
      <Outlet />
      <ToastMessage toast={toast} />
    </>
  );
}

export function ErrorBoundary() {
  const error = useRouteError();
  const { productName } = useRootData();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main className="flex min-h-full flex-col items-center justify-center gap-4 px-4 text-center">
      <title>{pageTitle(notFound ? MESSAGES.pageNotFound : MESSAGES.somethingWentWrong, productName)}</title>
      <h1 className="text-2xl font-semibold">{notFound ? MESSAGES.pageNotFound : MESSAGES.somethingWentWrong}</h1>
      <RefusalReason />
      <a className="text-brand-600 underline" href="/">
        {MESSAGES.dashboard}
      </a>
    </main>
  );
}
