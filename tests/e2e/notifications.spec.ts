// The notifications popover (spec core §2, §4, §8): badge, 'N notifications', newest first, text as text,
// 'more details', 'Go to Profiles', links, Dismiss → 'Prior Notifications', 'Mark all as read', hover
// reads, the failure toasts, live arrival, and nothing on a shared link; with and without JavaScript.
//
// Every test signs in a user of its own workspace (so the demo accounts keep their empty bell for the
// other journeys) and stores that user's notifications straight into the e2e server's database, the way
// another process of the product would (the popover's live stream re-reads the table for those).
import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "@playwright/test";
import { openDatabase, type DatabaseHandle } from "../../db/client";
import { insertNotification } from "../../db/repositories/notifications";
import { MESSAGES } from "../../domain/messages";
import { ROLES } from "../../domain/roles";
import { createWorkspace } from "../../services/workspace/create-workspace";
import {
  atPath,
  DEMO_PASSWORD,
  expect,
  javaScriptEnabled,
  notificationsBell,
  open,
  submitLogin,
  test,
  waitForHydration,
} from "./fixtures";

/** The e2e server's SQLite file (playwright.config.ts: DATA_DIR=tmp/e2e-data). */
const DATABASE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../tmp/e2e-data/app.db");

let database: DatabaseHandle;
test.beforeAll(() => {
  database = openDatabase({ url: DATABASE });
});
test.afterAll(async () => {
  await database.close();
});

/**
 * This process writes into the server's database while the server writes too (the demo mentions load
 * in the background). A deferred transaction that must upgrade to a write gets "database is locked"
 * at once, without waiting for the busy timeout, so such writes are tried again.
 */
async function retryWhileLocked<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (attempt >= 50 || !/database is locked/i.test(String(error))) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

interface User {
  accountId: number;
  businessProfileId: number;
  email: string;
}

/** A workspace of its own with one agent, signed in on `page`. */
async function signInFreshUser(page: Page): Promise<User> {
  const tag = crypto.randomBytes(5).toString("hex");
  const email = `notified-${tag}@example.test`;
  const { businessProfile, accounts } = await retryWhileLocked(() =>
    createWorkspace(database.db, {
      name: `Notifications ${tag}`,
      members: [{ role: ROLES.agent, email, firstName: "Nora", lastName: "Notified", password: DEMO_PASSWORD }],
    }),
  );
  await open(page, "/login");
  await submitLogin(page, email, DEMO_PASSWORD);
  await expect(page).toHaveURL(atPath("/"));
  await waitForHydration(page);
  return { accountId: accounts[0]!.id, businessProfileId: businessProfile.id, email };
}

let clock = Date.now() - 60 * 60 * 1000;
/** Stores a notification for the user (each a minute newer than the one before). */
async function notifyUser(
  user: User,
  values: {
    text: string;
    category?: string;
    socialType?: string | null;
    entityName?: string | null;
    link?: string | null;
    dismissed?: boolean;
  },
) {
  clock += 60_000;
  return retryWhileLocked(() =>
    insertNotification(database.db, {
      businessProfileId: user.businessProfileId,
      accountId: user.accountId,
      text: values.text,
      category: values.category ?? "assignment",
      socialType: values.socialType ?? null,
      entityName: values.entityName ?? null,
      link: values.link ?? null,
      readAt: values.dismissed ? new Date(clock).toISOString() : null,
      dismissed: values.dismissed ? 1 : 0,
      createdAt: new Date(clock).toISOString(),
    }),
  );
}

function popover(page: Page) {
  const bell = notificationsBell(page);
  const panel = page.getByTestId("notifications-panel");
  return {
    ...bell,
    panel,
    badge: bell.root.getByTestId("notifications-badge"),
    count: panel.getByTestId("notifications-count"),
    /** Current (not dismissed) items, newest first. */
    current: panel.locator(":scope > ul > [data-testid=notification]"),
    unread: panel.locator(":scope > ul > [data-testid=notification][data-unread=true]"),
    prior: panel.getByTestId("prior-notifications"),
    item: (text: string) => panel.getByTestId("notification").filter({ hasText: text }),
    markAll: panel.getByRole("button", { name: MESSAGES.markAllAsRead }),
  };
}

async function openPopover(page: Page) {
  const p = popover(page);
  if (!(await p.root.evaluate((details) => (details as HTMLDetailsElement).open))) await p.toggle.click();
  await expect(p.panel).toBeVisible();
  return p;
}

