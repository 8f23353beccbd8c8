import { Outlet, useLocation, useMatches } from "@remix-run/react";
import { AuthLayout } from "../components/layout/auth-layout";
import { useRootData } from "../lib/root-data";

/** What an auth-layout child declares: its header, possibly depending on the query (Sign Up needs tm). */
export interface AuthHandle {
  authHeader?: string | ((search: URLSearchParams) => string | undefined);
}

export default function AuthRoute() {
  const { productName } = useRootData();
  const location = useLocation();
  const leaf = useMatches().at(-1)?.handle as AuthHandle | undefined;
  const header =
    typeof leaf?.authHeader === "function" ? leaf.authHeader(new URLSearchParams(location.search)) : leaf?.authHeader;
  return (
    <AuthLayout productName={productName} header={header}>
      <Outlet />
    </AuthLayout>
  );
}
