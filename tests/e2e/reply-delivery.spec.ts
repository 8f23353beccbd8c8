// Where a webhook stream's inbox replies and moderation actions are delivered (ADR 014): an admin sets
// the Reply delivery URL on the stream's page. Runs with JavaScript, and without it where tagged @no-js (ADR 023).
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import { atPath, expect, holdGets, open, signIn, test } from "./fixtures";

const CHANNELS = "/settings/channels";
const STREAM_PAGE = /\/settings\/channels\/(\d+)$/;
const toast = (page: Page) => page.getByTestId("toast");

test("an admin sets, checks and removes the reply delivery URL of a webhook stream @no-js", async ({ page, browserErrors }) => {
  // A refused form answers 400 (or the API's 422) with the page and its errors, which Chromium logs.
  browserErrors.allow(/^console error: Failed to load resource: .* (400 \(Bad Request\)|422 \(Unprocessable (Entity|Content)\)) /);
  await signIn(page, "admin");
  const { name, here } = await createWebhookStream(page);

  const edit = page.getByRole("form", { name: "Edit" });
  const field = edit.getByLabel(MESSAGES.replies.replyDeliveryUrl);
  await expect(field).toHaveValue("");
  await expect(edit).toContainText(MESSAGES.replies.replyDeliveryUrlHelp);

  await field.fill("not a url");
  await edit.getByRole("button", { name: MESSAGES.save }).click();
  await expect(edit.getByText(MESSAGES.url)).toBeVisible();

  // A loopback name the server's allow-list does not hold is refused (the allow-list has 127.0.0.1).
  await edit.getByLabel(MESSAGES.replies.replyDeliveryUrl).fill("http://localhost:9/replies");
  await edit.getByRole("button", { name: MESSAGES.save }).click();
  await expect(edit.getByText(MESSAGES.replies.deliveryAddressBlocked)).toBeVisible();

  await edit.getByLabel(MESSAGES.replies.replyDeliveryUrl).fill("http://127.0.0.1:9/replies");
  await edit.getByRole("button", { name: MESSAGES.save }).click();
  await expect(toast(page)).toHaveText(MESSAGES.streamUpdated(name));
  await open(page, here);
  await expect(page.getByRole("form", { name: "Edit" }).getByLabel(MESSAGES.replies.replyDeliveryUrl)).toHaveValue("http://127.0.0.1:9/replies");

  await page.getByRole("form", { name: "Edit" }).getByLabel(MESSAGES.replies.replyDeliveryUrl).fill("");
  await page.getByRole("form", { name: "Edit" }).getByRole("button", { name: MESSAGES.save }).click();
  await expect(toast(page)).toHaveText(MESSAGES.streamUpdated(name));
  await open(page, here);
  await expect(page.getByRole("form", { name: "Edit" }).getByLabel(MESSAGES.replies.replyDeliveryUrl)).toHaveValue("");
});

// The router shows a refused save's errors while the page's data reloads, before the address changes: what
// is typed once the errors show must survive the reload finishing (app/lib/use-form-key.ts). The reload is
// held back here so that the typing falls in between, as it may on a busy machine.
// Without JavaScript each save loads a whole page: there is nothing in between.
test("what is typed after a refused save's errors show is kept while the page finishes loading @js-only", async ({ page, browserErrors }) => {
  browserErrors.allow(/^console error: Failed to load resource: .* (400 \(Bad Request\)|422 \(Unprocessable (Entity|Content)\)) /);
  await signIn(page, "admin");
  const { name } = await createWebhookStream(page);
  const reload = await holdGets(page, /\/settings\/channels\/\d+\.data/);

  const edit = page.getByRole("form", { name: "Edit" });
  await edit.getByLabel(MESSAGES.replies.replyDeliveryUrl).fill("http://localhost:9/replies");
  await edit.getByRole("button", { name: MESSAGES.save }).click();
  await reload.held;
  await expect(edit.getByText(MESSAGES.replies.deliveryAddressBlocked)).toBeVisible();
  await edit.getByLabel(MESSAGES.replies.replyDeliveryUrl).fill("http://127.0.0.1:9/replies");
  await reload.release();
  await expect(edit.getByLabel(MESSAGES.replies.replyDeliveryUrl)).toHaveValue("http://127.0.0.1:9/replies");
  await edit.getByRole("button", { name: MESSAGES.save }).click();
  await expect(toast(page)).toHaveText(MESSAGES.streamUpdated(name));
});

/** A new Discourse webhook stream (its page open); its name carries the project and a random tag. */
async function createWebhookStream(page: Page): Promise<{ name: string; here: string }> {
  const name = `Forum ${test.info().project.name} ${crypto.randomBytes(3).toString("hex")}`;
  await open(page, `${CHANNELS}/new`);
  await expect(page).toHaveURL(atPath(`${CHANNELS}/new`));
  await page.getByLabel("Network").selectOption({ label: "Discourse" });
  await page.getByLabel("Category").selectOption({ label: "Streams" });
  await page.getByRole("radio", { name: "Webhook" }).check();
  await page.getByLabel(MESSAGES.inboxName).fill(name);
  await page.getByRole("button", { name: MESSAGES.connectStream }).click();
  await expect(page).toHaveURL(STREAM_PAGE);
  return { name, here: new URL(page.url()).pathname };
}

test("streams that are not webhooks have no reply delivery URL", async ({ page }) => {
  await signIn(page, "admin", { at: CHANNELS });
  const apiStream = page.getByTestId("stream-row").filter({ hasText: "Ingest API" }).first();
  await apiStream.getByRole("link").first().click();
  await expect(page).toHaveURL(STREAM_PAGE);
  await expect(page.getByLabel(MESSAGES.replies.replyDeliveryUrl)).toHaveCount(0);
});
