// The inbox (issue 6, ADR 014): sources, filters, sort and paging as links; the detail pane with thread,
// author, history and presence; assign, labels, state, translate, reply (templates, drafts, a stale view)
// and moderation; keyboard-first triage. Runs with JavaScript, and without it where tagged @no-js (playwright.config.ts, ADR 023)
// unless a test is about the keyboard (@js-only). Both projects share one demo workspace, so every test
// brings its own stream of mentions (ingested through the API, as a partner's system would) and names.
import crypto from "node:crypto";
import fs from "node:fs";
import type { Browser, Locator, Page } from "@playwright/test";
import { DRAFT_SAVE_DELAY_MS, INBOX_SHORTCUTS } from "../../domain/inbox";
import { MESSAGES } from "../../domain/messages";
import {
  atPath,
  avatarMenu,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  javaScriptEnabled,
  notificationsBell,
  open,
  signIn,
  submitLogin,
  tabTo,
  test,
  waitForHydration,
  type BrowserErrors,
  type DemoRole,
} from "./fixtures";
import { linkFrom, waitForMail } from "./mail";

const L = MESSAGES.inboxUi;
const R = MESSAGES.replies;

/** The e2e server translates English ↔ Spanish with Debian's apertium when it is installed (README). */
const CAN_TRANSLATE = fs.existsSync("/usr/share/apertium/modes/eng-spa.mode");

type Api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

async function apiLogin(email: string, password: string): Promise<Api> {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
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

const apiAs = (role: DemoRole) => apiLogin(DEMO_ACCOUNTS[role].email, DEMO_PASSWORD);

/** A word no other test (nor the other project, running at the same time) uses. */
function tagWord(): string {
  return `ib${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
}

interface Mention {
  text: string;
  language?: string;
  likes?: number;
  author?: { username: string; name?: string };
}

interface Stream {
  id: number;
  name: string;
  /** The items' ids, newest first (the inbox's default order). */
  ids: number[];
}

/**
 * An Ingest API stream of the admin's with these mentions, the first one newest (a minute apart), posted to
 * its ingest endpoint with the stream's key.
 */
async function streamWith(admin: Api, name: string, mentions: Mention[], network = "twitter"): Promise<Stream> {
  const stream = await admin<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
    name,
    social_type: network,
    category: "streams",
    source: "api",
  });
  const now = Date.now();
  const base = test.info().project.use.baseURL!;
  const posted = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
    body: JSON.stringify(
      mentions.map((mention, index) => ({
        external_id: `${name}-${index}`,
        text: mention.text,
        created_at: new Date(now - (index + 1) * 60_000).toISOString(),
        author: mention.author ?? { username: `fan_${index}`, name: `Fan ${index + 1}` },
        language: mention.language ?? "en",
        likes: mention.likes ?? 0,
      })),
    ),
  });
  expect(posted.status, await posted.clone().text()).toBe(200);
  const { data } = await admin<{ data: Array<{ id: number }> }>(
    "GET",
    `/v1/feed-items?source_type=stream&source_id=${stream.id}&limit=100`,
  );
  expect(data).toHaveLength(mentions.length);
  return { id: stream.id, name, ids: data.map((item) => item.id) };
}

/** A new agent of the demo workspace: invited by the admin, signed up from the e-mailed link (through the API). */
async function newAgent(admin: Api, word: string) {
  const email = `agent-${word}@example.test`;
  const password = "Triage-pass1!";
  const invitedAt = Date.now();
  await admin("POST", "/v1/team_member_invites", { email, role: 2, team_ids: [] });
  const mail = await waitForMail({ to: email, subjectIncludes: "invited you", after: invitedAt, timeoutMs: 30_000 });
  const token = new URL(linkFrom(mail, /\/sign-up\?tm=[^\s"<>]+/)).searchParams.get("tm")!;
  const base = test.info().project.use.baseURL!;
  const signedUp = await fetch(`${base}/api/v1/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account: { first_name: "Taylor", last_name: `Triage ${word}`, email, password, password_confirmation: password },
      team_member_invite_token: token,
    }),
  });
  expect(signedUp.status, await signedUp.clone().text()).toBe(201);
  return { email, password, name: `Taylor Triage ${word}` };
}

/** Signs in through the login form (in a page of this project, or of a context with JavaScript off). */
async function signInAs(page: Page, email: string, password: string, hydrates = javaScriptEnabled()) {
  await (hydrates ? open(page, "/login") : page.goto("/login"));
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
}

async function inOtherContext<T>(browser: Browser, role: DemoRole, work: (page: Page) => Promise<T>, javaScriptEnabled = true): Promise<T> {
  const context = await browser.newContext({ javaScriptEnabled });
  try {
    const page = await context.newPage();
    await signIn(page, role);
    return await work(page);
  } finally {
    await context.close();
  }
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({
    path: `test-results/screenshots/${test.info().project.name}-inbox-${name}.png`,
    fullPage: false,
    animations: "disabled",
    caret: "hide",
  });
}

/** A refused form answers 400, 409 or 422 with the page and its errors; Chromium logs the document or data request. */
function allowRefusedForms(browserErrors: BrowserErrors): void {
  browserErrors.allow(
    /^console error: Failed to load resource: .* (400 \(Bad Request\)|409 \(Conflict\)|422 \(Unprocessable (Entity|Content)\)) \(http:\/\/[^/]+\/inbox(\.data)?(\?[^)]*)?\)$/,
  );
}

const toast = (page: Page) => page.getByTestId("toast");
const sidebar = (page: Page) => page.getByRole("navigation", { name: L.sources });
const rows = (page: Page) => page.getByTestId("inbox-row");
const row = (page: Page, id: number) => page.locator(`[data-testid="inbox-row"][data-item-id="${id}"]`);
const detail = (page: Page) => page.getByTestId("item-detail");
const filtersForm = (page: Page) => page.getByRole("form", { name: MESSAGES.searchScreen.filtersHeading });
const popover = (page: Page, testId: string) => detail(page).getByTestId(testId);

/** Waits until the keyed fetchers of the open item have landed (the optimistic state is the server's). */
async function settled(page: Page) {
  await expect(detail(page)).not.toHaveAttribute("data-pending");
}

