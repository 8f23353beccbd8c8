// The file import, streamed: the multipart body is read part by part and the file part's bytes go on
// to the API as they arrive (POST /v1/streams/{id}/imports), so a large file never sits in memory here.
// Used by the stream page's action (the form without JavaScript) and by its upload route (XMLHttpRequest
// with a progress bar); both answer with the import summary.
import { unstable_parseMultipartFormData, type AppLoadContext, type UploadHandler } from "@remix-run/node";
import { MESSAGES } from "../../domain/messages";
import type { QueryToSend } from "../../domain/request-types";
import type { ImportQuerySchema } from "../../domain/schemas/streams";
import { ApiError } from "../lib/api.server";
import { assertFormToken } from "../lib/csrf.server";
import type { ImportOutcome, ImportSummary } from "../components/channels/types";

/** The form field that carries the file. */
export const IMPORT_FILE_FIELD = "file";
/** Text fields (the form token, the intent) are tiny; anything larger is not ours. */
const TEXT_FIELD_MAX_BYTES = 16 * 1024;

export function isMultipart(request: Request): boolean {
  return (request.headers.get("content-type") ?? "").toLowerCase().startsWith("multipart/form-data");
}

async function readText(data: AsyncIterable<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for await (const chunk of data) {
    size += chunk.byteLength;
    if (size > TEXT_FIELD_MAX_BYTES) throw new Response(MESSAGES.badRequest, { status: 400 });
    text += decoder.decode(chunk, { stream: true });
  }
  return text + decoder.decode();
}

async function drain(iterator: AsyncIterator<Uint8Array>): Promise<void> {
  for (;;) if ((await iterator.next()).done) return;
}

/**
 * Hands an async iterable on as a ReadableStream, one chunk per read (highWaterMark 0: nothing is read
 * ahead of the consumer). `settled` waits for a read in flight, so the rest can be drained safely.
 */
export function pipeAsStream(iterator: AsyncIterator<Uint8Array>) {
  let reading: Promise<void> = Promise.resolve();
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        reading = iterator
          .next()
          .then((result) => (result.done ? controller.close() : controller.enqueue(result.value)));
        return reading;
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, settled: () => reading.catch(() => undefined) };
}

/**
 * Reads a multipart import post: checks the form token and the intent (both precede the file in the
 * form), streams the file to the API and returns what it answered. The status is the API's on refusal.
 */
export async function streamImport(
  request: Request,
  context: AppLoadContext,
  streamId: number,
): Promise<{ outcome: ImportOutcome; status: number }> {
  const fields = new FormData();
  let answer: { outcome: ImportOutcome; status: number } | null = null;

  const handler: UploadHandler = async (part) => {
    if (part.filename === undefined) {
      const text = await readText(part.data);
      fields.append(part.name, text);
      return undefined;
    }
    const iterator = part.data[Symbol.asyncIterator]();
    if (part.name !== IMPORT_FILE_FIELD || answer) {
      await drain(iterator);
      return undefined;
    }
    // Nothing is sent on before the form token is known good.
    assertFormToken(fields, context);
    if (fields.get("intent") !== "import") throw new Response(MESSAGES.badRequest, { status: 400 });
    if (!part.filename) {
      await drain(iterator);
      answer = { outcome: { ok: false, error: MESSAGES.importFileRequired }, status: 400 };
      return undefined;
    }
    const { stream, settled } = pipeAsStream(iterator);
    try {
      const summary = await context.api.upload<ImportSummary>(`/v1/streams/${streamId}/imports`, {
        query: { fileName: importFileName(part.filename) } satisfies QueryToSend<typeof ImportQuerySchema>,
        body: stream,
        contentType: part.contentType || "application/octet-stream",
      });
      answer = { outcome: { ok: true, summary }, status: 200 };
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      answer = { outcome: { ok: false, error: error.reason }, status: error.status };
    } finally {
      // The API may stop reading early (a refused format): the rest of the part is read and dropped.
      await stream.cancel().catch(() => undefined);
      await settled();
      await drain(iterator);
    }
    return undefined;
  };

  try {
    await unstable_parseMultipartFormData(request, handler);
  } catch (error) {
    if (error instanceof Response) throw error;
    // A malformed or truncated body (the browser went away mid-upload).
    if (!answer) return { outcome: { ok: false, error: MESSAGES.badRequest }, status: 400 };
  }
  if (answer) return answer;
  // No file part at all: still a form of this session, or nothing.
  assertFormToken(fields, context);
  return { outcome: { ok: false, error: MESSAGES.importFileRequired }, status: 400 };
}

/** The longest file name the API keeps for an import. */
const IMPORT_FILE_NAME_MAX = 300;

/** A longer file name keeps its end, whose extension tells the format. */
export function importFileName(name: string): string {
  return name.length <= IMPORT_FILE_NAME_MAX ? name : `…${name.slice(-(IMPORT_FILE_NAME_MAX - 1))}`;
}
