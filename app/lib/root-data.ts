import { useRouteLoaderData } from "@remix-run/react";
import type { Toast } from "./session.server";

export interface RootData {
  productName: string;
  appEnv: string;
  formToken: string;
  toast: Toast | null;
}

export function useRootData(): RootData {
  const data = useRouteLoaderData("root") as RootData | undefined;
  return data ?? { productName: "Earshot", appEnv: "local", formToken: "", toast: null };
}
