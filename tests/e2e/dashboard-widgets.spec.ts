// The dashboard widgets (issue 7 part E, ADR 015) through /charts, which shows one widget at full size:
// every widget's numbers are in the server's HTML (readable without JavaScript), the CSV download
// neutralises formula-like cells, drill-down opens the mentions behind a row, the chart chunk's
// timeout shows the chunk-load error, and /charts exports PNG and CSV. Runs with JavaScript, and without it where tagged @no-js (ADR 023).
import fs from "node:fs";
import { WIDGET_IDS, WIDGET_TITLES } from "../../domain/dashboard";
import { CHUNK_LOAD_TIMEOUT_MS } from "../../domain/constants";
import { csvCell } from "../../domain/csv";
import { MESSAGES } from "../../domain/messages";
import { expect, javaScriptEnabled, open, signIn, test } from "./fixtures";

const T = MESSAGES.widgetsUi;

test.describe("dashboard widgets", () => {
  test.beforeEach(async ({ page }) => {
    await signIn(page, "admin");
  });

  test("every widget renders its numbers on the server @no-js", async ({ page }) => {
    for (const widgetId of WIDGET_IDS) {
      const response = await page.request.get(`/charts?widgetId=${widgetId}&period=30d`);
      expect(response.status(), widgetId).toBe(200);
      const html = await response.text();
      // The widget's card with its table (or its no-data line), never its error.
      expect(html, widgetId).toContain(`data-testid="widget-${widgetId}"`);
      expect(html, widgetId).not.toContain(T.widgetFailed("").slice(0, 20));
      expect(html.includes('data-testid="widget-table"') || html.includes(T.noWidgetData), widgetId).toBe(true);
    }
    // The page itself shows the chosen widget's rows.
    await open(page, "/charts?widgetId=keywords-cloud&period=30d");
    const card = page.getByTestId("widget-keywords-cloud");
    await expect(card.getByRole("heading", { name: WIDGET_TITLES["keywords-cloud"] })).toBeVisible();
    await expect(card.locator("[data-testid=widget-table] tbody tr").first()).toBeAttached();
    if (javaScriptEnabled()) await expect(card.getByTestId("chart").locator("svg").first()).toBeVisible();
  });

  test("the CSV download neutralises formula-like cells", async ({ page }) => {
    await open(page, "/charts?widgetId=most-impactful-posts&period=30d");
    const card = page.getByTestId("widget-most-impactful-posts");
    await expect(card.locator("[data-testid=widget-table] tbody tr").first()).toBeVisible();
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: T.downloadCsv(WIDGET_TITLES["most-impactful-posts"]) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^most-impactful-posts_.*\.csv$/);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    const [header, ...rows] = csv.trim().split("\r\n");
    // One format for every widget (ADR 036): snake_case headers, the context first.
    expect(header).toBe("context,id,created_at,network,author,sentiment,impact_score,text,post_url");
    expect(rows.length).toBeGreaterThan(0);
    // Each post of the table is in the file as the one CSV writer writes it: = + - @ lead only behind an apostrophe.
    const posts = await card.locator("[data-testid=widget-table] tbody tr td:first-child").allTextContents();
    for (const post of posts) expect(csv).toContain(csvCell(post));
    for (const row of rows) expect(row.replace(/^"/, "")).not.toMatch(/^[=+\-@\t]/);
    // The demo's posts that start with '@' (a reply) are kept as text.
    const risky = posts.filter((post) => /^[=+\-@]/.test(post));
    for (const post of risky) expect(csvCell(post)).toMatch(/^"?'/);
  });

  test("the trending keywords' CSV comes from the API's .csv variant", async ({ page }) => {
    await open(page, "/charts?widgetId=trending-label&period=30d");
    const card = page.getByTestId("widget-trending-label");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: T.downloadCsv(WIDGET_TITLES["trending-label"]) }).click(),
    ]);
    const csv = fs.readFileSync((await download.path())!, "utf8");
    expect(csv.split("\r\n")[0]).toBeTruthy();
  });

  test("paging through the trending keywords is a link", async ({ page }) => {
    await open(page, "/charts?widgetId=trending-keywords&period=30d");
    const card = page.getByTestId("widget-trending-keywords");
    const firstPage = await card.locator("[data-testid=widget-table] tbody tr td:first-child").allTextContents();
    expect(firstPage.length).toBeLessThanOrEqual(7);
    const later = card.getByRole("link", { name: MESSAGES.searchScreen.nextPage });
    if ((await later.count()) === 0) return; // fewer than a page of significant terms in this corpus
    await later.click();
    await expect(page).toHaveURL(/trending-keywords\.page=2/);
    await expect(page.getByTestId("widget-trending-keywords").getByRole("link", { name: MESSAGES.searchScreen.previousPage })).toBeVisible();
    const secondPage = await page
      .getByTestId("widget-trending-keywords")
      .locator("[data-testid=widget-table] tbody tr td:first-child")
      .allTextContents();
    expect(secondPage).not.toEqual(firstPage);
  });

  test("drill-down from a row opens the mentions behind it @no-js", async ({ page }) => {
    await open(page, "/charts?widgetId=keywords-cloud&period=30d");
    const card = page.getByTestId("widget-keywords-cloud");
    const firstTerm = (await card.locator("[data-testid=widget-table] tbody tr td").first().textContent())!.trim();
    const button = card.getByRole("button", { name: T.viewMentionsOf(firstTerm), exact: true });
    // With JavaScript the table sits behind the chart for screen readers; its forms still work.
    if (javaScriptEnabled()) await button.evaluate((element: HTMLButtonElement) => element.click());
    else await button.click();
    await expect(page).toHaveURL(/feed_hash=/);
    const panel = page.getByTestId("feed-hash-panel");
    await expect(panel).toBeVisible();
    await expect(panel.getByTestId("feed-mention").first()).toBeVisible();
    // The panel names the point; its mentions hold the term (in their text or, for reviews, their title).
    await expect(panel.getByRole("heading")).toContainText(firstTerm);
    await expect(panel.getByTestId("feed-mention").filter({ hasText: new RegExp(firstTerm, "i") }).first()).toBeVisible();
  });

  test("a chart chunk that does not load in time shows the chunk-load error @js-only", async ({ page, browserErrors }) => {
    // React reports the error its boundary caught.
    browserErrors.allow(/Part of the page could not be loaded/);
    await page.clock.install();
    // The chart chunk never arrives.
    await page.route(/apex-impl-[^/]*\.js$/, () => undefined);
    await page.goto("/charts?widgetId=keywords-cloud&period=30d");
    const card = page.getByTestId("widget-keywords-cloud");
    await expect(card.getByTestId("chart-loading")).toHaveText(T.loadingChart);
    await expect(card.getByTestId("chart-chunk-error")).toHaveCount(0);
    await page.clock.runFor(CHUNK_LOAD_TIMEOUT_MS + 1000);
    await expect(card.getByTestId("chart-chunk-error")).toHaveText(MESSAGES.chunkLoadError);
    // The numbers stay readable.
    await expect(card.locator("[data-testid=widget-table] tbody tr").first()).toBeAttached();
  });

  test("/charts draws one widget with its own choices and exports PNG and CSV @no-js", async ({ page }) => {
    await open(page, "/charts");
    await expect(page.getByRole("heading", { name: MESSAGES.dashboardV1, level: 1 })).toBeVisible();
    await page.getByLabel(T.chooseWidget).selectOption("network-breakdown");
    await page.getByLabel(T.chooseChartType).selectOption("bar");
    await page.getByRole("button", { name: T.applyChart }).click();
    await expect(page).toHaveURL(/widgetId=network-breakdown/);
    await expect(page).toHaveURL(/chart=bar/);
    const card = page.getByTestId("widget-network-breakdown");
    await expect(card.getByRole("heading", { name: WIDGET_TITLES["network-breakdown"] })).toBeVisible();
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      card.getByRole("link", { name: T.downloadCsv(WIDGET_TITLES["network-breakdown"]) }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/\.csv$/);
    if (javaScriptEnabled()) {
      await expect(card.getByTestId("chart").locator("svg").first()).toBeVisible();
      const [png] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: T.downloadPng }).click()]);
      expect(png.suggestedFilename()).toBe("network-breakdown.png");
      const bytes = fs.readFileSync((await png.path())!);
      expect(bytes.subarray(1, 4).toString("ascii")).toBe("PNG");
    } else {
      await expect(page.getByRole("button", { name: T.downloadPng })).toHaveCount(0);
    }
  });

  test("sentiment widgets hide Neutral until asked, in the address @no-js", async ({ page }) => {
    await open(page, "/charts?widgetId=trend-sentiment&period=30d");
    const card = page.getByTestId("widget-trend-sentiment");
    await expect(card.locator("thead")).not.toContainText(MESSAGES.sentimentNeutral);
    await card.getByRole("link", { name: T.showNeutralSentiment }).click();
    await expect(page).toHaveURL(/trend-sentiment\.neutral=1/);
    await expect(page.getByTestId("widget-trend-sentiment").locator("thead")).toContainText(MESSAGES.sentimentNeutral);
  });
});
