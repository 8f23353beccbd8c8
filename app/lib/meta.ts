import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "../../domain/product";
import { errorTitle } from "../components/ui/route-error-boundary";
import type { RootData } from "./root-data";

/**
 * A route's `meta`: the title '{route title} | {PRODUCT_NAME}' (the product name comes from the root
 * loader); on its error screen the error's own title ('Page not found', 'You are not allowed to do this.').
 */
export function titleMeta(routeTitle: string): MetaFunction {
  return ({ matches, error }) => [
    { title: pageTitle(error ? errorTitle(error) : routeTitle, (matches[0]?.data as RootData | undefined)?.productName) },
  ];
}