/** Opens one of the detail's popovers (a <details>), as a user clicks its button. */
async function openPopover(page: Page, testId: string): Promise<Locator> {
  const details = popover(page, testId);
  if (!(await details.evaluate((element) => (element as HTMLDetailsElement).open))) await details.locator("summary").click();
  return details;
}

/** Ticks or picks values of a filter popover, then applies the filters. */
async function filterBy(page: Page, testId: string, labels: string[]) {
  const details = filtersForm(page).getByTestId(testId);
  await details.locator("summary").click();
  for (const label of labels) await details.getByLabel(label, { exact: true }).check();
  await details.locator("summary").click();
  await filtersForm(page).getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
}

test.describe("inbox", () => {
  test("done when: a new agent works ten items from the keyboard alone, replies with a template, and finds the same without JavaScript @js-only", async ({
    page,
    browser,
  }) => {
    test.setTimeout(300_000);
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(
      admin,
      `Keyboard ${word}`,
      Array.from({ length: 10 }, (_, i) => ({ text: `Keyboard ${word} item ${i + 1}: the new update is good`, author: { username: `kb_${i}`, name: `Kim Board ${i + 1}` } })),
    );
    const template = await admin<{ id: number; name: string }>("POST", "/v1/templates", {
      name: `Thanks ${word}`,
      message: "Hi {{author_name}}, thanks for writing to {{brand_name}} about this. {{agent_first_name}}",
      categories: ["twitter"],
      languages: ["en"],
      entity_type: 2,
    });
    const agent = await newAgent(admin, word);
    const label = `Triage ${word}`;

    await signInAs(page, agent.email, agent.password);
    await open(page, `/inbox?source=stream-${stream.id}`);
    await expect(page.getByTestId("source-title")).toHaveText(stream.name);
    await expect(rows(page)).toHaveCount(10);
    await expect(page.getByTestId("detail-empty")).toBeVisible();

    for (const [index, id] of stream.ids.entries()) {
      // j: the next item opens (its address says so) and its row has the focus.
      await page.keyboard.press("j");
      await expect(page).toHaveURL(new RegExp(`[?&]item=${id}(&|$)`));
      await expect(detail(page)).toHaveAttribute("data-item-id", String(id));
      await expect(row(page, id)).toHaveAttribute("aria-current", "true");
      await expect(row(page, id).getByTestId("row-link")).toBeFocused();

      // a: assigned to me.
      await page.keyboard.press("a");
      await expect(detail(page).getByTestId("assignee")).toContainText(agent.name);
      await settled(page);
      await expect(row(page, id).getByTestId("assignee")).toContainText(agent.name);

      // l: the label picker opens at its name field; the first item creates the label, the others reuse it.
      await page.keyboard.press("l");
      await expect(popover(page, "labels-picker").getByLabel(L.newLabel)).toBeFocused();
      await page.keyboard.type(label);
      await page.keyboard.press("Enter");
      await expect(detail(page).getByTestId("labels")).toHaveText(label);
      await settled(page);
      await expect(popover(page, "labels-picker")).not.toHaveAttribute("open");

      // e (half of them): the state picker opens on the next state, Enter applies it.
      if (index < 5) {
        await page.keyboard.press("e");
        await expect(popover(page, "state-picker").getByRole("button", { name: "Pending" })).toBeFocused();
        await page.keyboard.press("Enter");
        await expect(detail(page).getByTestId("state")).toHaveText("Pending");
        await settled(page);
      }

      // t (the first two): translated, shown beside the original.
      if (index < 2) {
        await page.keyboard.press("t");
        await expect(toast(page)).toHaveText(CAN_TRANSLATE ? L.translated("Spanish") : /./);
        if (CAN_TRANSLATE) await expect(detail(page).getByTestId("translated-text")).toContainText(`${word}`);
      }

      // r (the third): the reply box takes the focus; a template goes in where the cursor is, Ctrl+Enter sends.
      if (index === 2) {
        await page.keyboard.press("r");
        const box = detail(page).getByTestId("reply-text");
        await expect(box).toBeFocused();
        await page.keyboard.type("Hello! ");
        await tabTo(page, detail(page).getByTestId("insert-template"));
        await page.keyboard.press("Enter");
        const modal = page.getByTestId("templates-dialog");
        await expect(modal).toBeVisible();
        await tabTo(page, modal.getByPlaceholder(MESSAGES.searchForTemplate), 30);
        await page.keyboard.type(word);
        const item = modal.getByTestId("template-item").filter({ hasText: template.name });
        await expect(modal.getByTestId("template-item")).toHaveCount(1);
        await tabTo(page, item.getByRole("link").first(), 30);
        await page.keyboard.press("Enter");
        await tabTo(page, modal.getByRole("button", { name: MESSAGES.selectTemplate }), 40);
        await page.keyboard.press("Enter");
        await expect(modal).toHaveCount(0);
        const reply = `Hello! Hi Kim Board 3, thanks for writing to Earshot Demo about this. Taylor`;
        await expect(box).toHaveValue(reply);
        await expect(box).toBeFocused();
        await page.keyboard.press("Control+Enter");
        await expect(toast(page)).toHaveText(L.replyToSendManually);
        const sent = detail(page).getByTestId("sent-reply");
        await expect(sent).toHaveCount(1);
        await expect(sent.getByTestId("sent-reply-text")).toHaveText(reply);
        await expect(sent.getByTestId("delivery")).toHaveText(R.toSendManually);
        await expect(sent.getByTestId("copy-reply")).toBeVisible();
        await expect(box).toHaveValue("");
        await expect(row(page, id).getByTestId("replied")).toBeVisible();
      }
      if (index === 0) await shoot(page, "keyboard-detail");
    }

    // k goes back; ? lists the shortcuts; keys typed into a field stay in the field.
    await page.keyboard.press("k");
    await expect(detail(page)).toHaveAttribute("data-item-id", String(stream.ids[8]));
    await page.keyboard.press("?");
    const shortcuts = page.getByRole("dialog", { name: L.keyboardShortcuts });
    await expect(shortcuts.getByTestId("shortcuts-table").locator("tbody tr")).toHaveCount(INBOX_SHORTCUTS.length);
    await shoot(page, "shortcuts");
    await page.keyboard.press("Escape");
    await expect(shortcuts).toHaveCount(0);
    await page.keyboard.press("r");
    await page.keyboard.type("jk");
    await expect(detail(page).getByTestId("reply-text")).toHaveValue("jk");
    await expect(detail(page)).toHaveAttribute("data-item-id", String(stream.ids[8]));

    // The same results without JavaScript: the agent's assignments, labels, states and the reply.
    const noJs = await browser.newContext({ javaScriptEnabled: false });
    try {
      const other = await noJs.newPage();
      await signInAs(other, agent.email, agent.password, false);
      await other.goto("/inbox?source=assigned");
      await expect(other.getByTestId("source-title")).toHaveText(L.assignedToMe);
      await expect(rows(other)).toHaveCount(10);
      await expect(sidebar(other).getByTestId("assigned-to-me").getByTestId("source-count")).toHaveText("5");
      for (const [index, id] of stream.ids.entries()) {
        const line = row(other, id);
        await expect(line.getByTestId("assignee")).toContainText(agent.name);
        await expect(line.getByTestId("labels")).toHaveText(label);
        await expect(line.getByTestId("state")).toHaveText(index < 5 ? "Pending" : "Open");
        await expect(line.getByTestId("replied")).toHaveCount(index === 2 ? 1 : 0);
      }
      await sidebar(other).getByTestId("label-source").filter({ hasText: label }).getByRole("link").click();
      await expect(other.getByTestId("source-title")).toHaveText(label);
      await expect(rows(other)).toHaveCount(10);
      await row(other, stream.ids[2]!).getByTestId("row-link").click();
      const history = detail(other).getByTestId("history-entry");
      await expect(history.filter({ hasText: L.historyAssigned(agent.name) })).toHaveCount(1);
      await expect(history.filter({ hasText: L.historyLabels(label) })).toHaveCount(1);
      await expect(history.filter({ hasText: L.historyState("Pending") })).toHaveCount(1);
      await expect(history.filter({ hasText: L.historyReplied })).toContainText("Hello! Hi Kim Board 3");
      await expect(detail(other).getByTestId("sent-reply").getByTestId("delivery")).toHaveText(R.toSendManually);
    } finally {
      await noJs.close();
    }
  });

  test("a source's items: filters, sort and paging are query parameters, so every view is a link @no-js", async ({ page }) => {
    test.setTimeout(120_000);
    const word = tagWord();
    const admin = await apiAs("admin");
    const mentions: Mention[] = [
      ...Array.from({ length: 12 }, (_, i) => ({ text: `Filter ${word} number ${i + 1}, a plain update about the shop`, likes: i })),
      { text: `Filter ${word}: terrible, broken and awful, the worst app, I hate it`, likes: 50 },
      { text: `Filter ${word}: horrible, useless and broken, a terrible refund process`, likes: 40 },
      { text: `Filter ${word}: la aplicación es muy buena`, language: "es", likes: 3 },
      { text: `Filter ${word}: el servicio es excelente`, language: "es", likes: 2 },
      { text: `Filter ${word}: me gusta la tienda`, language: "es", likes: 1 },
    ];
    const stream = await streamWith(admin, `Filters ${word}`, mentions);
    await signIn(page, "agent", { at: "/inbox" });

    // The stream in the sidebar, under its network and catalogue category.
    const twitter = sidebar(page).getByTestId("network-group").filter({ hasText: "X (Twitter)" });
    await twitter.getByTestId("stream-source").filter({ hasText: stream.name }).getByTestId("source-link").click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}`));
    await expect(page.getByTestId("source-title")).toHaveText(stream.name);
    await expect(page.getByTestId("item-total")).toHaveText(MESSAGES.channelScreen.items(17));

    // 15 a page, newest first; Next and Previous are links.
    await expect(rows(page)).toHaveCount(15);
    await expect(rows(page).first()).toHaveAttribute("data-item-id", String(stream.ids[0]));
    await expect(page.getByTestId("page-range")).toHaveText(L.pageRange(1, 15, { count: 17, capped: false }));
    await page.getByRole("link", { name: L.nextPage }).click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}&page=2`));
    await expect(rows(page)).toHaveCount(2);
    await expect(page.getByTestId("page-range")).toHaveText(L.pageRange(16, 17, { count: 17, capped: false }));
    await page.getByRole("link", { name: L.previousPage }).click();
    await expect(rows(page)).toHaveCount(15);

    // Sentiment: the negative ones.
    await filterBy(page, "filter-sentiment", [MESSAGES.sentimentNegative]);
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}&sentiment=negative`));
    await expect(rows(page)).toHaveCount(2);
    for (const sentiment of await rows(page).getByTestId("sentiment").allTextContents()) expect(sentiment).toBe(MESSAGES.sentimentNegative);

    // Sort by engagement, highest first (the address keeps the filter).
    await filtersForm(page).getByLabel(MESSAGES.searchScreen.sortBy).selectOption({ label: L.sortEngagement });
    await filtersForm(page).getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}&sentiment=negative&sort=engagement`));
    await expect(rows(page).getByTestId("row-text")).toHaveText([mentions[12]!.text, mentions[13]!.text]);
    await filtersForm(page).getByLabel(L.order).selectOption({ label: L.ascending });
    await filtersForm(page).getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
    await expect(rows(page).getByTestId("row-text")).toHaveText([mentions[13]!.text, mentions[12]!.text]);

    // Clear filters; then language: Spanish (a choice of one).
    await page.getByRole("link", { name: L.clearFilters }).click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}&sort=engagement&order=asc`));
    await expect(page.getByTestId("item-total")).toHaveText(MESSAGES.channelScreen.items(17));
    await filtersForm(page).getByLabel(MESSAGES.language, { exact: true }).selectOption({ label: "Spanish" });
    await filtersForm(page).getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}&language=es&sort=engagement&order=asc`));
    await expect(rows(page).getByTestId("row-text")).toHaveText([mentions[16]!.text, mentions[15]!.text, mentions[14]!.text]);

    // Assignee, state and replied, set through the API by a colleague: the view is a link another user opens.
    await admin("POST", `/v1/feed-items/${stream.ids[14]}/assign`, { assignee_type: "account", assignee_id: await accountId(admin, "agent") });
    await admin("POST", "/v1/feed-items/status/properties/state", { ids: [stream.ids[15]], state: 3 });
    await admin("POST", `/v1/feed-items/${stream.ids[16]}/reply`, { text: "Gracias", seen_reply_count: 0 });
    await open(page, `/inbox?source=stream-${stream.id}&language=es&assignee=me`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-item-id", String(stream.ids[14]));
    await open(page, `/inbox?source=stream-${stream.id}&language=es&state=3`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-item-id", String(stream.ids[15]));
    await open(page, `/inbox?source=stream-${stream.id}&language=es&replied=1`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-item-id", String(stream.ids[16]));
    await expect(rows(page).first().getByTestId("replied")).toHaveText(MESSAGES.inboxUi.repliedFilter);
    await open(page, `/inbox?source=stream-${stream.id}&language=es&assignee=unassigned&replied=0`);
    await expect(rows(page)).toHaveCount(1);
    await expect(rows(page).first()).toHaveAttribute("data-item-id", String(stream.ids[15]));

    // The filter form shows what the address holds, and the open item keeps the view.
    await expect(filtersForm(page).getByTestId("filter-assignee").locator("summary")).toHaveText(new RegExp(`${L.assignee}: ${MESSAGES.inboxActions.unassigned}`));
    await rows(page).first().getByTestId("row-link").click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}&assignee=unassigned&language=es&replied=0&item=${stream.ids[15]}`));
    await expect(detail(page).getByTestId("detail-language")).toHaveText("Spanish");
    await shoot(page, "filtered");
  });

  test("moving between sources and pages loads the list's data only; the bell stays live @js-only", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Moves ${word}`, Array.from({ length: 16 }, (_, i) => ({ text: `Move ${word} number ${i + 1}` })));
    await signIn(page, "agent", { at: "/inbox" });
    // What the browser asks the server for while the agent moves within the inbox.
    const loads: URL[] = [];
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (request.method() === "GET" && url.pathname.endsWith(".data")) loads.push(url);
    });
    await sidebar(page).getByTestId("stream-source").filter({ hasText: stream.name }).getByTestId("source-link").click();
    await expect(page).toHaveURL(atPath(`/inbox?source=stream-${stream.id}`));
    // The address changes before the new list renders: until the stream's rows are on screen, the rows
    // (and the next-page link) may still be the previous list's, which has 15 rows too.
    await expect(rows(page).filter({ hasText: `Move ${word} number` })).toHaveCount(15);
    await expect(page.getByRole("link", { name: L.nextPage })).toHaveAttribute("href", new RegExp(`source=stream-${stream.id}`));
    await page.getByRole("link", { name: L.nextPage }).click();
    await expect(rows(page).filter({ hasText: `Move ${word} number` })).toHaveCount(1);
    await expect(rows(page)).toHaveCount(1);
    // Neither the shell (notifications, menus) nor the sidebar is loaded again: only the list's loader.
    expect(loads.map((url) => url.searchParams.get("_routes"))).toEqual(["root,routes/_shell.inbox._index", "root,routes/_shell.inbox._index"]);

    // The bell still hears of an item assigned meanwhile, without a page load.
    await admin("POST", `/v1/feed-items/${stream.ids[0]}/assign`, { assignee_type: "account", assignee_id: await accountId(admin, "agent") });
    await notificationsBell(page).toggle.click();
    await expect(page.getByTestId("notifications-panel").getByTestId("notification").filter({ hasText: `Move ${word} number 1"` })).toBeVisible();
    expect(loads).toHaveLength(2);
  });

  test("assign to a user or a team with a message, and unassign; the history says who, what and when @no-js", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Assign ${word}`, [
      { text: `Assign ${word}: where is my parcel?` },
      { text: `Assign ${word}: my order arrived damaged` },
    ]);
    const team = await admin<{ id: number; name: string }>("POST", "/v1/teams", { name: `Team ${word}`, account_ids: [await accountId(admin, "agent")] });
    await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${stream.ids[0]}` });

    // To the team, with a message.
    const assign = await openPopover(page, "assign-picker");
    await assign.getByLabel(L.assignTo).selectOption({ label: team.name });
    await assign.getByLabel(L.messageOptional).fill(`Please check the tracking ${word}`);
    await assign.getByRole("button", { name: L.assign, exact: true }).click();
    await expect(toast(page)).toHaveText(L.assignedTo(team.name));
    await settled(page);
    await expect(detail(page).getByTestId("assignee")).toContainText(team.name);
    const history = detail(page).getByTestId("history-entry");
    const assigned = history.filter({ hasText: L.historyAssigned(team.name) });
    await expect(assigned).toContainText(DEMO_ACCOUNTS.agent.fullName);
    await expect(assigned).toContainText(`Please check the tracking ${word}`);
    await expect(assigned.locator("time")).toHaveText(/^\d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2}$/);

    // Unassign, with a message.
    const again = await openPopover(page, "assign-picker");
    await again.getByLabel(L.unassignMessage).fill(`Solved ${word}`);
    await again.getByRole("button", { name: L.unassign, exact: true }).click();
    await expect(toast(page)).toHaveText(L.unassigned);
    await settled(page);
    await expect(detail(page).getByTestId("assignee")).toHaveText(MESSAGES.inboxActions.unassigned);
    await expect(history.filter({ hasText: L.historyUnassigned })).toContainText(`Solved ${word}`);

    // The row's quick action: assign to me, then unassign.
    const other = row(page, stream.ids[1]!);
    await other.getByRole("button", { name: L.assignToMeItemOf("Fan 2") }).click();
    await expect(other.getByTestId("assignee")).toContainText(DEMO_ACCOUNTS.agent.fullName);
    await expect(other).not.toHaveAttribute("data-pending");
    await expect(toast(page)).toHaveText(L.assignedTo(L.you));
    await other.getByRole("button", { name: L.unassignItemOf("Fan 2") }).click();
    await expect(other.getByTestId("assignee")).toHaveText(MESSAGES.inboxActions.unassigned);
    await expect(other).not.toHaveAttribute("data-pending");
    await page.reload();
    await expect(row(page, stream.ids[1]!).getByTestId("assignee")).toHaveText(MESSAGES.inboxActions.unassigned);
  });

  test("labels (created inline), state and translation of an item @no-js", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Labels ${word}`, [{ text: `Labels ${word}: the new level is very good` }]);
    const id = stream.ids[0]!;
    await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${id}` });

    // Two new labels typed inline (comma separated).
    const [first, second] = [`Shipping ${word}`, `Vip ${word}`];
    let picker = await openPopover(page, "labels-picker");
    await picker.getByLabel(L.newLabel).fill(`${first}, ${second}`);
    await picker.getByRole("button", { name: L.saveLabels }).click();
    await expect(toast(page)).toHaveText(L.labelsSaved);
    await settled(page);
    await expect(detail(page).getByTestId("label")).toHaveText([first, second]);
    await expect(row(page, id).getByTestId("label")).toHaveText([first, second]);
    await expect(sidebar(page).getByTestId("label-source").filter({ hasText: first })).toHaveCount(1);

    // One unticked: the item keeps the other.
    picker = await openPopover(page, "labels-picker");
    await picker.getByLabel(first, { exact: true }).uncheck();
    await picker.getByRole("button", { name: L.saveLabels }).click();
    await expect(toast(page)).toHaveText(L.labelsSaved);
    await settled(page);
    await expect(detail(page).getByTestId("label")).toHaveText([second]);
    await sidebar(page).getByTestId("label-source").filter({ hasText: second }).getByRole("link").click();
    await expect(page.getByTestId("source-title")).toHaveText(second);
    await expect(rows(page)).toHaveCount(1);
    await sidebar(page).getByTestId("label-source").filter({ hasText: first }).getByRole("link").click();
    await expect(page.getByTestId("inbox-empty")).toHaveText(L.noItems);

    // State: closed, and found by the state filter.
    await open(page, `/inbox?source=stream-${stream.id}&item=${id}`);
    const state = await openPopover(page, "state-picker");
    await state.getByRole("button", { name: "Closed" }).click();
    await expect(toast(page)).toHaveText(L.stateChanged("Closed"));
    await settled(page);
    await expect(detail(page).getByTestId("state")).toHaveText("Closed");
    await expect(row(page, id).getByRole("button", { name: L.reopenItemOf("Fan 1") })).toBeVisible();
    await open(page, `/inbox?source=stream-${stream.id}&state=1`);
    await expect(page.getByTestId("inbox-empty")).toHaveText(L.noItemsFiltered);

    // Translate into Spanish: the translation beside the original (apertium on the e2e server).
    test.skip(!CAN_TRANSLATE, "apertium (eng-spa) is not installed here, so the e2e server cannot translate");
    await open(page, `/inbox?source=stream-${stream.id}&item=${id}`);
    await detail(page).getByLabel(L.translateInto).selectOption({ label: "Spanish" });
    await detail(page).getByRole("button", { name: L.translate }).click();
    await expect(toast(page)).toHaveText(L.translated("Spanish"));
    await expect(detail(page).getByTestId("translated-text")).toContainText(L.translation("Spanish"));
    await expect(detail(page).getByTestId("translated-text")).toContainText("nivel");
    await expect(detail(page).getByTestId("original-text")).toContainText("the new level is very good");
    await expect(detail(page).getByTestId("history-entry").filter({ hasText: L.historyTranslated("Spanish") })).toHaveCount(1);
  });

  test("a reply from a stale view asks before sending; the draft is kept on the server @no-js", async ({ page, browser, browserErrors }) => {
    test.setTimeout(120_000);
    allowRefusedForms(browserErrors);
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Stale ${word}`, [{ text: `Stale ${word}: is the shop open on Sunday?` }]);
    const id = stream.ids[0]!;
    await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${id}` });

    // A draft: saved as one types (JavaScript) or with 'Save draft' (without), and there after a reload.
    const box = detail(page).getByTestId("reply-text");
    await box.fill(`Yes, from 10 to 16 ${word}`);
    // The hint promises Ctrl + Enter and a draft kept as one types only where the script does both.
    await expect(detail(page).getByText(L.replyHint)).toHaveCount(javaScriptEnabled() ? 1 : 0);
    if (javaScriptEnabled()) await expect(detail(page).getByTestId("draft-status")).toHaveText(L.draftSavedShort);
    else {
      await detail(page).getByRole("button", { name: L.saveDraft }).click();
      await expect(toast(page)).toHaveText(MESSAGES.inboxUi.draftSavedShort);
    }
    await page.reload();
    await waitForHydration(page);
    await expect(detail(page).getByTestId("reply-text")).toHaveValue(`Yes, from 10 to 16 ${word}`);

    // Meanwhile a colleague replies (from another browser).
    await inOtherContext(browser, "admin", async (other) => {
      await open(other, `/inbox?source=stream-${stream.id}&item=${id}`);
      await detail(other).getByTestId("reply-text").fill(`We are open every day ${word}`);
      await detail(other).getByRole("button", { name: L.send, exact: true }).click();
      await expect(toast(other)).toHaveText(L.replyToSendManually);
    });

    // Sending from the stale view asks first; nothing is sent until 'Send anyway'.
    await detail(page).getByRole("button", { name: L.send, exact: true }).click();
    const stale = detail(page).getByTestId("stale-reply");
    await expect(stale).toContainText(L.staleExplained);
    await expect(detail(page).getByTestId("reply-box").getByRole("alert").first()).toHaveText(R.replyStale);
    await expect(detail(page).getByTestId("reply-text")).toHaveValue(`Yes, from 10 to 16 ${word}`);
    await stale.getByRole("button", { name: L.sendAnyway }).click();
    await expect(toast(page)).toHaveText(L.replyToSendManually);
    await expect(detail(page).getByTestId("sent-reply-text").or(detail(page).getByRole("textbox", { name: L.replyToCopy }))).toHaveCount(2);
    const history = detail(page).getByTestId("history-entry").filter({ hasText: L.historyReplied });
    await expect(history).toHaveCount(2);
    await expect(history.filter({ hasText: DEMO_ACCOUNTS.admin.fullName })).toContainText(`We are open every day ${word}`);
    await expect(history.filter({ hasText: DEMO_ACCOUNTS.agent.fullName })).toContainText(`Yes, from 10 to 16 ${word}`);
    // Sent: the draft is gone.
    await page.reload();
    await expect(detail(page).getByTestId("reply-text")).toHaveValue("");

    // A reply to send manually is marked as sent by hand.
    const mine = detail(page).getByTestId("sent-reply").filter({ hasText: DEMO_ACCOUNTS.agent.fullName });
    await mine.getByRole("button", { name: L.markAsSent }).click();
    await expect(toast(page)).toHaveText(R.markedAsSent);
    await expect(mine.getByTestId("delivery")).toHaveText(L.deliverySent);
    await expect(detail(page).getByTestId("history-entry").filter({ hasText: L.historySent })).toHaveCount(1);
  });

  test("a reply with a template: what was typed stays, the template's variables are filled, and it waits to be sent manually @no-js", async ({ page }) => {
    test.setTimeout(120_000);
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Template ${word}`, [{ text: `Template ${word}: my refund never came`, author: { username: "rita_r", name: "Rita Refund" } }]);
    const template = await admin<{ id: number; name: string }>("POST", "/v1/templates", {
      name: `Refund ${word}`,
      message: "Hi {{author_name}}, {{agent_first_name}} here from {{brand_name}}: the refund is on its way.",
      categories: ["twitter"],
      languages: ["en"],
      entity_type: 2,
    });
    await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${stream.ids[0]}` });

    await detail(page).getByTestId("reply-text").fill("Sorry for the wait!\n\n");
    await detail(page).getByTestId("insert-template").click();
    const modal = page.getByTestId("templates-dialog");
    await expect(modal).toBeVisible();
    // Without JavaScript the modal is the page's (select mode for this item); what was typed was saved first.
    if (!javaScriptEnabled()) await expect(page).toHaveURL(new RegExp(`[?&]dialog=templates&mode=select(&|$)`));
    await modal.getByPlaceholder(MESSAGES.searchForTemplate).fill(word);
    if (!javaScriptEnabled()) await modal.getByPlaceholder(MESSAGES.searchForTemplate).press("Enter");
    const item = modal.getByTestId("template-item").filter({ hasText: template.name });
    await expect(modal.getByTestId("template-item")).toHaveCount(1);
    await item.getByRole("link").first().click();
    await modal.getByRole("button", { name: MESSAGES.selectTemplate }).click();
    await expect(modal).toHaveCount(0);
    const reply = `Sorry for the wait!\n\nHi Rita Refund, ${DEMO_ACCOUNTS.agent.firstName} here from Earshot Demo: the refund is on its way.`;
    await expect(detail(page).getByTestId("reply-text")).toHaveValue(reply);

    // Preview shows it as it will read; Send records it, to be sent manually (X has no connector here).
    await detail(page).getByRole("button", { name: L.preview }).click();
    await expect(detail(page).getByTestId("reply-preview")).toContainText("Hi Rita Refund");
    await detail(page).getByRole("button", { name: L.send, exact: true }).click();
    await expect(toast(page)).toHaveText(L.replyToSendManually);
    const sent = detail(page).getByTestId("sent-reply");
    await expect(sent.getByTestId("delivery")).toHaveText(R.toSendManually);
    if (javaScriptEnabled()) {
      await expect(sent.getByTestId("sent-reply-text")).toHaveText(reply);
      await expect(sent.getByTestId("copy-reply")).toHaveText(MESSAGES.channelScreen.copy);
    } else {
      await expect(sent.getByRole("textbox", { name: L.replyToCopy })).toHaveValue(reply);
    }
    await expect(page).not.toHaveURL(/template_id=/);
    await expect(detail(page).getByTestId("reply-text")).toHaveValue("");
  });

  // What is typed is saved as a draft DRAFT_SAVE_DELAY_MS after the typing pauses. Sent before then, that
  // save must not happen: landing after the reply, it brought the sent text back as a draft (CI saw the box
  // refilled). The reply's answer is held back past the delay here, as a busy machine may.
  test("a reply sent before its draft was saved comes back as an empty box, with no draft @js-only", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Draft race ${word}`, [{ text: `Draft race ${word}: where is my parcel`, author: { username: "pat_p", name: "Pat Parcel" } }]);
    await signIn(page, "agent");
    const itemPage = `/inbox?source=stream-${stream.id}&item=${stream.ids[0]}`;
    await open(page, itemPage);
    await page.route(
      () => true,
      async (route) => {
        const request = route.request();
        if (request.method() !== "POST" || !/(^|&)intent=reply(&|$)/.test(request.postData() ?? "")) return route.fallback();
        const response = await route.fetch();
        await new Promise((resolve) => setTimeout(resolve, DRAFT_SAVE_DELAY_MS + 1_000));
        await route.fulfill({ response });
      },
    );

    const text = `On its way ${word}`;
    await detail(page).getByTestId("reply-text").fill(text);
    await detail(page).getByRole("button", { name: L.send, exact: true }).click();
    await expect(detail(page).getByTestId("sent-reply").filter({ hasText: text })).toBeVisible();
    await expect(detail(page).getByTestId("reply-text")).toHaveValue("");
    await page.unrouteAll();
    await open(page, itemPage);
    await expect(detail(page).getByTestId("sent-reply").filter({ hasText: text })).toBeVisible();
    await expect(detail(page).getByTestId("reply-text")).toHaveValue("");
  });

  test("a moderation action needs a reason (and new text to edit a post) and is recorded with its note @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Moderate ${word}`, [{ text: `Moderate ${word}: buy followers cheap at spam.example` }]);
    const id = stream.ids[0]!;
    await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${id}` });

    // Edit post without a reason nor the new text: both are asked for.
    let menu = await openPopover(page, "moderation-menu");
    await menu.getByLabel(L.moderationAction).selectOption({ label: "Edit post" });
    const text = menu.getByLabel(javaScriptEnabled() ? L.newPostText : L.newTextForEdits);
    await text.fill("");
    await menu.getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
    menu = popover(page, "moderation-menu");
    await expect(menu.getByText(R.selectReason)).toBeVisible();
    await expect(menu.getByText(MESSAGES.required)).toBeVisible();

    // Flag as spam with a reason of the spec's list and a note.
    await menu.getByLabel(L.moderationAction).selectOption({ label: "Flag as spam" });
    await menu.getByLabel(L.reason).selectOption({ label: "spamming" });
    await menu.getByLabel(L.note).fill(`Bot account ${word}`);
    await menu.getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
    await expect(toast(page)).toHaveText(L.moderated("flagged as spam"));
    const entry = detail(page).getByTestId("history-entry").filter({ hasText: L.historyModerated("flagged as spam", "spamming") });
    await expect(entry).toContainText(`Bot account ${word}`);
    await expect(entry).toContainText(DEMO_ACCOUNTS.agent.fullName);
    await expect(detail(page).getByTestId("moderation-events")).toContainText(L.moderationEvent(DEMO_ACCOUNTS.agent.fullName, "flagged as spam", "spamming"));
  });

  test("presence: each item shows who else is viewing or replying", async ({ page, browser }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Presence ${word}`, [{ text: `Presence ${word}: anyone there?` }]);
    const id = stream.ids[0]!;
    const context = await browser.newContext({ javaScriptEnabled: javaScriptEnabled() });
    try {
      const ada = await context.newPage();
      await signIn(ada, "admin");
      // Ada opens the item (the page load records her as viewing).
      await open(ada, `/inbox?source=stream-${stream.id}&item=${id}`);

      await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${id}` });
      await expect(detail(page).getByTestId("presence")).toContainText(L.isViewing(DEMO_ACCOUNTS.admin.fullName));
      await expect(row(page, id).getByTestId("viewers")).toContainText(L.isViewing(DEMO_ACCOUNTS.admin.fullName));
      await shoot(page, "presence");

      if (!javaScriptEnabled()) return;
      // With JavaScript, typing a reply makes the heartbeat say 'replying'.
      const beat = ada.waitForResponse((response) => response.url().endsWith("/inbox/presence") && response.request().postData()?.includes("replying") === true);
      await detail(ada).getByTestId("reply-text").fill(`Hello ${word}`);
      await beat;
      await page.reload();
      await expect(detail(page).getByTestId("presence")).toContainText(L.isReplying(DEMO_ACCOUNTS.admin.fullName));
    } finally {
      await context.close();
    }
  });

  test("post text with HTML or a script is shown as text in the list and the detail", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const text = `<script>window.__pwned = 1</script><img src=x onerror="window.__pwned = 2"><b>bold ${word}</b>`;
    const stream = await streamWith(admin, `Html ${word}`, [{ text, author: { username: "<i>mallory</i>", name: "<u>Mallory</u>" } }]);
    await signIn(page, "agent", { at: `/inbox?source=stream-${stream.id}&item=${stream.ids[0]}` });
    await expect(rows(page).getByTestId("row-text")).toHaveText(text);
    await expect(rows(page).getByTestId("row-author")).toHaveText("<u>Mallory</u>");
    await expect(detail(page).getByTestId("detail-text")).toHaveText(text);
    await expect(detail(page).getByTestId("detail-author")).toContainText("<u>Mallory</u>");
    for (const tag of ["script", "img", "b", "u", "i"]) {
      await expect(page.getByTestId("inbox-list").locator(tag)).toHaveCount(0);
      await expect(detail(page).locator(`[data-testid="detail-text"] ${tag}, [data-testid="thread-list"] ${tag}`)).toHaveCount(0);
    }
    if (javaScriptEnabled()) expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();
  });

  test("the sidebar: streams by network with pin for everyone, duplicate and delete for admins; show more after 15; wixan for system admins @no-js", async ({
    page,
    browser,
  }) => {
    test.setTimeout(120_000);
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(admin, `Sidebar ${word}`, [{ text: `Sidebar ${word}` }], "reddit");
    const sysadmin = await apiAs("sysadmin");
    const wixan = await sysadmin<{ id: number }>("POST", "/v1/streams", { name: `Wixan ${word}`, social_type: "wixan", category: "streams", source: "api" });
    // 16 labels in one group: 15 shown, one behind 'show more'.
    const group = `Fold ${word}`;
    for (let i = 1; i <= 16; i++) await admin("POST", "/labels", { name: `${group} ${String(i).padStart(2, "0")}`, category: group });

    await signIn(page, "agent", { at: "/inbox" });
    const reddit = sidebar(page).getByTestId("network-group").filter({ hasText: "Reddit" });
    const entry = reddit.getByTestId("stream-source").filter({ hasText: stream.name });
    await expect(entry).toHaveCount(1);
    await expect(sidebar(page).getByText(`Wixan ${word}`)).toHaveCount(0);

    // A stream's menu is rendered once opened: in place with JavaScript (Escape or a click outside closes
    // it), as the same page with that menu open without.
    const actions = entry.getByLabel(MESSAGES.channelScreen.actionsOf(stream.name));
    await expect(sidebar(page).getByTestId("stream-actions-menu")).toHaveCount(0);
    if (javaScriptEnabled()) {
      await actions.click();
      await expect(entry.getByTestId("stream-actions-menu")).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(entry.getByTestId("stream-actions-menu")).toHaveCount(0);
      await expect(actions).toBeFocused();
      await actions.click();
      await page.getByTestId("inbox-list").click({ position: { x: 5, y: 5 } });
      await expect(entry.getByTestId("stream-actions-menu")).toHaveCount(0);
    }

    // An agent pins and unpins (the API's pins); nothing else is offered.
    await actions.click();
    await expect(entry.getByTestId("stream-actions-menu")).toBeVisible();
    if (!javaScriptEnabled()) await expect(page).toHaveURL(new RegExp(`[?&]dialog=stream-actions&id=${stream.id}(&|$)`));
    await expect(entry.getByRole("button", { name: MESSAGES.channelScreen.duplicate })).toHaveCount(0);
    await expect(entry.getByRole("link", { name: MESSAGES.delete })).toHaveCount(0);
    await entry.getByRole("button", { name: MESSAGES.channelScreen.pin }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamPinned);
    await expect(entry.getByTestId("pinned")).toHaveCount(1);
    await entry.getByLabel(MESSAGES.channelScreen.actionsOf(stream.name)).click();
    await entry.getByRole("button", { name: MESSAGES.channelScreen.unpin }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamUnpinned);
    await expect(entry.getByTestId("pinned")).toHaveCount(0);

    // Show more after 15 labels of a group.
    const fold = sidebar(page).getByTestId("label-group-source").filter({ has: page.getByRole("heading", { name: group, exact: true }) });
    const labels = fold.getByTestId("label-source");
    await expect(labels.filter({ visible: true })).toHaveCount(15);
    await fold.getByTestId("show-more").locator("summary").click();
    await expect(fold.getByTestId("show-more").locator("summary")).toContainText(MESSAGES.channelScreen.showLess);
    await expect(labels.filter({ visible: true })).toHaveCount(16);

    // An admin duplicates, then deletes the copy after confirming; edit leads to the stream's settings.
    await inOtherContext(
      browser,
      "admin",
      async (other) => {
        await open(other, "/inbox");
        const own = sidebar(other).getByTestId("stream-source").filter({ hasText: stream.name }).first();
        await own.getByLabel(MESSAGES.channelScreen.actionsOf(stream.name)).click();
        await expect(own.getByRole("link", { name: MESSAGES.edit })).toHaveAttribute("href", `/settings/channels/${stream.id}`);
        await own.getByRole("button", { name: MESSAGES.channelScreen.duplicate }).click();
        const copyName = `${stream.name} (copy)`;
        await expect(toast(other)).toHaveText(MESSAGES.streamDuplicated(copyName));
        await expect(other.getByTestId("source-title")).toHaveText(copyName);
        const copy = sidebar(other).getByTestId("stream-source").filter({ hasText: copyName });
        await copy.getByLabel(MESSAGES.channelScreen.actionsOf(copyName)).click();
        await copy.getByRole("link", { name: MESSAGES.delete }).click();
        const confirm = other.getByRole("dialog", { name: MESSAGES.confirmTitle });
        await expect(confirm).toContainText(copyName);
        await confirm.getByRole("button", { name: MESSAGES.confirm }).click();
        await expect(toast(other)).toHaveText(MESSAGES.streamDeleted);
        await expect(sidebar(other).getByTestId("stream-source").filter({ hasText: copyName })).toHaveCount(0);
        await expect(other).toHaveURL(atPath("/inbox"));
      },
      javaScriptEnabled(),
    );

    // wixan is the system admin's alone.
    await inOtherContext(
      browser,
      "sysadmin",
      async (other) => {
        await open(other, "/inbox");
        await expect(sidebar(other).getByTestId("network-group").filter({ hasText: "Wixan" }).getByText(`Wixan ${word}`)).toHaveCount(1);
        await open(other, `/inbox?source=stream-${wixan.id}`);
        await expect(other.getByTestId("source-title")).toHaveText(`Wixan ${word}`);
      },
      javaScriptEnabled(),
    );
  });

  test("the keyboard shortcuts dialog lists every shortcut; it is a link, so it opens without JavaScript too @no-js", async ({ page }) => {
    await signIn(page, "agent", { at: "/inbox" });
    await shoot(page, "list");
    await page.getByTestId("shortcuts-link").click();
    await expect(page).toHaveURL(atPath("/inbox?dialog=shortcuts"));
    const dialog = page.getByRole("dialog", { name: L.keyboardShortcuts });
    const lines = dialog.getByTestId("shortcuts-table").locator("tbody tr");
    await expect(lines).toHaveText(INBOX_SHORTCUTS.map((shortcut) => `${shortcut.key}${shortcut.label}`));
    // Without the script the keys do nothing: the dialog says so, and the empty pane does not offer j.
    await expect(dialog.getByTestId("shortcuts-need-script")).toHaveCount(javaScriptEnabled() ? 0 : 1);
    await expect(page.getByTestId("detail-empty").getByText(L.pressJ)).toHaveCount(javaScriptEnabled() ? 1 : 0);
    await shoot(page, "shortcuts-dialog");
    await dialog.getByRole(javaScriptEnabled() ? "button" : "link", { name: MESSAGES.close }).click();
    await expect(page).toHaveURL(atPath("/inbox"));
    await expect(dialog).toHaveCount(0);
  });

  test("what is pressed or opened the moment a move lands is kept: ? just after j shows the shortcuts, the bell stays open @js-only", async ({ page }) => {
    const word = tagWord();
    const admin = await apiAs("admin");
    const stream = await streamWith(
      admin,
      `Quick keys ${word}`,
      [1, 2].map((n) => ({ text: `Quick keys ${word} item ${n}`, author: { username: `quick_${n}`, name: `Quick ${n}` } })),
    );
    await signIn(page, "admin", { at: `/inbox?source=stream-${stream.id}` });
    await expect(rows(page)).toHaveCount(2);
    // "?" is pressed in the task that shows the moved-to item (a MutationObserver's microtask), before React's
    // effects of that navigation have run: the tightest gap a fast typist or a loaded machine can hit.
    await page.evaluate((id) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="item-detail"]')?.getAttribute("data-item-id") !== String(id)) return;
        observer.disconnect();
        document.body.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true, cancelable: true }));
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    }, stream.ids[0]!);
    await page.keyboard.press("j");
    await expect(detail(page)).toHaveAttribute("data-item-id", String(stream.ids[0]));
    const dialog = page.getByRole("dialog", { name: L.keyboardShortcuts });
    await expect(dialog.getByTestId("shortcuts-table")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(dialog).toHaveCount(0);
    // Closed, the keys work again; and a popover opened in that same gap (the account menu, which outlives
    // the move) stays open: a navigation closes what was open before it landed, not what is opened after.
    await page.evaluate((id) => {
      const observer = new MutationObserver(() => {
        if (document.querySelector('[data-testid="item-detail"]')?.getAttribute("data-item-id") !== String(id)) return;
        observer.disconnect();
        document.querySelector<HTMLElement>('[data-testid="avatar-menu"] > summary')?.click();
      });
      observer.observe(document.body, { subtree: true, childList: true, attributes: true });
    }, stream.ids[1]!);
    await page.keyboard.press("j");
    await expect(detail(page)).toHaveAttribute("data-item-id", String(stream.ids[1]));
    await expect(dialog).toHaveCount(0);
    await expect(avatarMenu(page).panel).toBeVisible();
  });
});

/** The id of a demo account (from the users list). */
async function accountId(api: Api, role: DemoRole): Promise<number> {
  const { data } = await api<{ data: Array<{ id: number; email: string }> }>("GET", "/v1/accounts");
  return data.find((account) => account.email === DEMO_ACCOUNTS[role].email)!.id;
}
