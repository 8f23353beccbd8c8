/** The product name shown in titles and e-mails; the `PRODUCT_NAME` setting overrides it. */
export const DEFAULT_PRODUCT_NAME = "Earshot";

/**
 * The document title: '{route title} | {product}' (spec §2). A blank route title gives the product
 * name alone; a blank product name falls back to the default.
 */
export function pageTitle(
  routeTitle: string,
  productName: string = DEFAULT_PRODUCT_NAME,
): string {
  const product = productName.trim() || DEFAULT_PRODUCT_NAME;
  const route = routeTitle.trim();
  return route ? `${route} | ${product}` : product;
}
