// The default layout as each demo role sees it (spec core §2): top bar with the business name, the
// notifications bell and the avatar menu (initials); a side menu; the dashboard content.
// Only the screens built so far are offered (domain/navigation.ts `built`): update MENUS below as
// screens land.
import type { Page } from "@playwright/test";
import {
  atPath,
  avatarMenu,
  BUSINESS_NAME,
  DEMO_ROLES,
  type DemoRole,
  expect,
  notificationsBell,
  sideMenu,
  signIn,
  tabTo,
  test,
} from "./fixtures";

/**
 * What each role is offered today, in order (APP_ENV=local, business profile 11). Spec order for
 * other environments: Users, Channels, Teams, Templates, Dashboard V1, Settings, Moderation Report,
 * Custom Topics, Restore Admin Account, Admin BP, Logout; guests: Settings and Logout.
 */
// Alerts sits beside Custom Topics for staff who read alerts (ADR 029; not in the spec's menus).
// Moderation Report for business profile 11 (the demo's) and system admins; Admin BP for system admins.
const STAFF_AVATAR_MENU = ["Users", "Channels", "Teams", "Templates", "Dashboard V1", "Settings", "Moderation Report", "Custom Topics", "Alerts", "Logout"];
const SYSADMIN_AVATAR_MENU = [...STAFF_AVATAR_MENU.slice(0, -1), "Admin BP", "Logout"];
const MENUS: Record<DemoRole, { side: string[]; avatar: string[] }> = {
  sysadmin: { side: ["Dashboard", "Inbox", "Live Search", "Helper", "How To"], avatar: SYSADMIN_AVATAR_MENU },
  admin: { side: ["Dashboard", "Inbox", "Live Search", "Helper", "How To"], avatar: STAFF_AVATAR_MENU },
  agent: { side: ["Dashboard", "Inbox", "Live Search", "Helper", "How To"], avatar: STAFF_AVATAR_MENU },
  // A guest may read neither mentions nor searches: the menu offers neither (issue 30, ADR 035).
  guest: { side: ["Dashboard", "How To"], avatar: ["Settings", "Logout"] },
};

async function expectSideMenu(page: Page, entries: string[]): Promise<void> {
  await expect(sideMenu(page).getByRole("link")).toHaveText(entries);
  const dashboard = sideMenu(page).getByRole("link", { name: "Dashboard" });
  await expect(dashboard).toHaveAttribute("href", "/");
  // NavLink marks the current entry; without JavaScript the server renders the same markup.
  await expect(dashboard).toHaveAttribute("aria-current", "page");
}

for (const role of DEMO_ROLES) {
  test(`${role}: top bar, side menu and menus @no-js`, async ({ page }) => {
    const account = await signIn(page, role);
    await expect(page).toHaveTitle("Dashboard | Earshot");
    await expect(page.getByTestId("role")).toHaveText(account.roleLabel);

    // Top bar: product logo, business name, bell, avatar with initials.
    const topBar = page.getByRole("banner");
    await expect(topBar.getByRole("link", { name: "Earshot" })).toHaveAttribute("href", "/");
    await expect(topBar.getByTestId("business-name")).toHaveText(BUSINESS_NAME);

    // Side menu, Dashboard marked as the current page.
    await expectSideMenu(page, MENUS[role].side);

    // Avatar menu: closed at first; the avatar shows the initials.
    const menu = avatarMenu(page);
    await expect(menu.toggle).toHaveText(account.initials);
    await expect(menu.panel).toBeHidden();
    await menu.toggle.click();
    await expect(menu.panel).toBeVisible();
    await expect(menu.panel.getByText(account.fullName, { exact: true })).toBeVisible();
    await expect(menu.panel.getByText(account.email, { exact: true })).toBeVisible();
    await expect(menu.items).toHaveText(MENUS[role].avatar);
    await expect(menu.panel.getByRole("button", { name: "Logout" })).toBeVisible();
    await menu.toggle.click();
    await expect(menu.panel).toBeHidden();

    // Notifications: the popover opens and closes. Other journeys notify the demo accounts (assignments),
    // so the empty popover is checked with a workspace of its own in notifications.spec.ts.
    const bell = notificationsBell(page);
    await bell.toggle.click();
    await expect(bell.root.getByTestId("notifications-count")).toHaveText(/^\d+ notifications$/);
    await bell.toggle.click();
    await expect(bell.root.getByTestId("notifications-count")).toBeHidden();

    await expect(page).toHaveURL(atPath("/"));
  });
}

test.describe("popovers with JavaScript @js-only", () => {
  test("Escape and an outside click close the open popover", async ({ page }) => {
    await signIn(page, "admin");
    const menu = avatarMenu(page);
    await menu.toggle.click();
    await expect(menu.panel).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu.panel).toBeHidden();
    await expect(menu.toggle).toBeFocused();

    const bell = notificationsBell(page);
    await bell.toggle.click();
    await expect(bell.root.getByText("No Notifications")).toBeVisible();
    await page.getByText("Welcome, Ada.").click();
    await expect(bell.root.getByText("No Notifications")).toBeHidden();
    await bell.toggle.click();
    await expect(bell.root.getByText("No Notifications")).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(bell.root.getByText("No Notifications")).toBeHidden();
    await expect(bell.toggle).toBeFocused();
    await expect(page).toHaveURL(atPath("/"));
  });
});

test("the avatar menu can be opened and used with the keyboard", async ({ page }) => {
  await signIn(page, "agent");
  const menu = avatarMenu(page);
  await menu.toggle.focus();
  await page.keyboard.press("Enter");
  await expect(menu.panel).toBeVisible();
  await tabTo(page, menu.panel.getByRole("button", { name: "Logout" }));
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(atPath("/login"));
});
