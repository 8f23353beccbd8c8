import { afterEach, describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { startReplayServer, type ReplayRoute, type ReplayServer } from "./fixtures/replay-server";
import { REVIEW_AUTH_FAILED_MESSAGE, reviewClient, ReviewSourceAuthError, ReviewSourceError } from "./index";

const APP = "1512345678";
const page = (n: number, fixture: string): ReplayRoute => ({
  path: `/us/rss/customerreviews/page=${n}/id=${APP}/sortby=mostrecent/json`,
  fixture,
});
const PAGES = [page(1, "ios-reviews-page1.json"), page(2, "ios-reviews-page2.json"), page(3, "ios-reviews-empty.json")];

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client(routes: ReplayRoute[]) {
  server = await startReplayServer(routes);
  return reviewClient("ios", { baseUrls: { ios: server.baseUrl }, timeoutMs: 5_000 });
}

describe("App Store reviews", () => {
  it("maps the customer-reviews RSS entries", async () => {
    const ios = await client(PAGES);
    const items = await ios.fetchReviews({ network: "ios", appId: APP, country: "us" });
    expect(items.map((i) => i.external_id)).toEqual([
      "11234567890",
      "11234501234",
      "11234498765",
      "11234411111",
      "11234400000",
    ]);
    for (const item of items) IngestItemSchema.parse(item);
    expect(items[0]).toEqual({
      network: "ios",
      external_id: "11234567890",
      kind: "review",
      title: "Sync keeps failing",
      text: "Since the last update my notes don't sync between iPhone and iPad.\nReinstalled twice, same thing.",
      url: `https://itunes.apple.com/us/review?id=${APP}&type=Purple%20Software`,
      created_at: "2024-05-12T21:22:05.000Z",
      rating: 2,
      likes: 3,
      author: { username: "kaylee_b", profile_url: "https://itunes.apple.com/us/reviews/id1123456789", country: "US" },
    });
    // A blank author name gets a neutral one rather than failing the contract.
    expect(items[2].author.username).toBe("App Store user");
  });

  it("stops at the last page the feed names, at maxPages, and at since", async () => {
    const ios = await client(PAGES);
    await ios.fetchReviews({ network: "ios", appId: `id${APP}` });
    expect(server!.requests).toEqual([PAGES[0].path, PAGES[1].path]);

    server!.requests.length = 0;
    expect(await ios.fetchReviews({ network: "ios", appId: APP }, { maxPages: 1 })).toHaveLength(3);
    expect(server!.requests).toEqual([PAGES[0].path]);

    server!.requests.length = 0;
    const recent = await ios.fetchReviews({ network: "ios", appId: APP }, { since: "2024-05-11T16:03:51Z" });
    expect(recent.map((i) => i.external_id)).toEqual(["11234567890", "11234501234"]);
    expect(server!.requests).toEqual([PAGES[0].path]);
  });

  it("stops at an empty page when the feed names no last page", async () => {
    const ios = await client([page(1, "ios-reviews-empty.json")]);
    expect(await ios.fetchReviews({ network: "ios", appId: APP })).toEqual([]);
    expect(server!.requests).toHaveLength(1);
  });

  it("validates the app with the lookup endpoint", async () => {
    const ios = await client([
      { path: "/lookup", query: { id: APP, country: "us" }, fixture: "ios-lookup-found.json" },
      { path: "/lookup", query: { id: "404404", country: "us" }, fixture: "ios-lookup-empty.json" },
    ]);
    await expect(ios.validate({ network: "ios", appId: APP })).resolves.toBeUndefined();
    await expect(ios.validate({ network: "ios", appId: "404404" })).rejects.toThrow(ReviewSourceAuthError);
    await expect(ios.validate({ network: "ios", appId: "404404" })).rejects.toThrow(REVIEW_AUTH_FAILED_MESSAGE);
    // Not an app id at all: refused before any request.
    const before = server!.requests.length;
    await expect(ios.validate({ network: "ios", appId: "../../etc" })).rejects.toThrow(ReviewSourceAuthError);
    expect(server!.requests).toHaveLength(before);
  });

  it("turns garbage answers into a clear ReviewSourceError", async () => {
    const ios = await client([
      { path: `/us/rss/customerreviews/page=1/id=1/sortby=mostrecent/json`, fixture: "garbage.html", status: 200 },
      { path: `/us/rss/customerreviews/page=1/id=2/sortby=mostrecent/json`, body: '{"feed": {"entry": [{"id": 3}]}}' },
      { path: `/us/rss/customerreviews/page=1/id=3/sortby=mostrecent/json`, body: '{"items": []}' },
      { path: `/us/rss/customerreviews/page=1/id=4/sortby=mostrecent/json`, status: 503, body: "" },
    ]);
    const fetchFor = (appId: string) => ios.fetchReviews({ network: "ios", appId });
    await expect(fetchFor("1")).rejects.toThrow(ReviewSourceError);
    await expect(fetchFor("1")).rejects.toThrow("The App Store answered something that is not JSON (text/html)");
    await expect(fetchFor("2")).rejects.toThrow(/^The App Store answered an unexpected shape \(id: /);
    await expect(fetchFor("3")).rejects.toThrow("The App Store answered an unexpected shape (feed: ");
    await expect(fetchFor("4")).rejects.toMatchObject({
      name: "ReviewSourceError",
      status: 503,
      message: "The App Store answered HTTP 503",
    });
  });
});
