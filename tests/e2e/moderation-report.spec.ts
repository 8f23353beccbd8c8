// The moderation report (issue 25, ADR 037), tried as a new user would: a system admin takes moderation
// actions from the inbox (one through the item's moderation form, the rest through the same API call
// the form makes), then opens Moderation Report from the avatar menu, filters by agent and network,
// pages, sorts by a column both ways, narrows by reason and downloads the CSV of every matching event.
// Every view is an address, so the journey runs with JavaScript and without it (@no-js).
import crypto from "node:crypto";
import fs from "node:fs";
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import { MODERATION_PER_PAGE } from "../../domain/constants";
import { avatarMenu, DEMO_ACCOUNTS, expect, signIn, test } from "./fixtures";
import { apiAs } from "./support/api";

const R = MESSAGES.moderationReportUi;
const L = MESSAGES.inboxUi;
const REASONS = ["spamming", "trolling", "abusive"] as const;

const rows = (page: Page) => page.getByTestId("report-row");
const column = async (page: Page, index: number) => (await rows(page).locator(`td:nth-child(${index})`).allInnerTexts()).map((t) => t.trim());

test("the moderation report pages, sorts, filters and exports what the inbox's actions recorded @no-js", async ({ page }) => {
  const word = crypto.randomBytes(4).toString("hex");
  const admin = await apiAs("admin");
  const sysadmin = await apiAs("sysadmin");
  // Eleven mentions on a Reddit stream of its own.
  const stream = await admin<{ id: number; ingest_key: string }>("POST", "/v1/streams", { name: `Moderated ${word}`, social_type: "reddit", category: "streams", source: "api" });
  const base = test.info().project.use.baseURL!;
  const posted = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
    body: JSON.stringify(
      Array.from({ length: 11 }, (_, i) => ({
        external_id: `moderated-${word}-${i}`,
        text: `Moderated ${word} ${i}`,
        created_at: new Date(Date.now() - (i + 1) * 60_000).toISOString(),
        author: { username: `troll_${i}`, name: `Troll ${String(i).padStart(2, "0")} ${word}` },
      })),
    ),
  });
  expect(posted.status).toBe(200);
  const { data: items } = await admin<{ data: { id: number }[] }>("GET", `/v1/feed-items?source_type=stream&source_id=${stream.id}&limit=100`);
  expect(items).toHaveLength(11);

  // The first through the item's moderation form in the inbox: a note a spreadsheet would run.
  await signIn(page, "sysadmin", { at: `/inbox?source=stream-${stream.id}&item=${items[0]!.id}` });
  const menu = page.getByTestId("item-detail").getByTestId("moderation-menu");
  if (!(await menu.evaluate((element) => (element as HTMLDetailsElement).open))) await menu.locator("summary").click();
  await menu.getByLabel(L.moderationAction).selectOption({ label: "Flag as spam" });
  await menu.getByLabel(L.reason).selectOption({ label: "spamming" });
  await menu.getByLabel(L.note).fill(`=SUM(1) ${word}`);
  await menu.getByRole("button", { name: MESSAGES.searchScreen.applyFilterType }).click();
  await expect(page.getByTestId("toast")).toHaveText(L.moderated("flagged as spam"));
  // The other ten through the call that form makes.
  for (const [i, item] of items.slice(1).entries()) {
    await sysadmin("POST", `/v1/feed-items/${item.id}/moderation`, {
      action: i % 2 ? "block_user" : "delete_avatar",
      reason: REASONS[i % 3],
      note: `note ${String(i).padStart(2, "0")} ${word}`,
    });
  }

  // The report, from the avatar menu, narrowed to this agent and network.
  await avatarMenu(page).toggle.click();
  await avatarMenu(page).panel.getByRole("link", { name: MESSAGES.moderationReport }).click();
  await expect(page).toHaveURL(/\/moderation-report$/);
  await expect(page.getByRole("heading", { level: 1, name: MESSAGES.moderationReport })).toBeVisible();
  await page.getByRole("combobox", { name: MESSAGES.roleAgent, exact: true }).selectOption({ label: DEMO_ACCOUNTS.sysadmin.fullName });
  await page.getByRole("combobox", { name: MESSAGES.network, exact: true }).selectOption({ label: "Reddit" });
  await page.getByRole("button", { name: MESSAGES.templatesUi.applyFilters }).click();
  await expect(page).toHaveURL(/agent=\d+&network=reddit/);
  const count = await page.locator("#report-count").innerText();
  const total = Number(/^(\d+)/.exec(count)![1]);
  expect(total).toBeGreaterThanOrEqual(11);
  await expect(rows(page)).toHaveCount(MODERATION_PER_PAGE);
  // Newest first: the last action taken heads the list.
  expect((await column(page, 8))[0]).toBe(`note 09 ${word}`);
  expect(new Set(await column(page, 1))).toEqual(new Set([DEMO_ACCOUNTS.sysadmin.fullName]));

  // Pages are links.
  await page.getByTestId("report-pager").getByRole("link", { name: MESSAGES.searchScreen.nextPage }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByTestId("report-pager")).toContainText(MESSAGES.searchScreen.pageOf(2, Math.ceil(total / MODERATION_PER_PAGE)));

  // Sort by user: going up, then down; the filters stay.
  await page.getByTestId("report-sort-user").click();
  await expect(page).toHaveURL(/order=user\+asc/);
  await expect(page).not.toHaveURL(/page=2/);
  await expect(page.getByRole("columnheader", { name: R.user })).toHaveAttribute("aria-sort", "ascending");
  let users = await column(page, 2);
  expect(users).toEqual([...users].sort());
  await page.getByTestId("report-sort-user").click();
  await expect(page).toHaveURL(/order=user\+desc/);
  await expect(page.getByRole("columnheader", { name: R.user })).toHaveAttribute("aria-sort", "descending");
  users = await column(page, 2);
  expect(users).toEqual([...users].sort().reverse());
  expect(page.url()).toContain("network=reddit");

  // Narrow to one reason: only it is listed, in the same order.
  await page.getByRole("combobox", { name: MESSAGES.inboxUi.reason, exact: true }).selectOption({ label: "trolling" });
  await page.getByRole("button", { name: MESSAGES.templatesUi.applyFilters }).click();
  await expect(page).toHaveURL(/reason=trolling/);
  await expect(page).toHaveURL(/order=user\+desc/);
  expect(new Set(await column(page, 4))).toEqual(new Set(["trolling"]));
  const shown = await column(page, 2);

  // The download: every matching event, this order, formulas neutralised.
  const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-download").click()]);
  expect(download.suggestedFilename()).toMatch(/^moderation-events_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = fs.readFileSync((await download.path())!, "utf8");
  const lines = csv.trimEnd().split("\r\n");
  expect(lines[0]).toBe("agent,user,action,reason,date_and_time,post,original_text,note,network,delivery");
  const fileUsers = lines.slice(1).map((line) => line.split(",")[1]);
  expect(fileUsers.slice(0, shown.length)).toEqual(shown);
  expect(lines.slice(1).every((line) => line.split(",")[3] === "trolling")).toBe(true);

  // Back to spam: the formula-like note is text in the file.
  await page.getByRole("combobox", { name: MESSAGES.inboxUi.reason, exact: true }).selectOption({ label: "spamming" });
  await page.getByRole("button", { name: MESSAGES.templatesUi.applyFilters }).click();
  await expect(page).toHaveURL(/reason=spamming/);
  const [spam] = await Promise.all([page.waitForEvent("download"), page.getByTestId("report-download").click()]);
  expect(fs.readFileSync((await spam.path())!, "utf8")).toContain(`,'=SUM(1) ${word},reddit,`);
});

test("a bad filter in the address says which, with the form to fix it", async ({ page, browserErrors }) => {
  browserErrors.allowNotFoundDocument("/moderation-report?period=forever");
  browserErrors.allow(/Failed to load resource: .* 400 \(Bad Request\)/);
  await signIn(page, "admin", { at: "/moderation-report?period=forever" });
  await expect(page.getByTestId("report-error")).toHaveText(MESSAGES.dashboardApi.invalidParameter("filters.period"));
  await expect(page.getByRole("button", { name: MESSAGES.templatesUi.applyFilters })).toBeVisible();
});
