// Muted keywords (/settings/muted-keywords): one field takes several words separated by ' / '; words
// already muted are skipped and, when none is new, nothing is sent (spec core §5). Both projects run at
// once against one demo workspace, so each mutes words of its own.
import type { Page } from "@playwright/test";
import { atPath, expect, javaScriptEnabled, open, signIn, test, type BrowserErrors } from "./fixtures";

const PATH = "/settings/muted-keywords";

/**
 * A refused form answers 400 with the page and its errors (as the teams and users screens do); without
 * JavaScript that page is a document, for which Chromium logs "Failed to load resource ... 400".
 */
function allowRefusedForm(browserErrors: BrowserErrors): void {
  browserErrors.allow(new RegExp(`^console error: Failed to load resource: .* 400 \\(Bad Request\\) \\(http://[^/]+${PATH}\\)$`));
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `tmp/screenshots/${test.info().project.name}-${name}.png`,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
  });
}

/** Words of this test only: 'spam-js-k3x9' and the like. */
function words() {
  const tag = `${test.info().project.name}-${Math.random().toString(36).slice(2, 6)}`;
  return { spam: `spam-${tag}`, giveaway: `giveaway-${tag}` };
}

async function mute(page: Page, value: string) {
  await page.getByLabel("Keywords", { exact: true }).fill(value);
  await page.getByRole("button", { name: "Mute", exact: true }).click();
}

const chip = (page: Page, value: string) => page.getByTestId("muted-keyword").filter({ hasText: new RegExp(`^${value}$`) });

test.describe("muted keywords", () => {
  test("an admin mutes 'spam / giveaway', re-adds 'spam' and is told nothing is new, then removes one @no-js", async ({ page, browserErrors }) => {
    allowRefusedForm(browserErrors);
    const { spam, giveaway } = words();
    await signIn(page, "admin", { at: PATH });
    await expect(page).toHaveTitle("Muted keywords | Earshot");
    await expect(page.getByRole("navigation", { name: "Settings" }).getByRole("link", { name: "Muted keywords" })).toBeVisible();
    await expect(page.getByText("Mentions that hold a muted keyword are hidden from lists and counts.")).toBeVisible();
    await expect(page.getByText("Separate several words with ' / '")).toBeVisible();

    await mute(page, `${spam} / ${giveaway}`);
    await expect(page.getByTestId("toast")).toHaveText("2 keywords muted.");
    await expect(page).toHaveURL(atPath(PATH));
    await expect(chip(page, spam)).toHaveCount(1);
    await expect(chip(page, giveaway)).toHaveCount(1);
    await expect(page.getByLabel("Keywords", { exact: true })).toHaveValue("");

    // Already muted, in any case: nothing is sent, and the field says why.
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(request.url());
    });
    await mute(page, spam.toUpperCase());
    const field = page.getByLabel("Keywords", { exact: true });
    await expect(page.locator(`#${await field.getAttribute("aria-describedby")}`)).toHaveText("These keywords are already muted.");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByTestId("toast")).toHaveCount(0);
    await expect(chip(page, spam)).toHaveCount(1);
    // With JavaScript the browser already knows: the form is not even posted.
    if (javaScriptEnabled()) expect(posts).toEqual([]);
    await shoot(page, "muted-keywords-nothing-new");

    // One new word among muted ones: only it is added.
    const { spam: fresh } = words();
    await mute(page, `${giveaway} / ${fresh}`);
    await expect(page.getByTestId("toast")).toHaveText("1 keyword muted.");
    await expect(chip(page, fresh)).toHaveCount(1);
    await expect(chip(page, giveaway)).toHaveCount(1);

    // Remove one, with the confirmation.
    await page.getByRole("link", { name: `Remove ${spam}` }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toContainText(spam);
    await shoot(page, "muted-keywords-remove");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Keyword unmuted.");
    await expect(chip(page, spam)).toHaveCount(0);
    await expect(chip(page, giveaway)).toHaveCount(1);
    await shoot(page, "muted-keywords");

    // Muting it again works: it is new once more.
    await mute(page, spam);
    await expect(page.getByTestId("toast")).toHaveText("1 keyword muted.");
    await expect(chip(page, spam)).toHaveCount(1);
  });

  test("an empty entry shows 'Should not be empty!' under the field @no-js", async ({ page, browserErrors }) => {
    allowRefusedForm(browserErrors);
    await signIn(page, "agent", { at: PATH });
    await mute(page, "  ");
    const field = page.getByLabel("Keywords", { exact: true });
    await expect(page.locator(`#${await field.getAttribute("aria-describedby")}`)).toHaveText("Should not be empty!");
  });

  test("cancelling a removal keeps the keyword @no-js", async ({ page }) => {
    const { spam } = words();
    await signIn(page, "agent", { at: PATH });
    await mute(page, spam);
    await expect(page.getByTestId("toast")).toHaveText("1 keyword muted.");
    await page.getByRole("link", { name: `Remove ${spam}` }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByRole(javaScriptEnabled() ? "button" : "link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(chip(page, spam)).toHaveCount(1);
  });

  test("a new answer replaces the old toast: no stale success beside a refusal", async ({ page }) => {
    const { spam } = words();
    await signIn(page, "admin");
    // The toast's own five seconds never pass here: only the new answer may take it away.
    await page.clock.install();
    await open(page, PATH);
    await mute(page, spam);
    await expect(page.getByTestId("toast")).toHaveText("1 keyword muted.");
    // The fake clock flows with the real one unless paused: paused, the toast's own timer cannot take it
    // away however slow the machine, so only the new answer can.
    await page.clock.pauseAt(Date.now() + 1000);
    await mute(page, "");
    await expect(page.getByText("Should not be empty!")).toBeVisible();
    await expect(page.getByTestId("toast")).toHaveCount(0);
  });

  test("guests are sent to the dashboard", async ({ page }) => {
    await signIn(page, "guest", { at: PATH });
    await expect(page).toHaveURL(atPath("/"));
  });
});
