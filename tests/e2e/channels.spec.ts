// Channels (spec core §2, issue 4): an admin connects streams and sees mentions arrive by each way in —
// an RSS feed the poller reads, a signed Zendesk webhook, a CSV file import — and an agent reads a
// stream without its secrets. Runs with JavaScript, and without it where tagged @no-js (playwright.config.ts, ADR 023).
import crypto from "node:crypto";
import type { Browser, Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import { atPath, expect, javaScriptEnabled, open, signIn, test, type BrowserErrors } from "./fixtures";
import { startFeedServer, type FeedServer } from "./support/feed-server";

const CHANNELS = "/settings/channels";
const STREAM_PAGE = /\/settings\/channels\/(\d+)$/;

/** A name no other test (or the other project, running at the same time) uses. */
function unique(label: string): string {
  return `${label} ${test.info().project.name} ${crypto.randomBytes(3).toString("hex")}`;
}

async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready).catch(() => undefined);
  await page.screenshot({ path: `tmp/screenshots/${test.info().project.name}-channels-${name}.png`, fullPage: true, animations: "disabled", caret: "hide" });
}

const toast = (page: Page) => page.getByTestId("toast");

/**
 * A refused form answers 400 (or the API's 422) with the page and its errors (as the other settings
 * screens do). Chromium logs "Failed to load resource ... 400" for that document (without JavaScript)
 * or for the route's data request (with it).
 */
function allowRefusedForms(browserErrors: BrowserErrors, path: string): void {
  browserErrors.allow(new RegExp(`^console error: Failed to load resource: .* (400 \\(Bad Request\\)|422 \\(Unprocessable (Entity|Content)\\)) \\(http://[^/]+${path}(\\.data)?(\\?[^)]*)?\\)$`));
}

interface Connect {
  network: string;
  category: string;
  source: string;
  name: string;
  feedUrl?: string;
}

/** Fills the connect form on /settings/channels/new (choices are set explicitly, so it works without JavaScript). */
async function fillConnectForm(page: Page, stream: Connect): Promise<void> {
  await page.getByLabel("Network").selectOption({ label: stream.network });
  await page.getByLabel("Category").selectOption({ label: stream.category });
  await page.getByRole("radio", { name: stream.source }).check();
  await page.getByLabel(MESSAGES.inboxName).fill(stream.name);
  if (stream.feedUrl) await page.getByLabel("Feed URL").fill(stream.feedUrl);
}

/** Connects a stream through the screens and returns its id (the stream page is then open). */
async function connect(page: Page, stream: Connect): Promise<number> {
  await open(page, CHANNELS);
  await page.getByRole("link", { name: MESSAGES.connectStream }).click();
  await expect(page).toHaveURL(atPath(`${CHANNELS}/new`));
  await expect(page).toHaveTitle(`${MESSAGES.connectStream} | Earshot`);
  await fillConnectForm(page, stream);
  await page.getByRole("button", { name: MESSAGES.connectStream }).click();
  await expect(page).toHaveURL(STREAM_PAGE);
  await expect(toast(page)).toHaveText(MESSAGES.streamCreated(stream.name));
  await expect(page.getByRole("heading", { level: 2, name: stream.name })).toBeVisible();
  return Number(STREAM_PAGE.exec(page.url())![1]);
}

async function connectAsAdminElsewhere(browser: Browser, stream: Connect): Promise<number> {
  const context = await browser.newContext();
  try {
    const page = await context.newPage();
    await signIn(page, "admin");
    return await connect(page, stream);
  } finally {
    await context.close();
  }
}

