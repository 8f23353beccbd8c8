// The Templates modal (spec core §2, §4, §5, §8, §9; analytics §2, §4, §5, §8; issue 6 item 5): one test
// per rule, with JavaScript and, where tagged @no-js, without (playwright.config.ts, ADR 023). Both projects share one demo
// workspace, so every test tags its templates with a word of its own and opens the modal searching for
// it (`template_search`), which shows only that test's templates.
import crypto from "node:crypto";
import type { Locator, Page } from "@playwright/test";
import { formatTemplateTime } from "../../domain/format";
import { TEMPLATE_CATEGORY_LABELS } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import {
  atPath,
  avatarMenu,
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

const L = MESSAGES.templatesUi;

type Api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

interface ApiTemplate {
  id: number;
  name: string;
  message: string;
  categories: string[];
  languages: string[];
  entity_type: number;
  entity_ids: number[];
  active: boolean;
  pinned: boolean;
  updated_by: { id: number; name: string } | null;
  updated_at: string;
}

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

/** A word no other test (nor the other project, running at the same time) uses. */
function tagWord(): string {
  return `tg${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
}

/** Creates templates one after the other (so each is newer than the one before), shared with everyone. */
async function createTemplates(api: Api, ...inputs: Array<Partial<ApiTemplate> & { name: string }>): Promise<ApiTemplate[]> {
  const created: ApiTemplate[] = [];
  for (const input of inputs) {
    created.push(await api<ApiTemplate>("POST", "/v1/templates", { message: `Hello from ${input.name}`, entity_type: 2, ...input }));
    // Update times are kept to the millisecond: a pause keeps "newest first" free of ties.
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  return created;
}

const dialog = (page: Page) => page.getByTestId("templates-dialog");
const names = (page: Page) => dialog(page).getByTestId("template-name");
const itemNamed = (page: Page, name: string) =>
  dialog(page)
    .getByTestId("template-item")
    .filter({ has: page.getByTestId("template-name").getByText(name, { exact: true }) });
const detailForm = (page: Page) => dialog(page).getByTestId("template-form");
const nameField = (page: Page) => detailForm(page).getByLabel(MESSAGES.name, { exact: true });
const messageField = (page: Page) => detailForm(page).getByLabel(MESSAGES.channelScreen.message, { exact: true });
const saveButton = (page: Page) => dialog(page).getByRole("button", { name: MESSAGES.saveTemplate });
const toast = (page: Page, text: string) => page.getByTestId("toast").filter({ hasText: text });
const spinner = (page: Page) => page.getByRole("alertdialog", { name: MESSAGES.operationInProgress });
const unsavedDialog = (page: Page) => page.getByRole("dialog", { name: MESSAGES.unsavedTitle });
/** A Headless UI dialog's own element has no box: whether it shows is read from its text. */
const unsavedShown = (page: Page) => unsavedDialog(page).getByText(MESSAGES.unsavedText);

/** Opens a page with the modal listing only the templates of `word` (the address a user could type). */
function templatesPath(word: string, extra = ""): string {
  return `/?dialog=templates&template_search=${word}${extra}`;
}

async function openTemplates(page: Page, word: string, extra = "") {
  await open(page, templatesPath(word, extra));
  await expect(dialog(page)).toBeVisible();
}

/**
 * Without JavaScript the filters apply with the 'Apply filters' button (an open popover, which would
 * cover it, is closed first, as a user would); with it, as they change.
 */
/**
 * Waits one message-channel hop in the page: React runs the effects of a commit in such a task (not
 * faked by page.clock), so what a commit's effects set up (a timer, say) is in place afterwards.
 */
async function afterPendingEffects(page: Page): Promise<void> {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
}

async function applyFilters(page: Page) {
  if (javaScriptEnabled()) return;
  const popovers = dialog(page).locator("details[open] > summary");
  while ((await popovers.count()) > 0) await popovers.first().click();
  await dialog(page).getByRole("button", { name: L.applyFilters }).click();
}

/** The message under a field (its aria-describedby target). */
async function errorOf(page: Page, field: Locator): Promise<Locator> {
  await expect(field, "the field names its error").toHaveAttribute("aria-describedby", /\S/);
  const describedBy = await field.getAttribute("aria-describedby");
  return page.locator(`#${describedBy!.split(" ").at(-1)}`);
}

/**
 * A refused save answers 400 (or the API's status) with the modal and its errors; Chromium logs
 * "Failed to load resource" for that document (without JavaScript) or for the fetcher's request.
 */
function allowRefusals(browserErrors: BrowserErrors): void {
  browserErrors.allow(
    /^console error: Failed to load resource: .* (400 \(Bad Request\)|404 \(Not Found\)|422 \(Unprocessable (Entity|Content)\)) \(http:\/\/[^/]+\/templates(\.data)?(\?[^)]*)?\)$/,
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({
    path: `test-results/screenshots/${test.info().project.name}-templates-${name}.png`,
    animations: "disabled",
    caret: "hide",
  });
}

async function timeZone(api: Api): Promise<string> {
  return (await api<{ business_profile: { time_zone: string } }>("GET", "/accounts")).business_profile.time_zone;
}

test.describe("the Templates modal", () => {
  test("opens from the avatar menu's Templates entry over the current page, and Cancel closes it @no-js", async ({ page }) => {
    await signIn(page, "agent", { at: "/topics" });
    const menu = avatarMenu(page);
    await menu.toggle.click();
    await menu.panel.getByRole("link", { name: MESSAGES.templates }).click();
    await expect(page).toHaveURL(atPath("/topics?dialog=templates"));
    await expect(dialog(page).getByRole("heading", { name: MESSAGES.templates })).toBeVisible();
    await expect(page.getByRole("dialog", { name: MESSAGES.templates })).toHaveCount(1);
    await dialog(page).getByRole("button", { name: MESSAGES.cancel }).or(dialog(page).getByRole("link", { name: MESSAGES.cancel })).click();
    await expect(page).toHaveURL(atPath("/topics"));
    await expect(dialog(page)).toHaveCount(0);
  });

  test("is 800 px wide, with network filters on the left, the list in the middle and the form on the right", async ({ page }) => {
    await signIn(page, "agent", { at: "/?dialog=templates" });
    const box = await dialog(page).boundingBox();
    expect(box?.width).toBe(800);
    const filters = dialog(page).getByTestId("template-network-filters");
    const list = dialog(page).getByTestId("template-list");
    const form = detailForm(page);
    const [left, middle, right] = await Promise.all([filters.boundingBox(), list.boundingBox(), form.boundingBox()]);
    expect(left!.x).toBeLessThan(middle!.x);
    expect(middle!.x + middle!.width).toBeLessThanOrEqual(right!.x);
    // The network codes of spec core §3, one toggle each.
    const boxes = filters.getByRole("checkbox");
    await expect(boxes).toHaveCount(7);
    expect(await boxes.evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value))).toEqual([
      "twitter",
      "fb",
      "ig",
      "rd",
      "ytb",
      "etoro",
      "review",
    ]);
    for (const label of Object.values(TEMPLATE_CATEGORY_LABELS)) await expect(filters.getByRole("checkbox", { name: label })).toHaveCount(1);
    await shoot(page, "modal");
  });

  test("the list has New Message, 'Search for template', 'Filter by language' showing a count, and a sort-by-date toggle @no-js", async ({ page }) => {
    const word = tagWord();
    await createTemplates(
      await apiAs("admin"),
      { name: `${word} English`, languages: ["en"] },
      { name: `${word} German`, languages: ["de"] },
      { name: `${word} French`, languages: ["fr"] },
    );
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("link", { name: MESSAGES.newMessage })).toBeVisible();
    await expect(dialog(page).getByPlaceholder(MESSAGES.searchForTemplate)).toHaveValue(word);
    await expect(dialog(page).getByTestId("template-sort")).toBeVisible();
    const languageFilter = dialog(page).getByTestId("template-language-filter");
    await expect(languageFilter.locator("summary")).toHaveText(MESSAGES.filterByLanguage);
    await languageFilter.locator("summary").click();
    await languageFilter.getByRole("checkbox", { name: "German" }).check();
    await languageFilter.getByRole("checkbox", { name: "French" }).check();
    await applyFilters(page);
    // Only the count shows (spec §9: multi-selects show only a count).
    await expect(dialog(page).getByTestId("template-language-filter").locator("summary")).toHaveText(MESSAGES.chosenCount(2));
  });

  test("each item shows its name, message, who updated it and when (HH:mm, DD/MM/YY), a pin toggle and delete", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("admin");
    const [template] = await createTemplates(api, { name: `${word} Shipping`, message: "Your parcel is on its way, {{author_name}}." });
    const zone = await timeZone(api);
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    const item = itemNamed(page, template!.name);
    await expect(item.getByTestId("template-message")).toHaveText("Your parcel is on its way, {{author_name}}.");
    await expect(item.getByTestId("template-updated-by")).toHaveText(L.updatedBy(DEMO_ACCOUNTS.admin.fullName));
    const time = item.getByTestId("template-time");
    await expect(time).toHaveText(formatTemplateTime(template!.updated_at, zone));
    await expect(time).toHaveText(/^\d{2}:\d{2}, \d{2}\/\d{2}\/\d{2}$/);
    await expect(item.getByRole("button", { name: MESSAGES.searchScreen.pinNamed(template!.name) })).toBeVisible();
    await expect(item.getByRole("link", { name: MESSAGES.topicsScreen.deleteGroup(template!.name) })).toBeVisible();
  });

  test("search matches the name or the message, ignoring case", async ({ page }) => {
    const word = tagWord();
    await createTemplates(
      await apiAs("admin"),
      { name: `${word} Refund Policy`, message: "Money back in 14 days" },
      { name: `${word} Delivery`, message: `Your PARCEL ${word} is late` },
      { name: `${word} Greeting`, message: "Hello there" },
    );
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(names(page)).toHaveCount(3);
    const search = dialog(page).getByPlaceholder(MESSAGES.searchForTemplate);
    await search.fill(`${word.toUpperCase()} refund`);
    await applyFilters(page);
    await expect(names(page)).toHaveText([`${word} Refund Policy`]);
    await dialog(page).getByPlaceholder(MESSAGES.searchForTemplate).fill(`parcel ${word.toUpperCase()}`);
    await applyFilters(page);
    await expect(names(page)).toHaveText([`${word} Delivery`]);
  });

  test("network filters keep the templates having any chosen network @no-js", async ({ page }) => {
    const word = tagWord();
    await createTemplates(
      await apiAs("admin"),
      { name: `${word} Tweets`, categories: ["twitter"] },
      { name: `${word} Facebook and Instagram`, categories: ["fb", "ig"] },
      { name: `${word} Reviews`, categories: ["review"] },
    );
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    const filters = dialog(page).getByTestId("template-network-filters");
    await filters.locator(`label[title="${TEMPLATE_CATEGORY_LABELS.ig}"]`).click();
    await applyFilters(page);
    await expect(names(page)).toHaveText([`${word} Facebook and Instagram`]);
    await dialog(page).getByTestId("template-network-filters").locator(`label[title="${TEMPLATE_CATEGORY_LABELS.review}"]`).click();
    await applyFilters(page);
    await expect(names(page)).toHaveText([`${word} Reviews`, `${word} Facebook and Instagram`]);
    await expect(dialog(page).getByTestId("template-network-filters").getByRole("checkbox", { name: TEMPLATE_CATEGORY_LABELS.review })).toBeChecked();
  });

  test("language filters keep the templates having any chosen language", async ({ page }) => {
    const word = tagWord();
    await createTemplates(
      await apiAs("admin"),
      { name: `${word} English`, languages: ["en"] },
      { name: `${word} German and English`, languages: ["de", "en"] },
      { name: `${word} Spanish`, languages: ["es"] },
    );
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    const filter = dialog(page).getByTestId("template-language-filter");
    await filter.locator("summary").click();
    await filter.getByRole("checkbox", { name: "German" }).check();
    await applyFilters(page);
    await expect(names(page)).toHaveText([`${word} German and English`]);
    const again = dialog(page).getByTestId("template-language-filter");
    if (!javaScriptEnabled()) await again.locator("summary").click();
    await again.getByRole("checkbox", { name: "Spanish" }).check();
    await applyFilters(page);
    await expect(names(page)).toHaveText([`${word} Spanish`, `${word} German and English`]);
  });

  test("pinned first, then by update date, newest first; the sort-by-date toggle turns the dates", async ({ page }) => {
    const word = tagWord();
    const [first, second, third] = await createTemplates(
      await apiAs("admin"),
      { name: `${word} first` },
      { name: `${word} second` },
      { name: `${word} third` },
    );
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(names(page)).toHaveText([third!.name, second!.name, first!.name]);
    await itemNamed(page, first!.name).getByRole("button", { name: MESSAGES.searchScreen.pinNamed(first!.name) }).click();
    await expect(toast(page, MESSAGES.templatePinned)).toBeVisible();
    await expect(names(page)).toHaveText([first!.name, third!.name, second!.name]);
    await expect(itemNamed(page, first!.name).getByRole("button", { name: MESSAGES.searchScreen.unpinNamed(first!.name) })).toHaveAttribute("aria-pressed", "true");
    await dialog(page).getByTestId("template-sort").click();
    await expect(dialog(page).getByTestId("template-sort")).toHaveAttribute("data-order", "asc");
    await expect(names(page)).toHaveText([first!.name, second!.name, third!.name]);
  });

  test("on first load with nothing selected, the first item is selected", async ({ page }) => {
    const word = tagWord();
    const [, newest] = await createTemplates(await apiAs("admin"), { name: `${word} older` }, { name: `${word} newest` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(itemNamed(page, newest!.name).getByRole("link").first()).toHaveAttribute("aria-current", "true");
    await expect(nameField(page)).toHaveValue(newest!.name);
    await expect(messageField(page)).toHaveValue(newest!.message);
  });

  test("the detail form: Name, a 9-row Message, 'Template visible for', networks and languages", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), {
      name: `${word} Form`,
      categories: ["twitter", "fb"],
      languages: ["en"],
      entity_type: 2,
    });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(nameField(page)).toHaveValue(template!.name);
    await expect(messageField(page)).toHaveAttribute("rows", "9");
    const visibility = detailForm(page).getByRole("group", { name: MESSAGES.templateVisibleFor });
    for (const choice of [MESSAGES.onlyMe, MESSAGES.everyone, MESSAGES.teams]) await expect(visibility.getByRole("radio", { name: choice })).toBeVisible();
    await expect(visibility.getByRole("radio", { name: MESSAGES.everyone })).toBeChecked();
    await expect(detailForm(page).getByTestId("template-networks").locator("summary")).toHaveText(MESSAGES.chosenCount(2));
    await expect(detailForm(page).getByTestId("template-languages").locator("summary")).toHaveText(MESSAGES.chosenCount(1));
  });

  test("'Copy text' puts the message on the clipboard and says 'Message copied to clipboard!' @js-only", async ({ page, context }) => {
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Copy`, message: "Copy me, {{author_name}}" });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await detailForm(page).getByRole("button", { name: MESSAGES.copyText }).click();
    await expect(toast(page, MESSAGES.messageCopied)).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(template!.message);
  });

  test("Teams visibility offers a team multi-select reading 'Select teams', then 'N chosen' @no-js", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const agentId = (await (await apiAs("agent"))<{ id: number }>("GET", "/accounts")).id;
    // The agent is in the team: a template shared with it stays in the agent's list.
    const team = await admin<{ id: number; name: string }>("POST", "/v1/teams", { name: `Team ${word}`, account_ids: [agentId] });
    await createTemplates(admin, { name: `${word} Teams` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    const visibility = detailForm(page).getByRole("group", { name: MESSAGES.templateVisibleFor });
    await visibility.getByRole("radio", { name: MESSAGES.teams }).check();
    const teams = visibility.getByTestId("teams-select");
    await expect(teams.locator("summary")).toHaveText(MESSAGES.selectTeams);
    await teams.locator("summary").click();
    await teams.getByRole("checkbox", { name: team.name }).check();
    if (javaScriptEnabled()) await expect(teams.locator("summary")).toHaveText(MESSAGES.chosenCount(1));
    await saveButton(page).click();
    await expect(toast(page, MESSAGES.templateUpdated(`${word} Teams`))).toBeVisible();
    const saved = (await admin<{ data: ApiTemplate[] }>("GET", `/v1/templates?search=${word}`)).data[0]!;
    expect(saved).toMatchObject({ entity_type: 3, entity_ids: [team.id] });
    await expect(detailForm(page).getByTestId("teams-select").locator("summary")).toHaveText(MESSAGES.chosenCount(1));
  });

  test("a new template: Name, Message and who sees it are required, errors under each field, on submit @no-js", async ({ page, browserErrors }) => {
    allowRefusals(browserErrors);
    const word = tagWord();
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("link", { name: MESSAGES.newMessage }).click();
    await nameField(page).fill(`${word} Needs more`);
    await saveButton(page).click();
    await expect(await errorOf(page, messageField(page))).toHaveText(MESSAGES.required);
    const visibility = detailForm(page).getByRole("group", { name: MESSAGES.templateVisibleFor });
    await expect(visibility).toContainText(MESSAGES.required);
    await expect(nameField(page)).not.toHaveAttribute("aria-invalid", "true");
    await expect(nameField(page)).toHaveValue(`${word} Needs more`);
    await shoot(page, "required");

    // Teams without a team: 'Please add at least one item!'; an emptied Name: 'Should not be empty!'.
    await nameField(page).fill("");
    await messageField(page).fill("Thanks!");
    await visibility.getByRole("radio", { name: MESSAGES.teams }).check();
    await saveButton(page).click();
    await expect(await errorOf(page, nameField(page))).toHaveText(MESSAGES.required);
    await expect(detailForm(page).getByRole("group", { name: MESSAGES.templateVisibleFor })).toContainText(MESSAGES.atLeastOneItem);
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("saving a new template says \"Template '{name}' successfully created\" and selects it @no-js", async ({ page }) => {
    const word = tagWord();
    const name = `${word} Welcome`;
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("link", { name: MESSAGES.newMessage }).click();
    await nameField(page).fill(name);
    await messageField(page).fill("Welcome, {{author_name}}! {{agent_first_name}}");
    await detailForm(page).getByRole("radio", { name: MESSAGES.onlyMe }).check();
    const networks = detailForm(page).getByTestId("template-networks");
    await networks.locator("summary").click();
    await networks.getByRole("checkbox", { name: TEMPLATE_CATEGORY_LABELS.twitter }).check();
    await networks.locator("summary").click();
    const languages = detailForm(page).getByTestId("template-languages");
    await languages.locator("summary").click();
    await languages.getByRole("checkbox", { name: "English", exact: true }).check();
    await saveButton(page).click();
    await expect(toast(page, MESSAGES.templateCreated(name))).toBeVisible();
    await expect(itemNamed(page, name).getByRole("link").first()).toHaveAttribute("aria-current", "true");
    await expect(nameField(page)).toHaveValue(name);
    const agent = await apiAs("agent");
    const saved = (await agent<{ data: ApiTemplate[] }>("GET", `/v1/templates?search=${word}`)).data;
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ name, categories: ["twitter"], languages: ["en"], entity_type: 1, active: true });
    // Only Me: the admin does not see it.
    expect((await (await apiAs("admin"))<{ data: ApiTemplate[] }>("GET", `/v1/templates?search=${word}`)).data).toEqual([]);
  });

  test("saving changes says \"Template '{name}' successfully updated\"; the list shows who updated it", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Before` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await nameField(page).fill(`${word} After`);
    await saveButton(page).click();
    await expect(toast(page, MESSAGES.templateUpdated(`${word} After`))).toBeVisible();
    await expect(itemNamed(page, `${word} After`).getByTestId("template-updated-by")).toHaveText(L.updatedBy(DEMO_ACCOUNTS.agent.fullName));
    await expect(itemNamed(page, template!.name)).toHaveCount(0);
  });

  test("Save Template is disabled until something changed @js-only", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Unchanged` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(saveButton(page)).toBeDisabled();
    await messageField(page).fill(`${template!.message}!`);
    await expect(saveButton(page)).toBeEnabled();
    await messageField(page).fill(template!.message);
    await expect(saveButton(page)).toBeDisabled();
    await detailForm(page).getByRole("radio", { name: MESSAGES.onlyMe }).check();
    await expect(saveButton(page)).toBeEnabled();
    await dialog(page).getByRole("link", { name: MESSAGES.newMessage }).click();
    await expect(unsavedShown(page)).toBeVisible();
    await unsavedDialog(page).getByRole("button", { name: MESSAGES.dontSave }).click();
    await expect(saveButton(page)).toBeDisabled();
  });

  test("only one unsaved new template exists at a time", async ({ page }) => {
    const word = tagWord();
    await createTemplates(await apiAs("admin"), { name: `${word} Saved` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await dialog(page).getByRole("link", { name: MESSAGES.newMessage }).click();
    await expect(dialog(page).locator("[data-testid=template-item][data-new=true]")).toHaveCount(1);
    await nameField(page).fill(`${word} Draft`);
    await dialog(page).getByRole("link", { name: MESSAGES.newMessage }).click();
    await expect(dialog(page).locator("[data-testid=template-item][data-new=true]")).toHaveCount(1);
    await expect(names(page)).toHaveText([L.newTemplate, `${word} Saved`]);
    if (javaScriptEnabled()) await expect(nameField(page)).toHaveValue(`${word} Draft`);
  });

  test("selecting another item with unsaved changes asks: Cancel stays, Don't save moves on, Save saves then moves @js-only", async ({ page }) => {
    const word = tagWord();
    const [older, newer] = await createTemplates(await apiAs("admin"), { name: `${word} Older` }, { name: `${word} Newer` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(nameField(page)).toHaveValue(newer!.name);
    await messageField(page).fill("Edited text");
    await itemNamed(page, older!.name).getByRole("link").first().click();
    await expect(unsavedShown(page)).toBeVisible();
    await expect(unsavedDialog(page).getByRole("button")).toHaveText([MESSAGES.cancel, MESSAGES.dontSave, MESSAGES.save]);
    await shoot(page, "unsaved");

    await unsavedDialog(page).getByRole("button", { name: MESSAGES.cancel }).click();
    await expect(unsavedDialog(page)).toHaveCount(0);
    await expect(messageField(page)).toHaveValue("Edited text");

    await itemNamed(page, older!.name).getByRole("link").first().click();
    await unsavedDialog(page).getByRole("button", { name: MESSAGES.dontSave }).click();
    await expect(nameField(page)).toHaveValue(older!.name);
    await itemNamed(page, newer!.name).getByRole("link").first().click();
    await expect(messageField(page)).toHaveValue(newer!.message);

    await messageField(page).fill("Saved on the way");
    await itemNamed(page, older!.name).getByRole("link").first().click();
    await unsavedDialog(page).getByRole("button", { name: MESSAGES.save, exact: true }).click();
    await expect(toast(page, MESSAGES.templateUpdated(newer!.name))).toBeVisible();
    await expect(nameField(page)).toHaveValue(older!.name);
    await expect(itemNamed(page, newer!.name).getByTestId("template-message")).toHaveText("Saved on the way");
  });

  test("closing with unsaved changes asks to save or discard @js-only", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Close` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await messageField(page).fill("Not kept");
    await dialog(page).getByRole("button", { name: MESSAGES.cancel }).click();
    await expect(unsavedShown(page)).toBeVisible();
    await unsavedDialog(page).getByRole("button", { name: MESSAGES.cancel }).click();
    await expect(unsavedDialog(page)).toHaveCount(0);
    await expect(dialog(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(unsavedShown(page)).toBeVisible();
    await unsavedDialog(page).getByRole("button", { name: MESSAGES.dontSave }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(page).toHaveURL(atPath("/"));
    const agent = await apiAs("agent");
    expect((await agent<{ data: ApiTemplate[] }>("GET", `/v1/templates?search=${word}`)).data[0]!.message).toBe(template!.message);
  });

  test("delete asks 'Are you sure you want to delete template \"{name}\"? This action cannot be undone.' @no-js", async ({ page }) => {
    const word = tagWord();
    const [keep, remove] = await createTemplates(await apiAs("admin"), { name: `${word} Keep` }, { name: `${word} Remove "me"` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await itemNamed(page, remove!.name).getByRole("link", { name: MESSAGES.topicsScreen.deleteGroup(remove!.name) }).click();
    const confirm = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(confirm.getByText(MESSAGES.templateDeleteConfirm(remove!.name), { exact: true })).toBeVisible();
    await shoot(page, "delete");
    await confirm.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page, MESSAGES.templateDeleted)).toBeVisible();
    await expect(names(page)).toHaveText([keep!.name]);
    await expect(nameField(page)).toHaveValue(keep!.name);
  });

  test("pin and unpin say 'Template was pinned successfully!' and 'Template was unpined successfully!' @no-js", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Pin me` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await itemNamed(page, template!.name).getByRole("button", { name: MESSAGES.searchScreen.pinNamed(template!.name) }).click();
    await expect(toast(page, MESSAGES.templatePinned)).toBeVisible();
    const unpin = itemNamed(page, template!.name).getByRole("button", { name: MESSAGES.searchScreen.unpinNamed(template!.name) });
    await expect(unpin).toHaveAttribute("aria-pressed", "true");
    await unpin.click();
    await expect(toast(page, MESSAGES.templateUnpinned)).toBeVisible();
    await expect(itemNamed(page, template!.name).getByRole("button", { name: MESSAGES.searchScreen.pinNamed(template!.name) })).toHaveAttribute("aria-pressed", "false");
  });

  test("when the page says it is hydrated, the modal's forms already post through fetchers @js-only", async ({ page }) => {
    // waitForHydration trusts html[data-hydrated]: set before the forms gained their `js` field, a click
    // at once posted as without JavaScript (a redirect instead of the fetcher's toast: the pin flake).
    const word = tagWord();
    await createTemplates(await apiAs("admin"), { name: `${word} Early` });
    await signIn(page, "agent");
    await page.addInitScript(() => {
      new MutationObserver((_, observer) => {
        if (document.documentElement.dataset.hydrated !== "true") return;
        observer.disconnect();
        const pinForms = [...document.querySelectorAll("[data-testid=template-list] form")];
        (window as unknown as { __jsFields?: boolean[] }).__jsFields = pinForms.map((form) => form.querySelector("input[name=js]") !== null);
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-hydrated"] });
    });
    await openTemplates(page, word);
    // Once hydrated the modal is a Headless UI dialog whose portal may mount a moment later: a form
    // there then is rendered hydrated. What must not be is a form on screen without its `js` field.
    const jsFields = await page.evaluate(() => (window as unknown as { __jsFields?: boolean[] }).__jsFields);
    expect(jsFields, "the marker was seen").toBeDefined();
    expect(jsFields).not.toContain(false);
    await expect(itemNamed(page, `${word} Early`).locator("input[name=js]")).toHaveCount(1);
  });

  test("a failed template action shows 'Something went wrong' @no-js", async ({ page, browserErrors }) => {
    allowRefusals(browserErrors);
    const word = tagWord();
    const admin = await apiAs("admin");
    const [template] = await createTemplates(admin, { name: `${word} Gone` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    // Someone else deletes it meanwhile.
    await admin("DELETE", `/v1/templates/${template!.id}`);
    await itemNamed(page, template!.name).getByRole("button", { name: MESSAGES.searchScreen.pinNamed(template!.name) }).click();
    await expect(toast(page, MESSAGES.somethingWentWrong)).toBeVisible();
    await expect(dialog(page)).toBeVisible();
  });

  test("the spinner ('Operation in progress...') covers save, pin and delete @js-only", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Busy` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    // Each action is held at the network until the spinner was seen.
    let release: () => void = () => undefined;
    let arrived: () => void = () => undefined;
    let arrival = new Promise<void>((resolve) => (arrived = resolve));
    await page.route(/\/templates\.data/, async (route) => {
      if (route.request().method() === "POST") {
        const released = new Promise<void>((resolve) => (release = resolve));
        arrived();
        await released;
      }
      await route.continue();
    });
    const held = async (act: () => Promise<void>, done: string) => {
      await act();
      await arrival;
      arrival = new Promise<void>((resolve) => (arrived = resolve));
      await expect(spinner(page)).toBeVisible();
      release();
      await expect(toast(page, done)).toBeVisible();
      await expect(spinner(page)).toHaveCount(0);
    };
    await held(() => itemNamed(page, template!.name).getByRole("button", { name: MESSAGES.searchScreen.pinNamed(template!.name) }).click(), MESSAGES.templatePinned);
    await messageField(page).fill("Busy saving");
    await held(() => saveButton(page).click(), MESSAGES.templateUpdated(template!.name));
    await itemNamed(page, template!.name).getByRole("link", { name: MESSAGES.topicsScreen.deleteGroup(template!.name) }).click();
    await held(
      () => page.getByRole("dialog", { name: MESSAGES.confirmTitle }).getByRole("button", { name: MESSAGES.confirm }).click(),
      MESSAGES.templateDeleted,
    );
  });

  test("closing keeps what was loaded for 500 ms, then clears it @js-only", async ({ page }) => {
    const word = tagWord();
    // A newer template that the search leaves out: in the whole list the one selected before is never first.
    await createTemplates(await apiAs("admin"), { name: `${word} Clock` }, { name: `${tagWord()} Later` });
    await signIn(page, "agent");
    await page.clock.install();
    await open(page, "/?dialog=templates");
    const search = dialog(page).getByPlaceholder(MESSAGES.searchForTemplate);
    await search.fill(word);
    await expect(names(page)).toHaveText([`${word} Clock`]);
    await page.clock.pauseAt(new Date(Date.now() + 60_000));
    const reopen = async () => {
      await avatarMenu(page).toggle.click();
      await avatarMenu(page).panel.getByRole("link", { name: MESSAGES.templates }).click();
      await expect(dialog(page)).toBeVisible();
    };

    // The clearing timer is set by an effect that runs after the dialog leaves the page: wait for it.
    const closed = async () => {
      await dialog(page).getByRole("button", { name: MESSAGES.cancel }).click();
      await expect(dialog(page)).toHaveCount(0);
      await afterPendingEffects(page);
    };

    await closed();
    await page.clock.runFor(499);
    await reopen();
    await expect(dialog(page).getByPlaceholder(MESSAGES.searchForTemplate)).toHaveValue(word);
    await expect(names(page)).toHaveText([`${word} Clock`]);

    await closed();
    await page.clock.runFor(500);
    await reopen();
    await expect(dialog(page).getByPlaceholder(MESSAGES.searchForTemplate)).toHaveValue("");
    // The whole list again (the demo's templates and the others) with one of it selected afresh, not the
    // one selected before: the first, unless another journey's newer template has come in above it since
    // (the selection then stays where it is, as it should for a user whose colleague adds one).
    await expect(names(page).nth(1)).toBeVisible();
    const current = dialog(page).getByTestId("template-item").filter({ has: page.locator('a[aria-current="true"]') });
    await expect(current).toHaveCount(1);
    await expect(current).not.toContainText(`${word} Clock`);
  });

  test("Select Template shows only in select mode, is disabled until one is chosen, and hands back template_id @no-js", async ({ page }) => {
    const word = tagWord();
    const [template] = await createTemplates(await apiAs("admin"), { name: `${word} Pick me` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(dialog(page).getByRole("button", { name: MESSAGES.selectTemplate })).toHaveCount(0);

    await openTemplates(page, `${word}nothing`, "&mode=select&item=42");
    await expect(dialog(page).getByRole("button", { name: MESSAGES.selectTemplate })).toBeDisabled();
    await openTemplates(page, word, "&mode=select&item=42");
    await dialog(page).getByRole("link", { name: MESSAGES.newMessage }).click();
    await expect(dialog(page).getByRole("button", { name: MESSAGES.selectTemplate })).toBeDisabled();
    await itemNamed(page, template!.name).getByRole("link").first().click();
    const select = dialog(page).getByRole("button", { name: MESSAGES.selectTemplate });
    await expect(select).toBeEnabled();
    await select.click();
    // The page again without the modal, told which template (the inbox fills its reply box from it).
    await expect(page).toHaveURL(atPath(`/?item=42&template_id=${template!.id}`));
    await expect(dialog(page)).toHaveCount(0);
  });

  test("for an inbox item the list starts with the templates in the item's language; every other one is a click away @no-js", async ({ page }) => {
    const word = tagWord();
    const api = await apiAs("admin");
    const feed = await api<{ data: Array<{ id: number; language: string | null }> }>("GET", "/v1/feed-items?per_page=50");
    const item = feed.data.find((entry) => entry.language && /^[a-z]{2}$/.test(entry.language));
    expect(item, "a demo mention with a language").toBeDefined();
    const other = item!.language === "fr" ? "de" : "fr";
    const [mine, theirs, any] = await createTemplates(
      api,
      { name: `${word} In the item's language`, languages: [item!.language!] },
      { name: `${word} In another language`, languages: [other] },
      { name: `${word} For any language`, languages: [] },
    );
    await signIn(page, "agent");
    await openTemplates(page, word, `&mode=select&item=${item!.id}`);
    // The item's language, and the templates that name no language (they fit any).
    await expect(names(page)).toHaveText([any!.name, mine!.name]);
    await dialog(page).getByRole("link", { name: L.everyLanguage }).click();
    await expect(names(page)).toHaveText([any!.name, theirs!.name, mine!.name]);
    await expect(dialog(page).getByRole("link", { name: L.everyLanguage })).toHaveCount(0);
    // The avatar menu's modal (no item) lists every language as before.
    await openTemplates(page, word);
    await expect(names(page)).toHaveText([any!.name, theirs!.name, mine!.name]);
  });

  test("at phone width the modal is one column: the networks, the list, then the whole detail form @no-js", async ({ page }) => {
    const word = tagWord();
    await createTemplates(await apiAs("admin"), { name: `${word} Narrow` });
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "agent", { at: templatesPath(word) });
    await expect(nameField(page)).toHaveValue(`${word} Narrow`);
    // Side by side the detail got what 390 px leave after two columns (a few pixels); stacked, the width.
    const list = await itemNamed(page, `${word} Narrow`).boundingBox();
    const name = await nameField(page).boundingBox();
    expect(name!.width).toBeGreaterThan(300);
    expect(name!.y).toBeGreaterThan(list!.y + list!.height);
  });

  test("an inactive template is hidden from selection (and listed, marked, otherwise)", async ({ page }) => {
    const word = tagWord();
    const [retired, current] = await createTemplates(await apiAs("admin"), { name: `${word} Retired`, active: false }, { name: `${word} Current` });
    await signIn(page, "agent", { at: templatesPath(word) });

    await expect(dialog(page)).toBeVisible();
    await expect(names(page)).toHaveText([current!.name, retired!.name]);
    await expect(itemNamed(page, retired!.name)).toContainText(L.inactive);
    await openTemplates(page, word, "&mode=select&item=7");
    await expect(names(page)).toHaveText([current!.name]);
    await openTemplates(page, word, `&mode=select&item=7&template=${retired!.id}`);
    await expect(nameField(page)).toHaveValue(current!.name);
  });

  test("guests are not offered the modal", async ({ page }) => {
    await signIn(page, "guest");
    await avatarMenu(page).toggle.click();
    await expect(avatarMenu(page).panel.getByRole("link", { name: MESSAGES.templates })).toHaveCount(0);
    await open(page, "/?dialog=templates");
    await expect(dialog(page)).toHaveCount(0);
  });
});
