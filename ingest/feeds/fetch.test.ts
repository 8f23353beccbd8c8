import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import zlib from "node:zlib";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { nodeRequester, readBody } from "./http";
import { fetchFeed, MAX_POLL_DELAY_MS, nextPollDelayMs, type FeedFetchOptions } from "./fetch";

const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name));
const RSS = fixture("rss2.xml");
const ATOM = fixture("atom.xml");
const ETAG = '"v1-4812"';
const LAST_MODIFIED = "Tue, 14 May 2024 09:30:12 GMT";

let server: http.Server;
let base: string;
let port: number;
let connections = 0;
const seen: { path: string; headers: http.IncomingHttpHeaders }[] = [];
const open = new Set<http.ServerResponse>();

beforeAll(async () => {
  server = http.createServer((req, res) => {
    seen.push({ path: req.url ?? "", headers: req.headers });
    const url = new URL(req.url ?? "/", "http://x");
    const send = (status: number, body: string | Buffer, headers: http.OutgoingHttpHeaders = {}) => {
      res.writeHead(status, headers);
      res.end(body);
    };
    switch (url.pathname) {
      case "/feed.xml":
        if (req.headers["if-none-match"] === ETAG || req.headers["if-modified-since"] === LAST_MODIFIED) {
          return send(304, "", { etag: ETAG });
        }
        return send(200, RSS, {
          "content-type": "application/rss+xml; charset=utf-8",
          etag: ETAG,
          "last-modified": LAST_MODIFIED,
        });
      case "/atom.gz":
        return send(200, zlib.gzipSync(ATOM), { "content-type": "application/atom+xml", "content-encoding": "gzip" });
      case "/latin1.xml": {
        const xml = `<?xml version="1.0" encoding="ISO-8859-1"?><rss><channel><title>Caf\u00e9 Cr\u00e8me</title>
          <item><guid>1</guid><description>D\u00e9j\u00e0 vu</description></item></channel></rss>`;
        return send(200, Buffer.from(xml, "latin1"), { "content-type": "text/xml" });
      }
      case "/page.html":
        return send(200, fixture("html-page.html"), { "content-type": "text/html; charset=utf-8" });
      case "/rss-as-html":
        return send(200, RSS, { "content-type": "text/html" });
      case "/garbage":
        return send(200, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]), {
          "content-type": "application/octet-stream",
        });
      case "/missing":
        return send(404, "not here", { "content-type": "text/plain" });
      case "/broken":
        return send(503, "", {});
      case "/slow":
        open.add(res);
        res.writeHead(200, { "content-type": "application/rss+xml" });
        res.write("<rss><channel>"); // and never finishes
        return;
      case "/big": {
        res.writeHead(200, { "content-type": "application/rss+xml" }); // chunked, no length
        const chunk = Buffer.alloc(16 * 1024, "a");
        let sent = 0;
        const pump = () => {
          while (sent < 64 && res.write(chunk)) sent++;
          if (sent < 64 && !res.destroyed) res.once("drain", pump);
          else res.end();
        };
        res.on("error", () => {});
        pump();
        return;
      }
      case "/big-declared":
        return send(200, Buffer.alloc(200_000, "a"), { "content-type": "application/rss+xml" });
      case "/hop": {
        const n = Number(url.searchParams.get("n"));
        return n > 0
          ? send(302, "", { location: `/hop?n=${n - 1}` })
          : send(200, RSS, { "content-type": "application/rss+xml" });
      }
      case "/to-private":
        return send(301, "", { location: "http://10.0.0.1/feed.xml" });
      case "/to-metadata":
        return send(302, "", { location: "http://169.254.169.254/latest/meta-data/" });
      case "/to-localhost":
        return send(302, "", { location: `http://localhost:${port}/feed.xml` });
      case "/to-file":
        return send(302, "", { location: "file:///etc/passwd" });
      case "/no-location":
        return send(302, "", {});
      default:
        return send(404, "", {});
    }
  });
  server.on("connection", () => connections++);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;
});

