// The labels screen (/settings/labels, issue 6 item 2; spec core §3 "Label", §5 "label name required"):
// create, rename, group and delete labels, with the shared confirmation for delete. Runs with and without
// JavaScript (playwright.config.ts projects); both share one demo workspace, so names carry a tag word.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import { atPath, expect, javaScriptEnabled, open, signIn, test, type BrowserErrors } from "./fixtures";

const L = MESSAGES.inboxUi;
const LABELS_PATH = "/settings/labels";

function tagWord(): string {
  return `lb${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({
    path: `test-results/screenshots/${test.info().project.name}-labels-${name}.png`,
    fullPage: true,
    animations: "disabled",
    caret: "hide",
  });
}

/** A refused form answers 400 or 422 with the page and its errors; Chromium logs the document or data request. */
function allowRefusedForms(browserErrors: BrowserErrors): void {
  browserErrors.allow(
    /^console error: Failed to load resource: .* (400 \(Bad Request\)|422 \(Unprocessable (Entity|Content)\)) \(http:\/\/[^/]+\/settings\/labels(\.data)?(\?[^)]*)?\)$/,
  );
}

const toast = (page: Page) => page.getByTestId("toast");
const newLabelForm = (page: Page) => page.getByRole("form", { name: L.newLabelHeading });
const labelRow = (page: Page, name: string) =>
  page.getByTestId("label-row").filter({ has: page.getByTestId("label-name").getByText(name, { exact: true }) });
const group = (page: Page, name: string) =>
  page.getByTestId("label-group").filter({ has: page.getByRole("heading", { name: new RegExp(`^${name} \\(`) }) });

/** The message shown under a field (its aria-describedby target). */
async function errorOf(page: Page, field: ReturnType<Page["getByLabel"]>) {
  await expect(field, "the field names its error").toHaveAttribute("aria-describedby", /\S/);
  const describedBy = await field.getAttribute("aria-describedby");
  return page.locator(`#${describedBy!.split(" ")[0]}`);
}

async function createLabel(page: Page, name: string, category = "") {
  const form = newLabelForm(page);
  await form.getByLabel(MESSAGES.name).fill(name);
  await form.getByLabel(MESSAGES.topicsScreen.group).fill(category);
  await form.getByRole("button", { name: L.createLabel }).click();
}

test.describe("labels screen", () => {
  test("create, rename, group and delete labels; a name is required and unique @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors);
    const word = tagWord();
    const billing = `Billing ${word}`;
    const money = `Money ${word}`;
    await signIn(page, "agent");

    // A tab of Settings.
    await open(page, "/settings/users");
    await page.getByRole("navigation", { name: MESSAGES.settings }).getByRole("link", { name: L.labels }).click();
    await expect(page).toHaveURL(atPath(LABELS_PATH));
    await expect(page).toHaveTitle(`${L.labels} | Earshot`);

    // The name is required.
    await createLabel(page, "   ");
    await expect(await errorOf(page, newLabelForm(page).getByLabel(MESSAGES.name))).toHaveText(MESSAGES.required);

    // Created in a group.
    await createLabel(page, `Refund ${word}`, billing);
    await expect(toast(page)).toHaveText(MESSAGES.inboxActions.labelCreated(`Refund ${word}`));
    await expect(group(page, billing).getByTestId("label-name")).toHaveText([`Refund ${word}`]);
    await createLabel(page, `Invoice ${word}`, billing);
    await expect(toast(page)).toHaveText(MESSAGES.inboxActions.labelCreated(`Invoice ${word}`));
    await expect(group(page, billing).getByTestId("label-name")).toHaveText([`Invoice ${word}`, `Refund ${word}`]);

    // The same name again, in another case: taken.
    await createLabel(page, `REFUND ${word}`);
    await expect(await errorOf(page, newLabelForm(page).getByLabel(MESSAGES.name))).toContainText(MESSAGES.nameTaken);
    await expect(page.getByTestId("label-name").getByText(`REFUND ${word}`, { exact: true })).toHaveCount(0);

    // Renamed and moved to another group.
    let row = labelRow(page, `Refund ${word}`);
    await row.locator("summary").click();
    let edit = row.getByRole("form", { name: L.editLabelOf(`Refund ${word}`) });
    await edit.getByLabel(MESSAGES.name).fill("");
    await edit.getByRole("button", { name: MESSAGES.save }).click();
    row = labelRow(page, `Refund ${word}`);
    edit = row.getByRole("form", { name: L.editLabelOf(`Refund ${word}`) });
    await expect(await errorOf(page, edit.getByLabel(MESSAGES.name))).toHaveText(MESSAGES.required);
    await edit.getByLabel(MESSAGES.name).fill(`Refunds ${word}`);
    await edit.getByLabel(MESSAGES.topicsScreen.group).fill(money);
    await edit.getByRole("button", { name: MESSAGES.save }).click();
    await expect(toast(page)).toHaveText(L.labelUpdated(`Refunds ${word}`));
    await expect(group(page, money).getByTestId("label-name")).toHaveText([`Refunds ${word}`]);
    await expect(group(page, billing).getByTestId("label-name")).toHaveText([`Invoice ${word}`]);
    await shoot(page, "screen");

    // Deleted after the confirmation (spec core §2 defaults).
    await labelRow(page, `Invoice ${word}`).getByRole("link", { name: MESSAGES.topicsScreen.deleteGroup(`Invoice ${word}`) }).click();
    const confirm = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(confirm).toContainText(MESSAGES.confirmMessage);
    await expect(confirm).toContainText(`Invoice ${word}`);
    await shoot(page, "delete");
    await confirm.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(L.labelDeleted);
    await expect(labelRow(page, `Invoice ${word}`)).toHaveCount(0);
    await expect(group(page, billing)).toHaveCount(0);

    // The inbox offers them as sources, by group.
    await open(page, "/inbox");
    const sources = page.getByRole("navigation", { name: L.sources });
    await expect(sources.getByTestId("label-source").filter({ hasText: `Refunds ${word}` })).toHaveCount(1);
  });

  test("a label deleted in another tab: renaming or deleting it here says so, and the list shows it gone @no-js", async ({ page }) => {
    const word = tagWord();
    const [renamed, deleted] = [`Gone ${word}`, `Gone too ${word}`];
    await signIn(page, "agent", { at: LABELS_PATH });
    for (const name of [renamed, deleted]) {
      await createLabel(page, name);
      await expect(toast(page)).toHaveText(MESSAGES.inboxActions.labelCreated(name));
    }
    // Another tab (same session) deletes a label this one still lists.
    const deleteIn = async (tab: Page, name: string) => {
      await labelRow(tab, name).getByRole("link", { name: MESSAGES.topicsScreen.deleteGroup(name) }).click();
      await tab.getByRole("dialog", { name: MESSAGES.confirmTitle }).getByRole("button", { name: MESSAGES.confirm }).click();
    };
    const other = await page.context().newPage();
    await open(other, LABELS_PATH);
    await deleteIn(other, renamed);
    await expect(toast(other)).toHaveText(L.labelDeleted);

    // Renaming it here: the reason as a toast, over the list as it is now.
    const row = labelRow(page, renamed);
    await row.locator("summary").click();
    const edit = row.getByRole("form", { name: L.editLabelOf(renamed) });
    await edit.getByLabel(MESSAGES.name).fill(`Still here ${word}`);
    await edit.getByRole("button", { name: MESSAGES.save }).click();
    await expect(toast(page)).toHaveText(MESSAGES.inboxActions.labelNotFound);
    await expect(labelRow(page, renamed)).toHaveCount(0);
    await expect(page.getByTestId("label-name").getByText(`Still here ${word}`, { exact: true })).toHaveCount(0);

    // Deleting one the other tab deleted: the same reason. That needs JavaScript, whose confirmation opens
    // in place; without it, the delete link first reloads the list, which no longer offers the label, so
    // this tab deletes the other one as usual.
    if (javaScriptEnabled()) {
      await deleteIn(other, deleted);
      await expect(toast(other)).toHaveText(L.labelDeleted);
      await deleteIn(page, deleted);
      await expect(toast(page)).toHaveText(MESSAGES.inboxActions.labelNotFound);
      await expect(labelRow(page, deleted)).toHaveCount(0);
    } else {
      await deleteIn(page, deleted);
      await expect(toast(page)).toHaveText(L.labelDeleted);
    }
    await other.close();
  });

  test("guests cannot open the labels screen", async ({ page }) => {
    await signIn(page, "guest", { at: LABELS_PATH });
    await expect(page).toHaveURL(atPath("/"));
  });
});
