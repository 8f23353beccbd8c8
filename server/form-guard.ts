// What a web post may be before Remix sees it (ADR 025): a form (urlencoded or multipart) of at most
// REQUEST_BODY_LIMITS.formBytesMax, read here as a stream up to the limit. Anything else is answered
// 400 'Bad request' (no action reads JSON or text), a larger body 413, and neither reaches an action.
import { MESSAGES } from "../domain/messages";
import { REQUEST_BODY_LIMITS } from "../domain/request-limits";

const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);
/** The file import's two addresses stream their multipart body to the API (README: "streamed"). */
const STREAMED_UPLOADS = /^\/settings\/channels\/[^/]+(\/import)?\/?$/;

function mediaType(request: Request): string {
  return (request.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
}

/** The request to hand to Remix (its body read and capped), or the refusal to answer instead. */
export async function guardFormPost(request: Request, maxBytes: number = REQUEST_BODY_LIMITS.formBytesMax): Promise<Request | Response> {
  if (request.method === "GET" || request.method === "HEAD" || request.method === "OPTIONS") return request;
  const type = mediaType(request);
  if (!FORM_TYPES.has(type) || !request.body) {
    await request.body?.cancel().catch(() => undefined);
    return refusal(400, MESSAGES.badRequest);
  }
  if (type === "multipart/form-data" && request.method === "POST" && STREAMED_UPLOADS.test(new URL(request.url).pathname)) {
    return request;
  }
  const body = await readUpTo(request, maxBytes);
  if (!body) return refusal(413, MESSAGES.payloadTooLarge);
  return new Request(request.url, { method: request.method, headers: request.headers, body, signal: request.signal });
}

async function readUpTo(request: Request, maxBytes: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  const reader = request.body!.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(new ArrayBuffer(size));
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

function refusal(status: 400 | 413, message: string): Response {
  return new Response(message, {
    status,
    headers: { "content-type": "text/plain; charset=utf-8", "cache-control": "no-store" },
  });
}
