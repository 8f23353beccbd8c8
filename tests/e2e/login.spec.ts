// Signing in (spec core §2 /login, §5 validation): with JavaScript the form validates in the browser;
// without it the server answers with the same messages.
import {
  atPath,
  DEMO_ACCOUNTS,
  DEMO_PASSWORD,
  expect,
  javaScriptEnabled,
  open,
  submitLogin,
  tabTo,
  test,
  waitForHydration,
} from "./fixtures";

test.describe("login", () => {
  test("an anonymous visitor of / lands on the login page", async ({ page }) => {
    await open(page, "/");
    await expect(page).toHaveURL(atPath("/login?redirectFrom=%2F"));
    await expect(page).toHaveTitle("Login | Earshot");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Login");
    await expect(page.getByText("Earshot", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Email")).toBeVisible();
    await expect(page.getByLabel("Password")).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    // The auth layout has no top bar: no account menu, no side menu.
    await expect(page.getByLabel("Account menu")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: "Main" })).toHaveCount(0);
  });

  test("an empty submit says what is missing under each field @no-js", async ({ page }) => {
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await open(page, "/login");
    await page.getByRole("button", { name: "Login" }).click();

    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    // Each message sits under its own field and is announced (role=alert, aria-describedby).
    await expect(page.locator(`#${await email.getAttribute("aria-describedby")}`)).toHaveText("Should not be empty!");
    await expect(page.locator(`#${await password.getAttribute("aria-describedby")}`)).toHaveText(
      "Should not be empty!",
    );
    await expect(page.getByRole("alert")).toHaveText(["Should not be empty!", "Should not be empty!"]);
    await expect(page).toHaveURL(atPath("/login"));
    await expect(page).toHaveTitle("Login | Earshot");

    // Validated by the server in both cases (the login page keeps zod out of the browser): one post.
    expect(posts).toHaveLength(1);
  });

  test("a wrong password is refused and the e-mail is kept @no-js", async ({ page }) => {
    await open(page, "/login");
    await submitLogin(page, DEMO_ACCOUNTS.admin.email, "Wrong-pass9!");
    await expect(page.getByRole("alert")).toHaveText("Email or password is incorrect");
    await expect(page).toHaveURL(atPath("/login"));
    await waitForHydration(page);
    await expect(page.getByLabel("Email")).toHaveValue(DEMO_ACCOUNTS.admin.email);
    // The server never echoes the password into the page (with JavaScript the field simply keeps
    // what was typed, as the page is not reloaded).
    if (!javaScriptEnabled()) await expect(page.getByLabel("Password")).toHaveValue("");
    await expect(page.getByLabel("Account menu")).toHaveCount(0);

    // The user corrects it and gets in.
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText("Welcome, Ada.")).toBeVisible();
  });

  test("the right password opens the dashboard", async ({ page }) => {
    await open(page, "/");
    await expect(page).toHaveURL(atPath("/login?redirectFrom=%2F"));
    await submitLogin(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(atPath("/"));
    await expect(page).toHaveTitle("Dashboard | Earshot");
    await expect(page.getByText("Welcome, Ada.")).toBeVisible();
    await expect(page.getByTestId("role")).toHaveText("Admin");
  });

  test("the e-mail is matched whatever its case and surrounding spaces", async ({ page }) => {
    await open(page, "/login");
    await submitLogin(page, `  ${DEMO_ACCOUNTS.agent.email.toUpperCase()} `, DEMO_PASSWORD);
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText("Welcome, Alex.")).toBeVisible();
  });

  test("the form can be completed with the keyboard alone", async ({ page }) => {
    await open(page, "/login");
    // Nothing on the page takes focus before the form: Tab goes to Email, then Password.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.type(DEMO_ACCOUNTS.guest.email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type(DEMO_PASSWORD);
    await tabTo(page, page.getByRole("button", { name: "Login" }));
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText("Welcome, Gina.")).toBeVisible();
  });

  test("Enter in the password field submits the form", async ({ page }) => {
    await open(page, "/login");
    await page.getByLabel("Email").fill(DEMO_ACCOUNTS.guest.email);
    await page.getByLabel("Password").fill(DEMO_PASSWORD);
    await page.getByLabel("Password").press("Enter");
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText("Welcome, Gina.")).toBeVisible();
  });

  test("a signed-in user opening /login is sent to the dashboard", async ({ page }) => {
    await open(page, "/login");
    await submitLogin(page, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    await expect(page).toHaveURL(atPath("/"));
    await open(page, "/login");
    await expect(page).toHaveURL(atPath("/"));
    await expect(page.getByText("Welcome, Ada.")).toBeVisible();
  });
});
