import type { MetaFunction } from "@remix-run/node";
import { pageTitle } from "../../domain/product";
import type { RootData } from "./root-data";

/** A route's `meta`: the title '{route title} | {PRODUCT_NAME}' (the product name comes from the root loader). */
export function titleMeta(routeTitle: string): MetaFunction {
  return ({ matches }) => [{ title: pageTitle(routeTitle, (matches[0]?.data as RootData | undefined)?.productName) }];
}
