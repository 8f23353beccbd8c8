// The dashboard at / (issue 7 part D, ADR 015 "Screens"): period and time zone, up to three compared
// contexts, the compact layout, dashboard templates, annotation layers and annotations, and shared links
// read by an anonymous visitor without JavaScript. Runs with JavaScript, and without it where tagged @no-js (playwright.config.ts,
// ADR 023); both share one demo workspace, so names carry a tag word and each project takes its own
// layer colours (colours are unique per tenant).
import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import { LAYER_COLORS } from "../../domain/palette";
import { expect, holdGets, javaScriptEnabled, open, signIn, test, waitForHydration, type BrowserErrors } from "./fixtures";

const UI = MESSAGES.dashboardUi;
const CHANNELS = MESSAGES.channelScreen;

function tagWord(): string {
  return `db${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({ path: `tmp/dashboard-${test.info().project.name}-${name}.png`, fullPage: true, animations: "disabled", caret: "hide" });
}

/** Refused forms answer 400 or 422 with the page; Chromium logs the document or data request. */
function allowRefusedForms(browserErrors: BrowserErrors): void {
  browserErrors.allow(/^console error: Failed to load resource: .* (400 \(Bad Request\)|422 \(Unprocessable (Entity|Content)\))/);
}

/**
 * ApexCharts (helper E's widget charts) throws in revertDefaultAxisMinMax when a chart updates in place,
 * and the lazy chart chunk may time out on a loaded machine: neither is the page's own doing.
 */
function allowChartNoise(browserErrors: BrowserErrors): void {
  browserErrors.allow(/Cannot read properties of undefined \(reading '0'\)/);
  browserErrors.allow(/chunk/i);
}

const toast = (page: Page) => page.getByTestId("toast");
/** A saved form's toast or a navigation: the page reloads every widget, which takes a while on a busy machine. */
const TOAST_WAIT = { timeout: 30_000 };
const periodForm = (page: Page) => page.getByRole("form", { name: UI.period });
const rangeText = (page: Page) => page.getByTestId("dashboard-range");
const chips = (page: Page) => page.getByTestId("context-chip");

/** Submits a GET form: with JavaScript a changed select already did (wait for the address), else Apply. */
async function applyPeriod(page: Page, expectInUrl: RegExp): Promise<void> {
  if (!javaScriptEnabled()) await periodForm(page).getByRole("button", { name: UI.applyPeriod }).click();
  await expect(page).toHaveURL(expectInUrl);
  await waitForHydration(page);
}

/** Opens the New layer form and sends it with this name and colour (an index of LAYER_COLORS). */
async function submitNewLayer(page: Page, name: string, colour: number, type?: string): Promise<void> {
  await openDetails(page.getByTestId("new-layer-toggle"));
  const form = page.getByRole("form", { name: UI.newLayer });
  await form.getByLabel(MESSAGES.name).fill(name);
  await form.getByLabel(UI.colourNumber(`${colour + 1} (${LAYER_COLORS[colour]})`)).check({ force: true });
  if (type) await form.getByLabel(MESSAGES.topicsScreen.type).selectOption(type);
  await form.getByRole("button", { name: UI.createLayer }).click();
}

async function openDetails(summary: Locator): Promise<void> {
  const details = summary.locator("xpath=..");
  if ((await details.getAttribute("open")) === null) await summary.click();
}

/** The numbers of a widget's server-rendered tables (a drawn chart's axis labels left out). */
async function widgetNumbers(page: Page, widgetId: string): Promise<string[]> {
  const widget = page.locator(`[data-testid="widget"][data-widget-id="${widgetId}"]`);
  await expect(widget.locator("table").first()).toBeAttached();
  const texts = await widget.locator("table").evaluateAll((tables) => tables.map((table) => table.textContent ?? ""));
  return texts.join(" ").match(/\d[\d,.]*%?/g) ?? [];
}

test.describe("dashboard", () => {
  test.beforeEach(({ browserErrors }) => allowChartNoise(browserErrors));

  test("period presets, custom days, unit and time zone are links @no-js", async ({ page }) => {
    await signIn(page, "admin");
    await expect(page.getByTestId("widget")).toHaveCount(14);
    await expect(periodForm(page).getByLabel(UI.period)).toHaveValue("30d");

    await periodForm(page).getByLabel(UI.period).selectOption("7d");
    await applyPeriod(page, /[?&]period=7d(&|$)/);
    await expect(periodForm(page).getByLabel(UI.timeUnit)).toHaveValue("day");

    await periodForm(page).getByLabel(UI.timeZone).selectOption("Asia/Kolkata");
    await applyPeriod(page, /[?&]tz=Asia%2FKolkata(&|$)/);
    await expect(rangeText(page)).toContainText("Asia/Kolkata");

    // A custom period: whole days of the zone; two days offer hours only.
    await periodForm(page).getByLabel(UI.from, { exact: true }).fill("2026-01-10");
    await periodForm(page).getByLabel(UI.to, { exact: true }).fill("2026-01-11");
    await periodForm(page).getByLabel(UI.period).selectOption("custom");
    await applyPeriod(page, /[?&]period=custom&from=2026-01-10&to=2026-01-11&/);
    await expect(rangeText(page)).toContainText("10 Jan 2026");
    await expect(periodForm(page).getByLabel(UI.timeUnit).locator("option")).toHaveText([MESSAGES.widgetsUi.unitHour]);
    await shoot(page, "custom-period");
  });

  test("three contexts are compared in blue, purple and amber; the compact layout is remembered @no-js", async ({ page }) => {
    await signIn(page, "admin");
    const picker = page.getByTestId("context-picker");
    await picker.locator("summary").click();
    const form = page.getByRole("form", { name: UI.chooseContexts });
    for (const box of await form.getByRole("checkbox").all()) await box.setChecked(false);
    for (const name of ["Login outage", "Shop orders", "Servers and login"]) await form.getByLabel(name).check();
    if (javaScriptEnabled()) await expect(form.getByLabel(UI.allMentions), "a fourth is refused").toBeDisabled();
    await form.getByRole("button", { name: UI.applyContexts }).click();
    await expect(page).toHaveURL(/[?&]contextIds=1-\d+(%2C|&contextIds=)1-\d+(%2C|&contextIds=)2-\d+(&|$)/);
    await expect(chips(page)).toHaveText(["Login outage", "Shop orders", "Servers and login"]);
    await expect(chips(page).evaluateAll((els) => els.map((el) => el.getAttribute("data-color")))).resolves.toEqual(["blue", "purple", "amber"]);
    await expect(page.getByTestId("comparing")).toHaveText(UI.comparing(3));
    await waitForHydration(page);

    await page.getByTestId("compact-toggle").click();
    await expect(page).toHaveURL(/[?&]compact=1(&|$)/);
    // The address changes before the new render commits: every widget is drawn again, which takes a
    // while on a busy machine (seen: the address at once, the compact grid about a second later).
    await expect(page.getByTestId("widget-grid")).toHaveAttribute("data-compact", "true", TOAST_WAIT);
    await shoot(page, "compare-compact");
    if (javaScriptEnabled()) {
      // Remembered in this browser: the plain address opens compact again.
      await open(page, "/");
      await expect(page).toHaveURL(/[?&]compact=1(&|$)/, TOAST_WAIT);
      await expect(page.getByTestId("compact-toggle")).toHaveAttribute("aria-checked", "true", TOAST_WAIT);
      await page.getByTestId("compact-toggle").click();
      await expect(page).not.toHaveURL(/compact=1/, TOAST_WAIT);
      await open(page, "/?period=7d");
      await expect(page.getByTestId("widget-grid")).not.toHaveAttribute("data-compact", "true");
    }
  });

  test("save the layout as a template, load it, rename it @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    const word = tagWord();
    await signIn(page, "admin", { at: "/?period=14d&timeUnit=week&config=sentiment,network-breakdown" });
    await expect(page.getByTestId("widget")).toHaveCount(2);
    await openDetails(page.getByTestId("templates-toggle"));
    const save = page.getByRole("form", { name: UI.saveAsTemplate });
    await save.getByRole("button", { name: UI.saveAsTemplate }).click();
    await expect(save.getByText(MESSAGES.required)).toBeVisible();
    await save.getByLabel(MESSAGES.name).fill(`Weekly ${word}`);
    await save.getByRole("button", { name: UI.saveAsTemplate }).click();
    await expect(toast(page)).toHaveText(UI.templateSaved(`Weekly ${word}`), TOAST_WAIT);

    await open(page, "/");
    await expect(page.getByTestId("widget")).toHaveCount(14);
    await openDetails(page.getByTestId("templates-toggle"));
    await page.getByRole("link", { name: UI.loadTemplateOf(`Weekly ${word}`) }).click();
    await expect(page).toHaveURL(/[?&]period=14d&/);
    await expect(page.getByTestId("widget")).toHaveCount(2);
    await expect(periodForm(page).getByLabel(UI.period)).toHaveValue("14d");
    await waitForHydration(page);

    await openDetails(page.getByTestId("templates-toggle"));
    await page.getByLabel(UI.renameTemplateOf(`Weekly ${word}`)).first().click();
    const rename = page.getByRole("form", { name: UI.renameTemplateOf(`Weekly ${word}`) });
    await rename.getByLabel(MESSAGES.name).fill(`Fortnight ${word}`);
    await rename.getByRole("button", { name: MESSAGES.save }).click();
    await expect(toast(page)).toHaveText(UI.templateRenamed(`Fortnight ${word}`), TOAST_WAIT);
    await openDetails(page.getByTestId("templates-toggle"));
    await expect(page.getByRole("link", { name: UI.loadTemplateOf(`Fortnight ${word}`) })).toBeVisible();
  });

  test("an annotation layer (a used colour is refused) and an annotation on it @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    const word = tagWord();
    // Each project and each attempt its own colour: all run against one workspace, where colours are
    // unique (a retry must not find its colour taken by the first attempt's layer).
    const colour = (javaScriptEnabled() ? 3 : 6) + test.info().retry;
    await signIn(page, "admin");
    await openDetails(page.getByTestId("annotations-toggle"));
    await submitNewLayer(page, `Launches ${word}`, colour, "PR");
    await expect(toast(page)).toHaveText(UI.layerCreated(`Launches ${word}`), TOAST_WAIT);
    // The new layer is selected.
    await expect(page).toHaveURL(/[?&]layers=\d+/);
    await expect(page.getByTestId("layer-option").filter({ hasText: `Launches ${word}` }).getByRole("checkbox")).toBeChecked();
    await waitForHydration(page);

    // The same colour again: the API's message under the colour field.
    await submitNewLayer(page, `Events ${word}`, colour);
    await expect(page.getByRole("form", { name: UI.newLayer }).getByRole("alert")).toHaveText(MESSAGES.colorInUse);
    await waitForHydration(page);

    await openDetails(page.getByTestId("annotations-toggle"));
    await openDetails(page.getByTestId("new-annotation-toggle"));
    const note = page.getByRole("form", { name: UI.newAnnotation });
    await note.getByLabel(MESSAGES.name).fill(`Season launch ${word}`);
    await note.getByLabel(UI.description).fill("Season 4 went live");
    await note.getByLabel(UI.layer).selectOption({ label: `Launches ${word}` });
    await note.getByRole("button", { name: UI.addAnnotation }).click();
    await expect(toast(page)).toHaveText(UI.annotationCreated(`Season launch ${word}`), TOAST_WAIT);
    await expect(page.getByTestId("annotation-row").filter({ hasText: `Season launch ${word}` })).toBeVisible();
    await shoot(page, "annotations");
  });

  // The router shows a refused form's errors while the page's data reloads, before the address changes: a
  // form opened and filled in between must survive the reload finishing (app/lib/use-form-key.ts). CI saw
  // the new-annotation form close under the journey above. The reload is held back here to reproduce it.
  test("a form opened and filled while a refused layer's page reloads stays open and filled @js-only", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    const word = tagWord();
    // A colour of its own (the journey above takes 3 to 7): one attempt creates it, the next reuses it.
    const colour = 9 + test.info().retry;
    await signIn(page, "admin");
    await openDetails(page.getByTestId("annotations-toggle"));
    await submitNewLayer(page, `Kept ${word}`, colour);
    await expect(toast(page)).toHaveText(UI.layerCreated(`Kept ${word}`), TOAST_WAIT);
    await waitForHydration(page);

    const reload = await holdGets(page, /\/_root\.data/);
    await submitNewLayer(page, `Again ${word}`, colour);
    await reload.held;
    await expect(page.getByRole("form", { name: UI.newLayer }).getByRole("alert")).toHaveText(MESSAGES.colorInUse);
    await openDetails(page.getByTestId("new-annotation-toggle"));
    await page.getByRole("form", { name: UI.newAnnotation }).getByLabel(MESSAGES.name).fill(`Held ${word}`);
    await reload.release();

    const note = page.getByRole("form", { name: UI.newAnnotation });
    await expect(note).toBeVisible();
    await expect(note.getByLabel(MESSAGES.name)).toHaveValue(`Held ${word}`);
    await expect(page.getByRole("form", { name: UI.newLayer }).getByRole("alert")).toHaveText(MESSAGES.colorInUse);
  });

  test("a shared link opens for an anonymous visitor without JavaScript, with the same numbers; revoked, it is gone @no-js", async ({
    page,
    browser,
    context,
    browserErrors,
  }) => {
    allowRefusedForms(browserErrors);
    const word = tagWord();
    await signIn(page, "admin", { at: "/?period=30d&timeUnit=week&tz=UTC&config=sentiment,network-breakdown,first-reply-time" });
    const numbers = {
      sentiment: await widgetNumbers(page, "sentiment"),
      networks: await widgetNumbers(page, "network-breakdown"),
    };
    await page.getByTestId("share-open").click();
    await expect(page).toHaveURL(/[?&]dialog=share(&|$)/);
    const dialog = page.getByTestId("share-dialog");
    const create = dialog.getByRole("form", { name: UI.createLink });
    await create.getByLabel(UI.linkTitle).fill(`Board ${word}`);
    await create.getByLabel(UI.nonLoggedInAccess).check();
    await create.getByRole("button", { name: UI.createLink }).click();
    await expect(toast(page)).toHaveText(UI.linkCreated(`Board ${word}`), TOAST_WAIT);
    const row = page.getByTestId("shared-link-row").filter({ hasText: `Board ${word}` });
    const address = await row.getByTestId("shared-link-url").inputValue();
    expect(address).toMatch(/\/\?shared_link_code=[^&]+&from=.+&to=.+&timeUnit=week&tz=UTC&contextIds=.+&config=sentiment%2Cnetwork-breakdown%2Cfirst-reply-time/);
    // The address: a read-only field to select without JavaScript; with it, a Copy button too (issue 30).
    await expect(row.getByLabel(UI.linkAddress(`Board ${word}`))).toHaveAttribute("readonly", "");
    const copy = row.getByRole("button", { name: `${CHANNELS.copy} ${UI.linkAddress(`Board ${word}`)}` });
    if (javaScriptEnabled()) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await copy.click();
      await expect(row.getByRole("status")).toHaveText(CHANNELS.copied);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(address);
    } else {
      await expect(copy).toHaveCount(0);
    }
    await shoot(page, "share-dialog");

    const anonymous = await browser.newContext({ javaScriptEnabled: false });
    try {
      const visitor = await anonymous.newPage();
      const response = await visitor.goto(address);
      expect(response?.status()).toBe(200);
      await expect(visitor.getByTestId("widget")).toHaveCount(3);
      await expect(visitor.getByRole("heading", { name: `Board ${word}` })).toBeVisible();
      await expect(visitor.getByTestId("share-open")).toHaveCount(0);
      await expect(visitor.getByRole("navigation", { name: "Main" })).toHaveCount(0);
      await expect(visitor.getByRole("form", { name: UI.saveAsTemplate })).toHaveCount(0);
      expect(await widgetNumbers(visitor, "sentiment")).toEqual(numbers.sentiment);
      expect(await widgetNumbers(visitor, "network-breakdown")).toEqual(numbers.networks);
      await visitor.screenshot({ path: `tmp/dashboard-${test.info().project.name}-shared-anonymous.png`, fullPage: true });

      // Revoked: the address answers 404 at once.
      await waitForHydration(page);
      await row.getByRole("button", { name: UI.revokeLinkOf(`Board ${word}`) }).click();
      await expect(toast(page)).toHaveText(UI.linkRevoked, TOAST_WAIT);
      const gone = await visitor.goto(address);
      expect(gone?.status()).toBe(404);
      await expect(visitor.getByText(UI.sharedLinkMissing)).toBeVisible();
    } finally {
      await anonymous.close();
    }
  });
});
