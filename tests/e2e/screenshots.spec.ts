// Full-page screenshots of the screens built so far, for a person to look at (not compared):
// test-results/screenshots/<project>-<name>.png, in both projects.
import type { Page } from "@playwright/test";
import { avatarMenu, expect, notificationsBell, open, signIn, test } from "./fixtures";

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({
    path: `test-results/screenshots/${test.info().project.name}-${name}.png`,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
  });
}

test.describe("screenshots", () => {
  test("login @no-js", async ({ page }) => {
    await open(page, "/login");
    await expect(page.getByRole("button", { name: "Login" })).toBeVisible();
    await shoot(page, "login");
  });

  test("login with errors @no-js", async ({ page }) => {
    await open(page, "/login");
    await page.getByRole("button", { name: "Login" }).click();
    await expect(page.getByRole("alert")).toHaveCount(2);
    await shoot(page, "login-errors");
  });

  test("dashboard (admin) with the avatar menu open @no-js", async ({ page }) => {
    await signIn(page, "admin");
    await avatarMenu(page).toggle.click();
    await expect(avatarMenu(page).panel).toBeVisible();
    await shoot(page, "dashboard-admin-avatar-menu");
  });

  test("dashboard (agent) on a phone, notifications open @no-js", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await signIn(page, "agent");
    await notificationsBell(page).toggle.click();
    await expect(page.getByTestId("notifications-count")).toBeVisible();
    await shoot(page, "dashboard-phone-notifications");
  });

  test("page not found, signed in @no-js", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument("/no/such/page");
    await signIn(page, "admin", { at: "/no/such/page" });
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await shoot(page, "404-signed-in");
  });

  test("page not found, signed out @no-js", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument("/no/such/page");
    await open(page, "/no/such/page");
    await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
    await shoot(page, "404-signed-out");
  });
});
