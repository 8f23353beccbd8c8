// The JavaScript a page makes the browser load: script src, modulepreload href and inline scripts,
// each gzipped with zlib at the default level. Static imports of the fetched chunks are followed
// too (Remix's modulepreload list should already cover them; anything extra is reported).
import zlib from "node:zlib";

const MAX_FILES = 300;
const TIMEOUT_MS = 10_000;

export interface JsAsset {
  url: string;
  /** How the page refers to it: script, modulepreload, import (found in another chunk), inline. */
  via: "script" | "modulepreload" | "import" | "inline";
  rawBytes: number;
  gzipBytes: number;
}

export interface JsWeight {
  page: string;
  assets: JsAsset[];
  totalRawBytes: number;
  totalGzipBytes: number;
  totalGzipKB: number;
  /** Chunks reached only through static imports (not listed by the page). */
  unlistedImports: string[];
  /** What the server sends for a JS chunk when the client accepts gzip/br (null: identity). */
  servedContentEncoding: string | null;
}

const attr = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}\\s*=\\s*"([^"]*)"`, "i"))?.[1] ?? null;

/** Static `import … from "x"`, `import "x"` and `export … from "x"` specifiers (not import()). */
function staticImports(code: string): string[] {
  const found = new Set<string>();
  const pattern = /(?:\bimport|\bexport)\s*(?:[\w*${}\s,]*?\bfrom\s*)?["']([^"']+)["']/g;
  for (const match of code.matchAll(pattern)) found.add(match[1]!);
  return [...found];
}

export async function measurePageJs(pageUrl: string, headers: Record<string, string> = {}): Promise<JsWeight> {
  const page = await fetch(pageUrl, { headers, signal: AbortSignal.timeout(TIMEOUT_MS) });
  const html = await page.text();
  if (page.status !== 200) throw new Error(`GET ${pageUrl} answered ${page.status}`);

  const assets: JsAsset[] = [];
  const gzip = (text: string | Buffer) => zlib.gzipSync(text).length;
  const queue: Array<{ url: string; via: JsAsset["via"] }> = [];
  const seen = new Set<string>();
  const enqueue = (href: string, base: string, via: JsAsset["via"]) => {
    const url = new URL(href, base);
    if (url.origin !== new URL(pageUrl).origin) return; // loopback only; nothing external is fetched
    const key = url.href;
    if (seen.has(key)) return;
    seen.add(key);
    queue.push({ url: key, via });
  };

  // Listed first (modulepreload, script src): what Remix tells the browser to fetch for the route.
  for (const match of html.matchAll(/<link\b[^>]*>/gi)) {
    const tag = match[0];
    if (attr(tag, "rel")?.toLowerCase() === "modulepreload") {
      const href = attr(tag, "href");
      if (href) enqueue(href, pageUrl, "modulepreload");
    }
  }
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    const tag = `<script${match[1]}>`;
    const src = attr(tag, "src");
    if (src) {
      enqueue(src, pageUrl, "script");
    } else if (match[2]!.trim()) {
      const code = match[2]!;
      assets.push({
        url: `inline #${assets.filter((a) => a.via === "inline").length + 1}`,
        via: "inline",
        rawBytes: Buffer.byteLength(code),
        gzipBytes: gzip(code),
      });
      for (const spec of staticImports(code)) if (/^(\/|\.|https?:)/.test(spec)) enqueue(spec, pageUrl, "import");
    }
  }
  const listed = new Set(queue.filter((q) => q.via !== "import").map((q) => q.url));

  let servedContentEncoding: string | null = null;
  const unlisted: string[] = [];
  for (let i = 0; i < queue.length && i < MAX_FILES; i++) {
    const { url, via } = queue[i]!;
    const response = await fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) });
    if (response.status !== 200) {
      await response.arrayBuffer();
      // A specifier found by the regex in a chunk that is not a real module: not the page's JS.
      if (via === "import" && !listed.has(url)) continue;
      throw new Error(`GET ${url} answered ${response.status}`);
    }
    if (i === 0) servedContentEncoding = response.headers.get("content-encoding");
    const body = Buffer.from(await response.arrayBuffer());
    const isListed = via !== "import" || listed.has(url);
    if (!isListed) unlisted.push(new URL(url).pathname);
    assets.push({ url: new URL(url).pathname, via, rawBytes: body.length, gzipBytes: gzip(body) });
    for (const spec of staticImports(body.toString("utf8"))) {
      if (/^(\/|\.)/.test(spec) && spec.endsWith(".js")) enqueue(spec, url, "import");
    }
  }
  if (queue.length > MAX_FILES) throw new Error(`more than ${MAX_FILES} scripts reachable from ${pageUrl}`);

  const totalRawBytes = assets.reduce((sum, a) => sum + a.rawBytes, 0);
  const totalGzipBytes = assets.reduce((sum, a) => sum + a.gzipBytes, 0);
  return {
    page: pageUrl,
    assets,
    totalRawBytes,
    totalGzipBytes,
    totalGzipKB: Math.round((totalGzipBytes / 1024) * 10) / 10,
    unlistedImports: unlisted,
    servedContentEncoding,
  };
}
