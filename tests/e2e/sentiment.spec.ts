// Sentiment exclusions (/account/settings/sentiment): admins add, edit and delete the words replaced
// before scoring, and the "Try it" preview shows the effect. Both projects (JavaScript on and off) run
// at once against one demo workspace, so each keeps to a network of its own: an exclusion limited to
// that network changes only that project's previews.
import type { Page } from "@playwright/test";
import { atPath, expect, javaScriptEnabled, open, signIn, test, type BrowserErrors } from "./fixtures";

const PATH = "/account/settings/sentiment";
// A crash-reporting tool's users write "crash reporting", which the lexicon reads as negative.
const SAMPLE = "Crash reporting works";

function projectNetwork(): string {
  return javaScriptEnabled() ? "Reddit" : "YouTube";
}

/**
 * A refused form answers 400 with the page and its errors (as the teams and users screens do); without
 * JavaScript that page is a document, for which Chromium logs "Failed to load resource ... 400".
 */
function allowRefusedForm(browserErrors: BrowserErrors): void {
  browserErrors.allow(new RegExp(`^console error: Failed to load resource: .* 400 \\(Bad Request\\) \\(http://[^/]+${PATH}(#[\\w-]+)?\\)$`));
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `tmp/screenshots/${test.info().project.name}-${name}.png`,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
  });
}

async function tryIt(page: Page, text: string, network: string) {
  const section = page.getByRole("region", { name: "Try it" });
  await section.getByLabel("Text", { exact: true }).fill(text);
  await section.getByLabel("Language").selectOption({ label: "English" });
  await section.getByLabel("Network").selectOption({ label: network });
  await section.getByRole("button", { name: "Try it" }).click();
  const preview = section.getByTestId("sentiment-preview");
  // Drawn below the form, and scrolled to (without JavaScript, by the page's #fragment).
  await expect(preview).toBeInViewport();
  return preview;
}

