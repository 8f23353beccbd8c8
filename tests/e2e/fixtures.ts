// Shared fixtures and helpers of the browser journeys.
//
// - Every test fails on a console error, an uncaught page error or a 5xx response (`browserErrors`,
//   automatic). A test that expects one (a 404 document logs "Failed to load resource") says so
//   with `browserErrors.allowNotFoundDocument(path)` or `browserErrors.allow(/pattern/)`.
// - `signIn(page, role, { at })` signs in (the login form's post, over HTTP) and opens a page.
// - `waitForHydration(page)` waits until React has hydrated (html[data-hydrated=true], set in an
//   effect of app/root.tsx); it returns at once in the no-js project.
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, type DemoAccount, type DemoRole } from "./demo";

export { expect };
export * from "./demo";

export interface BrowserErrors {
  /** Tolerate console errors matching this pattern in the current test. */
  allow(pattern: RegExp): void;
  /** Tolerate the "Failed to load resource: ... 404" that Chromium logs for this page's own document. */
  allowNotFoundDocument(pathAndQuery: string): void;
}

export const test = base.extend<{ browserErrors: BrowserErrors }>({
  browserErrors: [
    async ({ page }, use, testInfo) => {
      const problems: string[] = [];
      const allowed: RegExp[] = [];
      page.on("console", (message) => {
        if (message.type() !== "error") return;
        const where = message.location().url ? ` (${message.location().url})` : "";
        problems.push(`console error: ${message.text()}${where}`);
      });
      page.on("pageerror", (error) => problems.push(`page error: ${error.stack ?? error.message}`));
      page.on("response", (response) => {
        if (response.status() >= 500)
          problems.push(`server error: ${response.status()} ${response.request().method()} ${response.url()}`);
      });
      await use({
        allow: (pattern) => allowed.push(pattern),
        allowNotFoundDocument: (pathAndQuery) =>
          allowed.push(
            new RegExp(
              `^console error: Failed to load resource: .* 404 .*\\(http://[^/]+${escapeRegExp(pathAndQuery)}\\)$`,
            ),
          ),
      });
      const unexpected = problems.filter((problem) => !allowed.some((pattern) => pattern.test(problem)));
      if (unexpected.length && testInfo.status === "passed") {
        throw new Error(`The browser reported problems during the test:\n${unexpected.join("\n")}`);
      }
    },
    { auto: true },
  ],
});

/** True in the project that runs with JavaScript (the default when no project says otherwise). */
export function javaScriptEnabled(): boolean {
  return test.info().project.use.javaScriptEnabled !== false;
}

/**
 * Holds back the page's GET requests matching `pattern` (the reload after an action, say) until released,
 * so that what a user does in between (typing while a refused save's errors show) is reproduced on purpose.
 */
export async function holdGets(
  page: Page,
  pattern: RegExp,
): Promise<{ held: Promise<void>; release: () => Promise<void> }> {
  let markHeld = () => {};
  let letGo = () => {};
  const held = new Promise<void>((resolve) => (markHeld = resolve));
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(pattern, async (route) => {
    if (route.request().method() !== "GET") return route.continue();
    markHeld();
    await released;
    await route.continue();
  });
  return {
    held,
    /** Lets the held requests go, waits for the first answer, and stops holding. */
    async release() {
      const answered = page.waitForResponse(
        (response) => pattern.test(response.url()) && response.request().method() === "GET",
      );
      letGo();
      await answered;
      await page.unroute(pattern);
    },
  };
}

/** Waits for React to hydrate the current document; returns at once without JavaScript. */
export async function waitForHydration(page: Page): Promise<void> {
  if (!javaScriptEnabled()) return;
  await expect(page.locator("html[data-hydrated='true']")).toBeAttached();
}

/** Opens a page and, with JavaScript, waits until it is hydrated (interactive as a user sees it). */
export async function open(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

/** Fills the login form already on screen and submits it with the Login button. */
export async function submitLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Login" }).click();
}

/**
 * Signs in as `role` and opens `at` (default: the dashboard, where it waits for the welcome line).
 *
 * Without `onLoginPage` it posts the login form's fields (with the form token the login page renders) over
 * HTTP in the page's own browser context, as the form does, and only then opens a page: the login form
 * itself is what tests/e2e/login.spec.ts and the account journey test, with JavaScript and without, and
 * rendering it and the dashboard before every other journey cost about a third of their time (ADR 023).
 * With `onLoginPage` (a journey sent to /login with a redirectFrom) it fills and submits the form on
 * screen and waits for the dashboard or `expectPath`.
 */
export async function signIn(
  page: Page,
  role: DemoRole,
  options: { onLoginPage?: boolean; expectPath?: RegExp; at?: string } = {},
): Promise<DemoAccount> {
  const account = DEMO_ACCOUNTS[role];
  if (options.onLoginPage) {
    await waitForHydration(page);
    await submitLogin(page, account.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(options.expectPath ?? /^http:\/\/[^/]+\/$/);
    if (!options.expectPath) await expect(page.getByText(`Welcome, ${account.firstName}.`)).toBeVisible();
    return account;
  }
  const loginPage = await page.request.get("/login");
  const formToken = /name="csrf" value="([^"]+)"/.exec(await loginPage.text())?.[1];
  if (!formToken) throw new Error(`The login page (${loginPage.status()}) has no form token`);
  const answer = await page.request.post("/login", {
    form: { email: account.email, password: DEMO_PASSWORD, csrf: formToken, redirectFrom: "" },
    maxRedirects: 0,
  });
  if (answer.status() !== 302) throw new Error(`Signing in as ${role} answered ${answer.status()}: ${(await answer.text()).slice(0, 300)}`);
  await open(page, options.at ?? "/");
  if (!options.at) await expect(page.getByText(`Welcome, ${account.firstName}.`)).toBeVisible();
  return account;
}

/**
 * Presses Tab until `target` has the focus (whatever sits in between), or fails after `maxPresses`:
 * proves the target is reachable by keyboard without pinning the exact tab order.
 */
export async function tabTo(page: Page, target: Locator, maxPresses = 15): Promise<void> {
  for (let i = 0; i < maxPresses; i++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error(`${String(target)} was not reached with ${maxPresses} presses of Tab`);
}

/** The top bar's account menu (a <details> popover): its summary shows the initials. */
export function avatarMenu(page: Page) {
  const root = page.getByTestId("avatar-menu");
  return {
    root,
    toggle: page.getByLabel("Account menu"),
    panel: page.getByRole("navigation", { name: "Account" }),
    items: page.getByRole("navigation", { name: "Account" }).getByRole("listitem"),
  };
}

/** The top bar's notifications bell: a link that opens its popover (in place once hydrated). */
export function notificationsBell(page: Page) {
  return { root: page.getByTestId("notifications"), toggle: page.getByLabel("Notifications") };
}

export const sideMenu = (page: Page) => page.getByRole("navigation", { name: "Main" });

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

/** A URL matcher anchored on the whole path and query (STACK.md pitfall 10). */
export function atPath(pathAndQuery: string): RegExp {
  return new RegExp(`^http://[^/]+${escapeRegExp(pathAndQuery)}$`);
}
