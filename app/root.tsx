import type { LinksFunction, LoaderFunctionArgs } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useFetchers,
  useNavigation,
} from "@remix-run/react";
import { useEffect, type ReactNode } from "react";
import { ToastMessage } from "./components/ui/toast";
import { routeErrorBoundary } from "./components/ui/route-error-boundary";
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
  // Any form sent (a page's or a keyed fetcher's) is a new question: its answer replaces the toast.
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const answering = navigation.state === "submitting" || fetchers.some((fetcher) => fetcher.state === "submitting");
  return (
    <>
      <Outlet />
      <ToastMessage toast={toast} answering={answering} />
    </>
  );
}

// An error no route below caught (or the shell's own): a whole page, since no layout is left.
export const ErrorBoundary = routeErrorBoundary({ variant: "page" });
