// Triage density (issue 30, ADR 033): at 1280 × 800 the inbox lists items as dense rows, ten or more
// above the fold, with each row's actions shown on hover and while the focus is in it; cards are a
// choice each account keeps (a plain form, so without JavaScript too).
import type { Page } from "@playwright/test";
import { expect, javaScriptEnabled, open, signIn, test } from "./fixtures";

/** Rows wholly inside the window. */
function rowsInView(page: Page): Promise<number> {
  return page
    .getByTestId("inbox-row")
    .evaluateAll(
      (rows) =>
        rows.filter(
          (row) => row.getBoundingClientRect().top >= 0 && row.getBoundingClientRect().bottom <= window.innerHeight,
        ).length,
    );
}

test.describe("inbox density", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("dense rows by default show ten items or more above the fold; cards are remembered per account after a reload @no-js", async ({
    page,
  }) => {
    // The two projects run at once: each switches an account of its own.
    await signIn(page, javaScriptEnabled() ? "sysadmin" : "admin");
    await open(page, "/inbox");
    const items = page.getByTestId("inbox-items");
    const rows = page.getByRole("button", { name: "Rows" });
    const cards = page.getByRole("button", { name: "Cards" });
    // Left by an earlier run of this journey, the account may show cards: start from the default.
    if ((await items.getAttribute("data-layout")) === "cards") {
      await rows.click();
      await expect(items).toHaveAttribute("data-layout", "rows");
    }
    await expect(rows).toHaveAttribute("aria-pressed", "true");
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(10);

    // The actions of a row show while the focus is in it.
    const actions = page.getByTestId("inbox-row").first().getByTestId("row-actions");
    await expect(actions).toHaveCSS("opacity", "0");
    await page.getByTestId("inbox-row").first().getByTestId("row-link").focus();
    await expect(actions).toHaveCSS("opacity", "1");

    await cards.click();
    await expect(items).toHaveAttribute("data-layout", "cards");
    await expect(cards).toHaveAttribute("aria-pressed", "true");
    expect(await rowsInView(page)).toBeLessThan(10);
    await page.reload();
    await expect(items).toHaveAttribute("data-layout", "cards");
    await expect(page.getByTestId("inbox-row").first().getByTestId("row-actions")).toHaveCSS("opacity", "1");

    await rows.click();
    await expect(items).toHaveAttribute("data-layout", "rows");
    await page.reload();
    await expect(items).toHaveAttribute("data-layout", "rows");
    expect(await rowsInView(page)).toBeGreaterThanOrEqual(10);
  });
});
