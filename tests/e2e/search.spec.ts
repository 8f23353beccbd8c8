// Live Search (/search; spec core §2, §4, analytics §2, §4, ADR 012): the saved-search sidebar, the
// query editor with its lint, saving and sharing, results with sort and paging, unsaved changes and flow
// mode. Runs with JavaScript, and without it where tagged @no-js (playwright.config.ts, ADR 023); both projects share one demo
// workspace at the same time, so every name carries a tag of its own test.
import crypto from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import {
  atPath,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  javaScriptEnabled,
  open,
  signIn,
  test,
  type BrowserErrors,
  type DemoRole,
} from "./fixtures";

const SEARCH = "/search";
const SAVED_SEARCH = /\/search\/(\d+)$/;
const LABELS = MESSAGES.searchScreen;
const LINT = MESSAGES.queryLint;

/** A word no other test uses, and that the query language reads as one token: 'tjs3fa9c1'. */
function tagWord(): string {
  return `t${test.info().project.name.replace(/[^a-z]/g, "")}${crypto.randomBytes(4).toString("hex")}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({
    path: `test-results/screenshots/${test.info().project.name}-search-${name}.png`,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
  });
}

const toast = (page: Page) => page.getByTestId("toast");

/**
 * A refused form (a faulty query, a missing name) answers 400 or 422 with the page and its errors;
 * Chromium logs "Failed to load resource" for that document or data request.
 */
function allowRefusedForms(browserErrors: BrowserErrors): void {
  browserErrors.allow(
    /^console error: Failed to load resource: .* (400 \(Bad Request\)|422 \(Unprocessable (Entity|Content)\)) \(http:\/\/[^/]+\/search/,
  );
}

// ── The API, for setting the scene quickly (the screens themselves are what the tests drive) ──────

type Api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

async function apiAs(role: DemoRole): Promise<Api> {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS[role].email, password: DEMO_PASSWORD }),
  });
  expect(login.ok, await login.clone().text()).toBe(true);
  const session = (await login.json()) as { access_token: string; csrf_token: string };
  return async <T,>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${session.access_token}`,
        "x-csrf-token": session.csrf_token,
        "content-type": "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
    return (response.status === 204 ? undefined : await response.json()) as T;
  };
}

const keywords = (query: string) => [{ type: "must", values: [{ filter_type: "keywords", value: query }] }];

async function createSearch(api: Api, input: { name: string; query: string; category?: string; folderId?: number | null }) {
  return api<{ id: number; name: string }>("POST", "/search/items", {
    name: input.name,
    category: input.category ?? "my",
    folder_id: input.folderId ?? null,
    query: keywords(input.query),
  });
}

async function createFolder(api: Api, input: { name: string; category?: string }) {
  return api<{ id: number; name: string }>("POST", "/search/folders", {
    name: input.name,
    category: input.category ?? "my",
    entity_type: input.category === "my" || !input.category ? 1 : 2,
  });
}

// ── Screen helpers ──────────────────────────────────────────────────────────────────────────────

const sidebar = (page: Page) => page.getByTestId("search-sidebar");
const section = (page: Page, category: "brand" | "my" | "team") =>
  sidebar(page).locator(`[data-testid="search-section"][data-category="${category}"]`);
/** `has` locators are matched inside each candidate: they start from the page, never from `scope`. */
const pageOf = (scope: Page | Locator): Page => ("page" in scope && typeof scope.page === "function" ? scope.page() : (scope as Page));
const itemRow = (scope: Page | Locator, name: string) =>
  scope.getByTestId("search-item").filter({ has: pageOf(scope).getByTestId("search-item-link").getByText(name, { exact: true }) });
const folderRow = (scope: Page | Locator, name: string) =>
  scope.getByTestId("search-folder").filter({ has: pageOf(scope).getByTestId("folder-name").getByText(name, { exact: true }) });
const itemLink = (scope: Page | Locator, name: string) => itemRow(scope, name).getByTestId("search-item-link");
const queryField = (page: Page) => page.getByLabel(LABELS.queryLabel, { exact: true });
const flowSwitch = (page: Page) => page.getByRole("switch", { name: LABELS.flowMode });

