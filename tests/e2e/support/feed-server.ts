// A small RSS 2.0 feed served on 127.0.0.1 for the channels journey: the app's poller reaches it
// because the e2e server runs with FEED_ALLOWLIST=127.0.0.1 (playwright.config.ts). Each test starts
// its own on a free port and closes it at the end.
import http from "node:http";
import type { AddressInfo } from "node:net";

export interface FeedItem {
  guid: string;
  title: string;
  description: string;
  link: string;
  author: string;
  publishedAt: Date;
}

export interface FeedServer {
  /** The feed's address, e.g. http://127.0.0.1:41234/feed.xml */
  url: string;
  /** How many times the feed was fetched. */
  hits(): number;
  close(): Promise<void>;
}

const escapeXml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;").replace(/'/g, "&apos;");

export function rss(title: string, items: readonly FeedItem[]): string {
  const entries = items
    .map(
      (item) => `    <item>
      <title>${escapeXml(item.title)}</title>
      <link>${escapeXml(item.link)}</link>
      <guid isPermaLink="false">${escapeXml(item.guid)}</guid>
      <pubDate>${item.publishedAt.toUTCString()}</pubDate>
      <dc:creator>${escapeXml(item.author)}</dc:creator>
      <description>${escapeXml(item.description)}</description>
    </item>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:dc="http://purl.org/dc/elements/1.1/">
  <channel>
    <title>${escapeXml(title)}</title>
    <link>http://127.0.0.1/</link>
    <description>Test feed</description>
${entries}
  </channel>
</rss>
`;
}

export async function startFeedServer(title: string, items: readonly FeedItem[]): Promise<FeedServer> {
  let hits = 0;
  const server = http.createServer((request, response) => {
    if (request.url !== "/feed.xml") {
      response.writeHead(404).end();
      return;
    }
    hits++;
    response.writeHead(200, { "content-type": "application/rss+xml; charset=utf-8", "cache-control": "no-store" });
    response.end(rss(title, items));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/feed.xml`,
    hits: () => hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
