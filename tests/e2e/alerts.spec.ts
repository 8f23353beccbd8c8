// Alerts (issue 24, ADR 029), as a new user tries them: an agent sets up an alert on a saved search from
// its page, mentions arrive through the ingest API, and the background evaluation fires once: one e-mail
// at the SMTP sink (tests/e2e/support/smtp-sink.ts) and one notification in the agent's bell, and not
// again for the same crossing. With JavaScript, and without it (@no-js).
import crypto from "node:crypto";
import { MESSAGES } from "../../domain/messages";
import { expect, open, signIn, test } from "./fixtures";
import { readMailbox, waitForMail } from "./mail";
import { apiAs } from "./support/api";


test("an alert on a saved search fires once: one e-mail, one notification @no-js", async ({ page, browserErrors }) => {
  // Without JavaScript the refused form comes back as the page itself, answered 400.
  browserErrors.allow(/^console error: Failed to load resource: .* 400 \(Bad Request\) \(http:\/\/[^/]+\/alerts\/new\?search_id=\d+\)$/);
  const word = `al${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
  const recipient = `${word}@example.test`;
  const [admin, agent] = await Promise.all([apiAs("admin"), apiAs("agent")]);
  const stream = await admin<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
    name: `Alerts ${word}`,
    social_type: "twitter",
    category: "streams",
    source: "api",
  });
  const search = await agent<{ id: number }>("POST", "/search/items", {
    name: `Watch ${word}`,
    category: "my",
    query: [{ type: "must", values: [{ filter_type: "keywords", value: word }] }],
  });

  await signIn(page, "agent");
  await open(page, `/search/${search.id}`);
  await page.getByTestId("search-alert-link").click();
  await expect(page.getByRole("heading", { name: MESSAGES.alerts.newAlertFor(`Watch ${word}`) })).toBeVisible();
  // The catalogue's messages first, then a valid alert.
  await page.getByLabel(MESSAGES.name).fill(`Alert ${word}`);
  await page.getByLabel(MESSAGES.alerts.recipients).fill(`${recipient}, nope`);
  await page.getByLabel(MESSAGES.alerts.value).fill("0");
  await page.getByRole("button", { name: MESSAGES.alerts.save }).click();
  await expect(page.getByText(MESSAGES.emails)).toBeVisible();
  await expect(page.getByText(MESSAGES.positive)).toBeVisible();
  await page.getByLabel(MESSAGES.alerts.recipients).fill(recipient);
  await page.getByLabel(MESSAGES.alerts.value).fill("2");
  await page.getByRole("button", { name: MESSAGES.alerts.save }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  const row = page.getByTestId("alert-row").filter({ hasText: `Alert ${word}` });
  await expect(row).toContainText(MESSAGES.alerts.noFirings);

  const since = Date.now();
  const base = test.info().project.use.baseURL!;
  const posted = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
    body: JSON.stringify(
      [0, 1].map((i) => ({ external_id: `${word}-${i}`, text: `${word} is down again ${i}`, created_at: new Date(since - (i + 1) * 60_000).toISOString(), author: { username: `fan${i}` } })),
    ),
  });
  expect(posted.status).toBe(200);

  const mail = await waitForMail({ to: recipient, after: since, timeoutMs: 30_000 });
  expect(mail.subject).toBe(`[Earshot] Alert 'Alert ${word}': 2 mentions`);
  expect(mail.text).toContain(`/inbox?source=search-${search.id}`);
  expect(mail.html).toContain(`${word} is down again`);

  // The list shows the firing; its e-mail went once, and the next rounds add nothing.
  await expect(async () => {
    await open(page, "/alerts");
    await expect(row.getByTestId("alert-firings")).toContainText(MESSAGES.alerts.emailStatus.sent, { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await expect(row.getByTestId("alert-firings").getByRole("listitem")).toHaveCount(1);
  const { data } = await agent<{ data: Array<{ text: string; category: string }> }>("GET", "/v1/notifications");
  expect(data.filter((n) => n.text === MESSAGES.alerts.notification(`Alert ${word}`, 2, `Watch ${word}`))).toHaveLength(1);
  expect((await readMailbox()).filter((m) => m.envelopeTo.includes(recipient))).toHaveLength(1);

  // Deleting asks first (a dialog from the address, so without JavaScript too), then the list is without it.
  await row.getByRole("link", { name: `Alert ${word}` }).click();
  await page.getByRole("link", { name: MESSAGES.alerts.delete }).click();
  const confirm = page.getByRole("dialog", { name: MESSAGES.confirmTitle });
  await expect(confirm).toContainText(MESSAGES.alerts.deleteConfirm(`Alert ${word}`));
  await confirm.getByRole("button", { name: MESSAGES.confirm }).click();
  await expect(page).toHaveURL(/\/alerts$/);
  await expect(page.getByTestId("toast")).toHaveText(MESSAGES.alerts.deleted);
  await expect(row).toHaveCount(0);
});
