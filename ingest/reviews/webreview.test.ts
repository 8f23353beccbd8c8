import fs from "node:fs";
import http from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { IngestItemSchema } from "../../domain/schemas/mention-input";
import { fetchWebReviews } from "./index";

const FEED = fs.readFileSync(path.join(import.meta.dirname, "..", "feeds", "fixtures", "webreviews.xml"));
let server: http.Server;
let base: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    res.writeHead(200, { "content-type": "application/rss+xml" });
    res.end(FEED);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

describe("web reviews", () => {
  it("are read through the feed reader as reviews with ratings", async () => {
    const result = await fetchWebReviews(`${base}/reviews.rss`, {}, { allowHosts: ["127.0.0.1"] });
    expect(result.status).toBe("ok");
    if (result.status !== "ok") return;
    expect(result.items.map((i) => [i.network, i.kind, i.rating])).toEqual([
      ["webreview", "review", 3],
      ["webreview", "review", 4.11],
      ["webreview", "review", 4.5],
      ["webreview", "review", undefined],
    ]);
    for (const item of result.items) IngestItemSchema.parse(item);
  });

  it("keep the feed reader's SSRF guard", async () => {
    expect(await fetchWebReviews(`${base}/reviews.rss`, {})).toMatchObject({ status: "failed" });
  });
});