const LONG_FIRST = "Ada assigned you a Trustpilot review about late deliveries that needs an answer today.";
const LONG_REST = "The customer has written three times and mentions a refund. Check the thread before replying.";

test("an empty bell: no badge, '0 notifications', 'No Notifications'", async ({ page }) => {
  await signInFreshUser(page);
  const p = popover(page);
  await expect(p.badge).toHaveCount(0);
  await openPopover(page);
  await expect(p.count).toHaveText(MESSAGES.notificationsCount(0));
  await expect(p.panel.getByText(MESSAGES.noNotifications)).toBeVisible();
  await expect(p.markAll).toBeDisabled();
});

test("the list: badge, newest first, icon, entity name as text, more details, links and Go to Profiles", async ({
  page,
}) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "Old news you already dealt with.", dismissed: true, socialType: "reddit" });
  await notifyUser(user, {
    text: "We could not read the Northwind page: the connection was refused.",
    category: "permissions_error",
    socialType: "facebook",
    entityName: "Northwind page",
  });
  await notifyUser(user, {
    text: `${LONG_FIRST} ${LONG_REST}`,
    socialType: "trustpilot",
    entityName: `<script>alert("owned")</script><b>Brand</b>`,
    link: "/topics",
  });
  await notifyUser(user, { text: "A short one.", socialType: "twitter", link: "javascript:alert(1)" });
  await page.reload();
  await waitForHydration(page);

  const p = popover(page);
  await expect(p.badge).toHaveText("3");
  await expect(p.toggle).toHaveAttribute("aria-label", MESSAGES.notificationsUi.bellLabel(3));
  await openPopover(page);
  await expect(p.count).toHaveText(MESSAGES.notificationsCount(3));
  await expect(p.current).toHaveCount(3);
  await expect(p.current.nth(0)).toContainText("A short one.");
  await expect(p.current.nth(1)).toContainText(LONG_FIRST);
  await expect(p.current.nth(2)).toContainText("We could not read the Northwind page");
  await expect(p.current.nth(0).getByRole("img", { name: "X (Twitter)" })).toBeVisible();
  await expect(p.current.nth(2).getByRole("img", { name: "Facebook" })).toBeVisible();
  await expect(p.current.nth(0)).toContainText(/just now|minutes? ago/);

  // Markup in a notification is shown as the characters it is.
  const long = p.current.nth(1);
  await expect(long.getByText(`<script>alert("owned")</script><b>Brand</b>`, { exact: true })).toBeVisible();
  await expect(page.locator("b", { hasText: "Brand" })).toHaveCount(0);

  // Over about 100 characters: the rest waits under 'more details'.
  await expect(long.getByText(LONG_REST)).toBeHidden();
  await long.getByText(MESSAGES.moreDetails).click();
  await expect(long.getByText(LONG_REST)).toBeVisible();
  await expect(p.current.nth(0).getByText(MESSAGES.moreDetails)).toHaveCount(0);

  // Links: the notification's own (only a path of this app), and 'Go to Profiles' for permission errors.
  await expect(long.getByTestId("notification-link")).toHaveAttribute("href", "/topics");
  await expect(p.current.nth(0).getByTestId("notification-link")).toHaveCount(0);
  await expect(p.current.getByRole("link", { name: MESSAGES.goToProfiles })).toHaveCount(1);
  await expect(p.current.nth(2).getByRole("link", { name: MESSAGES.goToProfiles })).toHaveAttribute(
    "href",
    "/settings/channels",
  );

  // Dismissed ones wait, collapsed, under 'Prior Notifications'.
  await expect(p.prior.getByText("Old news you already dealt with.")).toBeHidden();
  await p.prior.getByText(MESSAGES.priorNotifications).click();
  await expect(p.prior.getByText("Old news you already dealt with.")).toBeVisible();
  await expect(p.prior.getByRole("button", { name: MESSAGES.dismiss })).toHaveCount(0);

  await p.current.nth(2).getByRole("link", { name: MESSAGES.goToProfiles }).click();
  await expect(page).toHaveURL(atPath("/settings/channels"));
});

test("the notification's link leads to its page", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "See the topics.", entityName: "Topics", link: "/topics" });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  await p.item("See the topics.").getByTestId("notification-link").click();
  await expect(page).toHaveURL(atPath("/topics"));
});

