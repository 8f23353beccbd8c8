// The helper chat (issue 27, ADR 042) as a new user tries it: a new chat answers "how many negative
// mentions did we get on Twitter last week, compared with the week before?" with the figures the
// dashboard API gives for the same period, network and sentiment, a chart, and a link that opens the
// dashboard on that period; the answer is voted on, its question pinned and asked again in one click.
// With JavaScript, and without it (@no-js): the answer is rendered on the server.
import { MESSAGES } from "../../domain/messages";
import { expect, open, signIn, test } from "./fixtures";
import { apiAs, type Api } from "./support/api";

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
  const dashboardLink = answer.getByRole("link", { name: MESSAGES.helperChat.openOnDashboard });
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
  await page.getByTestId("helper-answer").last().getByRole("link", { name: MESSAGES.helperChat.openOnDashboard }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/" && url.searchParams.get("from") === range.from && url.searchParams.get("to") === range.to);
  await open(page, "/helper");
  await expect(page.getByTestId("helper-chats").getByRole("link").first()).toBeVisible();
});
