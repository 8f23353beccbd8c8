import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "../../domain/messages";
import { FEED_MESSAGES } from "../../ingest/feeds";
import { startReplayServer, type ReplayServer } from "../../ingest/reviews/fixtures/replay-server";
import { createApiFixture, type ApiFixture, type SignedIn } from "../../tests/support/api-fixture";
import { testEngines } from "../../tests/support/database";
import type { ServiceDeps } from "../context";
import { pollDueStreams } from "./poll-stream";

const INTERVAL_SECONDS = 600;
const IOS_APP = "1512345678";
const IOS_BROKEN_APP = "1500000503";

type FeedMode = "rss" | "atom" | "html" | "garbage";

/** A feed server on 127.0.0.1 whose answer the test switches; it honours If-None-Match. */
interface FeedServer {
  url(path: string): string;
  mode: FeedMode;
  etag: string;
  rssItems: Array<{ guid: string; title: string; text: string; date: string }>;
  requests: Array<{ path: string; ifNoneMatch: string | undefined }>;
  close(): Promise<void>;
}

const escapeXml = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

function rssDocument(items: FeedServer["rssItems"]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0"><channel>
  <title>Northwind blog</title><link>https://blog.northwind.example</link><description>News</description>
  ${items
    .map(
      (i) => `<item><title>${escapeXml(i.title)}</title><link>https://blog.northwind.example/${i.guid}</link>
      <guid isPermaLink="false">${i.guid}</guid><pubDate>${new Date(i.date).toUTCString()}</pubDate>
      <author>press@northwind.example (Press Team)</author>
      <description>${escapeXml(i.text)}</description></item>`,
    )
    .join("\n")}
</channel></rss>`;
}

const atomDocument = (path: string) => `<?xml version="1.0" encoding="utf-8"?>
<feed xmlns="http://www.w3.org/2005/Atom">
  <title>Northwind news</title>
  <id>urn:uuid:1b5b0c1e-7a1e-4d6e-9a55-0c2b6f0a9a11</id>
  <updated>2024-05-13T18:30:02Z</updated>
  <author><name>Newsroom</name></author>
  <entry>
    <title>Northwind opens an office in Lisbon</title>
    <link rel="alternate" href="https://news.example/lisbon"/>
    <id>urn:news:${path}:lisbon</id>
    <published>2024-05-13T10:00:00Z</published><updated>2024-05-13T10:00:00Z</updated>
    <summary>The new office will host the support team.</summary>
  </entry>
  <entry>
    <title>Northwind raises prices</title>
    <link rel="alternate" href="https://news.example/prices"/>
    <id>urn:news:${path}:prices</id>
    <published>2024-05-12T09:00:00Z</published><updated>2024-05-12T09:00:00Z</updated>
    <summary>Customers are unhappy about the new subscription prices.</summary>
  </entry>
</feed>`;

async function startFeedServer(): Promise<FeedServer> {
  const state: Omit<FeedServer, "url" | "close"> = {
    mode: "rss",
    etag: '"v1"',
    rssItems: [
      { guid: "post-1", title: "Release 3.2", text: "Faster sync and a new dark mode.", date: "2024-05-14T09:30:00Z" },
      {
        guid: "post-2",
        title: "Northwind & Acme",
        text: "A partnership to be proud of.",
        date: "2024-05-10T08:00:00Z",
      },
      {
        guid: "post-3",
        title: "Outage report",
        text: "What went wrong on Tuesday, and what we changed.",
        date: "2024-05-08T12:00:00Z",
      },
    ],
    requests: [],
  };
  const server = http.createServer((req, res) => {
    const ifNoneMatch = req.headers["if-none-match"];
    state.requests.push({ path: req.url ?? "/", ifNoneMatch });
    if (req.url?.startsWith("/atom")) {
      res.writeHead(200, { "content-type": "application/atom+xml" });
      res.end(atomDocument(req.url));
      return;
    }
    switch (state.mode) {
      case "rss":
        if (ifNoneMatch === state.etag) {
          res.writeHead(304, { etag: state.etag });
          res.end();
          return;
        }
        res.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", etag: state.etag });
        res.end(rssDocument(state.rssItems));
        return;
      case "html":
        res.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        res.end("<!DOCTYPE html><html><head><title>Blog</title></head><body><p>We moved!</p></body></html>");
        return;
      case "garbage":
        res.writeHead(200, { "content-type": "application/octet-stream" });
        res.end(Buffer.from([0xde, 0xad, 0xbe, 0xef, 0x00, 0x01, 0xff, 0xfe, 0x7f, 0x3c, 0x00, 0x9c, 0x12, 0x34]));
        return;
      default:
        res.writeHead(500);
        res.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}

describe.each(testEngines())("polling feed and review streams on %s", (engine) => {
  let feeds: FeedServer;
  let replay: ReplayServer;
  let fx: ApiFixture;
  let admin: SignedIn;
  let agent: SignedIn;

  beforeAll(async () => {
    feeds = await startFeedServer();
    const page = (n: number, app: string) => `/us/rss/customerreviews/page=${n}/id=${app}/sortby=mostrecent/json`;
    replay = await startReplayServer([
      { path: "/lookup", query: { id: IOS_APP, country: "us" }, fixture: "ios-lookup-found.json" },
      { path: "/lookup", query: { id: IOS_BROKEN_APP, country: "us" }, fixture: "ios-lookup-found.json" },
      { path: page(1, IOS_APP), fixture: "ios-reviews-page1.json" },
      { path: page(2, IOS_APP), fixture: "ios-reviews-page2.json" },
      { path: page(3, IOS_APP), fixture: "ios-reviews-empty.json" },
      { path: page(1, IOS_BROKEN_APP), status: 503, body: "" },
    ]);
    fx = await createApiFixture(engine, { ingest: { reviewBaseUrls: { ios: replay.baseUrl } } });
    const tenant = await fx.createTenant();
    [admin, agent] = await Promise.all([
      fx.signIn(tenant.accounts.admin.email),
      fx.signIn(tenant.accounts.agent.email),
    ]);
  });
  afterAll(async () => {
    await fx?.cleanup();
    await feeds?.close();
    await replay?.close();
  });

  /** The poller runs on its own clock, moved forward by the test; the API keeps the real one. */
  function pollAt(at: Date): Promise<number> {
    const deps: ServiceDeps = { ...fx.deps, now: () => at };
    return pollDueStreams(deps);
  }

  async function createStream(body: Record<string, unknown>) {
    const res = await fx.request("POST", "/api/v1/streams", {
      auth: admin,
      body: { name: `Stream ${Math.random()}`, ...body },
    });
    expect(res.status).toBe(201);
    return res.json as { id: number };
  }

  /** Each test removes its stream at the end, so a later test's clock finds only its own stream due. */
  async function remove(streamId: number) {
    expect((await fx.request("DELETE", `/api/v1/streams/${streamId}`, { auth: admin })).status).toBe(204);
  }

  async function health(streamId: number) {
    const res = await fx.request("GET", `/api/v1/streams/${streamId}`, { auth: admin });
    expect(res.status).toBe(200);
    return res.json.health as {
      items_count: number;
      last_item_at: string | null;
      last_success_at: string | null;
      last_error: string | null;
      last_error_at: string | null;
      consecutive_failures: number;
      next_poll_at: string | null;
    };
  }

  async function stored(streamId: number) {
    const query = new URLSearchParams({
      filters: JSON.stringify({ stream_ids: [streamId] }),
      limit: "100",
      order_by: "created_at",
    });
    const res = await fx.request("GET", `/api/v1/statuses?${query}`, { auth: agent });
    expect(res.status).toBe(200);
    return res.json.data as Array<{
      status_id: string;
      title: string | null;
      description: string;
      kind: string;
      rating: number | null;
      social_type: string;
    }>;
  }

  const minutesAfter = (date: Date, minutes: number) => new Date(date.getTime() + minutes * 60_000);
  const secondsBetween = (from: Date, to: string) => (Date.parse(to) - from.getTime()) / 1000;

  it("reads an RSS feed, asks again conditionally, records failures with backoff and recovers", async () => {
    const stream = await createStream({
      social_type: "article",
      category: "streams",
      source: "feed",
      feed_url: feeds.url("/feed.xml"),
      interval_seconds: INTERVAL_SECONDS,
    });
    let clock = minutesAfter(new Date(), 1);

    // First poll: everything is new.
    expect(await pollAt(clock)).toBe(1);
    expect(feeds.requests.at(-1)).toEqual({ path: "/feed.xml", ifNoneMatch: undefined });
    const first = await stored(stream.id);
    expect(first.map((s) => s.status_id).sort()).toEqual(["post-1", "post-2", "post-3"]);
    expect(first.every((s) => s.social_type === "article")).toBe(true);
    expect(first.find((s) => s.status_id === "post-1")).toMatchObject({
      title: "Release 3.2",
      description: "Faster sync and a new dark mode.",
    });
    let h = await health(stream.id);
    expect(h).toMatchObject({
      items_count: 3,
      last_success_at: clock.toISOString(),
      last_error: null,
      consecutive_failures: 0,
      last_item_at: "2024-05-14T09:30:00.000Z",
    });
    expect(secondsBetween(clock, h.next_poll_at!)).toBe(INTERVAL_SECONDS);

    // Not due yet: nothing is polled.
    expect(await pollAt(minutesAfter(clock, 1))).toBe(0);

    // Second poll: the server sees the ETag and answers 304; nothing new.
    clock = minutesAfter(clock, 11);
    expect(await pollAt(clock)).toBe(1);
    expect(feeds.requests.at(-1)).toEqual({ path: "/feed.xml", ifNoneMatch: '"v1"' });
    expect(await stored(stream.id)).toHaveLength(3);
    h = await health(stream.id);
    expect(h).toMatchObject({ items_count: 3, last_success_at: clock.toISOString(), consecutive_failures: 0 });

    // The address now serves a web page: the stream is marked failing, with the reason, and backs off.
    feeds.mode = "html";
    clock = minutesAfter(clock, 11);
    expect(await pollAt(clock)).toBe(1);
    h = await health(stream.id);
    expect(h).toMatchObject({
      last_error: FEED_MESSAGES.html,
      last_error_at: clock.toISOString(),
      consecutive_failures: 1,
      items_count: 3,
    });
    expect(secondsBetween(clock, h.next_poll_at!)).toBeGreaterThan(INTERVAL_SECONDS);
    expect(secondsBetween(clock, h.next_poll_at!)).toBe(INTERVAL_SECONDS * 2);
    // Not polled again at the normal interval.
    expect(await pollAt(minutesAfter(clock, 11))).toBe(0);

    // Then garbage bytes: still failing, with a reason, backing off further.
    feeds.mode = "garbage";
    clock = minutesAfter(clock, 21);
    expect(await pollAt(clock)).toBe(1);
    h = await health(stream.id);
    expect(h.last_error).toMatch(/^The feed is not valid XML: /);
    expect(h.last_error).not.toBe(FEED_MESSAGES.html);
    expect(h.consecutive_failures).toBe(2);
    expect(secondsBetween(clock, h.next_poll_at!)).toBe(INTERVAL_SECONDS * 4);
    expect(await stored(stream.id)).toHaveLength(3);

    // The feed comes back with a new post: stored, and the failure is cleared.
    feeds.mode = "rss";
    feeds.etag = '"v2"';
    feeds.rssItems.unshift({
      guid: "post-4",
      title: "Release 3.3",
      text: "Offline mode is here.",
      date: "2024-05-20T09:00:00Z",
    });
    clock = minutesAfter(clock, 41);
    expect(await pollAt(clock)).toBe(1);
    expect(feeds.requests.at(-1)?.ifNoneMatch).toBe('"v1"');
    expect((await stored(stream.id)).map((s) => s.status_id).sort()).toEqual(["post-1", "post-2", "post-3", "post-4"]);
    h = await health(stream.id);
    expect(h).toMatchObject({
      items_count: 4,
      last_error: null,
      consecutive_failures: 0,
      last_success_at: clock.toISOString(),
      last_item_at: "2024-05-20T09:00:00.000Z",
    });
    expect(secondsBetween(clock, h.next_poll_at!)).toBe(INTERVAL_SECONDS);
    await remove(stream.id);
  });

  it("reads a stream now when an admin asks (POST /v1/streams/{id}/poll)", async () => {
    const stream = await createStream({
      social_type: "article",
      category: "streams",
      source: "feed",
      feed_url: feeds.url("/atom-now.xml"),
    });
    const refused = await fx.request("POST", `/api/v1/streams/${stream.id}/poll`, { auth: agent });
    expect(refused).toMatchObject({ status: 403, json: { error_message: MESSAGES.forbidden } });

    const polled = await fx.request("POST", `/api/v1/streams/${stream.id}/poll`, { auth: admin });
    expect(polled.status).toBe(200);
    expect(polled.json).toMatchObject({ status: "ok", report: { accepted: 2, duplicates: 0, rejected: 0 } });
    expect(await stored(stream.id)).toHaveLength(2);
    const again = await fx.request("POST", `/api/v1/streams/${stream.id}/poll`, { auth: admin });
    expect(again.json).toMatchObject({ status: "ok", report: { accepted: 0, duplicates: 2 } });

    const api = await createStream({ social_type: "twitter", category: "streams", source: "api" });
    const notPolled = await fx.request("POST", `/api/v1/streams/${api.id}/poll`, { auth: admin });
    expect(notPolled).toMatchObject({ status: 400, json: { error_message: MESSAGES.streamActionNotAllowed } });
    await remove(stream.id);
    await remove(api.id);
  });

  it("reads an Atom feed", async () => {
    const stream = await createStream({
      social_type: "article",
      category: "streams",
      source: "feed",
      feed_url: feeds.url("/atom.xml"),
    });
    expect(await pollAt(minutesAfter(new Date(), 1))).toBe(1);
    const items = await stored(stream.id);
    expect(items.map((s) => s.title).sort()).toEqual([
      "Northwind opens an office in Lisbon",
      "Northwind raises prices",
    ]);
    expect(items.find((s) => s.title === "Northwind raises prices")?.description).toBe(
      "Customers are unhappy about the new subscription prices.",
    );
    expect(await health(stream.id)).toMatchObject({ items_count: 2, last_error: null, consecutive_failures: 0 });
    await remove(stream.id);
  });

  it("reads App Store reviews with their ratings", async () => {
    const stream = await createStream({
      social_type: "ios",
      category: "review streams",
      source: "review",
      app_id: IOS_APP,
      country: "us",
    });
    const clock = minutesAfter(new Date(), 1);
    expect(await pollAt(clock)).toBe(1);
    const reviews = await stored(stream.id);
    expect(reviews.map((r) => r.status_id).sort()).toEqual([
      "11234400000",
      "11234411111",
      "11234498765",
      "11234501234",
      "11234567890",
    ]);
    expect(reviews.every((r) => r.kind === "review" && r.social_type === "ios")).toBe(true);
    expect(reviews.every((r) => typeof r.rating === "number" && r.rating >= 1 && r.rating <= 5)).toBe(true);
    expect(reviews.find((r) => r.status_id === "11234567890")).toMatchObject({
      title: "Sync keeps failing",
      rating: 2,
    });
    expect(await health(stream.id)).toMatchObject({
      items_count: 5,
      last_success_at: clock.toISOString(),
      last_error: null,
    });

    // Polled again later: the reviews already stored are not stored twice.
    expect(await pollAt(minutesAfter(clock, 24 * 60))).toBe(1);
    expect(await stored(stream.id)).toHaveLength(5);
    expect((await health(stream.id)).items_count).toBe(5);
    await remove(stream.id);
  });

  it("marks a review stream failing when the platform answers an error", async () => {
    const stream = await createStream({
      social_type: "ios",
      category: "review streams",
      source: "review",
      app_id: IOS_BROKEN_APP,
      country: "us",
    });
    const clock = minutesAfter(new Date(), 1);
    expect(await pollAt(clock)).toBe(1);
    const h = await health(stream.id);
    expect(h).toMatchObject({
      last_error: "The App Store answered HTTP 503",
      consecutive_failures: 1,
      items_count: 0,
      last_success_at: null,
    });
    expect(secondsBetween(clock, h.next_poll_at!)).toBe(3600 * 2);
    await remove(stream.id);
  });
});
