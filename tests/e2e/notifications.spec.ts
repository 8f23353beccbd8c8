// The notifications popover (spec core §2, §4, §8): badge, 'N notifications', newest first, text as text,
// 'more details', links, Dismiss → 'Prior Notifications', 'Mark all as read', hover reads, the failure
// toasts, live arrival, and nothing on a shared link; with JavaScript, and without it where tagged @no-js (ADR 023).
//
// Every test signs in an agent of its own (invited by the demo admin and signed up through the API, so
// the demo accounts keep their empty bell for the other journeys), and gets its notifications the way
// the product makes them: the admin assigns it mentions (ingested into streams through the API) with a
// note. Nothing is written into the server's database from here (that raced with the server's writes).
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import type { NetworkId } from "../../domain/networks";
import { STREAM_CATALOGUE } from "../../domain/streams";
import { DEMO_ACCOUNTS } from "./demo";
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
import { linkFrom, waitForMail } from "./mail";

/**
 * Where the journeys watch the bell: a page of the shell that is not the dashboard (whose charts are
 * another journey's concern).
 */
const HOME = "/account/settings/preferences";

type Api = <T = unknown>(method: string, path: string, body?: unknown) => Promise<T>;

/** The API as this user (bearer token and CSRF header), for setting the scene. */
async function apiAs(email: string, password = DEMO_PASSWORD): Promise<Api> {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password }),
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

interface User {
  accountId: number;
  email: string;
  password: string;
  /** The demo admin, who assigns this user mentions. */
  admin: Api;
  /** This user's own API session. */
  own: Api;
  /** A stream per network the user's mentions come from. */
  /** The worker's stream per network (shared by its users, so the channels list does not fill up). */
  streams: Map<string, { id: number; ingestKey: string }>;
}

/** A new agent of the demo workspace (invited by the admin, signed up from the e-mailed link), signed in on `page`. */
async function signInFreshUser(page: Page): Promise<User> {
  const tag = crypto.randomBytes(5).toString("hex");
  const email = `notified-${tag}@example.test`;
  const password = "Notified-pass1!";
  const admin = await apiAs(DEMO_ACCOUNTS.admin.email);
  const invitedAt = Date.now();
  await admin("POST", "/v1/team_member_invites", { email, role: 2, team_ids: [] });
  const mail = await waitForMail({ to: email, subjectIncludes: "invited you", after: invitedAt, timeoutMs: 30_000 });
  const token = new URL(linkFrom(mail, /\/sign-up\?tm=[^\s"<>]+/)).searchParams.get("tm")!;
  const base = test.info().project.use.baseURL!;
  const signedUp = await fetch(`${base}/api/v1/accounts`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      account: { first_name: "Nora", last_name: "Notified", email, password, password_confirmation: password },
      team_member_invite_token: token,
    }),
  });
  expect(signedUp.status, await signedUp.clone().text()).toBe(201);
  const own = await apiAs(email, password);
  const me = await own<{ id: number }>("GET", "/accounts");
  await open(page, "/login");
  await submitLogin(page, email, password);
  await expect(page).toHaveURL(atPath("/"));
  await open(page, HOME);
  return { accountId: me.id, email, password, admin, own, streams: workerStreams };
}

const workerStreams = new Map<string, { id: number; ingestKey: string }>();

let clock = Date.now() - 60 * 60 * 1000;
/**
 * The admin assigns the user a new mention (from `author` on `socialType`) with `note`: the user gets an
 * assignment notification whose text ends with the note. Dismissed ones are dismissed through the API.
 */