test.describe("sentiment exclusions", () => {
  test("an admin adds an exclusion, sees the preview change, edits it and deletes it @no-js", async ({ page }) => {
    const network = projectNetwork();
    await signIn(page, "admin", { at: PATH });
    await expect(page).toHaveTitle("Sentiment exclusions | Earshot");
    await expect(page.getByRole("navigation", { name: "Account settings" }).getByRole("link", { name: "Sentiment" })).toBeVisible();
    // Admins do not write global entries.
    await expect(page.getByLabel("All business profiles")).toHaveCount(0);

    // Before: "crash" drags the sample down.
    let preview = await tryIt(page, SAMPLE, network);
    await expect(preview.getByTestId("sentiment-badge")).toHaveText("Negative");
    await expect(preview.getByTestId("sentiment-driver").filter({ hasText: /^crash / })).toHaveText("crash \u22122");
    await expect(preview.getByTestId("sentiment-driver").filter({ hasText: /^works / })).toHaveText("works +1.5");
    // The form keeps what was tried.
    await expect(page.getByRole("region", { name: "Try it" }).getByLabel("Text", { exact: true })).toHaveValue(SAMPLE);

    // Add "crash reporting" → (removed), for English on this project's network.
    const add = page.getByRole("region", { name: "New exclusion" });
    await add.getByLabel("Text to exclude").fill("crash reporting");
    await add.getByRole("checkbox", { name: "English", exact: true }).check();
    await add.getByRole("checkbox", { name: network, exact: true }).check();
    await add.getByRole("button", { name: "Add exclusion" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Exclusion saved.");
    await expect(page).toHaveURL(atPath(PATH));
    const row = page.getByTestId("exclusion").filter({ hasText: "crash reporting" }).filter({ hasText: network });
    await expect(row).toHaveCount(1);
    await expect(row).toContainText("removed");
    await expect(row).toContainText("English");
    // The add form is empty again.
    await expect(add.getByLabel("Text to exclude")).toHaveValue("");

    // After: the same text is now positive, and only "works" drove it.
    preview = await tryIt(page, SAMPLE, network);
    await expect(preview.getByTestId("sentiment-badge")).toHaveText("Positive");
    await expect(preview.getByTestId("sentiment-driver")).toHaveText(["works +1.5"]);
    await shoot(page, "sentiment-preview");
    await page.getByRole("region", { name: "Try it" }).screenshot({ path: `tmp/screenshots/${test.info().project.name}-sentiment-try-it.png`, animations: "disabled", caret: "hide" });

    // Edit in place (?edit=id): replace with another phrase.
    await row.getByRole("link", { name: "Edit crash reporting" }).click();
    await expect(page).toHaveURL(/\?edit=\d+$/);
    const edit = page.getByRole("form", { name: "Edit exclusion crash reporting" });
    await expect(edit.getByLabel("Text to exclude")).toHaveValue("crash reporting");
    await expect(edit.getByRole("checkbox", { name: "English", exact: true })).toBeChecked();
    await expect(edit.getByRole("checkbox", { name: network, exact: true })).toBeChecked();
    await shoot(page, "sentiment-edit");
    await edit.getByLabel("Replace with").fill("error tracking");
    await edit.getByRole("button", { name: "Save" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Exclusion saved.");
    await expect(page).toHaveURL(atPath(PATH));
    const edited = page.getByTestId("exclusion").filter({ hasText: "error tracking" }).filter({ hasText: network });
    await expect(edited).toHaveCount(1);

    // Delete, with the confirmation.
    await edited.getByRole("link", { name: "Delete crash reporting" }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(dialog).toContainText("Do you want to deleted this item?");
    await expect(dialog).toContainText("crash reporting");
    await shoot(page, "sentiment-delete");
    await dialog.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Exclusion deleted.");
    await expect(page.getByTestId("exclusion").filter({ hasText: "error tracking" }).filter({ hasText: network })).toHaveCount(0);

    // Gone: the preview is negative again.
    preview = await tryIt(page, SAMPLE, network);
    await expect(preview.getByTestId("sentiment-badge")).toHaveText("Negative");
  });

  test("cancelling a delete and an edit changes nothing @no-js", async ({ page }) => {
    const text = `glitch ${test.info().project.name}`;
    await signIn(page, "admin", { at: PATH });
    const add = page.getByRole("region", { name: "New exclusion" });
    await add.getByLabel("Text to exclude").fill(text);
    await add.getByLabel("Replace with").fill("feature");
    await add.getByRole("button", { name: "Add exclusion" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Exclusion saved.");
    const row = page.getByTestId("exclusion").filter({ hasText: text });
    await expect(row).toContainText("All languages");
    await expect(row).toContainText("All networks");

    await row.getByRole("link", { name: `Delete ${text}` }).click();
    const dialog = page.getByRole("dialog", { name: "Are you sure?" });
    await dialog.getByRole(javaScriptEnabled() ? "button" : "link", { name: "Cancel" }).click();
    await expect(dialog).toHaveCount(0);
    await expect(row).toHaveCount(1);

    await row.getByRole("link", { name: `Edit ${text}` }).click();
    const edit = page.getByRole("form", { name: `Edit exclusion ${text}` });
    await edit.getByLabel("Replace with").fill("something else");
    await edit.getByRole("link", { name: "Cancel" }).click();
    await expect(page).toHaveURL(atPath(PATH));
    await expect(edit).toHaveCount(0);
    await expect(row).toContainText("feature");
  });

  test("errors show under the fields @no-js", async ({ page, browserErrors }) => {
    allowRefusedForm(browserErrors);
    await signIn(page, "admin", { at: PATH });
    const add = page.getByRole("region", { name: "New exclusion" });
    await add.getByRole("button", { name: "Add exclusion" }).click();
    const field = add.getByLabel("Text to exclude");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await field.getAttribute("aria-describedby")}`)).toHaveText("Should not be empty!");

    const tryItSection = page.getByRole("region", { name: "Try it" });
    await tryItSection.getByRole("button", { name: "Try it" }).click();
    await expect(tryItSection.getByRole("alert")).toHaveText("Should not be empty!");
    await shoot(page, "sentiment-errors");
  });

  test("a system admin writes an entry for all business profiles; admins see it but cannot change it", async ({ page }) => {
    const text = `everywhere ${test.info().project.name}`;
    await signIn(page, "sysadmin", { at: PATH });
    const add = page.getByRole("region", { name: "New exclusion" });
    await add.getByLabel("Text to exclude").fill(text);
    await add.getByLabel("Replace with").fill("anywhere");
    await add.getByLabel("All business profiles").check();
    await add.getByRole("button", { name: "Add exclusion" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Exclusion saved.");
    const row = page.getByTestId("exclusion").filter({ hasText: text });
    await expect(row).toContainText("All business profiles");
    await row.getByRole("link", { name: `Edit ${text}` }).click();
    await expect(page.getByRole("form", { name: `Edit exclusion ${text}` }).getByLabel("All business profiles")).toBeChecked();
    await shoot(page, "sentiment-global-edit");

    await page.context().clearCookies();
    await signIn(page, "admin", { at: PATH });
    await expect(row).toContainText("All business profiles");
    await expect(row.getByRole("link")).toHaveCount(0);
    // Not even by address.
    await open(page, `${PATH}?edit=${await row.getAttribute("data-exclusion-id")}`);
    await expect(page.getByRole("form", { name: `Edit exclusion ${text}` })).toHaveCount(0);

    await page.context().clearCookies();
    await signIn(page, "sysadmin", { at: PATH });
    await row.getByRole("link", { name: `Delete ${text}` }).click();
    await page.getByRole("dialog", { name: "Are you sure?" }).getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("toast")).toHaveText("Exclusion deleted.");
    await expect(row).toHaveCount(0);
  });

  test("agents and guests are sent to the dashboard and see no Sentiment tab", async ({ page }) => {
    for (const role of ["agent", "guest"] as const) {
      await page.context().clearCookies();
      await signIn(page, role);
      await open(page, PATH);
      await expect(page).toHaveURL(atPath("/"));
      await open(page, "/account/settings/preferences");
      const tabs = page.getByRole("navigation", { name: "Account settings" });
      await expect(tabs.getByRole("link", { name: "Preferences" })).toBeVisible();
      await expect(tabs.getByRole("link", { name: "Sentiment" })).toHaveCount(0);
    }
  });
});
