// Custom topics (/topics/{topicId?}, spec analytics §2–§7): topic groups, topics defined by a keyword
// list or a boolean query, keyword suggestions from the stored mentions, the query's faults with their
// positions, moving a topic between groups and deleting a group with or without its topics. Runs with
// and without JavaScript (playwright.config.ts projects); both projects share one demo workspace, so
// every name carries the project and a random tag.
import crypto from "node:crypto";
import type { Browser, Locator, Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import {
  atPath,
  expect,
  javaScriptEnabled,
  open,
  signIn,
  test,
  waitForHydration,
  type BrowserErrors,
} from "./fixtures";

const TOPICS = "/topics";
const TOPIC_PAGE = /\/topics\/(\d+)$/;
/** The list with the new-topic form; after a refused create, the index route's action URL. */
const NEW_TOPIC_PAGE = /^http:\/\/[^/]+\/topics(\?index)?$/;
const L = MESSAGES.topicsScreen;

/** A name no other test (or the other project, running at the same time) uses. */
function unique(label: string): string {
  return `${label} ${test.info().project.name} ${crypto.randomBytes(3).toString("hex")}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({
    path: `test-results/screenshots/${test.info().project.name}-topics-${name}.png`,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
  });
}

const toast = (page: Page) => page.getByTestId("toast");

/**
 * A refused form answers 400 (or the API's 422) with the page and its errors. Chromium logs "Failed to
 * load resource ... 400" for that document (without JavaScript) or for the route's data request (with it).
 */
function allowRefusedForms(browserErrors: BrowserErrors): void {
  browserErrors.allow(
    /^console error: Failed to load resource: .* (400 \(Bad Request\)|422 \(Unprocessable (Entity|Content)\)) \(http:\/\/[^/]+\/topics(\/\d+)?(\.data)?(\?[^)]*)?\)$/,
  );
}

/** The message shown under a field (its aria-describedby target). */
async function errorOf(page: Page, field: Locator): Promise<Locator> {
  await expect(field, "the field names its error").toHaveAttribute("aria-describedby", /\S/);
  const describedBy = await field.getAttribute("aria-describedby");
  return page.locator(`#${describedBy!.split(" ")[0]}`);
}

const newTopicForm = (page: Page) => page.getByRole("form", { name: L.newTopic });
const editTopicForm = (page: Page) => page.getByRole("form", { name: MESSAGES.edit });
const groupSection = (page: Page, name: string) =>
  page
    .getByTestId("topic-group")
    .filter({ has: page.getByRole("heading", { level: 3, name: new RegExp(`^${name} \\(`) }) });
const topicRow = (page: Page, name: string) =>
  page.getByTestId("topic-row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function createGroup(page: Page, name: string): Promise<void> {
  const form = page.getByRole("form", { name: L.newGroup });
  await form.getByLabel(L.groupName).fill(name);
  await form.getByRole("button", { name: L.createGroup }).click();
  await expect(toast(page)).toHaveText(L.groupCreated(name));
  await expect(groupSection(page, name)).toHaveCount(1);
}

/** Types a keyword and presses Add: in place with JavaScript, through the action without it. */
async function addKeyword(form: Locator, word: string): Promise<void> {
  await form.getByLabel(L.keywordEntry).fill(word);
  await form.getByRole("button", { name: L.addKeyword, exact: true }).click();
  await expect(form.getByTestId("keyword").filter({ hasText: new RegExp(`^${word}$`) })).toHaveCount(1);
}

interface NewTopic {
  name: string;
  type: "keywords" | "query";
  group?: string;
  keywords?: string[];
  query?: string;
}

/** Fills the new-topic form on /topics (choices set explicitly, so it works without JavaScript). */
async function fillTopic(page: Page, topic: NewTopic): Promise<Locator> {
  const form = newTopicForm(page);
  await form.getByLabel(L.topicName).fill(topic.name);
  await form
    .getByLabel(L.type, { exact: true })
    .selectOption({ label: topic.type === "keywords" ? L.typeKeywords : L.typeQuery });
  if (topic.group) await form.getByLabel(L.group, { exact: true }).selectOption({ label: topic.group });
  for (const word of topic.keywords ?? []) await addKeyword(form, word);
  if (topic.query !== undefined) await form.getByLabel(L.query, { exact: true }).fill(topic.query);
  return form;
}

/** Creates a topic through the form and returns its id (its page is then open). */
async function createTopic(page: Page, topic: NewTopic): Promise<number> {
  await open(page, TOPICS);
  const form = await fillTopic(page, topic);
  await form.getByRole("button", { name: L.createTopic }).click();
  await expect(page).toHaveURL(TOPIC_PAGE);
  await expect(toast(page)).toHaveText(L.topicCreated(topic.name));
  await expect(page.getByRole("heading", { level: 2, name: topic.name })).toBeVisible();
  return Number(TOPIC_PAGE.exec(page.url())![1]);
}

test.describe("custom topics", () => {
  test("a group and a topic in it; type and unique name are checked @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    await signIn(page, "agent", { at: TOPICS });
    await expect(page).toHaveTitle("Custom Topics | Earshot");
    await expect(page.getByRole("heading", { level: 1, name: MESSAGES.customTopics })).toBeVisible();
    await shoot(page, "list");

    const group = unique("Brand");
    await createGroup(page, group);
    await expect(groupSection(page, group)).toContainText(L.emptyGroup);

    // No type: 'Should not be empty!' under the field; what was typed stays.
    const name = unique("Refunds");
    let form = newTopicForm(page);
    await form.getByLabel(L.topicName).fill(name);
    await addKeyword(form, "refund");
    await form.getByRole("button", { name: L.createTopic }).click();
    const type = form.getByLabel(L.type, { exact: true });
    await expect(await errorOf(page, type)).toHaveText(MESSAGES.required);
    await expect(type).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByLabel(L.topicName)).toHaveValue(name);
    await expect(form.getByTestId("keyword")).toHaveText(["refund"]);
    await expect(toast(page)).toHaveCount(0);
    await shoot(page, "type-missing");

    await type.selectOption({ label: L.typeKeywords });
    await form.getByLabel(L.group, { exact: true }).selectOption({ label: group });
    await addKeyword(form, "money back");
    await form.getByRole("button", { name: L.createTopic }).click();
    await expect(page).toHaveURL(TOPIC_PAGE);
    await expect(toast(page)).toHaveText(L.topicCreated(name));
    await expect(page.getByTestId("topic-header")).toContainText(`${L.typeKeywords}`);
    await expect(page.getByTestId("topic-header")).toContainText(group);
    await expect(groupSection(page, group).getByRole("link", { name, exact: true })).toBeVisible();
    const edit = editTopicForm(page);
    await expect(edit.getByTestId("keyword")).toHaveText(["refund", "money back"]);
    await expect(edit.getByRole("radio", { name: MESSAGES.everyone })).toBeChecked();
    await expect(page.getByTestId("backfill")).toBeVisible();
    await shoot(page, "topic");

    // The same name in another case is refused with the API's message under the name.
    await page.getByRole("link", { name: L.newTopic }).click();
    await expect(page).toHaveURL(atPath(TOPICS));
    form = newTopicForm(page);
    await waitForHydration(page);
    await fillTopic(page, { name: name.toUpperCase(), type: "keywords", keywords: ["refund"] });
    await form.getByRole("button", { name: L.createTopic }).click();
    const nameField = form.getByLabel(L.topicName);
    await expect(await errorOf(page, nameField)).toContainText(MESSAGES.searches.topicNameTaken);
    await expect(page).toHaveURL(NEW_TOPIC_PAGE);
    await shoot(page, "duplicate-name");
  });

  test("a faulty query shows each fault with its position; a valid one is saved @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    await signIn(page, "agent", { at: TOPICS });
    const name = unique("Late refunds");
    const form = await fillTopic(page, { name, type: "query", query: "refund AND" });
    const query = form.getByLabel(L.query, { exact: true });
    const faults = form.getByTestId("query-faults");
    const missingOperand = L.faultAt(MESSAGES.queryLint.missingOperand, 1, 8);
    // With JavaScript the fault shows while typing, before anything is sent.
    if (javaScriptEnabled()) await expect(faults).toHaveText([missingOperand]);

    // Enter in a text field sends the form (the default button is Create, not the keyword list's Add).
    await form.getByLabel(L.topicName).press("Enter");
    await expect(faults).toHaveText([missingOperand]);
    await expect(query).toHaveAttribute("aria-invalid", "true");
    // The refusal came back from the index route's action (the faults above may be the live lint's).
    await expect(page).toHaveURL(/\/topics\?index$/);

    // A fault on the second line reads line 2.
    await query.fill("refund OR\n(late");
    if (javaScriptEnabled()) await expect(faults).toHaveText([L.faultAt(MESSAGES.queryLint.unbalancedBracket, 2, 1)]);
    // Wait for the refusal itself (with JavaScript the live lint already shows the same fault): the form
    // shows the answer as sent, so what is typed before it arrives would be replaced (CI saw that).
    const refused = page.waitForResponse(
      (response) =>
        response.request().method() === "POST" && /^\/topics(\.data)?$/.test(new URL(response.url()).pathname),
    );
    await form.getByRole("button", { name: L.createTopic }).click();
    await refused;
    await expect(faults).toHaveText([L.faultAt(MESSAGES.queryLint.unbalancedBracket, 2, 1)]);
    await shoot(page, "query-faults");

    await query.fill('refund AND (late OR "money back")');
    if (javaScriptEnabled()) await expect(form.getByText(L.queryValid)).toBeVisible();
    await form.getByRole("button", { name: L.createTopic }).click();
    await expect(page).toHaveURL(TOPIC_PAGE);
    await expect(toast(page)).toHaveText(L.topicCreated(name));
    await expect(editTopicForm(page).getByLabel(L.query, { exact: true })).toHaveValue(
      'refund AND (late OR "money back")',
    );
    await expect(page.getByTestId("topic-header")).toContainText(L.typeQuery);
  });

  test("keyword suggestions come from the stored mentions @no-js", async ({ page, browser }) => {
    test.setTimeout(120_000);
    const tag = crypto.randomBytes(4).toString("hex");
    const word = `quokka${tag}`;
    await seedMentions(browser, [
      `The ${word} tour was great, thanks!`,
      `Is the ${word} tour running tomorrow?`,
      `Booked the ${word} tour for Saturday.`,
    ]);

    await signIn(page, "agent");
    // The enrichment workers add the words to the vocabulary shortly after the mentions arrive.
    const prefix = word.slice(0, 9);
    await expect(async () => {
      const response = await page.request.get(`${TOPICS}/keywords?word=${prefix}`);
      expect(response.status()).toBe(200);
      const body = (await response.json()) as { suggestions: Array<{ keyword: string; count: number }> };
      expect(body.suggestions).toContainEqual({ keyword: word, count: 3 });
      expect(body.suggestions.length).toBeLessThanOrEqual(10);
    }).toPass({ timeout: 60_000, intervals: [1_000] });

    await open(page, TOPICS);
    const name = unique("Quokka tours");
    const form = newTopicForm(page);
    await form.getByLabel(L.topicName).fill(name);
    await form.getByLabel(L.type, { exact: true }).selectOption({ label: L.typeKeywords });
    const entry = form.getByLabel(L.keywordEntry);
    if (javaScriptEnabled()) {
      // A combobox: suggestions as one types, each with how many mentions hold it.
      await entry.pressSequentially(prefix, { delay: 20 });
      const option = page.getByRole("option", { name: new RegExp(`^${word}`) });
      await expect(option).toContainText(L.suggestionCount(3));
      await expect(entry).toHaveAttribute("aria-expanded", "true");
      await shoot(page, "suggestions");
      await entry.press("ArrowDown");
      await expect(option).toHaveAttribute("aria-selected", "true");
      await entry.press("Enter");
      await expect(page.getByRole("listbox")).toHaveCount(0);
    } else {
      // Without JavaScript, 'Suggest' asks the server, which shows the words on the page.
      await entry.fill(prefix);
      await form.getByRole("button", { name: L.suggest }).click();
      const suggestions = page.getByTestId("server-suggestions");
      await expect(suggestions).toContainText(L.suggestionsFor(prefix));
      await expect(suggestions.getByRole("button", { name: L.addSuggestion(word) })).toContainText(
        L.suggestionCount(3),
      );
      await shoot(page, "suggestions");
      await suggestions.getByRole("button", { name: L.addSuggestion(word) }).click();
      await expect(form.getByLabel(L.topicName)).toHaveValue(name);
    }
    await expect(form.getByTestId("keyword")).toHaveText([word]);
    await expect(entry).toHaveValue("");

    await form.getByRole("button", { name: L.createTopic }).click();
    await expect(toast(page)).toHaveText(L.topicCreated(name));
    await expect(editTopicForm(page).getByTestId("keyword")).toHaveText([word]);
    // The new topic is applied to the stored mentions in the background; its progress is shown.
    const progress = page.getByTestId("backfill-text");
    await expect(async () => {
      if (!javaScriptEnabled()) await page.reload();
      await expect(progress).toContainText("Applied to the", { timeout: 2_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "100");
    await shoot(page, "backfill-finished");
  });

  test("a topic moves to another group @no-js", async ({ page }) => {
    await signIn(page, "agent", { at: TOPICS });
    const from = unique("Support");
    const to = unique("Sales");
    await createGroup(page, from);
    await createGroup(page, to);
    const name = unique("Pricing");
    await createTopic(page, { name, type: "keywords", group: from, keywords: ["price"] });

    const row = topicRow(page, name);
    await expect(groupSection(page, from).getByTestId("topic-row")).toContainText([name]);
    await row.locator("summary", { hasText: L.move }).click();
    const move = page.getByRole("form", { name: L.moveTopic(name) });
    await move.getByLabel(L.moveTopicTo(name)).selectOption({ label: to });
    await shoot(page, "move");
    await move.getByRole("button", { name: L.move }).click();
    await expect(toast(page)).toHaveText(L.topicMoved(name, to));
    // Back on the topic's page, the topic now sits in the other group.
    await expect(page).toHaveURL(TOPIC_PAGE);
    await expect(groupSection(page, to).getByRole("link", { name, exact: true })).toBeVisible();
    await expect(groupSection(page, from)).toContainText(L.emptyGroup);
    await expect(page.getByTestId("topic-header")).toContainText(to);
  });

  test("a group is renamed; a name another group holds is refused @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    await signIn(page, "agent", { at: TOPICS });
    const first = unique("Retail");
    const second = unique("Online");
    await createGroup(page, first);
    await createGroup(page, second);

    const section = groupSection(page, first);
    await section.locator("summary", { hasText: L.rename }).click();
    let rename = page.getByRole("form", { name: L.renameGroup(first) });
    await rename.getByLabel(L.groupName).fill(second.toUpperCase());
    await rename.getByRole("button", { name: MESSAGES.save }).click();
    // The refusal comes back with the form open and the API's message under the name.
    rename = page.getByRole("form", { name: L.renameGroup(first) });
    const nameField = rename.getByLabel(L.groupName);
    await expect(await errorOf(page, nameField)).toContainText(MESSAGES.searches.topicGroupNameTaken);
    await expect(nameField).toHaveValue(second.toUpperCase());
    await shoot(page, "rename-refused");

    const renamed = `${first} renamed`;
    await nameField.fill(renamed);
    await rename.getByRole("button", { name: MESSAGES.save }).click();
    await expect(toast(page)).toHaveText(L.groupRenamed(renamed));
    await expect(groupSection(page, renamed)).toHaveCount(1);
    await expect(groupSection(page, first)).toHaveCount(0);
  });

  test("a group is deleted without its topics, then another with them @no-js", async ({ page, browserErrors }) => {
    await signIn(page, "agent", { at: TOPICS });
    const kept = unique("Kept group");
    const gone = unique("Gone group");
    await createGroup(page, kept);
    await createGroup(page, gone);
    const keptTopic = unique("Survivor");
    const goneTopic = unique("Casualty");
    await createTopic(page, { name: keptTopic, type: "keywords", group: kept, keywords: ["survive"] });
    const goneId = await createTopic(page, { name: goneTopic, type: "keywords", group: gone, keywords: ["vanish"] });

    // Without its topics: they stay, without a group.
    await open(page, TOPICS);
    await page.getByRole("link", { name: L.deleteGroup(kept) }).click();
    let dialog = page.getByRole("dialog", { name: L.deleteGroupTitle });
    await expect(dialog).toContainText(L.deleteGroupMessage(kept));
    await expect(dialog.getByRole("checkbox", { name: L.alsoDeleteTopics })).not.toBeChecked();
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(L.groupDeleted);
    await expect(groupSection(page, kept)).toHaveCount(0);
    await expect(
      page.getByRole("list", { name: L.ungrouped }).getByRole("link", { name: keptTopic, exact: true }),
    ).toBeVisible();

    // With its topics: they go too.
    await page.getByRole("link", { name: L.deleteGroup(gone) }).click();
    dialog = page.getByRole("dialog", { name: L.deleteGroupTitle });
    await dialog.getByRole("checkbox", { name: L.alsoDeleteTopics }).check();
    await shoot(page, "delete-group");
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(L.groupDeletedWithTopics);
    await expect(groupSection(page, gone)).toHaveCount(0);
    await expect(topicRow(page, goneTopic)).toHaveCount(0);
    await expect(topicRow(page, keptTopic)).toHaveCount(1);

    browserErrors.allowNotFoundDocument(`${TOPICS}/${goneId}`);
    const response = await open(page, `${TOPICS}/${goneId}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: MESSAGES.pageNotFound })).toBeVisible();
    await expect(page.getByText(MESSAGES.searches.topicNotFound)).toBeVisible();
  });

  test("a topic is renamed, shared with a team, and deleted after confirming @no-js", async ({ page }) => {
    await signIn(page, "admin");
    const team = unique("Care team");
    await open(page, "/settings/teams");
    const newTeam = page.locator("form").filter({ has: page.getByRole("button", { name: MESSAGES.createTeam }) });
    await newTeam.getByLabel("Name", { exact: true }).fill(team);
    await newTeam.getByRole("button", { name: MESSAGES.createTeam }).click();
    await expect(toast(page)).toHaveText(MESSAGES.teamCreated(team));

    const name = unique("Outages");
    const id = await createTopic(page, { name, type: "keywords", keywords: ["outage"] });
    const edit = editTopicForm(page);
    const renamed = `${name} renamed`;
    await edit.getByLabel(L.topicName).fill(renamed);
    await edit.getByRole("radio", { name: MESSAGES.teams }).check();
    const teams = edit.getByTestId("teams-select");
    await expect(teams.locator("summary")).toHaveText(MESSAGES.selectTeams);
    await teams.locator("summary").click();
    await teams.getByRole("checkbox", { name: team }).check();
    await expect(teams.locator("summary")).toHaveText(
      javaScriptEnabled() ? MESSAGES.chosenCount(1) : MESSAGES.selectTeams,
    );
    await shoot(page, "visibility-teams");
    await edit.getByRole("button", { name: MESSAGES.save }).click();
    await expect(toast(page)).toHaveText(L.topicUpdated(renamed));
    await expect(page).toHaveURL(atPath(`${TOPICS}/${id}`));
    await expect(page.getByRole("heading", { level: 2, name: renamed })).toBeVisible();
    await expect(editTopicForm(page).getByRole("radio", { name: MESSAGES.teams })).toBeChecked();
    await expect(editTopicForm(page).getByTestId("teams-select").locator("summary")).toHaveText(
      MESSAGES.chosenCount(1),
    );

    await page.getByRole("link", { name: L.deleteTopic }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(dialog).toContainText(renamed);
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(L.topicDeleted);
    await expect(page).toHaveURL(atPath(TOPICS));
    await expect(topicRow(page, renamed)).toHaveCount(0);
  });

  test("a guest reads topics without the means to change them", async ({ page, browser }) => {
    const name = unique("Shared topic");
    const context = await browser.newContext();
    try {
      const agent = await context.newPage();
      await signIn(agent, "agent");
      await createTopic(agent, { name, type: "keywords", keywords: ["shared"] });
    } finally {
      await context.close();
    }

    await signIn(page, "guest", { at: TOPICS });
    await expect(page).toHaveTitle("Custom Topics | Earshot");
    await expect(page.getByText(L.readOnly)).toBeVisible();
    await expect(page.getByRole("link", { name: L.newTopic })).toHaveCount(0);
    await expect(page.getByRole("form", { name: L.newGroup })).toHaveCount(0);
    await expect(page.getByRole("form", { name: L.newTopic })).toHaveCount(0);
    const row = topicRow(page, name);
    await expect(row.locator("summary")).toHaveCount(0);
    await row.getByRole("link", { name, exact: true }).click();
    await expect(page).toHaveURL(TOPIC_PAGE);
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByTestId("keyword")).toHaveText(["shared"]);
    await expect(page.getByText(L.readOnly)).toBeVisible();
    await expect(editTopicForm(page)).toHaveCount(0);
    await expect(page.getByRole("link", { name: L.deleteTopic })).toHaveCount(0);
    await shoot(page, "guest");
  });
});

/**
 * Connects an Ingest API stream as an admin (in a browser context of its own) and posts the texts to
 * its ingest endpoint with the stream's key, as a partner's system would.
 */
async function seedMentions(browser: Browser, texts: string[]): Promise<void> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, "admin", { at: "/settings/channels/new" });
    await page.getByLabel("Network").selectOption({ label: "X (Twitter)" });
    await page.getByLabel("Category").selectOption({ label: "Streams" });
    await page.getByRole("radio", { name: "Ingest API" }).check();
    await page.getByLabel(MESSAGES.inboxName).fill(unique("Tour feedback"));
    await page.getByRole("button", { name: MESSAGES.connectStream }).click();
    await expect(page).toHaveURL(/\/settings\/channels\/\d+$/);
    const streamId = Number(/\/(\d+)$/.exec(page.url())![1]);
    const key = await page.getByTestId("ingest-key").inputValue();
    const now = Date.now();
    const items = texts.map((text, index) => ({
      external_id: `topics-${crypto.randomBytes(6).toString("hex")}`,
      text,
      created_at: new Date(now - (index + 1) * 60_000).toISOString(),
      language: "en",
      author: { username: `traveller${index}`, name: `Traveller ${index}` },
    }));
    const response = await fetch(new URL(`/api/v1/ingest/streams/${streamId}`, page.url()), {
      method: "POST",
      headers: { "content-type": "application/json", "x-ingest-key": key },
      body: JSON.stringify(items),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ accepted: texts.length, rejected: 0 });
  } finally {
    await context.close();
  }
}