async function notifyUser(
  user: User,
  values: { note: string; socialType?: string; author?: string; text?: string; dismissed?: boolean },
): Promise<{ id: number; itemId: number }> {
  const socialType = values.socialType ?? "twitter";
  let stream = user.streams.get(socialType);
  if (!stream) {
    const created = await user.admin<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
      name: `Notified ${socialType} ${crypto.randomBytes(3).toString("hex")}`,
      social_type: socialType,
      category: STREAM_CATALOGUE[socialType as NetworkId][0],
      source: "api",
    });
    stream = { id: created.id, ingestKey: created.ingest_key };
    user.streams.set(socialType, stream);
  }
  clock += 60_000;
  const externalId = `n-${crypto.randomBytes(6).toString("hex")}`;
  const base = test.info().project.use.baseURL!;
  const ingested = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingestKey },
    body: JSON.stringify([
      {
        external_id: externalId,
        text: values.text ?? "Late parcel.",
        created_at: new Date(clock).toISOString(),
        author: { username: "customer", name: values.author ?? "Casey Customer" },
      },
    ]),
  });
  expect(ingested.status, await ingested.clone().text()).toBe(200);
  const { data: items } = await user.admin<{ data: Array<{ id: number; created_at: string }> }>(
    "GET",
    `/v1/feed-items?source_type=stream&source_id=${stream.id}&limit=100`,
  );
  const itemId = Math.max(...items.map((item) => item.id));
  await user.admin("POST", `/v1/feed-items/${itemId}/assign`, { assignee_type: "account", assignee_id: user.accountId, message: values.note });
  const { data: mine } = await user.own<{ data: Array<{ id: number; text: string }> }>("GET", "/v1/notifications");
  const notification = mine.filter((n) => n.text.endsWith(values.note)).sort((a, b) => b.id - a.id)[0];
  expect(notification, `the notification of "${values.note}"`).toBeTruthy();
  if (values.dismissed) await user.own("PATCH", `/v1/notifications/${notification!.id}`, { dismissed: true });
  return { id: notification!.id, itemId };
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
  if ((await p.toggle.getAttribute("aria-expanded")) !== "true") await p.toggle.click();
  await expect(p.panel).toBeVisible();
  return p;
}

// The note of an assignment makes the text long: the first sentence within about 100 characters is shown,
// the rest waits under 'more details'.
const LONG_FIRST = "Answer the customer today.";
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

test("the bell opens by its address without JavaScript, in place with it; closed, the page holds none of its list @no-js", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "Shown only while open." });
  await page.reload();
  await waitForHydration(page);
  const p = popover(page);
  await expect(p.badge).toHaveText("1");
  // Closed, the list is not rendered at all: on every page of the product it would cost a tenth of the page.
  await expect(page.getByTestId("notification")).toHaveCount(0);
  await expect(p.toggle).toHaveAttribute("aria-expanded", "false");

  await p.toggle.click();
  await expect(p.item("Shown only while open.")).toBeVisible();
  await expect(p.toggle).toHaveAttribute("aria-expanded", "true");
  await expect(page).toHaveURL(atPath(javaScriptEnabled() ? HOME : `${HOME}?notifications=open`));

  await p.toggle.click();
  await expect(p.panel).toHaveCount(0);
  await expect(p.toggle).toHaveAttribute("aria-expanded", "false");
  await expect(page).toHaveURL(atPath(HOME));
});

test("the list: badge, newest first, icon, entity name as text, more details and links @no-js", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "Old news you already dealt with.", dismissed: true, socialType: "reddit" });
  const northwind = await notifyUser(user, { note: "The Northwind page needs an answer.", socialType: "facebook", author: "Northwind page" });
  const long = await notifyUser(user, {
    note: `${LONG_FIRST} ${LONG_REST}`,
    socialType: "trustpilot",
    author: `<script>alert("owned")</script><b>Brand</b>`,
  });
  await notifyUser(user, { note: "A short one.", socialType: "twitter" });
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
  await expect(p.current.nth(2)).toContainText("The Northwind page needs an answer.");
  await expect(p.current.nth(2)).toContainText("Northwind page");
  await expect(p.current.nth(0).getByRole("img", { name: "X (Twitter)" })).toBeVisible();
  await expect(p.current.nth(2).getByRole("img", { name: "Facebook" })).toBeVisible();
  await expect(p.current.nth(0)).toContainText(/just now|minutes? ago/);

  // Markup in a notification is shown as the characters it is.
  const longRow = p.current.nth(1);
  await expect(longRow.getByText(`<script>alert("owned")</script><b>Brand</b>`, { exact: true })).toBeVisible();
  await expect(page.locator("b", { hasText: "Brand" })).toHaveCount(0);

  // Over about 100 characters: the rest waits under 'more details'.
  await expect(longRow.getByText(LONG_REST)).toBeHidden();
  await longRow.getByText(MESSAGES.moreDetails).click();
  await expect(longRow.getByText(LONG_REST)).toBeVisible();
  await expect(p.current.nth(0).getByText(MESSAGES.moreDetails)).toHaveCount(0);

  // Links: each to its item in the inbox; 'Go to Profiles' is for permission errors only.
  await expect(longRow.getByTestId("notification-link")).toHaveAttribute("href", `/inbox?item=${long.itemId}`);
  await expect(p.current.getByRole("link", { name: MESSAGES.goToProfiles })).toHaveCount(0);

  // Dismissed ones wait, collapsed, under 'Prior Notifications'.
  await expect(p.prior.getByText("Old news you already dealt with.")).toBeHidden();
  await p.prior.getByText(MESSAGES.priorNotifications).click();
  await expect(p.prior.getByText("Old news you already dealt with.")).toBeVisible();
  await expect(p.prior.getByRole("button", { name: MESSAGES.dismiss })).toHaveCount(0);

  await p.current.nth(2).getByTestId("notification-link").click();
  await expect(page).toHaveURL(atPath(`/inbox?item=${northwind.itemId}`));
});

