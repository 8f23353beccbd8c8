// The helper chat (issue 27, ADR 042) as a new user tries it: a new chat answers "how many negative
// mentions did we get on Twitter last week, compared with the week before?" with the figures the
// dashboard API gives for the same period, network and sentiment, a chart, and a link that opens the
// dashboard on that period; the answer is voted on, its question pinned and asked again in one click.
// With JavaScript, and without it (@no-js): without it the answer is rendered on the server, with it the
// answer appears as it is produced (streamed). The default settings form and the GIF picker, both ways.
import { phrasesFor } from "../../domain/helper/phrasebook";
import { MESSAGES } from "../../domain/messages";
import { expect, javaScriptEnabled, open, signIn, test } from "./fixtures";
import { apiAs, type Api } from "./support/api";
import { seriousAxeViolations } from "./support/axe";

const QUESTION = "how many negative mentions did we get on Twitter last week, compared with the week before?";
const DAY = 86_400_000;

/** Wednesday noon (UTC) of last week and of the week before: inside those calendar weeks in any zone. */
function weekMiddles(now = new Date()): [Date, Date] {
  const monday = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()) - ((now.getUTCDay() + 6) % 7) * DAY;
  const lastWeek = new Date(monday - 7 * DAY + 2 * DAY + 12 * 3_600_000);
  return [lastWeek, new Date(lastWeek.getTime() - 7 * DAY)];
}

/**
 * The journey's mentions: negative tweets in last week and in the week before, through the ingest API of
 * one stream of its own. Their ids are fixed per week, so the two projects' runs add them once.
 */
async function ingestTweets(admin: Api): Promise<void> {
  const base = test.info().project.use.baseURL!;
  const listed = await admin<{ data?: Array<{ id: number; name: string; ingest_key: string | null }> } | Array<{ id: number; name: string; ingest_key: string | null }>>("GET", "/v1/streams");
  const streams = Array.isArray(listed) ? listed : (listed.data ?? []);
  const stream =
    streams.find((s) => s.name === "Helper journey tweets" && s.ingest_key) ??
    (await admin<{ id: number; ingest_key: string }>("POST", "/v1/streams", { name: "Helper journey tweets", social_type: "twitter", category: "streams", source: "api" }));
  const [lastWeek, weekBefore] = weekMiddles();
  const tweets = [
    ...[0, 1, 2, 3, 4].map((i) => ({ at: lastWeek, i })),
    ...[0, 1].map((i) => ({ at: weekBefore, i })),
  ].map(({ at, i }) => ({
    external_id: `helper-journey-${at.toISOString().slice(0, 10)}-${i}`,
    text: `Terrible outage again, awful service and broken login ${i}`,
    language: "en",
    created_at: new Date(at.getTime() + i * 60_000).toISOString(),
    author: { username: `unhappy${i}` },
  }));
  const posted = await fetch(`${base}/api/v1/ingest/streams/${stream.id}`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-ingest-key": stream.ingest_key! },
    body: JSON.stringify(tweets),
  });
  expect(posted.status).toBe(200);
}

/** The dashboard API's count of negative tweets in a range (most-impactful-posts' total). */
async function negativeTweets(agent: Api, range: { from: string; to: string }): Promise<number> {
  const query = new URLSearchParams({ "range[from]": range.from, "range[to]": range.to, "selected_social_types[]": "twitter", "selected_sentiments[]": "-1", per_page: "1" });
  const answer = await agent<{ data: Array<{ total: number }> }>("GET", `/v1/dashboard/most-impactful-posts?${query.toString()}`);
  return answer.data[0]!.total;
}

