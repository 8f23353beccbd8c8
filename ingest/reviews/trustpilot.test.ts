import { closedLoopbackPort } from "../../tests/support/ports";
import { afterEach, describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { MESSAGES } from "../../domain/messages";
import { startReplayServer, type ReplayRoute, type ReplayServer } from "./fixtures/replay-server";
import { REVIEW_AUTH_FAILED_MESSAGE, reviewClient, ReviewSourceAuthError, ReviewSourceError } from "./index";

const BU = "5f3c2b1a9d8e7f0012345678";
const REVIEWS = `/v1/business-units/${BU}/reviews`;
const ROUTES: ReplayRoute[] = [
  { path: "/v1/business-units/find", query: { name: "northwind.example" }, fixture: "trustpilot-find.json" },
  {
    path: "/v1/business-units/find",
    query: { name: "forbidden.example" },
    status: 403,
    body: '{"message":"Forbidden"}',
  },
  { path: "/v1/business-units/find", query: { name: "empty.example" }, status: 200, body: "" },
  { path: "/v1/business-units/find", query: { name: "noid.example" }, status: 200, body: "{}" },
  { path: "/v1/business-units/find", query: { name: "down.example" }, status: 500, body: "" },
  {
    path: REVIEWS,
    query: { page: "1", orderBy: "createdat.desc", perPage: "100" },
    fixture: "trustpilot-reviews-page1.json",
  },
  { path: REVIEWS, query: { page: "2" }, fixture: "trustpilot-reviews-page2.json" },
];

let server: ReplayServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function client(routes: ReplayRoute[] = ROUTES) {
  server = await startReplayServer(routes);
  return reviewClient("trustpilot", { baseUrls: { trustpilot: `${server.baseUrl}/v1` }, trustpilotApiKey: "test-key" });
}

describe("Trustpilot reviews", () => {
  it("finds the business unit by name and maps its reviews and company replies", async () => {
    const tp = await client();
    const items = await tp.fetchReviews({ network: "trustpilot", businessName: "  https://northwind.example/ " });
    for (const item of items) IngestItemSchema.parse(item);
    expect(server!.headers.every((h) => h.apikey === "test-key")).toBe(true);
    expect(items.map((i) => [i.external_id, i.rating, i.language, i.author.country])).toEqual([
      ["663f1c2ab5e0d4a1b2c3d4e5", 5, "en", "GB"],
      ["663f1c2ab5e0d4a1b2c3d4e5:reply", undefined, "en", undefined],
      ["663e0b1aa4d0c3b1a2b3c4d5", 2, "de", "DE"],
      ["663d0a19a3c0b2a1f1e2d3c4", 4, "fr", undefined],
      ["663a0a19a3c0b2a1f1e2d300", 1, "it", "IT"],
    ]);
    expect(items[0]).toEqual({
      network: "trustpilot",
      external_id: "663f1c2ab5e0d4a1b2c3d4e5",
      kind: "review",
      title: "Quick refund",
      text: "Item arrived damaged; refund came within two days. Thank you!",
      url: "https://www.trustpilot.com/reviews/663f1c2ab5e0d4a1b2c3d4e5",
      created_at: "2024-05-12T08:11:22.000Z",
      language: "en",
      rating: 5,
      likes: 2,
      author: {
        username: "Hannah K.",
        external_id: "5e8d1f2a3b4c5d6e7f8a9b0c",
        profile_url: "https://www.trustpilot.com/users/5e8d1f2a3b4c5d6e7f8a9b0c",
        country: "GB",
      },
    });
    expect(items[1]).toMatchObject({
      kind: "reply",
      is_agent_reply: true,
      parent_external_id: "663f1c2ab5e0d4a1b2c3d4e5",
      author: { username: "Northwind" },
      created_at: "2024-05-12T10:00:00.000Z",
    });
  });

  it("stops paging when there is no next-page link, at maxPages, and at since", async () => {
    const tp = await client();
    await tp.fetchReviews({ network: "trustpilot", businessName: "northwind.example" });
    expect(server!.requests.filter((r) => r.startsWith(REVIEWS))).toHaveLength(2);

    server!.requests.length = 0;
    await tp.fetchReviews({ network: "trustpilot", businessName: "northwind.example" }, { maxPages: 1 });
    expect(server!.requests.filter((r) => r.startsWith(REVIEWS))).toHaveLength(1);

    server!.requests.length = 0;
    const recent = await tp.fetchReviews(
      { network: "trustpilot", businessName: "northwind.example" },
      { since: "2024-05-11T00:00:00Z" },
    );
    expect(recent.map((i) => i.external_id)).toEqual([
      "663f1c2ab5e0d4a1b2c3d4e5",
      "663f1c2ab5e0d4a1b2c3d4e5:reply",
      "663e0b1aa4d0c3b1a2b3c4d5",
    ]);
    expect(server!.requests.filter((r) => r.startsWith(REVIEWS))).toHaveLength(1);
  });

  it("refuses an unknown business name with the exact message users see", async () => {
    expect(REVIEW_AUTH_FAILED_MESSAGE).toBe("Could not authenticate. Please review the business name and try again.");
    expect(REVIEW_AUTH_FAILED_MESSAGE).toBe(MESSAGES.reviewAuthFailed);
    const tp = await client();
    for (const businessName of ["unknown.example", "forbidden.example", "empty.example", "noid.example", "   "]) {
      const error = await tp.validate({ network: "trustpilot", businessName }).catch((e: unknown) => e);
      expect(error, businessName).toBeInstanceOf(ReviewSourceAuthError);
      expect((error as Error).message).toBe("Could not authenticate. Please review the business name and try again.");
    }
    await expect(tp.fetchReviews({ network: "trustpilot", businessName: "unknown.example" })).rejects.toThrow(
      REVIEW_AUTH_FAILED_MESSAGE,
    );
    await expect(tp.validate({ network: "trustpilot", businessName: "northwind.example" })).resolves.toBeUndefined();
  });

  it("treats a failing Trustpilot as a temporary error, not a wrong name", async () => {
    const tp = await client();
    const error = await tp.validate({ network: "trustpilot", businessName: "down.example" }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ReviewSourceError);
    expect(error).toMatchObject({ status: 500, message: "Trustpilot answered HTTP 500" });
  });

  it("reports garbage review pages clearly", async () => {
    const tp = await client([
      { path: "/v1/business-units/find", fixture: "trustpilot-find.json" },
      { path: REVIEWS, body: '{"reviews": "none"}' },
    ]);
    await expect(tp.fetchReviews({ network: "trustpilot", businessName: "northwind.example" })).rejects.toThrow(
      /^Trustpilot answered an unexpected shape \(reviews: /,
    );
  });

  it("reports an unreachable or silent platform", async () => {
    const port = await closedLoopbackPort();
    const closed = reviewClient("trustpilot", { baseUrls: { trustpilot: `http://127.0.0.1:${port}/v1` } });
    await expect(closed.validate({ network: "trustpilot", businessName: "northwind.example" })).rejects.toThrow(
      "Trustpilot could not be reached (ECONNREFUSED)",
    );
    const hanging: typeof fetch = (_input, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener("abort", () => reject(init.signal?.reason)));
    const slow = reviewClient("trustpilot", { fetchImpl: hanging, timeoutMs: 100 });
    await expect(slow.validate({ network: "trustpilot", businessName: "northwind.example" })).rejects.toThrow(
      "Trustpilot did not answer within 0.1 s",
    );
  });

  it("refuses a source of another network", async () => {
    const tp = reviewClient("trustpilot");
    await expect(tp.validate({ network: "ios", appId: "1" })).rejects.toThrow(
      "A trustpilot client was given a ios source",
    );
  });
});
