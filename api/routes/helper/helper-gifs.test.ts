import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../../domain/messages";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../../tests/support/api-fixture";
import { startGifServer } from "../../../tests/support/gif-server";
import { closedLoopbackPort } from "../../../tests/support/ports";

// The helper's GIF search (issue 27, ADR 042) against a stand-in for the provider on loopback that speaks
// Tenor's v2 search: 8 results with their addresses and previews, the key from the configuration; no key,
// no search (404, and the features say so); the provider down, slow or refusing the key: a clear 503.

describe("GET /v1/helper/gifs", () => {
  let fx: ApiFixture;
  let agent: SignedIn;
  let guest: SignedIn;
  let gifs: Awaited<ReturnType<typeof startGifServer>>;

  beforeAll(async () => {
    fx = await createApiFixture("sqlite");
    const tenant = await fx.createTenant();
    agent = await fx.signIn(tenant.accounts.agent.email);
    guest = await fx.signIn(tenant.accounts.guest.email);
    gifs = await startGifServer({ key: "test-key" });
  }, 60_000);
  afterAll(async () => {
    await gifs?.close();
    await fx?.cleanup();
  });

  const search = (q: string, auth: SignedIn | null = agent) => fx.request("GET", `/api/v1/helper/gifs?q=${encodeURIComponent(q)}`, auth ? { auth } : {});
  const features = () => fx.request("GET", "/api/v1/helper/features", { auth: agent });

  it("without a key: no search (404) and the features say there is none", async () => {
    fx.deps.helper = undefined;
    expect((await features()).json).toEqual({ gif_search: false, model: false });
    const res = await search("cats");
    expect(res.status).toBe(404);
    expect(res.json).toEqual({ error_message: MESSAGES.helperChat.gifNotConfigured });
    expect(gifs.requests).toHaveLength(0);
  });

  it("with a key: the provider's first 8 results, its search asked with the key and limit 8", async () => {
    fx.deps.helper = { gifApiKey: "test-key", gifApiBaseUrl: gifs.baseUrl };
    expect((await features()).json).toEqual({ gif_search: true, model: false });
    const res = await search("happy dance");
    expect(res.status, JSON.stringify(res.json)).toBe(200);
    expect(res.json.data).toHaveLength(8);
    expect(res.json.data[0]).toEqual({
      id: "happy-dance-1",
      title: "happy dance GIF 1",
      url: "https://media.tenor.test/favicon.ico?gif=happy-dance-1",
      preview_url: "https://media.tenor.test/favicon.ico?tinygif=happy-dance-1",
    });
    const asked = gifs.requests.at(-1)!;
    expect(asked.pathname).toBe("/v2/search");
    expect(Object.fromEntries(asked.searchParams)).toMatchObject({ q: "happy dance", key: "test-key", limit: "8" });
  });

  it("refuses empty or long words, anonymous callers and members without the helper", async () => {
    fx.deps.helper = { gifApiKey: "test-key", gifApiBaseUrl: gifs.baseUrl };
    expect((await search(" ")).status).toBe(422);
    expect((await search("x".repeat(101))).status).toBe(422);
    expect((await search("cats", null)).status).toBe(401);
    expect((await search("cats", guest)).status).toBe(403);
  });

  it("says plainly that the search is unavailable when the provider is down, slow, refuses the key or is not there", async () => {
    const unavailable = { error_message: MESSAGES.helperChat.gifUnavailable };
    fx.deps.helper = { gifApiKey: "test-key", gifApiBaseUrl: gifs.baseUrl };
    gifs.setMode("down");
    expect(await search("cats")).toMatchObject({ status: 503, json: unavailable });
    gifs.setMode("ok");
    fx.deps.helper = { gifApiKey: "wrong-key", gifApiBaseUrl: gifs.baseUrl };
    expect(await search("cats")).toMatchObject({ status: 503, json: unavailable });
    fx.deps.helper = { gifApiKey: "test-key", gifApiBaseUrl: `http://127.0.0.1:${await closedLoopbackPort()}` };
    expect(await search("cats")).toMatchObject({ status: 503, json: unavailable });
    fx.deps.helper = undefined;
  });
});
