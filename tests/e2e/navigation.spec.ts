// The navigation guard (spec core §2): redirectFrom, logout, 'Page not found', and the default
// layout's 'Operation in progress...' spinner.
import {
  atPath,
  avatarMenu,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  javaScriptEnabled,
  open,
  sideMenu,
  signIn,
  submitLogin,
  test,
} from "./fixtures";

test.describe("redirectFrom", () => {
  test("an unknown deep path shows 'Page not found' to an anonymous visitor instead of the login", async ({
    page,
    browserErrors,
  }) => {
    browserErrors.allowNotFoundDocument("/some/deep?x=1");
    const response = await open(page, "/some/deep?x=1");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(atPath("/some/deep?x=1"));
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  });

  test("after login the user is back on the page they opened, query included @no-js", async ({ page }) => {
    await open(page, "/?x=1");
    await expect(page).toHaveURL(atPath("/login?redirectFrom=%2F%3Fx%3D1"));
    await signIn(page, "admin", { onLoginPage: true, expectPath: atPath("/?x=1") });
    await expect(page.getByText("Welcome, Ada.")).toBeVisible();
  });

  test("a redirectFrom to another site or to /logout ends on the dashboard", async ({ page, browserErrors }) => {
    await open(page, "/login?redirectFrom=%2F%2Fevil.example%2Fphish");
    await signIn(page, "agent", { onLoginPage: true });
    // Signed out behind the open dashboard's back: its live notifications may reconnect first and get
    // the 401 a signed-out stream answers (ADR 014), which Chromium logs.
    browserErrors.allow(/Failed to load resource: .* 401 .*\/notifications\/live/);
    await page.context().clearCookies();

    await open(page, "/login?redirectFrom=%2Flogout");
    await signIn(page, "agent", { onLoginPage: true });
  });
});

test.describe("logout", () => {
  test("Logout in the avatar menu signs out; the dashboard then asks to sign in again @no-js", async ({ page }) => {
    await signIn(page, "admin");
    const menu = avatarMenu(page);
    await menu.toggle.click();
    await menu.panel.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(atPath("/login"));
    await expect(page).toHaveTitle("Login | Earshot");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    await expect(page.getByLabel("Account menu")).toHaveCount(0);

    await open(page, "/");
    await expect(page).toHaveURL(atPath("/login?redirectFrom=%2F"));
  });

  test("opening /logout signs out (a button is offered without JavaScript) @no-js", async ({ page }) => {
    await signIn(page, "guest");
    await page.goto("/logout");
    if (!javaScriptEnabled()) {
      await expect(page).toHaveTitle("Logout | Earshot");
      await expect(page.getByText("Signing out…")).toBeVisible();
      await page.getByRole("button", { name: "Logout" }).click();
    }
    await expect(page).toHaveURL(atPath("/login"));
    await open(page, "/");
    await expect(page).toHaveURL(atPath("/login?redirectFrom=%2F"));
  });

  test("signing out in one browser leaves another session of the same user signed in", async ({ page, browser }) => {
    const other = await browser.newContext();
    try {
      const otherPage = await other.newPage();
      await signIn(otherPage, "sysadmin");
      await signIn(page, "sysadmin");
      await avatarMenu(page).toggle.click();
      await avatarMenu(page).panel.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(atPath("/login"));
      await open(otherPage, "/");
      await expect(otherPage).toHaveURL(atPath("/"));
      await expect(otherPage.getByText("Welcome, Sam.")).toBeVisible();
    } finally {
      await other.close();
    }
  });
});

test.describe("Page not found", () => {
  test("signed in: in the default layout, with the side menu and the avatar menu", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument("/no/such/page");
    await signIn(page, "agent");
    const response = await open(page, "/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(atPath("/no/such/page"));
    await expect(page).toHaveTitle("Page not found | Earshot");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(sideMenu(page).getByRole("link", { name: "Dashboard" })).toBeVisible();
    await expect(avatarMenu(page).toggle).toHaveText(DEMO_ACCOUNTS.agent.initials);

    // The way back works.
    await page.getByRole("main").getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText("Welcome, Alex.")).toBeVisible();
  });

  test("signed out: in the auth layout, without menus", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument("/no/such/page");
    const response = await open(page, "/no/such/page");
    expect(response?.status()).toBe(404);
    await expect(page).toHaveURL(atPath("/no/such/page"));
    await expect(page).toHaveTitle("Page not found | Earshot");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await expect(page.getByText("Earshot", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Account menu")).toHaveCount(0);
    await expect(page.getByLabel("Notifications")).toHaveCount(0);
    await expect(sideMenu(page)).toHaveCount(0);

    await page.getByRole("link", { name: "Dashboard" }).click();
    await expect(page).toHaveURL(atPath("/login?redirectFrom=%2F"));
  });
});

test("the 'Operation in progress...' spinner covers the page while a form is being sent @js-only", async ({ page }) => {
  await signIn(page, "admin");
  // Hold the logout submission until the spinner has been seen.
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/logout(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await avatarMenu(page).toggle.click();
  await avatarMenu(page).panel.getByRole("button", { name: "Logout" }).click();
  const spinner = page.getByRole("alertdialog", { name: "Operation in progress..." });
  await expect(spinner).toBeVisible();
  await expect(spinner).toHaveText("Operation in progress...");
  release();
  await expect(page).toHaveURL(atPath("/login"));
  await expect(spinner).toHaveCount(0);
});

test("the login button shows that the form is being sent @js-only", async ({ page }) => {
  await open(page, "/login");
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/login(\.data)?(\?.*)?$/, async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await submitLogin(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
  await expect(page.getByRole("button", { name: "Login" })).toHaveAttribute("aria-busy", "true");
  release();
  await expect(page).toHaveURL(atPath("/"));
});