test("Dismiss moves a notification to 'Prior Notifications', and it stays there", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "Keep me around." });
  await notifyUser(user, { text: "Dismiss me, please." });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  await expect(p.badge).toHaveText("2");

  // Reaching Dismiss hovers the item, which marks it read and re-renders it: with JavaScript, let that
  // settle first, so the click does not land on a row being replaced (a race seen once on a busy machine).
  if (javaScriptEnabled()) {
    await p.item("Dismiss me, please.").hover();
    await expect(p.item("Dismiss me, please.")).toHaveAttribute("data-unread", "false");
  }
  await p.item("Dismiss me, please.").getByRole("button", { name: MESSAGES.dismiss }).click();
  // Without JavaScript the form came back to this page with the popover open.
  if (!javaScriptEnabled()) await expect(page).toHaveURL(atPath("/?notifications=open"));
  await expect(p.panel).toBeVisible();
  await expect(p.current).toHaveCount(1);
  await expect(p.current).toContainText("Keep me around.");
  await expect(p.badge).toHaveText("1");
  await p.prior.getByText(MESSAGES.priorNotifications).click();
  await expect(p.prior.getByText("Dismiss me, please.")).toBeVisible();

  await open(page, "/");
  await openPopover(page);
  await expect(p.current).toHaveCount(1);
  await expect(p.prior.getByTestId("notification")).toHaveText(/Dismiss me, please\./);
});

test("'Mark all as read' clears the badge, and it stays cleared", async ({ page }) => {
  const user = await signInFreshUser(page);
  for (const text of ["First unread.", "Second unread.", "Third unread."]) await notifyUser(user, { text });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  await expect(p.badge).toHaveText("3");
  await expect(p.unread).toHaveCount(3);

  await p.markAll.click();
  await expect(p.badge).toHaveCount(0);
  await expect(p.count).toHaveText(MESSAGES.notificationsCount(0));
  await expect(p.panel.locator("[data-unread=true]")).toHaveCount(0);
  await expect(p.current).toHaveCount(3);
  await expect(p.markAll).toBeDisabled();

  await open(page, "/");
  await expect(p.badge).toHaveCount(0);
  await openPopover(page);
  await expect(p.current).toHaveCount(3);
});

test("hovering an unread notification reads it @js-only", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "Hover over me." });
  await notifyUser(user, { text: "Leave me unread." });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  await expect(p.badge).toHaveText("2");
  await p.item("Hover over me.").hover();
  await expect(p.item("Hover over me.")).toHaveAttribute("data-unread", "false");
  await expect(p.item("Leave me unread.")).toHaveAttribute("data-unread", "true");
  await expect(p.badge).toHaveText("1");

  // Stored: after a reload only the other one is unread.
  await page.mouse.move(0, 0);
  await expect(async () => {
    await page.reload();
    await expect(p.badge).toHaveText("1", { timeout: 1000 });
  }).toPass();
  await openPopover(page);
  await expect(p.item("Hover over me.")).toHaveAttribute("data-unread", "false");
});

test("a notification created while the page is open shows up @js-only", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "Already here." });
  await page.reload();
  await waitForHydration(page);
  const p = popover(page);
  await expect(p.badge).toHaveText("1");

  await notifyUser(user, { text: "Fresh off the press.", socialType: "instagram", entityName: "Brand search" });
  await expect(p.badge).toHaveText("2");
  await openPopover(page);
  await expect(p.current).toHaveCount(2);
  await expect(p.current.nth(0)).toContainText("Fresh off the press.");
  await expect(p.current.nth(0)).toContainText("Brand search");
  await expect(p.current.nth(0).getByRole("img", { name: "Instagram" })).toBeVisible();
  // It is a real one: it can be dismissed.
  await p.current.nth(0).getByRole("button", { name: MESSAGES.dismiss }).click();
  await expect(p.current).toHaveCount(1);
  await expect(p.badge).toHaveText("1");
});