test.describe("channels", () => {
  let feed: FeedServer | null = null;
  test.afterEach(async () => {
    await feed?.close();
    feed = null;
  });

  test("an admin connects an RSS feed; the poller brings its items to the stream page @no-js", async ({ page }) => {
    // The scheduler polls due streams every 15 s: waiting for it takes part of the budget.
    test.setTimeout(120_000);
    const tag = crypto.randomBytes(4).toString("hex");
    const published = new Date(Date.now() - 60 * 60 * 1000);
    feed = await startFeedServer("Northwind news", [
      {
        guid: `feed-${tag}-1`,
        title: `Northwind opens a store in Lyon ${tag}`,
        description: "The new store is great, customers love the friendly staff.",
        link: `https://news.example/northwind-${tag}-1`,
        author: "Nora Reporter",
        publishedAt: published,
      },
      {
        guid: `feed-${tag}-2`,
        title: `Northwind delays refunds ${tag}`,
        description: "Customers say the refund is not working and support is terrible.",
        link: `https://news.example/northwind-${tag}-2`,
        author: "Ray Writer",
        publishedAt: new Date(published.getTime() + 60_000),
      },
    ]);
    await signIn(page, "admin");
    const name = unique("Northwind news");
    await connect(page, { network: "News & Blogs", category: "Streams", source: "RSS / Atom feed", name, feedUrl: feed.url });

    const connection = page.getByTestId("connection");
    await expect(connection.getByTestId("feed-url")).toHaveText(feed.url);
    await expect(connection).toContainText("Every 15 minutes");
    await shoot(page, "feed-stream-connected");

    // The scheduler's next round reads the feed (the new stream is due at once).
    const mentions = page.getByTestId("mention");
    await expect(async () => {
      await page.reload();
      await expect(mentions).toHaveCount(2, { timeout: 1_000 });
    }).toPass({ timeout: 60_000, intervals: [2_000] });
    expect(feed.hits()).toBeGreaterThanOrEqual(1);

    // Newest first, each with author, network, language, sentiment and its reasons, text as text.
    await expect(mentions.first()).toContainText(`Northwind delays refunds ${tag}`);
    await expect(mentions.first()).toContainText("Customers say the refund is not working and support is terrible.");
    await expect(mentions.first()).toContainText("Ray Writer");
    await expect(mentions.first()).toContainText("News & Blogs");
    await expect(mentions.first().getByTestId("language")).toHaveText("English");
    await expect(mentions.first().getByTestId("sentiment")).toContainText(MESSAGES.sentimentNegative);
    await mentions.first().getByTestId("sentiment").locator("summary").click();
    await expect(mentions.first().getByTestId("sentiment-reasons")).toContainText(/^Why: .*not working \(\u22122(\.\d+)?\)/);
    await expect(mentions.nth(1).getByTestId("sentiment")).toContainText(MESSAGES.sentimentPositive);
    const original = mentions.first().getByRole("link", { name: "Open the original" });
    await expect(original).toHaveAttribute("href", `https://news.example/northwind-${tag}-2`);
    await expect(original).toHaveAttribute("rel", "noopener noreferrer nofollow");
    await expect(original).toHaveAttribute("target", "_blank");

    // Health: two items, a success, no error.
    const health = page.getByTestId("health-card");
    await expect(health.getByTestId("health-items")).toHaveText("2 items");
    await expect(health).toContainText("Healthy");

    // 'Poll now' reads it again at once: nothing new.
    await page.getByRole("button", { name: "Poll now" }).click();
    await expect(toast(page)).toHaveText("Polled: 0 new, 2 already there.");

    // The list shows it under its network with its health.
    await open(page, CHANNELS);
    const row = page.getByTestId("stream-row").filter({ hasText: name });
    await expect(row).toContainText("2 items");
    await expect(row).toContainText("RSS / Atom feed");
    await expect(page.getByTestId("network-group").filter({ has: row }).getByRole("heading", { level: 3 })).toContainText("News & Blogs");
    await shoot(page, "list");
  });

  test("an admin connects a Zendesk webhook and a signed delivery becomes a mention", async ({ page, context }) => {
    await signIn(page, "admin");
    const name = unique("Zendesk tickets");
    await connect(page, { network: "Zendesk", category: "Inboxes", source: "Webhook", name });

    const url = await page.getByTestId("webhook-url").inputValue();
    const secret = await page.getByTestId("webhook-secret").inputValue();
    expect(url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/webhooks\/zendesk\/[0-9a-f-]{36}$/);
    expect(secret).toMatch(/^[0-9a-f]{48}$/);
    await expect(page.getByTestId("connection")).toContainText("X-Zendesk-Webhook-Signature");
    if (javaScriptEnabled()) {
      await context.grantPermissions(["clipboard-read", "clipboard-write"]);
      await page.getByRole("button", { name: "Copy Webhook URL" }).click();
      await expect(page.getByTestId("connection").getByRole("status").first()).toHaveText("Copied");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
    } else {
      await expect(page.getByRole("button", { name: /^Copy/ })).toHaveCount(0);
    }

    const ticket = crypto.randomBytes(4).toString("hex");
    const body = JSON.stringify({
      ticket: {
        id: ticket,
        subject: "Refund",
        description: "Hi, my refund is not working since Monday. <b>Please</b> help.",
        created_at: new Date(Date.now() - 5 * 60 * 1000).toISOString(),
        url: `https://acme.zendesk.com/agent/tickets/${ticket}`,
        locale: "en-US",
        requester: { name: "Pat Customer", email: "pat@example.com" },
      },
    });
    const post = (signatureSecret: string) => {
      const timestamp = new Date().toISOString();
      const signature = crypto.createHmac("sha256", signatureSecret).update(timestamp + body).digest("base64");
      return fetch(url, {
        method: "POST",
        headers: {
          "content-type": "application/json",
          "x-zendesk-webhook-signature": signature,
          "x-zendesk-webhook-signature-timestamp": timestamp,
        },
        body,
      });
    };
    expect((await post("not-the-secret")).status).toBe(401);
    const delivered = await post(secret);
    expect(delivered.status).toBe(200);
    expect(await delivered.json()).toMatchObject({ accepted: 1, rejected: 0 });

    await page.reload();
    const mention = page.getByTestId("mention");
    await expect(mention).toHaveCount(1);
    await expect(mention).toContainText("Pat Customer");
    await expect(mention).toContainText("Zendesk");
    // The ticket's text is shown as text: its markup is neither rendered nor lost.
    await expect(mention).toContainText("my refund is not working since Monday.");
    await expect(mention.locator("b")).toHaveCount(0);
    await expect(mention.getByTestId("language")).toHaveText("English");
    await expect(mention.getByTestId("sentiment")).toContainText(MESSAGES.sentimentNegative);
    await expect(mention.getByTestId("sentiment").locator("summary")).toHaveAttribute("title", /^Why: .*not working/);
    await expect(page.getByTestId("health-items")).toHaveText("1 item");
    await shoot(page, "webhook-stream");
  });

  test("an admin imports a CSV file: the bad line is reported, the good ones become mentions @no-js", async ({ page }) => {
    await signIn(page, "admin");
    const name = unique("Ticket backfill");
    await connect(page, { network: "Zendesk", category: "Inboxes", source: "File import (CSV / NDJSON)", name });
    await expect(page.getByRole("link", { name: "Download the CSV template" })).toHaveAttribute("href", "/api/example-csv");

    const tag = crypto.randomBytes(4).toString("hex");
    const csv = [
      "external_id,text,created_at,author_username,author_name,language,url",
      `csv-${tag}-1,The refund is not working and support is terrible.,2024-05-01T10:00:00Z,ann,Ann Example,en,https://acme.zendesk.com/t/1`,
      `csv-${tag}-2,No date on this line,,bob,Bob Example,en,`,
      `csv-${tag}-3,"Love the new inbox, great job team!",2024-05-02T10:00:00Z,cid,Cid Example,,`,
    ].join("\n");
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: `backfill-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload" }).click();

    const result = page.getByTestId("import-result");
    await expect(result.getByRole("status")).toHaveText(MESSAGES.importFinished(2, 0, 1));
    const rejected = result.getByTestId("rejected-lines");
    await expect(rejected.getByRole("row")).toHaveCount(2);
    await expect(rejected.getByRole("row").nth(1).getByRole("cell").first()).toHaveText("3");
    await expect(rejected.getByRole("row").nth(1).getByRole("cell").nth(1)).not.toBeEmpty();

    // The history and the mentions list have the news (JavaScript: revalidated; without: the page itself).
    await expect(page.getByTestId("import-history").getByRole("row").nth(1)).toContainText(`backfill-${tag}.csv`);
    const mentions = page.getByTestId("mention");
    await expect(mentions).toHaveCount(2);
    const refund = mentions.filter({ hasText: "The refund is not working" });
    await expect(refund).toContainText("Ann Example");
    await expect(refund.getByTestId("language")).toHaveText("English");
    await expect(refund.getByTestId("sentiment")).toContainText(MESSAGES.sentimentNegative);
    await refund.getByTestId("sentiment").locator("summary").click();
    await expect(refund.getByTestId("sentiment-reasons")).toContainText(/^Why: terrible \(\u22123\), not working \(\u22122\.2\), refund \(\u22120\.8\)$/);
    const praise = mentions.filter({ hasText: "Love the new inbox, great job team!" });
    await expect(praise.getByTestId("language")).toHaveText("English");
    await expect(praise.getByTestId("sentiment")).toContainText(MESSAGES.sentimentPositive);
    await shoot(page, "stream-after-import");

    // The same file again: nothing new.
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: `backfill-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByTestId("import-result").getByRole("status")).toHaveText(MESSAGES.importFinished(0, 2, 1));
  });

  test("with JavaScript the upload shows its real progress @js-only", async ({ page }) => {
    await signIn(page, "admin");
    await connect(page, { network: "Zendesk", category: "Inboxes", source: "File import (CSV / NDJSON)", name: unique("Large backfill") });
    const tag = crypto.randomBytes(4).toString("hex");
    const count = 10_000;
    const rows = Array.from({ length: count }, (_, i) => `big-${tag}-${i},Ticket ${i}: where is my order? Still waiting for an answer.,2024-05-01T10:00:00Z,user${i % 40},en`);
    const csv = ["external_id,text,created_at,author_username,language", ...rows].join("\n");
    // About 3 s of upload at 256 KB/s: slow enough to watch the bar move.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: 256 * 1024 });
    await page.getByLabel("File", { exact: true }).setInputFiles({ name: `large-${tag}.csv`, mimeType: "text/csv", buffer: Buffer.from(csv) });
    await page.getByRole("button", { name: "Upload" }).click();
    const bar = page.getByRole("progressbar", { name: "Upload" });
    await expect(bar).toBeVisible();
    // Part of the file sent, not all of it: the bar follows xhr.upload.onprogress.
    await expect
      .poll(async () => Number((await bar.getAttribute("aria-valuenow").catch(() => null)) ?? -1), { timeout: 10_000, intervals: [50] })
      .toBeGreaterThan(0);
    expect(Number(await bar.getAttribute("aria-valuenow"))).toBeLessThan(100);
    await expect(page.getByTestId("upload-progress")).toContainText(/^Uploading… \d+%$/);
    await expect(page.getByTestId("import-result").getByRole("status")).toHaveText(MESSAGES.importFinished(count, 0, 0), { timeout: 30_000 });
    await expect(bar).toHaveCount(0);
    await cdp.send("Network.emulateNetworkConditions", { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    await expect(page.getByTestId("health-items")).toHaveText(`${count} items`);
  });

  test("the connect form wants an inbox name, and the category of the chosen network @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors, `${CHANNELS}/new`);
    await signIn(page, "admin", { at: `${CHANNELS}/new` });
    await fillConnectForm(page, { network: "Zendesk", category: "Inboxes", source: "Webhook", name: "" });
    await page.getByRole("button", { name: MESSAGES.connectStream }).click();
    const nameField = page.getByLabel(MESSAGES.inboxName);
    await expect(nameField).toHaveAttribute("aria-invalid", "true");
    await expect(page.locator(`#${await nameField.getAttribute("aria-describedby")}`)).toHaveText(MESSAGES.required);
    await expect(page).toHaveURL(atPath(`${CHANNELS}/new`));
    await shoot(page, "connect-errors");

    if (javaScriptEnabled()) {
      // The choices follow the network; the feed and review fields show only for those sources.
      await page.getByLabel("Network").selectOption({ label: "News & Blogs" });
      await expect(page.getByLabel("Category").locator("option")).toHaveText(["Streams"]);
      await expect(page.getByRole("radio")).toHaveCount(3);
      await expect(page.getByRole("radio", { name: "RSS / Atom feed" })).toBeChecked();
      await expect(page.getByLabel("Feed URL")).toBeVisible();
      await expect(page.getByLabel("Business name")).toBeHidden();
      await page.getByRole("radio", { name: "Ingest API" }).check();
      await expect(page.getByLabel("Feed URL")).toBeHidden();
    } else {
      // Before JavaScript every choice is offered and the server checks the combination.
      await page.getByLabel("Network").selectOption({ label: "News & Blogs" });
      await page.getByLabel("Category").selectOption({ label: "Inboxes" });
      await page.getByLabel(MESSAGES.inboxName).fill(unique("Wrong category"));
      await page.getByRole("button", { name: MESSAGES.connectStream }).click();
      const category = page.getByLabel("Category");
      await expect(page.locator(`#${await category.getAttribute("aria-describedby")}`)).toHaveText(MESSAGES.categoryNotAllowed);
    }
    await expect(page.getByRole("option", { name: "Wixan" })).toHaveCount(0);

    // A review platform that does not know the business: the platform's refusal, as the spec words it.
    await open(page, `${CHANNELS}/new`);
    await fillConnectForm(page, { network: "Trustpilot", category: "Review streams", source: "Review platform", name: unique("Reviews") });
    await page.getByLabel("App id").fill("not-a-trustpilot-business");
    await page.getByRole("button", { name: MESSAGES.connectStream }).click();
    await expect(page.getByRole("alert")).toHaveText(MESSAGES.reviewAuthFailed);
    await expect(page).toHaveURL(atPath(`${CHANNELS}/new`));
  });

  test("an agent reads an API stream without its ingest key; an admin rotates it @no-js", async ({ page, browser }) => {
    const name = unique("Partner API");
    const id = await connectAsAdminElsewhere(browser, { network: "X (Twitter)", category: "Streams", source: "Ingest API", name });

    await signIn(page, "agent", { at: CHANNELS });
    await expect(page.getByRole("link", { name: MESSAGES.connectStream })).toHaveCount(0);
    await expect(page.getByRole("button", { name: `Duplicate ${name}` })).toHaveCount(0);
    // Other journeys' streams may have folded it under the network's 'show more' divider.
    const link = page.getByRole("link", { name, exact: true });
    if (!(await link.isVisible())) {
      await page.getByRole("heading", { name: /^X \(Twitter\)/ }).locator("xpath=..").getByText(/^Show \d+ more$/).click();
    }
    await link.click();
    await expect(page).toHaveURL(atPath(`${CHANNELS}/${id}`));
    await expect(page.getByTestId("connection")).toContainText("Only admins can see the ingest key.");
    await expect(page.getByTestId("ingest-key")).toHaveCount(0);
    await expect(page.getByText(/esk_/)).toHaveCount(0);
    await expect(page.getByRole("link", { name: "Rotate key" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Upload" })).toHaveCount(0);
    await expect(page.getByRole("heading", { name: "Edit" })).toHaveCount(0);
    await shoot(page, "stream-agent");

    // The admin sees the key and the curl example, and replaces the key after confirming.
    await page.context().clearCookies();
    await signIn(page, "admin", { at: `${CHANNELS}/${id}` });
    const key = await page.getByTestId("ingest-key").inputValue();
    expect(key).toMatch(/^esk_/);
    await expect(page.getByTestId("curl-example")).toHaveValue(new RegExp(`^curl -X POST http://127\\.0\\.0\\.1:\\d+/api/v1/ingest/streams/${id} `));
    await expect(page.getByTestId("curl-example")).toHaveValue(new RegExp(`-H 'X-Ingest-Key: ${key}'`));
    await page.getByRole("link", { name: "Rotate key" }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(dialog).toContainText("the old key stops working at once");
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(MESSAGES.ingestKeyRotated);
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(page.getByTestId("ingest-key")).not.toHaveValue(key);
    await shoot(page, "api-stream-admin");
  });

  test("an admin renames, pins, duplicates and deletes a stream @no-js", async ({ page, browserErrors }) => {
    allowRefusedForms(browserErrors, `${CHANNELS}/\\d+`);
    await signIn(page, "admin");
    const name = unique("Forum");
    await connect(page, { network: "Discourse", category: "Streams", source: "Webhook", name });

    // Rename: the name is required.
    const edit = page.getByRole("form", { name: "Edit" });
    await edit.getByLabel(MESSAGES.inboxName).fill("");
    await edit.getByRole("button", { name: MESSAGES.save }).click();
    await expect(edit.getByRole("alert")).toHaveText(MESSAGES.required);
    const renamed = `${name} renamed`;
    await edit.getByLabel(MESSAGES.inboxName).fill(renamed);
    await edit.getByRole("button", { name: MESSAGES.save }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamUpdated(renamed));
    await expect(page.getByRole("heading", { level: 2, name: renamed })).toBeVisible();

    await open(page, CHANNELS);
    const row = page.getByTestId("stream-row").filter({ has: page.getByRole("link", { name: renamed, exact: true }) });
    await row.getByRole("button", { name: `Pin ${renamed}` }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamPinned);
    await expect(row).toContainText("Pinned");
    // Pinned streams come first in their network.
    const group = page.getByTestId("network-group").filter({ has: row });
    await expect(group.getByTestId("stream-row").first()).toContainText(renamed);

    await row.getByRole("button", { name: `Duplicate ${renamed}` }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamDuplicated(`${renamed} (copy)`));
    const copy = page.getByTestId("stream-row").filter({ has: page.getByRole("link", { name: `${renamed} (copy)`, exact: true }) });
    await expect(copy).toHaveCount(1);

    await copy.getByRole("link", { name: `Delete ${renamed} (copy)` }).click();
    const dialog = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
    await expect(dialog).toContainText(MESSAGES.confirmMessage);
    await expect(dialog).toContainText(`${renamed} (copy)`);
    await dialog.getByRole("button", { name: MESSAGES.confirm }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamDeleted);
    await expect(copy).toHaveCount(0);
    await expect(row).toHaveCount(1);

    await row.getByRole("button", { name: `Unpin ${renamed}` }).click();
    await expect(toast(page)).toHaveText(MESSAGES.streamUnpinned);
  });

  test("a stream that does not exist is a 'Page not found' inside the settings", async ({ page, browserErrors }) => {
    browserErrors.allowNotFoundDocument(`${CHANNELS}/999999`);
    await signIn(page, "admin");
    const response = await open(page, `${CHANNELS}/999999`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: MESSAGES.pageNotFound })).toBeVisible();
    await expect(page.getByRole("navigation", { name: MESSAGES.settings })).toBeVisible();
  });
});
