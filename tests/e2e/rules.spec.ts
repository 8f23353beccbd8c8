// Rules (/settings/rules, issue 24): an admin makes a rule that labels and assigns; a matching mention
// ingested through the Ingest API arrives labelled and assigned, its history naming the rule; "apply to
// existing" does the same to a mention stored before. Runs with and without JavaScript.
import crypto from "node:crypto";
import type { Page } from "@playwright/test";
import { MESSAGES } from "../../domain/messages";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, expect, open, signIn, test } from "./fixtures";

const L = MESSAGES.rulesScreen;

type Api = <T = Record<string, unknown>>(method: string, path: string, body?: unknown) => Promise<T>;

async function adminApi(): Promise<Api> {
  const base = test.info().project.use.baseURL!;
  const login = await fetch(`${base}/api/v1/session`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: DEMO_ACCOUNTS.admin.email, password: DEMO_PASSWORD }),
  });
  expect(login.ok).toBe(true);
  const session = (await login.json()) as { access_token: string; csrf_token: string };
  return async <T>(method: string, path: string, body?: unknown) => {
    const response = await fetch(`${base}/api${path}`, {
      method,
      headers: {
        authorization: `Bearer ${session.access_token}`,
        "x-csrf-token": session.csrf_token,
        "content-type": "application/json",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    expect(response.ok, `${method} ${path}: ${response.status}`).toBe(true);
    return (await response.json()) as T;
  };
}

/** Posts one mention to the stream's ingest endpoint (as a partner's system would); returns its id. */
async function ingest(
  api: Api,
  stream: { id: number; ingest_key: string },
  externalId: string,
  text: string,
  author = { username: "kim", name: "Kim Fan" },
): Promise<number> {
  const base = test.info().project.use.baseURL!;
  const posted = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key },
    body: JSON.stringify([
      { external_id: externalId, text, created_at: new Date().toISOString(), author, language: "en" },
    ]),
  });
  expect(posted.status).toBe(200);
  const { data } = await api<{ data: Array<{ id: number; description: string }> }>(
    "GET",
    `/v1/feed-items?source_type=stream&source_id=${stream.id}&limit=100`,
  );
  return data.find((item) => item.description === text)!.id;
}

const rowOf = (page: Page, name: string) =>
  page.getByTestId("rule-row").filter({ has: page.getByTestId("rule-name").getByText(name, { exact: true }) });

async function expectHistoryNamesRule(page: Page, streamId: number, itemId: number, rule: string, label: string) {
  await open(page, `/inbox?source=stream-${streamId}&item=${itemId}`);
  const history = page.getByTestId("item-detail").getByTestId("history-entry");
  // The rule's label is among the item's labels after its change (another rule may have put one on too).
  await expect(history.filter({ hasText: L.historyActor(rule) }).filter({ hasText: label })).toContainText(
    MESSAGES.inboxUi.historyLabels(""),
  );
  await expect(
    history.filter({ hasText: MESSAGES.inboxUi.historyAssigned(DEMO_ACCOUNTS.agent.fullName) }),
  ).toContainText(L.historyActor(rule));
}