afterAll(async () => {
  for (const res of open) res.destroy();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

beforeEach(() => {
  seen.length = 0;
  connections = 0;
});

const LOCAL: FeedFetchOptions = { network: "article", allowHosts: ["127.0.0.1"] };

/** A fetch that refuses to leave 127.0.0.1, so that no guard bug can ever send traffic elsewhere. */
function loopbackOnlyFetch(calls: string[]): typeof fetch {
  return async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    calls.push(url.href);
    if (url.hostname !== "127.0.0.1") throw new Error(`test fetch refused ${url.href}`);
    return fetch(url, init);
  };
}

describe("fetchFeed", () => {
  it("fetches and parses a feed, returning its validators and title", async () => {
    const result = await fetchFeed(`${base}/feed.xml`, {}, LOCAL);
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result).toMatchObject({ etag: ETAG, lastModified: LAST_MODIFIED, title: "Northwind Tech Blog" });
    expect(result.items).toHaveLength(4);
    for (const item of result.items) IngestItemSchema.parse(item);
    expect(seen[0].headers["user-agent"]).toMatch(/Earshot/);
    expect(seen[0].headers.accept).toContain("application/rss+xml");
    expect(seen[0].headers["if-none-match"]).toBeUndefined();
  });

  it("sends the conditional headers and answers not-modified on 304", async () => {
    expect(await fetchFeed(`${base}/feed.xml`, { etag: ETAG }, LOCAL)).toEqual({ status: "not-modified" });
    expect(seen[0].headers["if-none-match"]).toBe(ETAG);
    expect(await fetchFeed(`${base}/feed.xml`, { etag: null, lastModified: LAST_MODIFIED }, LOCAL)).toEqual({
      status: "not-modified",
    });
    expect(seen[1].headers["if-modified-since"]).toBe(LAST_MODIFIED);
  });

  it("decompresses gzip and honours the declared charset of the XML", async () => {
    const atom = await fetchFeed(`${base}/atom.gz`, {}, LOCAL);
    expect(atom.status === "ok" && atom.items[0].title).toBe("Northwind übernimmt Startup");
    const latin1 = await fetchFeed(`${base}/latin1.xml`, {}, LOCAL);
    expect(latin1).toMatchObject({ status: "ok", title: "Café Crème" });
    expect(latin1.status === "ok" && latin1.items[0].text).toBe("Déjà vu");
  });

  it("reads feeds served as text/html by their content, and refuses real HTML and garbage", async () => {
    expect((await fetchFeed(`${base}/rss-as-html`, {}, LOCAL)).status).toBe("ok");
    expect(await fetchFeed(`${base}/page.html`, {}, LOCAL)).toEqual({
      status: "failed",
      reason: "The feed answered HTML, not RSS or Atom",
    });
    const garbage = await fetchFeed(`${base}/garbage`, {}, LOCAL);
    expect(garbage.status === "failed" && garbage.reason).toMatch(/^The feed is not valid XML: /);
  });

  it("reports HTTP errors with their status", async () => {
    expect(await fetchFeed(`${base}/missing`, {}, LOCAL)).toEqual({
      status: "failed",
      reason: "The feed answered HTTP 404 Not Found",
    });
    expect(await fetchFeed(`${base}/broken`, {}, LOCAL)).toEqual({
      status: "failed",
      reason: "The feed answered HTTP 503 Service Unavailable",
    });
  });

  it("gives up after the timeout", async () => {
    const started = Date.now();
    const result = await fetchFeed(`${base}/slow`, {}, { ...LOCAL, timeoutMs: 300 });
    expect(result).toEqual({ status: "failed", reason: "The feed timed out (no complete answer within 0.3 s)" });
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it("stops reading beyond the byte limit, declared or streamed", async () => {
    const streamed = await fetchFeed(`${base}/big`, {}, { ...LOCAL, maxBytes: 100_000 });
    expect(streamed).toEqual({ status: "failed", reason: "The feed is too large (more than 100000 bytes)" });
    const declared = await fetchFeed(`${base}/big-declared`, {}, { ...LOCAL, maxBytes: 64 * 1024 });
    expect(declared).toEqual({ status: "failed", reason: "The feed is too large (more than 64 KB)" });
  });

  it("follows up to 5 redirects, and no more", async () => {
    expect((await fetchFeed(`${base}/hop?n=5`, {}, LOCAL)).status).toBe("ok");
    expect(seen.map((s) => s.path)).toEqual(["/hop?n=5", "/hop?n=4", "/hop?n=3", "/hop?n=2", "/hop?n=1", "/hop?n=0"]);
    expect(await fetchFeed(`${base}/hop?n=6`, {}, LOCAL)).toEqual({
      status: "failed",
      reason: "The feed redirected more than 5 times",
    });
    expect(await fetchFeed(`${base}/no-location`, {}, LOCAL)).toEqual({
      status: "failed",
      reason: "The feed answered HTTP 302 without a Location",
    });
  });

  it("refuses 127.0.0.1 when it is not allow-listed, without connecting", async () => {
    const result = await fetchFeed(`${base}/feed.xml`, {}, { network: "article" });
    expect(result).toEqual({
      status: "failed",
      reason: "The address 127.0.0.1 is not allowed: it is a loopback address",
    });
    expect(connections).toBe(0);
  });

  it("refuses private, metadata, IPv6 loopback and localhost targets without a request", async () => {
    const calls: string[] = [];
    const options: FeedFetchOptions = { network: "article", fetchImpl: loopbackOnlyFetch(calls) };
    for (const url of [
      "http://10.0.0.1/feed.xml",
      "http://169.254.169.254/latest/meta-data/",
      "http://[::1]/feed",
      "http://localhost/feed",
    ]) {
      const result = await fetchFeed(url, {}, options);
      expect(result.status === "failed" && result.reason, url).toMatch(/is not allowed/);
    }
    expect(await fetchFeed("ftp://example.com/feed", {}, options)).toEqual({
      status: "failed",
      reason: "Only http and https addresses are allowed, not ftp",
    });
    expect(await fetchFeed("::not a url::", {}, options)).toEqual({
      status: "failed",
      reason: "The feed address is not a valid URL",
    });
    expect(calls).toEqual([]);
  });

  it("checks every redirect hop", async () => {
    const calls: string[] = [];
    const options: FeedFetchOptions = { ...LOCAL, fetchImpl: loopbackOnlyFetch(calls) };
    expect(await fetchFeed(`${base}/to-private`, {}, options)).toEqual({
      status: "failed",
      reason: "The address 10.0.0.1 is not allowed: it is a private address",
    });
    expect(await fetchFeed(`${base}/to-metadata`, {}, options)).toEqual({
      status: "failed",
      reason: "The address 169.254.169.254 is not allowed: it is a link-local address",
    });
    expect(await fetchFeed(`${base}/to-localhost`, {}, options)).toEqual({
      status: "failed",
      reason: "The address localhost is not allowed: it is a loopback address",
    });
    expect(await fetchFeed(`${base}/to-file`, {}, options)).toEqual({
      status: "failed",
      reason: "Only http and https addresses are allowed, not file",
    });
    expect(calls.every((c) => c.startsWith(base))).toBe(true);
  });

  it("works through an injected fetch too (manual redirects, conditional GET)", async () => {
    const calls: string[] = [];
    const options: FeedFetchOptions = { ...LOCAL, fetchImpl: loopbackOnlyFetch(calls) };
    const result = await fetchFeed(`${base}/hop?n=2`, {}, options);
    expect(result.status).toBe("ok");
    expect(calls).toEqual([`${base}/hop?n=2`, `${base}/hop?n=1`, `${base}/hop?n=0`]);
    expect(await fetchFeed(`${base}/feed.xml`, { etag: ETAG }, options)).toEqual({ status: "not-modified" });
    const big = await fetchFeed(`${base}/big`, {}, { ...options, maxBytes: 50_000 });
    expect(big.status === "failed" && big.reason).toMatch(/too large/);
  });

  it("never throws, even when the fetch itself does", async () => {
    const throwing: typeof fetch = async () => {
      throw new TypeError("fetch failed", { cause: Object.assign(new Error("refused"), { code: "ECONNREFUSED" }) });
    };
    expect(await fetchFeed(`${base}/feed.xml`, {}, { ...LOCAL, fetchImpl: throwing })).toEqual({
      status: "failed",
      reason: "The feed could not be reached (ECONNREFUSED)",
    });
    const closed = await fetchFeed("http://127.0.0.1:1/feed.xml", {}, LOCAL);
    expect(closed).toEqual({ status: "failed", reason: "The feed could not be reached (ECONNREFUSED)" });
  });
});

describe("nodeRequester", () => {
  it("connects to the checked addresses, not to whatever the name resolves to later", async () => {
    // "feeds.invalid" resolves nowhere: reaching the local server proves the pinned address was used.
    const response = await nodeRequester({
      url: new URL(`http://feeds.invalid:${port}/feed.xml`),
      headers: {},
      signal: AbortSignal.timeout(5_000),
      addresses: [{ address: "127.0.0.1", family: 4 }],
    });
    expect(response.status).toBe(200);
    expect((await readBody(response, 1_000_000)).byteLength).toBe(RSS.byteLength);
    expect(seen[0].headers.host).toBe(`feeds.invalid:${port}`);
  });
});

describe("nextPollDelayMs", () => {
  it("doubles the interval per consecutive failure, capped at 6 hours", () => {
    expect(nextPollDelayMs(900, 0)).toBe(900_000);
    expect(nextPollDelayMs(900, 1)).toBe(1_800_000);
    expect(nextPollDelayMs(900, 3)).toBe(7_200_000);
    expect(nextPollDelayMs(900, 5)).toBe(MAX_POLL_DELAY_MS);
    expect(nextPollDelayMs(900, 500)).toBe(MAX_POLL_DELAY_MS);
    expect(nextPollDelayMs(86_400, 2)).toBe(86_400_000);
    expect(nextPollDelayMs(NaN, -1)).toBe(60_000);
  });
});