test("a new chat answers the journey's question with the dashboard's figures; votes and pinned questions work @no-js", async ({ page }) => {
  const [admin, agent] = await Promise.all([apiAs("admin"), apiAs("agent")]);
  await ingestTweets(admin);
  await signIn(page, "agent");
  await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: MESSAGES.helper }).click();
  await expect(page).toHaveURL(/\/helper$/);
  await page.getByRole("link", { name: MESSAGES.helperChat.newChat }).click();
  await page.getByLabel(MESSAGES.helperChat.question).fill(QUESTION);
  await page.getByRole("button", { name: MESSAGES.helperChat.ask }).click();
  await expect(page).toHaveURL(/\/helper\?chat=\d+/);

  const answer = page.getByTestId("helper-answer").last();
  await expect(answer).toHaveAttribute("data-status", "answered");
  const dashboardLink = answer.getByRole("link", { name: phrasesFor("en").openOnDashboard });
  const href = (await dashboardLink.getAttribute("href"))!;
  const params = new URL(href, "http://x").searchParams;
  const range = { from: params.get("from")!, to: params.get("to")! };
  const length = Date.parse(range.to) - Date.parse(range.from);
  const before = { from: new Date(Date.parse(range.from) - length).toISOString(), to: range.from };
  const [current, previous] = await Promise.all([negativeTweets(agent, range), negativeTweets(agent, before)]);
  expect(current).toBeGreaterThanOrEqual(5);
  expect(previous).toBeGreaterThanOrEqual(2);
  await expect(answer).toContainText(`${current} negative mentions on X (Twitter)`);
  await expect(answer).toContainText(`against ${previous} from`);
  await expect(answer.getByTestId("helper-chart")).toBeVisible();

  // Votes and the pinned question, from the screen.
  const message = page.getByTestId("helper-message").last();
  await message.getByRole("button", { name: MESSAGES.helperChat.upVote, exact: true }).click();
  await expect(page.getByText(MESSAGES.helperChat.voted)).toBeVisible();
  await message.getByLabel(MESSAGES.helperChat.voteReason).fill("Wanted it per day");
  await message.getByRole("button", { name: MESSAGES.helperChat.downVote }).click();
  await expect(page.getByTestId("helper-message").last().getByLabel(MESSAGES.helperChat.voteReason)).toHaveValue("Wanted it per day");
  await page.getByTestId("helper-message").last().getByRole("button", { name: MESSAGES.helperChat.pin }).click();
  const pinned = page.getByTestId("helper-pinned").getByRole("button", { name: QUESTION, exact: true });
  await expect(pinned).toBeVisible();
  // One click asks it again, in the same chat.
  const before2 = await page.getByTestId("helper-message").count();
  await pinned.click();
  await expect(page.getByTestId("helper-message")).toHaveCount(before2 + 1);
  await page.getByRole("button", { name: `${MESSAGES.helperChat.unpin}: ${QUESTION}` }).click();
  await expect(page.getByTestId("helper-pinned")).toHaveCount(0);

  // The link opens the dashboard on the same period.
  await page.getByTestId("helper-answer").last().getByRole("link", { name: phrasesFor("en").openOnDashboard }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("from") === range.from && url.searchParams.get("to") === range.to);
  await open(page, "/helper");
  await expect(page.getByTestId("helper-chats").getByRole("link").first()).toBeVisible();
});