test("an item assigned by a teammate arrives at once and leads to the inbox @js-only", async ({ page }) => {
  // A workspace with an admin who assigns and the agent who watches, and one mention to assign.
  const tag = crypto.randomBytes(5).toString("hex");
  const agentEmail = `assignee-${tag}@example.test`;
  const adminEmail = `assigner-${tag}@example.test`;
  const { accounts } = await retryWhileLocked(() =>
    createWorkspace(database.db, {
      name: `Assignments ${tag}`,
      members: [
        { role: ROLES.admin, email: adminEmail, firstName: "Ada", lastName: "Assigner", password: DEMO_PASSWORD },
        { role: ROLES.agent, email: agentEmail, firstName: "Nora", lastName: "Notified", password: DEMO_PASSWORD },
      ],
    }),
  );
  const api = await apiAs(adminEmail);
  const stream = await api<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
    name: `Feedback ${tag}`,
    social_type: "twitter",
    category: "streams",
    source: "api",
  });
  const ingested = await fetch(new URL(`/api/v1/ingest/streams/${stream.id}`, test.info().project.use.baseURL), {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
    body: JSON.stringify([
      {
        external_id: `assign-${tag}`,
        text: "My order never arrived <b>twice</b>",
        created_at: new Date().toISOString(),
        author: { username: "late_parcel", name: "Lee Parcel" },
      },
    ]),
  });
  expect(ingested.status).toBe(200);
  const { data: items } = await api<{ data: Array<{ id: number }> }>(
    "GET",
    `/v1/feed-items?source_type=stream&source_id=${stream.id}`,
  );
  expect(items).toHaveLength(1);

  await open(page, "/login");
  await submitLogin(page, agentEmail, DEMO_PASSWORD);
  await expect(page).toHaveURL(atPath("/"));
  await waitForHydration(page);
  const p = popover(page);
  await expect(p.badge).toHaveCount(0);

  await api("POST", `/v1/feed-items/${items[0]!.id}/assign`, {
    assignee_type: "account",
    assignee_id: accounts[1]!.id,
    message: "Can you take this one?",
  });
  await expect(p.badge).toHaveText("1");
  await openPopover(page);
  const item = p.current.nth(0);
  await expect(item).toContainText("Ada Assigner assigned you an item");
  await expect(item).toContainText("Lee Parcel");
  await expect(item.getByRole("img", { name: "X (Twitter)" })).toBeVisible();
  await expect(item.getByTestId("notification-link")).toHaveAttribute("href", `/inbox?item=${items[0]!.id}`);
  await item.getByTestId("notification-link").click();
  await expect(page).toHaveURL(atPath(`/inbox?item=${items[0]!.id}`));
});

/** The API as this user (bearer token and CSRF header), for setting the scene. */
async function apiAs(email: string) {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: DEMO_PASSWORD }),
  });
  expect(login.status, await login.clone().text()).toBe(201);
  const session = (await login.json()) as { access_token: string; csrf_token: string };
  return async <T = unknown>(method: string, path: string, body?: unknown): Promise<T> => {
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
    return (await response.json()) as T;
  };
}

test("a refused Dismiss or Mark all as read says so with the spec's toast", async ({ page, browserErrors }) => {
  // With JavaScript the refusal is an error status of the action's JSON answer.
  browserErrors.allow(/^console error: Failed to load resource: .* (400|404) .*\/notifications\)$/);
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "Still unread." });
  const doomed = await notifyUser(user, { text: "Mine to dismiss." });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);

  // The notification went away meanwhile: the API says 404.
  await retryWhileLocked(() => database.db.deleteFrom("notifications").where("id", "=", doomed.id).execute());
  await p.item("Mine to dismiss.").getByRole("button", { name: MESSAGES.dismiss }).click();
  await expect(page.getByTestId("toast").filter({ hasText: MESSAGES.notificationDismissFailed })).toBeVisible();
  await openPopover(page);
  await expect(p.prior).toHaveCount(0);

  // A malformed id among those of 'Mark all as read': nothing is marked.
  await page
    .getByTestId("notifications-panel")
    .locator("form")
    .filter({ has: page.getByRole("button", { name: MESSAGES.markAllAsRead }) })
    .evaluate((form) => {
      const input = Object.assign(document.createElement("input"), { type: "hidden", name: "ids", value: "not-an-id" });
      form.append(input);
    });
  await p.markAll.click();
  await expect(page.getByTestId("toast").filter({ hasText: MESSAGES.markAllReadFailed })).toBeVisible();
  await openPopover(page);
  await expect(p.item("Still unread.")).toHaveAttribute("data-unread", "true");
  await expect(p.badge).not.toHaveCount(0);
});

test("a shared link shows no bell and opens no live stream", async ({ page }) => {
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const user = await signInFreshUser(page);
  await notifyUser(user, { text: "Not for shared links." });
  if (javaScriptEnabled()) await expect.poll(() => requested.includes("/notifications/live")).toBe(true);

  requested.length = 0;
  await open(page, "/?shared_link_code=abc123");
  await expect(page.getByText("Welcome, Nora.")).toBeVisible();
  await expect(page.getByLabel("Account menu")).toHaveCount(0);
  await expect(notificationsBell(page).root).toHaveCount(0);
  await expect(page.getByText("Not for shared links.")).toHaveCount(0);
  expect(requested.filter((pathname) => pathname.startsWith("/notifications"))).toEqual([]);
});
