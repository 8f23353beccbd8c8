// E-mail reports (issue 25, ADR 039), as a new admin tries them: on /settings/reports the admin schedules
// an executive report on a saved search (the catalogue's messages first), asks for a copy now, and the
// copy arrives at the SMTP sink for the admin only, with its charts inline. With JavaScript and without
// it (@no-js).
import crypto from "node:crypto";
import { MESSAGES } from "../../domain/messages";
import { DEMO_ACCOUNTS, expect, signIn, test } from "./fixtures";
import { waitForMail } from "./mail";
import { apiAs } from "./support/api";

const L = MESSAGES.emailReports;

test("an admin schedules an executive report and a copy now reaches the admin @no-js", async ({ page, browserErrors }) => {
  // Without JavaScript the refused form comes back as the page itself, answered 400.
  browserErrors.allow(/^console error: Failed to load resource: .* 400 \(Bad Request\) \(http:\/\/[^/]+\/settings\/reports(\?[^)]*)?\)$/);
  const word = `rep${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
  const admin = await apiAs("admin");
  const search = await admin<{ id: number }>("POST", "/search/items", {
    name: `Brand ${word}`,
    category: "my",
    query: [{ type: "must", values: [{ filter_type: "keywords", value: word }] }],
  });

  // Reached as an admin would in this environment: Settings, then its Reports tab.
  await signIn(page, "admin", { at: "/settings/users" });
  await page.getByRole("navigation", { name: MESSAGES.settings }).getByRole("link", { name: MESSAGES.reports }).click();
  await expect(page).toHaveURL(/\/settings\/reports$/);
  await page.getByRole("link", { name: L.newReport }).click();
  await page.getByLabel(L.fields.emailName).fill(`Weekly ${word}`);
  await page.getByLabel(L.fields.brandName).fill(`Acme ${word}`);
  await page.getByLabel(L.fields.receiver).selectOption({ label: DEMO_ACCOUNTS.admin.fullName });
  await page.getByLabel(MESSAGES.alerts.savedSearch).selectOption(String(search.id));
  await page.getByLabel(L.weekdays[1]!).uncheck();
  await page.getByLabel(L.fields.deliverHour).fill("24");
  await page.getByLabel(L.fields.extraEmails).fill("board@example.test, nope");
  await page.getByRole("button", { name: L.create }).click();
  await expect(page.getByText(MESSAGES.atLeastOneItem)).toBeVisible();
  await expect(page.getByText(MESSAGES.wrongFormat)).toBeVisible();
  await expect(page.getByText(MESSAGES.emails)).toBeVisible();

  await page.getByLabel(L.weekdays[3]!).check();
  await page.getByLabel(L.fields.deliverHour).fill("7");
  await page.getByLabel(L.fields.extraEmails).fill("board@example.test");
  await page.getByRole("button", { name: L.create }).click();
  await expect(page.getByText(L.created(`Weekly ${word}`))).toBeVisible();
  const row = page.getByTestId("report-row").filter({ hasText: `Weekly ${word}` });
  await expect(row).toContainText(`${L.weekdays[3]} · 07:00`);

  const since = Date.now();
  await row.getByRole("button", { name: L.sendMeOf(`Weekly ${word}`) }).click();
  await expect(page.getByText(L.copySent(DEMO_ACCOUNTS.admin.email))).toBeVisible();
  const mail = await waitForMail({ to: DEMO_ACCOUNTS.admin.email, subjectIncludes: `Weekly ${word}`, after: since, timeoutMs: 30_000 });
  expect(mail.subject).toBe(`Acme ${word}: Weekly ${word}`);
  expect(mail.envelopeTo).toEqual([DEMO_ACCOUNTS.admin.email]);
  expect(mail.html).toContain("cid:trend@earshot-report");
  expect(mail.text).toContain(`Acme ${word} executive report`);
  await expect(row).toContainText(L.runStatus.sent);

  // Delete asks first.
  await row.getByRole("link", { name: L.deleteReportOf(`Weekly ${word}`) }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog).toContainText(MESSAGES.confirmMessage);
  await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
  await expect(page.getByText(L.deleted)).toBeVisible();
  await expect(page.getByTestId("report-row").filter({ hasText: `Weekly ${word}` })).toHaveCount(0);
});
