import { afterEach, describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { startReplayServer, type ReplayRoute, type ReplayServer } from "./fixtures/replay-server";
import { reviewClient, ReviewSourceAuthError, ReviewSourceError } from "./index";

const PKG = "com.northwind.notes";
const TOKEN = "CrwBAX5hZGF0YT1vcGFxdWUtdG9rZW4tMDAx";
const REVIEWS = `/api/apps/${PKG}/reviews/`;
const ROUTES: ReplayRoute[] = [
  { path: REVIEWS, query: { nextPaginationToken: TOKEN }, fixture: "googleplay-reviews-page2.json" },
  { path: REVIEWS, query: { sort: "2", paginate: "true", country: "us" }, fixture: "googleplay-reviews-page1.json" },
  { path: `/api/apps/${PKG}/`, fixture: "googleplay-app.json" },
  { path: "/api/apps/com.unknown.app/", status: 400, fixture: "googleplay-app-not-found.json" },
];

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client(routes: ReplayRoute[] = ROUTES) {
  server = await startReplayServer(routes);
  return reviewClient("googlePlay", { baseUrls: { googlePlay: `${server.baseUrl}/api/` } });
}

describe("Google Play reviews (google-play-api scraper shape)", () => {
  it("maps reviews and developer replies", async () => {
    const play = await client();
    const items = await play.fetchReviews({ network: "googlePlay", appId: PKG });
    for (const item of items) IngestItemSchema.parse(item);
    expect(items.map((i) => i.external_id)).toEqual([
      "6b3c1c2e-8f1a-4c7a-9e51-2d7f0b6a1c11",
      "6b3c1c2e-8f1a-4c7a-9e51-2d7f0b6a1c11:reply",
      "0f9e8d7c-6b5a-4c3d-8e2f-1a0b9c8d7e6f",
      "gp:AOqpTOGd1n2k3l4m5n6o7p8q9r0s",
      "5a4b3c2d-1e0f-4a9b-8c7d-6e5f4a3b2c1d",
    ]);
    expect(items[0]).toEqual({
      network: "googlePlay",
      external_id: "6b3c1c2e-8f1a-4c7a-9e51-2d7f0b6a1c11",
      kind: "review",
      text: "Love the new editor. Widgets sometimes don't refresh.",
      url: `https://play.google.com/store/apps/details?id=${PKG}&reviewId=6b3c1c2e-8f1a-4c7a-9e51-2d7f0b6a1c11`,
      created_at: "2024-05-12T09:41:27.133Z",
      rating: 4,
      likes: 12,
      author: { username: "Priya Sharma", photo_url: "https://play-lh.googleusercontent.com/a-/ALV-UjXa1b2c3d4e5f" },
    });
    expect(items[1]).toMatchObject({
      kind: "reply",
      is_agent_reply: true,
      parent_external_id: items[0].external_id,
      text: "Thanks Priya! A widget fix ships in 4.18.1.",
      created_at: "2024-05-12T15:02:10.000Z",
      author: { username: "Developer" },
    });
    expect(items[3].author.username).toBe("A Google user");
  });

  it("pages with nextPaginationToken until there is none, or since", async () => {
    const play = await client();
    await play.fetchReviews({ network: "googlePlay", appId: PKG });
    expect(server!.requests).toHaveLength(2);
    expect(new URL(server!.requests[1], "http://x").searchParams.get("nextPaginationToken")).toBe(TOKEN);

    server!.requests.length = 0;
    const recent = await play.fetchReviews({ network: "googlePlay", appId: PKG }, { since: "2024-05-11T00:00:00Z" });
    expect(recent.filter((i) => i.kind === "review")).toHaveLength(2);
    expect(server!.requests).toHaveLength(1);
  });

  it("accepts the scraper's own { data, nextPaginationToken } result", async () => {
    const play = await client([
      {
        path: REVIEWS,
        body: JSON.stringify({
          data: [{ id: "r1", userName: "A", date: "2024-05-01T00:00:00.000Z", score: 3, text: "ok" }],
          nextPaginationToken: null,
        }),
      },
    ]);
    expect(await play.fetchReviews({ network: "googlePlay", appId: PKG })).toMatchObject([
      { external_id: "r1", rating: 3 },
    ]);
  });

  it("validates the package", async () => {
    const play = await client();
    await expect(play.validate({ network: "googlePlay", appId: PKG })).resolves.toBeUndefined();
    await expect(play.validate({ network: "googlePlay", appId: "com.unknown.app" })).rejects.toThrow(
      ReviewSourceAuthError,
    );
    await expect(play.validate({ network: "googlePlay", appId: "not a package" })).rejects.toThrow(
      ReviewSourceAuthError,
    );
  });

  it("needs a configured scraper URL, and reports garbage clearly", async () => {
    const unconfigured = reviewClient("googlePlay", {});
    await expect(unconfigured.fetchReviews({ network: "googlePlay", appId: PKG })).rejects.toThrow(ReviewSourceError);
    const play = await client([{ path: REVIEWS, fixture: "garbage.html" }]);
    await expect(play.fetchReviews({ network: "googlePlay", appId: PKG })).rejects.toThrow(
      "Google Play answered something that is not JSON (text/html)",
    );
  });
});