test("the notification's link leads to its page", async ({ page }) => {
  const user = await signInFreshUser(page);
  const { itemId } = await notifyUser(user, { note: "See the parcel." });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  await p.item("See the parcel.").getByTestId("notification-link").click();
  await expect(page).toHaveURL(atPath(`/inbox?item=${itemId}`));
});

test("Dismiss moves a notification to 'Prior Notifications', and it stays there @no-js", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "Keep me around." });
  await notifyUser(user, { note: "Dismiss me, please." });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  await expect(p.badge).toHaveText("2");

  // Straight to Dismiss: with JavaScript, reaching it hovers the unread item (which reads it) just before
  // the click; the read mark's answer must not bring the dismissed item back.
  await p.item("Dismiss me, please.").getByRole("button", { name: MESSAGES.dismiss }).click();
  // Without JavaScript the form came back to this page with the popover open.
  if (!javaScriptEnabled()) await expect(page).toHaveURL(atPath(`${HOME}?notifications=open`));
  await expect(p.panel).toBeVisible();
  await expect(p.current).toHaveCount(1);
  await expect(p.current).toContainText("Keep me around.");
  await expect(p.badge).toHaveText("1");
  await p.prior.getByText(MESSAGES.priorNotifications).click();
  await expect(p.prior.getByText("Dismiss me, please.")).toBeVisible();

  await open(page, HOME);
  await openPopover(page);
  await expect(p.current).toHaveCount(1);
  await expect(p.prior.getByTestId("notification")).toContainText("Dismiss me, please.");
});

test("'Mark all as read' clears the badge, and it stays cleared @no-js", async ({ page }) => {
  const user = await signInFreshUser(page);
  for (const note of ["First unread.", "Second unread.", "Third unread."]) await notifyUser(user, { note });
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

  await open(page, HOME);
  await expect(p.badge).toHaveCount(0);
  await openPopover(page);
  await expect(p.current).toHaveCount(3);
});

test("the popover lists the newest 20; 'Show older notifications' lists the rest; 'Mark all as read' reads them all", async ({ page }) => {
  test.setTimeout(120_000);
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "The oldest, dismissed.", dismissed: true });
  for (let i = 1; i <= 21; i++) await notifyUser(user, { note: `Unread number ${i}.` });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);
  const older = p.panel.getByRole("link", { name: MESSAGES.notificationsUi.showOlder });
  // The newest 20 are listed; the badge and the count say 21 unread.
  await expect(p.badge).toHaveText("21");
  await expect(p.count).toHaveText(MESSAGES.notificationsCount(21));
  await expect(p.current).toHaveCount(20);
  await expect(p.item("Unread number 2.")).toBeVisible();
  await expect(p.item("Unread number 1.")).toHaveCount(0);
  await expect(p.prior).toHaveCount(0);

  await older.click();
  await expect(page).toHaveURL(atPath(`${HOME}?notifications=all`));
  await expect(p.panel).toBeVisible();
  await expect(p.current).toHaveCount(21);
  await expect(p.item("Unread number 1.")).toBeVisible();
  await expect(p.prior).toHaveCount(1);
  await expect(older).toHaveCount(0);

  // From the first view, 'Mark all as read' reads the one it does not list too.
  await open(page, HOME);
  await openPopover(page);
  await p.markAll.click();
  await expect(p.badge).toHaveCount(0);
  await expect(p.count).toHaveText(MESSAGES.notificationsCount(0));
  await open(page, `${HOME}?notifications=all`);
  await expect(p.panel).toBeVisible();
  await expect(p.current).toHaveCount(21);
  await expect(p.panel.locator("[data-unread=true]")).toHaveCount(0);
  await expect(p.badge).toHaveCount(0);
});