/** Narrows the sidebar to this test's names (as a user types in the filter box, or submits it). */
async function filterSidebar(page: Page, text: string): Promise<void> {
  await sidebar(page).getByLabel(LABELS.filterLabel).fill(text);
  if (!javaScriptEnabled()) {
    await sidebar(page).getByRole("button", { name: LABELS.filterButton, exact: true }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("filter")).toBe(text);
  }
}

/** Opens a sidebar row's actions (a <details>: Enter opens it, with or without JavaScript). */
async function openActions(page: Page, name: string): Promise<Locator> {
  const row = itemRow(sidebar(page), name);
  const summary = row.getByLabel(LABELS.moreActionsFor(name), { exact: true });
  await summary.focus();
  if (!(await row.locator("details").evaluate((details) => (details as HTMLDetailsElement).open))) await page.keyboard.press("Enter");
  await expect(row.getByLabel(LABELS.moveNamedInto(name))).toBeVisible();
  return row;
}

async function inOtherContext<T>(browser: Browser, role: DemoRole, work: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, role);
    return await work(page);
  } finally {
    await context.close();
  }
}

test.describe("live search", () => {
  test("a user writes a faulty query, fixes it, saves it into a team folder shared with a team; others in the team see it, others not @no-js", async ({
    page,
    browser,
    browserErrors,
  }) => {
    test.setTimeout(150_000);
    allowRefusedForms(browserErrors);
    const word = tagWord();
    const teamName = `Team ${word}`;
    const folderName = `Folder ${word}`;
    const searchName = `Search ${word}`;

    // An admin makes a team with the agent in it.
    await signIn(page, "admin", { at: "/settings/teams" });
    const newTeam = page.getByRole("region", { name: MESSAGES.newTeam });
    await newTeam.getByLabel("Name").fill(teamName);
    await newTeam.getByLabel(DEMO_ACCOUNTS.agent.fullName).check();
    await newTeam.getByRole("button", { name: MESSAGES.createTeam }).click();
    await expect(toast(page)).toHaveText(MESSAGES.teamCreated(teamName));

    // Live Search is in the side menu.
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.liveSearch }).click();
    await expect(page).toHaveURL(atPath(SEARCH));
    await expect(page).toHaveTitle("Live Search | Earshot");
    for (const title of [MESSAGES.brandSearches, MESSAGES.mySearches, MESSAGES.teamSearches]) {
      await expect(sidebar(page).getByRole("heading", { name: title, exact: true })).toBeVisible();
    }

    // A faulty query: each fault is listed with its place and marked in the text (with JavaScript as
    // one types; without, once the form comes back from the server).
    const faulty = "*refund OR late delivery AND";
    await queryField(page).fill(faulty);
    if (!javaScriptEnabled()) await page.getByRole("button", { name: LABELS.runSearch, exact: true }).click();
    const faults = page.getByTestId("query-faults").getByRole("listitem");
    await expect(faults).toHaveText([
      LABELS.faultAt(LINT.leadingWildcard, 1),
      LABELS.faultAt(LINT.phraseNeedsQuotes, 12),
      LABELS.faultAt(LINT.missingOperand, 26),
    ]);
    await expect(page.getByTestId("query-highlight").locator("mark")).toHaveText(["*", "late delivery", "AND"]);
    await expect(queryField(page)).toHaveValue(faulty);
    await expect(queryField(page)).toHaveAttribute("aria-invalid", "true");
    await shoot(page, "query-faults");

    // Fixed: no faults; Search shows what it finds.
    const fixed = `refund OR "late delivery" OR ${word}`;
    await queryField(page).fill(fixed);
    if (javaScriptEnabled()) await expect(page.getByTestId("query-status")).toHaveText(LABELS.queryValid);
    await page.getByRole("button", { name: LABELS.runSearch, exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=refund/);
    await expect(page.getByTestId("query-faults")).toHaveCount(0);
    await expect(page.getByTestId("query-highlight").locator("mark")).toHaveCount(0);
    await expect(queryField(page)).toHaveValue(fixed);
    await expect(page.getByTestId("result-total")).not.toHaveText("0");
    await expect(page.getByTestId("mention").first()).toBeVisible();

    // A folder in TEAM SEARCHES, shared with the team.
    const team = section(page, "team");
    await team.getByText(LABELS.newFolder).click();
    const folderForm = team.getByRole("form", { name: LABELS.newFolderIn(LABELS.sectionTeam) });
    await folderForm.getByLabel(LABELS.folderName).fill(folderName);
    await expect(folderForm.getByRole("radio", { name: MESSAGES.teams })).toBeChecked();
    await folderForm.getByTestId("teams-summary").click();
    await folderForm.getByLabel(teamName, { exact: true }).check();
    await expect(folderForm.getByTestId("teams-summary")).toHaveText(javaScriptEnabled() ? teamName : MESSAGES.selectTeams);
    await folderForm.getByRole("button", { name: LABELS.createFolder }).click();
    await expect(toast(page)).toHaveText(LABELS.folderCreated(folderName));
    await expect(folderRow(section(page, "team"), folderName)).toBeVisible();
    // Still the query that was tried.
    await expect(queryField(page)).toHaveValue(fixed);

    // Save it into that folder, visible for the team. Without JavaScript the folder picker lists only the
    // section the page opened in (issue 30): the address names it.
    if (!javaScriptEnabled()) {
      const url = new URL(page.url());
      url.searchParams.set("section", "team");
      await open(page, `${url.pathname}${url.search}`);
    }
    await page.getByLabel(LABELS.searchName).fill(searchName);
    await page.getByLabel(LABELS.section, { exact: true }).selectOption({ label: LABELS.sectionTeam });
    await page.getByLabel(LABELS.folder, { exact: true }).selectOption({ label: folderName });
    const save = page.getByRole("region", { name: LABELS.saveHeading });
    await save.getByRole("radio", { name: MESSAGES.teams }).check();
    const picker = save.getByTestId("teams-picker");
    await expect(picker.getByTestId("teams-summary")).toHaveText(MESSAGES.selectTeams);
    await picker.getByTestId("teams-summary").click();
    await picker.getByLabel(teamName, { exact: true }).check();
    if (javaScriptEnabled()) await expect(picker.getByTestId("teams-summary")).toHaveText(teamName);
    await page.getByRole("button", { name: LABELS.saveSearch }).click();
    await expect(toast(page)).toHaveText(LABELS.searchCreated(searchName));
    await expect(page).toHaveURL(SAVED_SEARCH);
    const searchId = Number(SAVED_SEARCH.exec(page.url())![1]);
    await expect(page).toHaveTitle(`${searchName} | Earshot`);
    await expect(page.getByTestId("search-title")).toHaveText(searchName);
    const saved = itemRow(folderRow(section(page, "team"), folderName), searchName);
    await expect(saved.getByTestId("search-item-link")).toHaveAttribute("aria-current", "page");
    await expect(queryField(page)).toHaveValue(fixed);
    await expect(page.getByRole("region", { name: LABELS.settingsHeading }).getByRole("radio", { name: MESSAGES.teams })).toBeChecked();
    const backfill = page.getByTestId("backfill");
    if (await backfill.count()) await expect(backfill).toHaveText(/^Applying to stored mentions: [\d,]+ \/ [\d,]+$/);
    await shoot(page, "saved");

    // The agent, in the team, sees it in the sidebar; the guest, outside it, does not.
    await inOtherContext(browser, "agent", async (agent) => {
      await open(agent, SEARCH);
      await expect(itemRow(section(agent, "team"), searchName)).toBeVisible();
      await itemLink(section(agent, "team"), searchName).click();
      await expect(agent).toHaveURL(atPath(`${SEARCH}/${searchId}`));
      await expect(queryField(agent)).toHaveValue(fixed);
    });
    // A system admin is in no team (spec core §6): outside it, and nothing shows past visibility.
    await inOtherContext(browser, "sysadmin", async (outsider) => {
      await open(outsider, SEARCH);
      await expect(section(outsider, "team").getByRole("heading", { name: MESSAGES.teamSearches })).toBeVisible();
      await expect(sidebar(outsider).getByTestId("search-item-link").getByText(searchName, { exact: true })).toHaveCount(0);
      await expect(sidebar(outsider).getByText(folderName)).toHaveCount(0);
    });

    if (!javaScriptEnabled()) {
      await expect(page.getByTestId("flow-mode-note")).toContainText(LABELS.flowModeNeedsJs);
      await expect(page.getByTestId("flow-mode-note").getByRole("link", { name: LABELS.refreshResults })).toHaveAttribute(
        "href",
        `${SEARCH}/${searchId}`,
      );
      return;
    }

    // Flow mode: a new matching mention, posted through a stream's ingest API, arrives at the top.
    const admin = await apiAs("admin");
    const stream = await admin<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
      name: `Ingest ${word}`,
      social_type: "twitter",
      category: "streams",
      source: "api",
    });
    await flowSwitch(page).click();
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "true");
    await expect(page.getByTestId("flow-mode-on")).toHaveText(LABELS.flowModeOn);
    // The stream is open (green dot) before the mention is stored: earlier ones are results, not flow.
    await expect(page.getByTestId("flow-mode-on")).toHaveAttribute("data-connected", "true");
    const text = `My parcel is lost again, ${word} support please help <b>now</b>`;
    const base = test.info().project.use.baseURL!;
    const posted = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
      body: JSON.stringify([
        {
          external_id: `live-${word}`,
          text,
          created_at: new Date().toISOString(),
          author: { username: "pat_live", name: "Pat Live" },
          language: "en",
        },
      ]),
    });
    expect(posted.status).toBe(200);
    const live = page.getByTestId("live-mentions").getByTestId("mention");
    await expect(live).toHaveCount(1, { timeout: 30_000 });
    await expect(live.getByTestId("mention-text")).toHaveText(text);
    await expect(live.locator("b")).toHaveCount(0);
    await expect(live).toContainText("Pat Live");
    await expect(live).toContainText(LABELS.newBadge);
    await shoot(page, "flow-mode");
  });

  test("pinned searches come first, then by name whatever the case; the filter box narrows by name", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("agent");
    for (const name of [`beta ${word}`, `Alpha ${word}`, `charlie ${word}`]) await createSearch(api, { name, query: word });
    await signIn(page, "agent", { at: SEARCH });
    await filterSidebar(page, word);
    const mine = section(page, "my").getByTestId("search-item-link");
    await expect(mine).toHaveText([`Alpha ${word}`, `beta ${word}`, `charlie ${word}`]);
    // The other sections have nothing with this name.
    await expect(section(page, "brand").getByTestId("search-item")).toHaveCount(0);

    await itemRow(sidebar(page), `charlie ${word}`).getByRole("button", { name: LABELS.pinNamed(`charlie ${word}`) }).click();
    await expect(toast(page)).toHaveText(LABELS.searchPinned);
    await filterSidebar(page, word);
    await expect(mine).toHaveText([`charlie ${word}`, `Alpha ${word}`, `beta ${word}`]);
    await expect(itemRow(sidebar(page), `charlie ${word}`).getByRole("button", { name: LABELS.unpinNamed(`charlie ${word}`) })).toHaveAttribute(
      "aria-pressed",
      "true",
    );

    // Narrower: one of them; then nothing at all.
    await filterSidebar(page, `BETA ${word}`);
    await expect(mine).toHaveText([`beta ${word}`]);
    await shoot(page, "sidebar-filtered");
    await filterSidebar(page, `${word}-none`);
    await expect(sidebar(page).getByRole("status")).toHaveText(LABELS.noFilterMatch(`${word}-none`));

    await filterSidebar(page, word);
    await itemRow(sidebar(page), `charlie ${word}`).getByRole("button", { name: LABELS.unpinNamed(`charlie ${word}`) }).click();
    await expect(toast(page)).toHaveText(LABELS.searchUnpinned);
  });

  test("a search moves into a folder of its section with the keyboard, without dragging @no-js", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("agent");
    const folder = await createFolder(api, { name: `Folder ${word}` });
    await createSearch(api, { name: `Moving ${word}`, query: word });
    await signIn(page, "agent", { at: `${SEARCH}?filter=${word}` });
    await expect(itemRow(section(page, "my").getByTestId("section-top-level"), `Moving ${word}`)).toBeVisible();

    const row = await openActions(page, `Moving ${word}`);
    const select = row.getByLabel(LABELS.moveNamedInto(`Moving ${word}`));
    await expect(select).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(select).toBeFocused();
    // Only the top level and the folders of the same section are offered.
    await expect(select.locator("option", { hasText: `Folder ${word}` })).toHaveCount(1);
    await select.selectOption({ label: `Folder ${word}` });
    await page.keyboard.press("Tab");
    await expect(row.getByRole("button", { name: MESSAGES.topicsScreen.move })).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(toast(page)).toHaveText(LABELS.searchMoved(`Moving ${word}`));
    await expect(itemRow(folderRow(section(page, "my"), `Folder ${word}`), `Moving ${word}`)).toBeVisible();
    expect(folder.id).toBeGreaterThan(0);

    // Back to the top level the same way.
    const again = await openActions(page, `Moving ${word}`);
    await again.getByLabel(LABELS.moveNamedInto(`Moving ${word}`)).selectOption({ label: LABELS.topLevel });
    await again.getByRole("button", { name: MESSAGES.topicsScreen.move }).click();
    await expect(toast(page)).toHaveText(LABELS.searchMoved(`Moving ${word}`));
    await expect(folderRow(section(page, "my"), `Folder ${word}`).getByTestId("search-item")).toHaveCount(0);

    // Folders are pinned and deleted like searches (after a confirmation).
    const folderPin = folderRow(section(page, "my"), `Folder ${word}`).getByRole("button", { name: LABELS.pinNamed(`Folder ${word}`) });
    await folderPin.focus();
    await page.keyboard.press("Enter");
    await expect(toast(page)).toHaveText(LABELS.folderPinned);
    await folderRow(section(page, "my"), `Folder ${word}`).getByRole("link", { name: LABELS.deleteFolderNamed(`Folder ${word}`) }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(dialog).toContainText(LABELS.deleteFolderMessage);
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(LABELS.folderDeleted);
    await expect(folderRow(section(page, "my"), `Folder ${word}`)).toHaveCount(0);
    await expect(itemRow(section(page, "my"), `Moving ${word}`)).toBeVisible();
  });

  test("drag and drop moves a search only into another folder of its own section @js-only", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("admin");
    await createFolder(api, { name: `Mine ${word}` });
    await createFolder(api, { name: `Brand ${word}`, category: "brand" });
    await createSearch(api, { name: `Dragged ${word}`, query: word });
    await signIn(page, "admin", { at: `${SEARCH}?filter=${word}` });
    const item = itemRow(sidebar(page), `Dragged ${word}`);
    const mineFolder = folderRow(section(page, "my"), `Mine ${word}`);
    const brandFolder = folderRow(section(page, "brand"), `Brand ${word}`);
    const myTopLevel = section(page, "my").getByTestId("section-top-level");

    // While dragging: another section's folder is not a drop target, nor the place it already is.
    await item.getByTitle(LABELS.dragHint).hover();
    await page.mouse.down();
    await brandFolder.hover();
    await expect(brandFolder).toHaveAttribute("data-drop", "blocked");
    await expect(mineFolder).toHaveAttribute("data-drop", "allowed");
    await expect(myTopLevel).toHaveAttribute("data-drop", "blocked");
    await page.mouse.up();
    await expect(brandFolder).not.toHaveAttribute("data-drop", /./);
    await expect(itemRow(brandFolder, `Dragged ${word}`)).toHaveCount(0);
    await expect(toast(page)).toHaveCount(0);

    await item.getByTitle(LABELS.dragHint).dragTo(mineFolder);
    await expect(toast(page)).toHaveText(LABELS.searchMoved(`Dragged ${word}`));
    await expect(itemRow(mineFolder, `Dragged ${word}`)).toBeVisible();

    // Now inside: its own folder is no target, the top level is.
    await itemRow(mineFolder, `Dragged ${word}`).getByTitle(LABELS.dragHint).hover();
    await page.mouse.down();
    await myTopLevel.hover({ position: { x: 10, y: 5 } });
    await expect(mineFolder).toHaveAttribute("data-drop", "blocked");
    await expect(myTopLevel).toHaveAttribute("data-drop", "allowed");
    await page.mouse.up();
  });

  test("unsaved changes: Cancel stays with the edits, Don't save restores the source and goes, Save keeps them @js-only", async ({
    page,
  }) => {
    const word = tagWord();
    const api = await apiAs("agent");
    const alpha = await createSearch(api, { name: `Alpha ${word}`, query: `refund OR ${word}` });
    const beta = await createSearch(api, { name: `Beta ${word}`, query: `delivery OR ${word}` });
    await signIn(page, "agent", { at: `${SEARCH}/${alpha.id}?filter=${word}` });
    await expect(queryField(page)).toHaveValue(`refund OR ${word}`);

    // Nothing changed: another search opens at once.
    await itemLink(sidebar(page), `Beta ${word}`).click();
    await expect(page).toHaveURL(atPath(`${SEARCH}/${beta.id}`));
    await itemLink(sidebar(page), `Alpha ${word}`).click();
    await expect(page).toHaveURL(atPath(`${SEARCH}/${alpha.id}`));
    // The address changes before Alpha's form is shown: an edit typed earlier would be replaced by it.
    await expect(queryField(page)).toHaveValue(`refund OR ${word}`);

    await queryField(page).fill(`refund AND ${word}`);
    await expect(queryField(page)).toHaveValue(`refund AND ${word}`);
    await itemLink(sidebar(page), `Beta ${word}`).click();
    const modal = page.getByRole("dialog", { name: MESSAGES.unsavedTitle });
    await expect(modal).toContainText(MESSAGES.unsavedText);
    await shoot(page, "unsaved-changes");
    await modal.getByRole("button", { name: MESSAGES.cancel }).click();
    await expect(modal).toHaveCount(0);
    await expect(page).toHaveURL(atPath(`${SEARCH}/${alpha.id}`));
    await expect(queryField(page)).toHaveValue(`refund AND ${word}`);

    await itemLink(sidebar(page), `Beta ${word}`).click();
    await modal.getByRole("button", { name: MESSAGES.dontSave }).click();
    await expect(page).toHaveURL(atPath(`${SEARCH}/${beta.id}`));
    await expect(queryField(page)).toHaveValue(`delivery OR ${word}`);
    await itemLink(sidebar(page), `Alpha ${word}`).click();
    await expect(page).toHaveURL(atPath(`${SEARCH}/${alpha.id}`));
    await expect(modal).toHaveCount(0);
    await expect(queryField(page)).toHaveValue(`refund OR ${word}`);

    // Save: stored, then on to the search asked for.
    await page.getByLabel(LABELS.searchName).fill(`Alpha ${word} renamed`);
    await itemLink(sidebar(page), `Beta ${word}`).click();
    await modal.getByRole("button", { name: MESSAGES.save, exact: true }).click();
    await expect(toast(page)).toHaveText(LABELS.searchUpdated(`Alpha ${word} renamed`));
    await expect(page).toHaveURL(atPath(`${SEARCH}/${beta.id}`));
    await expect(itemRow(sidebar(page), `Alpha ${word} renamed`)).toBeVisible();
  });

  test("flow mode pauses itself after 30 seconds and can be turned back on @js-only", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("agent");
    const search = await createSearch(api, { name: `Flow ${word}`, query: `refund OR ${word}` });
    const other = await createSearch(api, { name: `Other ${word}`, query: `delivery OR ${word}` });
    await signIn(page, "agent");
    await page.clock.install();
    await open(page, `${SEARCH}/${search.id}?filter=${word}`);
    const paused = page.getByRole("dialog", { name: MESSAGES.flowModePaused });

    await flowSwitch(page).click();
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "true");
    await page.clock.runFor(29_000);
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "true");
    await expect(paused).toHaveCount(0);
    await page.clock.runFor(1_000);
    await expect(paused).toContainText(MESSAGES.flowModePausedText);
    await expect(page.getByTestId("flow-mode-on")).toHaveCount(0);
    await shoot(page, "flow-mode-paused");

    await paused.getByRole("button", { name: LABELS.turnFlowModeBackOn }).click();
    await expect(paused).toHaveCount(0);
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "true");
    await page.clock.runFor(30_000);
    await expect(paused.getByText(MESSAGES.flowModePausedText)).toBeVisible();
    await paused.getByRole("button", { name: MESSAGES.close }).click();
    await expect(paused).toHaveCount(0);
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "false");

    // Another source turns it off.
    await flowSwitch(page).click();
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "true");
    await itemLink(sidebar(page), `Other ${word}`).click();
    await expect(page).toHaveURL(atPath(`${SEARCH}/${other.id}`));
    await expect(flowSwitch(page)).toHaveAttribute("aria-checked", "false");
  });

  test("results: counts, sort by most shares, 15 a page with paging links @no-js", async ({ page }) => {
    await signIn(page, "agent", { at: SEARCH });
    await queryField(page).fill("refund OR delivery OR support");
    await page.getByRole("button", { name: LABELS.runSearch, exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=/);
    const total = Number((await page.getByTestId("result-total").innerText()).replace(/,/g, ""));
    expect(total).toBeGreaterThan(15);
    const counted = await Promise.all(
      (["positive", "neutral", "negative"] as const).map(async (name) =>
        Number((await page.getByTestId(`count-${name}`).locator("dd").innerText()).replace(/,/g, "")),
      ),
    );
    expect(counted.reduce((a, b) => a + b, 0)).toBe(total);
    const mentions = page.getByTestId("mentions").getByTestId("mention");
    await expect(mentions).toHaveCount(15);
    const pages = Math.ceil(total / 15);
    await expect(page.getByTestId("page-of")).toHaveText(LABELS.pageOf(1, pages));
    await expect(page.getByLabel(LABELS.sortBy)).toHaveValue("engagements");
    const engagements = await mentions.locator('[data-metric="engagements"]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute("data-value"))));
    expect(engagements).toEqual([...engagements].sort((a, b) => b - a));

    await page.getByRole("link", { name: LABELS.nextPage }).click();
    await expect(page).toHaveURL(/[?&]page=2/);
    await expect(page.getByTestId("page-of")).toHaveText(LABELS.pageOf(2, pages));
    await expect(page.getByRole("link", { name: LABELS.previousPage })).toBeVisible();

    // Most shares: back to page 1, highest first.
    await page.getByLabel(LABELS.sortBy).selectOption({ label: LABELS.sortShares });
    if (!javaScriptEnabled()) await page.getByRole("button", { name: LABELS.sortButton, exact: true }).click();
    await expect(page).toHaveURL(/[?&]sort=shares/);
    await expect(page).not.toHaveURL(/[?&]page=/);
    await expect(page.getByTestId("page-of")).toHaveText(LABELS.pageOf(1, pages));
    await expect(queryField(page)).toHaveValue("refund OR delivery OR support");
    const shares = await mentions.locator('[data-metric="shares"]').evaluateAll((cells) => cells.map((cell) => Number(cell.getAttribute("data-value"))));
    expect(shares).toHaveLength(15);
    expect(shares).toEqual([...shares].sort((a, b) => b - a));
    await shoot(page, "results-by-shares");

    // On a phone the sidebar sits above the editor and the results.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(sidebar(page)).toBeVisible();
    await shoot(page, "phone");
  });

  test("filter groups: a must-not group on a network narrows the results, and a group's filter type can change @no-js", async ({
    page,
  }) => {
    await signIn(page, "agent", { at: SEARCH });
    await queryField(page).fill("refund OR delivery");
    await page.getByRole("button", { name: LABELS.runSearch, exact: true }).click();
    await expect(page).toHaveURL(/\/search\?q=/);
    const everything = Number((await page.getByTestId("result-total").innerText()).replace(/,/g, ""));

    // Adding a group is a button of the form: the query typed so far stays.
    await page.getByRole("button", { name: LABELS.addGroup }).click();
    const group = page.getByTestId("query-group");
    await expect(group).toHaveCount(1);
    await expect(queryField(page)).toHaveValue("refund OR delivery");
    await group.getByLabel(LABELS.groupType(1)).selectOption({ label: LABELS.mustNotMatch });
    const position = LABELS.valuePosition(1, 1);
    await expect(group.getByLabel(LABELS.filterOn(position))).toHaveValue("networks");
    await group.getByLabel(LABELS.valueOf(position)).selectOption({ label: "Reddit" });
    await shoot(page, "filter-group");
    await page.getByRole("button", { name: LABELS.runSearch, exact: true }).click();
    await expect(page).toHaveURL(/[?&]groups=/);
    await expect(page.getByTestId("query-group")).toHaveCount(1);
    await expect(page.getByTestId("query-group").getByLabel(LABELS.groupType(1))).toHaveValue("must-not");
    await expect(page.getByTestId("query-group").getByLabel(LABELS.valueOf(position))).toHaveValue("reddit");
    // The address and the form change before the new results are shown: wait for the total to follow.
    const total = async () => Number((await page.getByTestId("result-total").innerText()).replace(/,/g, ""));
    await expect.poll(total).toBeLessThan(everything);
    expect(await total()).toBeGreaterThan(0);
    await expect(page.getByTestId("mentions").getByTestId("mention").filter({ hasText: "Reddit" })).toHaveCount(0);

    // Another filter type: its value field follows (without JavaScript once 'Apply' brings the form back).
    await page.getByTestId("query-group").getByLabel(LABELS.filterOn(position)).selectOption({ label: MESSAGES.languages });
    if (!javaScriptEnabled()) await page.getByTestId("query-group").getByRole("button", { name: LABELS.applyFilterType }).click();
    const language = page.getByTestId("query-group").getByLabel(LABELS.valueOf(position));
    await expect(language.locator("option", { hasText: "English" })).toHaveCount(1);
    await expect(language).toHaveValue("");

    // Removing it leaves the main query alone.
    await page.getByTestId("query-group").getByRole("button", { name: LABELS.removeGroup(1) }).click();
    await expect(page.getByTestId("query-group")).toHaveCount(0);
    await expect(queryField(page)).toHaveValue("refund OR delivery");
  });

  test("deleting the open search asks first, then leaves for a new search @no-js", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("agent");
    const doomed = await createSearch(api, { name: `Doomed ${word}`, query: word });
    await signIn(page, "agent", { at: `${SEARCH}/${doomed.id}` });
    const row = await openActions(page, `Doomed ${word}`);
    await row.getByRole("link", { name: LABELS.deleteSearchNamed(`Doomed ${word}`) }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(dialog).toContainText(MESSAGES.confirmMessage);
    await expect(dialog).toContainText(`Doomed ${word}`);
    await shoot(page, "delete-dialog");
    // Cancel keeps it.
    await dialog.getByRole(javaScriptEnabled() ? "button" : "link", { name: MESSAGES.cancel }).click();
    await expect(dialog).toHaveCount(0);
    await expect(itemRow(sidebar(page), `Doomed ${word}`)).toBeVisible();

    const again = await openActions(page, `Doomed ${word}`);
    await again.getByRole("link", { name: LABELS.deleteSearchNamed(`Doomed ${word}`) }).click();
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(LABELS.searchDeleted);
    await expect(page).toHaveURL(atPath(SEARCH));
    await expect(itemRow(sidebar(page), `Doomed ${word}`)).toHaveCount(0);
  });

  test("guests, who may not read searches and mentions, are not offered Live Search and are told so at its address", async ({ page }) => {
    await signIn(page, "guest");
    // The menu offers only what the role may do (issue 30, ADR 035).
    await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.liveSearch })).toHaveCount(0);
    await open(page, SEARCH);
    await expect(page).toHaveURL(atPath(SEARCH));
    await expect(page.getByTestId("search-no-access")).toHaveText(LABELS.noAccess);
    await expect(sidebar(page)).toHaveCount(0);
  });

  test("a search that does not exist is a 'Page not found' inside the search screen", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument(`${SEARCH}/999999`);
    await signIn(page, "agent");
    const response = await open(page, `${SEARCH}/999999`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: MESSAGES.pageNotFound })).toBeVisible();
    await expect(sidebar(page)).toBeVisible();
  });
});
