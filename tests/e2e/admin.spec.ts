// The business-profile admin (/admin, issue 26): a system admin creates a business profile with a logo,
// copied from the demo profile, takes over its default account and finds the copied saved searches and
// reply templates. A logo that is not an image is refused under its field. With and without JavaScript.
import crypto from "node:crypto";
import { MESSAGES } from "../../domain/messages";
import { BUSINESS_NAME, expect, open, signIn, test } from "./fixtures";

const L = MESSAGES.businessProfiles;

// A 1×1 PNG.
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==",
  "base64",
);

const uniqueName = (prefix: string) => `${prefix} ${crypto.randomBytes(4).toString("hex")}`;

test.describe("/admin: business profiles", () => {
  test("a system admin creates a profile with a logo copied from the demo, takes it over and finds its searches and templates @no-js", async ({ page }) => {
    await signIn(page, "sysadmin", { at: "/admin" });
    await expect(page.getByRole("heading", { name: L.title, level: 1 })).toBeVisible();
    await expect(page.getByTestId("business-profile-row").filter({ hasText: BUSINESS_NAME })).toBeVisible();

    await page.getByRole("link", { name: L.newProfile }).click();
    await expect(page).toHaveURL(/\/admin\/new$/);
    const name = uniqueName("Acme Copy");
    await page.getByLabel(MESSAGES.name).fill(name);
    // The logo is recognised by its content: a PNG named as text is a PNG.
    await page.getByLabel(L.logo).setInputFiles({ name: "brand-logo.txt", mimeType: "text/plain", buffer: PNG });
    await page.getByLabel(L.copiedFrom).selectOption({ label: BUSINESS_NAME });
    await page.getByRole("button", { name: L.create }).click();

    await expect(page).toHaveURL(/\/admin\/business-profiles\/\d+$/);
    await expect(page.getByText(L.created(name))).toBeVisible();
    await expect(page.getByTestId("profile-name")).toHaveText(name);
    await expect(page.getByText(L.copiedFromName(BUSINESS_NAME))).toBeVisible();
    const logo = page.getByTestId("profile-logo");
    await expect(logo).toHaveAttribute("alt", L.logoOf(name));
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);

    await page.getByRole("button", { name: L.takeOverDefault }).click();
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
    await expect(page.getByText(MESSAGES.takeoverStarted(`${L.defaultAccountFirstName} ${MESSAGES.roleAdmin}`))).toBeVisible();

    // The copied saved searches (the demo's brand folder and its searches) and reply templates are there.
    await open(page, "/search");
    await expect(page.getByText("Login outage").first()).toBeVisible();
    await expect(page.getByText("Shop orders").first()).toBeVisible();
    await open(page, "/?dialog=templates");
    await expect(page.getByRole("dialog").getByText("Refund request").first()).toBeVisible();
    await expect(page.getByRole("dialog").getByText("Login outage apology").first()).toBeVisible();
  });

  test("a text named .png is refused under the logo field and nothing is created @no-js", async ({ page, browserErrors }) => {
    // The refused form's answer is a 422 (the document without JavaScript, the action's data with it).
    browserErrors.allow(/^console error: Failed to load resource: .* 422 \(Unprocessable (Entity|Content)\) \(http:\/\/[^/]+\/admin\/new(\.data)?(\?[^)]*)?\)$/);
    await signIn(page, "sysadmin", { at: "/admin/new" });
    const name = uniqueName("Refused Logo");
    await page.getByLabel(MESSAGES.name).fill(name);
    await page.getByLabel(L.logo).setInputFiles({ name: "logo.png", mimeType: "image/png", buffer: Buffer.from("not an image at all") });
    await page.getByRole("button", { name: L.create }).click();
    await expect(page.getByText(`${L.logo} ${L.logoNotImage}`)).toBeVisible();
    await open(page, "/admin");
    await expect(page.getByTestId("business-profile-row").filter({ hasText: name })).toHaveCount(0);
  });

  test("an admin is sent to the dashboard, and has no Admin BP entry", async ({ page }) => {
    await signIn(page, "admin", { at: "/admin" });
    await expect(page).toHaveURL(/^http:\/\/[^/]+\/$/);
  });
});
