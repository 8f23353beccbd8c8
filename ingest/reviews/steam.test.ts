import { afterEach, describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { startReplayServer, type ReplayRoute, type ReplayServer } from "./fixtures/replay-server";
import { REVIEW_AUTH_FAILED_MESSAGE, reviewClient, ReviewSourceAuthError } from "./index";
import { stripBbCode } from "./steam";

const APP = "1091500";
const PATH = `/appreviews/${APP}`;
const CURSOR_2 = "AoJwn5+Ip48DdYmF1QM=";
const CURSOR_3 = "AoJ4lcDZ948Dc/e22AM=";
const ROUTES: ReplayRoute[] = [
  {
    path: PATH,
    query: { json: "1", filter: "recent", language: "all", cursor: "*" },
    fixture: "steam-reviews-page1.json",
  },
  { path: PATH, query: { cursor: CURSOR_2 }, fixture: "steam-reviews-page2.json" },
  { path: PATH, query: { cursor: CURSOR_3 }, fixture: "steam-reviews-end.json" },
  { path: "/api/appdetails", query: { appids: APP }, fixture: "steam-appdetails-found.json" },
  { path: "/api/appdetails", query: { appids: "999999999" }, fixture: "steam-appdetails-missing.json" },
];

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client(routes: ReplayRoute[] = ROUTES) {
  server = await startReplayServer(routes);
  return reviewClient("steam", { baseUrls: { steam: server.baseUrl } });
}

describe("Steam reviews", () => {
  it("maps reviews: recommendation as 5 or 1, Steam language names as ISO, developer responses as agent replies", async () => {
    const steam = await client();
    const items = await steam.fetchReviews({ network: "steam", appId: APP });
    for (const item of items) IngestItemSchema.parse(item);
    expect(items.map((i) => [i.external_id, i.kind, i.rating, i.language])).toEqual([
      ["163412345", "review", 5, "en"],
      ["163401234", "review", 1, "zh"],
      ["163401234:reply", "reply", undefined, "zh"],
      ["163398765", "review", 5, "ko"],
      ["163300001", "review", 5, "pt"],
      ["163200002", "review", 1, "de"],
    ]);
    expect(items[0]).toEqual({
      network: "steam",
      external_id: "163412345",
      kind: "review",
      text: "Great racer\nHandling is superb. The last track is brutal.",
      url: `https://steamcommunity.com/profiles/76561198012345678/recommended/${APP}/`,
      created_at: "2024-05-12T14:20:00.000Z",
      language: "en",
      rating: 5,
      likes: 14,
      comments: 2,
      author: {
        username: "76561198012345678",
        external_id: "76561198012345678",
        profile_url: "https://steamcommunity.com/profiles/76561198012345678",
      },
    });
    expect(items[2]).toMatchObject({
      parent_external_id: "163401234",
      is_agent_reply: true,
      created_at: "2024-05-11T10:00:00.000Z",
      text: "感谢反馈！我们将在下个补丁中改进性能。",
    });
  });

  it("pages by cursor, stopping at an empty page, at maxPages and at since", async () => {
    const steam = await client();
    await steam.fetchReviews({ network: "steam", appId: APP });
    const cursors = server!.requests.map((r) => new URL(r, "http://x").searchParams.get("cursor"));
    expect(cursors).toEqual(["*", CURSOR_2, CURSOR_3]);

    server!.requests.length = 0;
    await steam.fetchReviews({ network: "steam", appId: APP }, { maxPages: 2 });
    expect(server!.requests).toHaveLength(2);

    server!.requests.length = 0;
    const recent = await steam.fetchReviews({ network: "steam", appId: APP }, { since: "2024-05-11T00:00:00Z" });
    expect(recent.map((i) => i.external_id)).toEqual(["163412345", "163401234", "163401234:reply"]);
    expect(server!.requests).toHaveLength(1);
  });

  it("stops when Steam hands back the cursor it was given", async () => {
    const steam = await client([
      { path: PATH, query: { cursor: "*" }, fixture: "steam-reviews-page2.json" },
      { path: PATH, query: { cursor: CURSOR_3 }, fixture: "steam-reviews-page2.json" },
    ]);
    const items = await steam.fetchReviews({ network: "steam", appId: APP });
    expect(items).toHaveLength(2); // the repeated page adds nothing
    expect(server!.requests).toHaveLength(2);
  });

  it("validates the app with appdetails", async () => {
    const steam = await client();
    await expect(steam.validate({ network: "steam", appId: APP })).resolves.toBeUndefined();
    await expect(steam.validate({ network: "steam", appId: "999999999" })).rejects.toThrow(ReviewSourceAuthError);
    await expect(steam.validate({ network: "steam", appId: "half-life" })).rejects.toThrow(REVIEW_AUTH_FAILED_MESSAGE);
  });

  it("turns garbage and failures into clear errors", async () => {
    const steam = await client([
      { path: "/appreviews/1", fixture: "garbage.html", status: 502 },
      { path: "/appreviews/2", body: '{"success": 2}' },
      { path: "/appreviews/3", body: '{"success": 1, "reviews": [{"recommendationid": "x"}], "cursor": "*"}' },
      { path: "/appreviews/4", body: "{not json" },
    ]);
    const fetchFor = (appId: string) => steam.fetchReviews({ network: "steam", appId });
    await expect(fetchFor("1")).rejects.toThrow("Steam answered HTTP 502");
    await expect(fetchFor("2")).rejects.toThrow("Steam answered success 2");
    await expect(fetchFor("3")).rejects.toThrow(/^Steam answered an unexpected shape \(timestamp_created: /);
    await expect(fetchFor("4")).rejects.toThrow("Steam answered something that is not JSON (application/json)");
  });

  it("strips BBCode", () => {
    expect(stripBbCode("[quote=Bob]hi[/quote][url=https://x.example]link[/url] [list][*]a[*]b[/list]")).toBe(
      "\nhi\nlink \n\na\nb\n",
    );
  });
});