test("an admin's rule labels and assigns new mentions, and stored ones after apply to existing @no-js", async ({
  page,
  browserErrors,
}) => {
  // A refused form answers 400 with the page and its errors; Chromium logs the document or data request.
  browserErrors.allow(
    /^console error: Failed to load resource: .* 400 \(Bad Request\) \(http:\/\/[^/]+\/settings\/rules(\.data)?(\?[^)]*)?\)$/,
  );
  const word = `ru${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
  const api = await adminApi();
  const stream = await api<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
    name: `Rules ${word}`,
    social_type: "twitter",
    category: "streams",
    source: "api",
  });
  const label = `Urgent ${word}`;
  await api("POST", "/labels", { name: label });
  const old = await ingest(api, stream, `${word}-old`, `Refund ${word} please, this was stored before the rule`);

  await signIn(page, "admin");
  await open(page, "/settings/labels");
  await page.getByRole("navigation", { name: MESSAGES.settings }).getByRole("link", { name: MESSAGES.rules }).click();
  await expect(page).toHaveTitle(`${MESSAGES.rules} | Earshot`);
  await page.getByRole("link", { name: L.newRule }).click();
  const form = page.getByRole("form", { name: L.newRule });
  const rule = `Refunds ${word}`;
  await form.getByLabel(MESSAGES.name).fill(rule);
  await form.getByLabel(MESSAGES.inboxUi.moderationAction).selectOption({ label: MESSAGES.inboxUi.assign });
  // Without a target the rule is refused with the spec's message.
  await form.getByRole("button", { name: L.create }).click();
  await expect(form.getByText(MESSAGES.selectTarget)).toBeVisible();
  await form.getByLabel(L.target).selectOption({ label: L.statusTypeLabels.posts });
  await form.getByLabel(MESSAGES.inboxUi.sources).selectOption({ label: `Rules ${word}` });
  await form.getByLabel(MESSAGES.topicsScreen.query, { exact: true }).fill(`refund AND ${word}`);
  await form.getByLabel(L.labelsField).selectOption({ label });
  await form.getByLabel(MESSAGES.inboxUi.assignTo).selectOption({ label: DEMO_ACCOUNTS.agent.fullName });

  // Test this rule: the mention stored before matches.
  await form.getByRole("button", { name: L.testRule }).click();
  await expect(page.getByTestId("rule-test")).toContainText(`${L.testResult(1, 0).split(" of ")[0]!} of `);
  await expect(page.getByTestId("rule-test")).toContainText(`Refund ${word} please`);

  await page.getByRole("form", { name: L.newRule }).getByRole("button", { name: L.create }).click();
  await expect(page.getByTestId("toast")).toHaveText(L.created(rule));
  await expect(rowOf(page, rule).getByTestId("rule-acted")).toHaveText(L.actedOn(0));

  // A matching new mention arrives labelled and assigned; the history names the rule.
  const fresh = await ingest(api, stream, `${word}-new`, `I want a refund ${word} now`);
  await expectHistoryNamesRule(page, stream.id, fresh, rule, label);

  // Apply to existing: the mention stored before gets the same.
  await open(page, "/settings/rules");
  await rowOf(page, rule)
    .getByRole("button", { name: L.applyOf(rule) })
    .click();
  await expect(page.getByTestId("toast")).toHaveText(L.applyStarted(rule));
  await expect(async () => {
    await open(page, "/settings/rules");
    await expect(rowOf(page, rule).getByTestId("rule-apply")).toHaveText(/^Applied to/, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect(rowOf(page, rule).getByTestId("rule-acted")).toHaveText(L.actedOn(2));
  await expectHistoryNamesRule(page, stream.id, old, rule, label);
});

test("a rule limited to an author (picked on the form) labels only that author's mentions @no-js", async ({ page }) => {
  const word = `au${test.info().project.name.replace(/\W/g, "")}${crypto.randomBytes(4).toString("hex")}`;
  const api = await adminApi();
  const stream = await api<{ id: number; ingest_key: string }>("POST", "/v1/streams", {
    name: `Authors ${word}`,
    social_type: "twitter",
    category: "streams",
    source: "api",
  });
  const label = `Fan mail ${word}`;
  await api("POST", "/labels", { name: label });
  const fan = { username: `fan${word}`, name: `Fan ${word}` };
  const other = { username: `other${word}`, name: `Other ${word}` };
  // Both authors become known to the tenant with their first mentions.
  await ingest(api, stream, `${word}-1`, `hello ${word}`, fan);
  await ingest(api, stream, `${word}-2`, `hello ${word}`, other);

  await signIn(page, "admin");
  await open(page, "/settings/rules?new=1");
  const form = page.getByRole("form", { name: L.newRule });
  const rule = `Fans ${word}`;
  await form.getByLabel(MESSAGES.name).fill(rule);
  await form.getByLabel(MESSAGES.inboxUi.moderationAction).selectOption({ label: MESSAGES.inboxUi.label });
  await form.getByLabel(L.target).selectOption({ label: L.statusTypeLabels.posts });
  await form.getByLabel(MESSAGES.topicsScreen.query, { exact: true }).fill(word);
  await form.getByLabel(L.authorsField).selectOption({ label: `${fan.name} (@${fan.username})` });
  await form.getByLabel(L.labelsField).selectOption({ label });
  await form.getByRole("button", { name: L.create }).click();
  await expect(page.getByTestId("toast")).toHaveText(L.created(rule));

  // Editing shows the author chosen.
  await rowOf(page, rule)
    .getByRole("link", { name: L.editRuleOf(rule) })
    .click();
  await expect(
    page.getByRole("form", { name: L.editRule }).getByLabel(L.authorsField).locator("option:checked"),
  ).toHaveText(`${fan.name} (@${fan.username})`);

  const byFan = await ingest(api, stream, `${word}-3`, `again ${word}`, fan);
  const byOther = await ingest(api, stream, `${word}-4`, `again ${word}`, other);
  const labelsOf = async (id: number) =>
    (await api<{ labels: Array<{ name: string }> }>("GET", `/v1/feed-items/${id}`)).labels.map((l) => l.name);
  expect(await labelsOf(byFan)).toEqual([label]);
  expect(await labelsOf(byOther)).toEqual([]);
});
