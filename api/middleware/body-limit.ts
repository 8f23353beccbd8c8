import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { MESSAGES } from "../../domain/messages";
import { REQUEST_BODY_LIMITS } from "../../domain/request-limits";
import type { ApiEnv } from "../env";

/**
 * The file import (POST /v1/streams/{id}/imports) is read as a stream, line by line, and has no size
 * limit (README: "streamed"); its lines are capped by INGEST_LIMITS.lineBytesMax.
 */
const STREAMED = /^\/api\/v1\/streams\/[^/]+\/imports$/;

const tooLarge = (maxSize: number) =>
  bodyLimit({ maxSize, onError: (c) => c.json({ error_message: MESSAGES.payloadTooLarge }, 413) });

const json = tooLarge(REQUEST_BODY_LIMITS.jsonBytesMax);
const ingest = tooLarge(REQUEST_BODY_LIMITS.ingestBytesMax);
const webhook = tooLarge(REQUEST_BODY_LIMITS.webhookBytesMax);

/**
 * Every body is capped before anything reads it (ADR 025): a declared Content-Length over the limit is
 * refused at once, a chunked body is counted as it streams in and refused at the limit.
 */
export const limitBody: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const path = c.req.path;
  if (c.req.method === "POST" && STREAMED.test(path)) return next();
  if (path.startsWith("/api/v1/ingest/")) return ingest(c, next);
  if (path.startsWith("/api/webhooks/")) return webhook(c, next);
  return json(c, next);
};

/**
 * A body's text, read as a stream up to `maxBytes`; null when it is larger (nothing past the limit is
 * kept in memory).
 */
export async function readTextUpTo(request: Request, maxBytes: number): Promise<string | null> {
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    await request.body?.cancel().catch(() => undefined);
    return null;
  }
  if (!request.body) return "";
  const reader = request.body.getReader();
  const decoder = new TextDecoder();
  let size = 0;
  let text = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    text += decoder.decode(value, { stream: true });
  }
}