test("hovering an unread notification reads it @js-only", async ({ page }) => {
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "Hover over me." });
  await notifyUser(user, { note: "Leave me unread." });
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
  await notifyUser(user, { note: "Already here." });
  await page.reload();
  await waitForHydration(page);
  const p = popover(page);
  await expect(p.badge).toHaveText("1");

  await notifyUser(user, { note: "Fresh off the press.", socialType: "instagram", author: "Brand search" });
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
  const user = await signInFreshUser(page);
  const p = popover(page);
  await expect(p.badge).toHaveCount(0);

  const { itemId } = await notifyUser(user, {
    note: "Can you take this one?",
    text: "My order never arrived <b>twice</b>",
    author: "Lee Parcel",
  });
  await expect(p.badge).toHaveText("1");
  await openPopover(page);
  const item = p.current.nth(0);
  await expect(item).toContainText(`${DEMO_ACCOUNTS.admin.fullName} assigned you an item`);
  await expect(item).toContainText("My order never arrived <b>twice</b>");
  await expect(item).toContainText("Lee Parcel");
  await expect(item.getByRole("img", { name: "X (Twitter)" })).toBeVisible();
  await expect(item.getByTestId("notification-link")).toHaveAttribute("href", `/inbox?item=${itemId}`);
  await item.getByTestId("notification-link").click();
  await expect(page).toHaveURL(atPath(`/inbox?item=${itemId}`));
});

test("a refused Dismiss or Mark all as read says so with the spec's toast @no-js", async ({ page, browserErrors }) => {
  // With JavaScript the refusal is an error status of the action's JSON answer.
  browserErrors.allow(/^console error: Failed to load resource: .* (400|404) .*\/notifications\)$/);
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "Still unread." });
  await notifyUser(user, { note: "Mine to dismiss." });
  await page.reload();
  await waitForHydration(page);
  const p = await openPopover(page);

  // A notification that is not there (gone, or never the caller's): the API says 404. The Dismiss button
  // names its notification; its value is changed and it is clicked in one step (with JavaScript any
  // re-render would put the real id back).
  await p
    .item("Mine to dismiss.")
    .getByRole("button", { name: MESSAGES.dismiss })
    .evaluate((button) => {
      (button as HTMLButtonElement).value = "2147483647";
      (button as HTMLButtonElement).click();
    });
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

test("a shared link shows no bell and opens no live stream", async ({ page, browserErrors }) => {
  // The made-up code names no shared dashboard: the page says so with a 404.
  browserErrors.allow(/^console error: Failed to load resource: .* 404 .*shared_link_code=abc123\)$/);
  const requested: string[] = [];
  page.on("request", (request) => requested.push(new URL(request.url()).pathname));
  const user = await signInFreshUser(page);
  await notifyUser(user, { note: "Not for shared links." });
  if (javaScriptEnabled()) await expect.poll(() => requested.includes("/notifications/live")).toBe(true);

  requested.length = 0;
  // Whether or not the code names a shared dashboard (the dashboard's own journeys check that), the shell
  // of a shared link has no bell and asks for no notifications.
  await open(page, "/?shared_link_code=abc123");
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByLabel("Account menu")).toHaveCount(0);
  await expect(notificationsBell(page).root).toHaveCount(0);
  await expect(page.getByText("Not for shared links.")).toHaveCount(0);
  expect(requested.filter((pathname) => pathname.startsWith("/notifications"))).toEqual([]);
});