test("with JavaScript the answer appears as it is produced, then stays in the chat @js-only", async ({ page }) => {
  await signIn(page, "agent", { at: "/helper" });
  // Every text the live answer shows while it arrives (kept on the window: gone if the page loads again).
  await page.evaluate(() => {
    const w = window as unknown as { seen: string[] };
    w.seen = [];
    new MutationObserver(() => {
      const live = document.querySelector("[data-testid=helper-live-body]");
      const text = live?.textContent ?? "";
      if (text && w.seen.at(-1) !== text) w.seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.getByLabel(MESSAGES.helperChat.question).fill(QUESTION);
  const streamed = page.waitForResponse((response) => new URL(response.url()).pathname === "/helper/ask");
  await page.getByRole("button", { name: MESSAGES.helperChat.ask }).click();
  const response = await streamed;
  expect(response.headers()["content-type"]).toContain("application/x-ndjson");
  await expect(page).toHaveURL(/\/helper\?chat=\d+#message-\d+$/);
  const answer = page.getByTestId("helper-answer").last();
  await expect(answer).toHaveAttribute("data-status", "answered");
  await expect(answer).toContainText("negative mentions on X (Twitter)");
  // The live answer showed the words before the chat's page took over, without a page load (the
  // observer's record is still there).
  const seen = await page.evaluate(() => (window as unknown as { seen?: string[] }).seen ?? null);
  expect(seen).not.toBeNull();
  expect(seen!.some((text) => text.includes("negative mentions on X (Twitter)"))).toBe(true);
  await expect(page.getByTestId("helper-live-answer")).toHaveCount(0);
  await expect(page.getByLabel(MESSAGES.helperChat.question)).toHaveValue("");
});

test("the default settings form: a question naming no period is answered about the default period @no-js", async ({ page }) => {
  // One account per project: the two projects run side by side.
  const role = javaScriptEnabled() ? "sysadmin" : "admin";
  const api = await apiAs(role);
  await signIn(page, role, { at: "/helper" });
  const settings = page.getByTestId("helper-settings");
  await settings.getByLabel(MESSAGES.helperChat.defaultPeriod).selectOption({ label: "Yesterday" });
  await settings.getByLabel(MESSAGES.helperChat.defaultContext).selectOption({ label: MESSAGES.widgetsUi.everyMention });
  await settings.getByRole("button", { name: MESSAGES.helperChat.saveDefaultSettings }).click();
  await expect(page.getByText(MESSAGES.helperChat.settingsSaved)).toBeVisible();
  await expect(page.getByTestId("helper-settings").getByLabel(MESSAGES.helperChat.defaultPeriod)).toHaveValue("yesterday");
  expect(await api("GET", "/accounts/preferences/ui/tabs/helper/default_settings")).toEqual({ default_context: "6-0", default_period: "yesterday" });
  await page.getByLabel(MESSAGES.helperChat.question).fill("How many mentions did we get?");
  await page.getByRole("button", { name: MESSAGES.helperChat.ask }).click();
  const link = page.getByTestId("helper-answer").last().getByRole("link", { name: phrasesFor("en").openOnDashboard });
  const params = new URL((await link.getAttribute("href"))!, "http://x").searchParams;
  const hours = (Date.parse(params.get("to")!) - Date.parse(params.get("from")!)) / 3_600_000;
  expect(hours).toBeGreaterThanOrEqual(23);
  expect(hours).toBeLessThanOrEqual(25);
  // Back to the default (30 days), through the form.
  await page.getByTestId("helper-settings").getByLabel(MESSAGES.helperChat.defaultPeriod).selectOption({ label: "Last 30 days" });
  await page.getByTestId("helper-settings").getByRole("button", { name: MESSAGES.helperChat.saveDefaultSettings }).click();
  await expect(page.getByText(MESSAGES.helperChat.settingsSaved)).toBeVisible();
  await expect(page.getByTestId("helper-settings").getByLabel(MESSAGES.helperChat.defaultPeriod)).toHaveValue("30d");
});

test("the GIF button searches the provider (8 results) and puts the chosen GIF's address in the question @no-js", async ({ page }) => {
  await signIn(page, "agent", { at: "/helper" });
  const picker = page.getByTestId("gif-picker");
  await picker.getByText(MESSAGES.helperChat.gif, { exact: true }).click();
  await picker.getByLabel(MESSAGES.helperChat.gifWords).fill("happy dance");
  await picker.getByRole("button", { name: MESSAGES.helperChat.gifSearch }).click();
  const results = page.getByTestId("gif-results").getByRole("link");
  await expect(results).toHaveCount(8);
  await results.first().click();
  // The stand-in's first GIF (tests/support/gif-server.ts) points at the app's own favicon.
  await expect(page.getByLabel(MESSAGES.helperChat.question)).toHaveValue(/\/favicon\.ico\?gif=happy-dance-1$/);
});

test.describe("at phone width (390 × 844)", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("/helper: heading first, the question's placeholder whole, no sideways scroll, no serious axe violation @no-js", async ({ page }) => {
    await (await apiAs("admin"))("POST", "/v1/helper/chats/", { question: "Which networks did we get the most mentions on in the last 30 days?" });
    await signIn(page, "admin", { at: "/helper" });
    for (const address of ["/helper", (await page.getByTestId("helper-chats").getByRole("link").first().getAttribute("href"))!]) {
      await open(page, address);
      const heading = await page.getByRole("heading", { level: 1 }).boundingBox();
      const chats = await page.getByRole("navigation", { name: MESSAGES.helperChat.chats }).boundingBox();
      expect(heading!.y, `${address}: the heading above the chats`).toBeLessThan(chats!.y);
      const layout = await page.evaluate(() => {
        const field = document.querySelector("textarea[name=question]") as HTMLTextAreaElement;
        const style = getComputedStyle(field);
        // The placeholder laid out as the field lays out its text: its height against the field's.
        const probe = document.createElement("div");
        for (const property of ["font", "letterSpacing", "lineHeight", "paddingTop", "paddingBottom", "paddingLeft", "paddingRight", "borderWidth", "borderStyle", "boxSizing", "whiteSpace", "overflowWrap"] as const) {
          probe.style[property] = style[property];
        }
        probe.style.width = `${field.getBoundingClientRect().width}px`;
        probe.style.position = "absolute";
        probe.style.visibility = "hidden";
        probe.style.whiteSpace = "pre-wrap";
        probe.textContent = field.placeholder;
        document.body.append(probe);
        const needed = probe.getBoundingClientRect().height;
        probe.remove();
        return { needed, height: field.getBoundingClientRect().height, scrollWidth: document.documentElement.scrollWidth, innerWidth: window.innerWidth };
      });
      expect(layout.needed, `${address}: the placeholder fits the question field`).toBeLessThanOrEqual(layout.height + 0.5);
      expect(layout.scrollWidth, `${address}: no sideways scroll`).toBeLessThanOrEqual(layout.innerWidth);
      await page.screenshot({ path: test.info().outputPath(`helper-390-${address.includes("chat=") ? "chat" : "list"}.png`), fullPage: true });
      expect(await seriousAxeViolations(page), address).toEqual([]);
    }
  });
});
