// Bounded HTTP GETs for ingest: one request (redirects are the caller's business), a body read as a stream
// up to a byte limit, and charset decoding. Two ways to send: node:http pinned to pre-checked addresses
// (the default; closes the DNS-rebinding window of the SSRF guard), or any fetch (tests, proxies).
import type { LookupAddress } from "node:dns";
import http, { type IncomingMessage } from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import { pipeline, type Readable } from "node:stream";
import zlib from "node:zlib";

export interface RawResponse {
  status: number;
  statusText: string;
  headers: Headers;
  /** Decoded (decompressed) body chunks. */
  body: AsyncIterable<Uint8Array> | null;
  /** Releases the connection when the body is not wanted. */
  discard(): void;
}

interface RawRequest {
  url: URL;
  headers: Record<string, string>;
  signal: AbortSignal;
  /** Connect only to these addresses (null: resolve the host normally). */
  addresses: LookupAddress[] | null;
}

export type Requester = (request: RawRequest) => Promise<RawResponse>;

export class BodyTooLargeError extends Error {
  constructor(readonly maxBytes: number) {
    super(`The answer is larger than ${maxBytes} bytes`);
    this.name = "BodyTooLargeError";
  }
}

/** A lookup that answers with the given addresses only, in the shapes net.connect asks for. */
export function pinnedLookup(addresses: LookupAddress[]): LookupFunction {
  return ((_hostname: string, options: { family?: number | string; all?: boolean }, callback: LookupCallback) => {
    const wanted =
      options.family === 4 || options.family === "IPv4" ? 4 : options.family === 6 || options.family === "IPv6" ? 6 : 0;
    const list = wanted === 0 ? addresses : addresses.filter((a) => a.family === wanted);
    if (list.length === 0) {
      const error: NodeJS.ErrnoException = new Error("No checked address of the wanted family");
      error.code = "ENOTFOUND";
      callback(error, options.all ? [] : "", 0);
    } else if (options.all) callback(null, list);
    else callback(null, list[0].address, list[0].family);
  }) as unknown as LookupFunction;
}
type LookupCallback = (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

function toHeaders(message: IncomingMessage): Headers {
  const headers = new Headers();
  for (const [name, value] of Object.entries(message.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return headers;
}

function decompress(message: IncomingMessage): Readable {
  const encoding = (message.headers["content-encoding"] ?? "").trim().toLowerCase();
  const decoder =
    encoding === "gzip" || encoding === "x-gzip"
      ? zlib.createGunzip()
      : encoding === "deflate"
        ? zlib.createInflate()
        : encoding === "br"
          ? zlib.createBrotliDecompress()
          : null;
  if (!decoder) return message;
  pipeline(message, decoder, () => {}); // errors surface on the decoder, which the reader iterates
  return decoder;
}

/** GET with node:http(s), connecting only to the checked addresses; the TLS name is still the URL's host. */
export const nodeRequester: Requester = ({ url, headers, signal, addresses }) =>
  new Promise<RawResponse>((resolve, reject) => {
    const client = url.protocol === "https:" ? https : http;
    const request = client.request(url, {
      method: "GET",
      headers: { "accept-encoding": "gzip, deflate, br", ...headers },
      signal,
      agent: false, // a fresh connection: a pooled socket could lead elsewhere than the checked address
      ...(addresses ? { lookup: pinnedLookup(addresses) } : {}),
    });
    request.on("error", reject); // later errors (an abort while reading) reach the body's reader
    request.once("response", (message) => {
      message.on("error", () => {});
      const hasBody = message.statusCode !== 204 && message.statusCode !== 304;
      resolve({
        status: message.statusCode ?? 0,
        statusText: message.statusMessage ?? "",
        headers: toHeaders(message),
        body: hasBody ? decompress(message) : null,
        discard: () => message.destroy(),
      });
      if (!hasBody) message.resume();
    });
    request.end();
  });

/** GET through a fetch implementation (redirects left to the caller; the fetch does its own DNS). */
export function fetchRequester(fetchImpl: typeof fetch): Requester {
  return async ({ url, headers, signal }) =>
    fromFetchResponse(await fetchImpl(url, { method: "GET", headers, signal, redirect: "manual" }));
}

/** A fetch Response in the shape readBody takes. */
export function fromFetchResponse(response: Response): RawResponse {
  const stream = response.body;
  return {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
    body: stream ? iterateStream(stream) : null,
    discard: () => void stream?.cancel().catch(() => {}),
  };
}

async function* iterateStream(stream: ReadableStream<Uint8Array>): AsyncGenerator<Uint8Array> {
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      yield value;
    }
  } finally {
    reader.cancel().catch(() => {});
  }
}

/** Reads a body up to maxBytes; throws BodyTooLargeError (and stops reading) beyond it. */
export async function readBody(response: RawResponse, maxBytes: number): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    response.discard();
    throw new BodyTooLargeError(maxBytes);
  }
  if (!response.body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body) {
    total += chunk.byteLength;
    if (total > maxBytes) {
      response.discard();
      throw new BodyTooLargeError(maxBytes);
    }
    chunks.push(chunk);
  }
  const body = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function charsetOf(contentType: string | null): string | undefined {
  return /charset\s*=\s*"?([\w.:-]+)/i.exec(contentType ?? "")?.[1];
}

/**
 * The body as text: a byte-order mark wins, then the Content-Type charset, then (for XML) the encoding of
 * the XML declaration, then UTF-8. Unknown labels fall back to UTF-8; bad bytes become U+FFFD.
 */
export function decodeBody(bytes: Uint8Array, contentType: string | null): string {
  let label: string | undefined;
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) label = "utf-8";
  else if (bytes[0] === 0xff && bytes[1] === 0xfe) label = "utf-16le";
  else if (bytes[0] === 0xfe && bytes[1] === 0xff) label = "utf-16be";
  else {
    label = charsetOf(contentType);
    if (!label) {
      const head = new TextDecoder("latin1").decode(bytes.subarray(0, 256));
      label = /^\s*<\?xml[^>]*encoding\s*=\s*["']([\w.:-]+)["']/i.exec(head)?.[1];
    }
  }
  let decoder: TextDecoder;
  try {
    decoder = new TextDecoder(label ?? "utf-8");
  } catch {
    decoder = new TextDecoder("utf-8");
  }
  return decoder.decode(bytes);
}
