import http from "node:http";
import type { AddressInfo } from "node:net";
import { fileURLToPath } from "node:url";

// A real HTTP server on 127.0.0.1 standing in for the GIF provider (issue 27, ADR 042): Tenor's v2
// search, `GET /v2/search?q&key&limit` answering `{ results: [{ id, content_description,
// media_formats: { gif: { url }, tinygif: { url } } }], next }`, a wrong key refused as Tenor does (a 403
// with an error body). `mode` turns it down (503) or slow (never answers) for the failure paths.
// Run directly (`node --import tsx tests/support/gif-server.ts`) it serves the browser journeys:
// GIF_STAND_IN_PORT, GIF_STAND_IN_KEY, GIF_STAND_IN_MEDIA (where the GIFs' addresses point).

export type GifServerMode = "ok" | "down" | "hang";

export interface GifServerOptions {
  port?: number;
  key: string;
  /** The base of the GIFs' addresses (the browser journeys use the app's own origin, allowed by its CSP). */
  mediaBase?: string;
}

/** How many results the stand-in holds for any words: more than a search may ask for. */
const HELD = 12;

export async function startGifServer(options: GifServerOptions) {
  const requests: URL[] = [];
  let mode: GifServerMode = "ok";
  const media = (options.mediaBase ?? "https://media.tenor.test").replace(/\/+$/, "");
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://127.0.0.1");
    requests.push(url);
    if (mode === "hang") return;
    const reply = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json" });
      res.end(JSON.stringify(body));
    };
    if (mode === "down") return reply(503, { error: { code: 503, message: "Service unavailable" } });
    if (url.pathname !== "/v2/search") return reply(404, { error: { code: 404, message: "Not found" } });
    if (url.searchParams.get("key") !== options.key) return reply(403, { error: { code: 403, message: "API key not valid. Please pass a valid API key." } });
    const q = url.searchParams.get("q") ?? "";
    const limit = Math.min(Number(url.searchParams.get("limit") ?? 20) || 20, 50);
    const slug = encodeURIComponent(q.toLowerCase().replace(/\s+/g, "-"));
    const results = Array.from({ length: Math.min(limit, HELD) }, (_, i) => ({
      id: `${slug}-${i + 1}`,
      title: "",
      content_description: `${q} GIF ${i + 1}`,
      itemurl: `https://tenor.test/view/${slug}-${i + 1}`,
      media_formats: {
        gif: { url: `${media}/favicon.ico?gif=${slug}-${i + 1}`, dims: [498, 280], size: 1000 },
        tinygif: { url: `${media}/favicon.ico?tinygif=${slug}-${i + 1}`, dims: [220, 124], size: 100 },
      },
    }));
    reply(200, { results, next: String(results.length) });
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    setMode(next: GifServerMode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const port = Number(process.env.GIF_STAND_IN_PORT);
  if (!port) throw new Error("GIF_STAND_IN_PORT is required");
  void startGifServer({ port, key: process.env.GIF_STAND_IN_KEY ?? "e2e-gif-key", ...(process.env.GIF_STAND_IN_MEDIA ? { mediaBase: process.env.GIF_STAND_IN_MEDIA } : {}) });
}
