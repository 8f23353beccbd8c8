import type { ActionFunctionArgs } from "@remix-run/node";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { HelperAskSchema, type HelperChatResponseSchema, type HelperStreamPartSchema } from "../../domain/schemas/helper";
import { ApiError } from "../lib/api.server";
import { camelCaseKeys } from "../lib/case";
import { readForm } from "../lib/forms.server";
import { requireAccountOr401 } from "../lib/guard.server";

// The helper's question with JavaScript (issue 27, ADR 042): the same form post as /helper's `ask`, but
// the answer comes back as it is produced, NDJSON relayed from POST /v1/helper/chats/{id}/messages/stream
// one line at a time (a new chat is made first when the form names none). The page shows each part as it
// arrives and then opens the chat; without JavaScript the form posts to /helper and the answer is
// rendered on the server. Anything refused here (a wrong field, a chat gone) is a plain status: the page
// then posts the form the ordinary way, which shows why.

export type ApiHelperStreamPart = FromWire<typeof HelperStreamPartSchema>;
type ApiHelperChat = FromWire<typeof HelperChatResponseSchema>;

/** The API's NDJSON lines passed on as they come, each camelCased as the page's other answers are. */
function relayLines(upstream: ReadableStream<Uint8Array>): ReadableStream<Uint8Array> {
  const reader = upstream.getReader();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  let buffer = "";
  const out = (line: string) => encoder.encode(`${JSON.stringify(camelCaseKeys(JSON.parse(line)))}\n`);
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) {
          if (buffer.trim()) controller.enqueue(out(buffer));
          controller.close();
          return;
        }
        buffer += decoder.decode(value, { stream: true });
        let sent = false;
        let end: number;
        while ((end = buffer.indexOf("\n")) !== -1) {
          const line = buffer.slice(0, end);
          buffer = buffer.slice(end + 1);
          if (!line.trim()) continue;
          controller.enqueue(out(line));
          sent = true;
        }
        if (sent) return;
      }
    },
    cancel(reason) {
      return reader.cancel(reason);
    },
  });
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccountOr401(request, context);
  const { submission } = await readForm(request, context, HelperAskSchema);
  if (submission.status !== "success") return Response.json({ error: MESSAGES.badRequest }, { status: 400 });
  const { question } = submission.value;
  let upstream: Response;
  try {
    const chatId = submission.value.chat_id ?? (await context.api.post<ApiHelperChat>("/v1/helper/chats/", {})).id;
    upstream = await context.api.stream(`/v1/helper/chats/${chatId}/messages/stream`, { body: { question }, signal: request.signal });
  } catch (error) {
    if (error instanceof ApiError) return Response.json({ error: error.message }, { status: error.status });
    throw error;
  }
  if (!upstream.body) return Response.json({ error: MESSAGES.somethingWentWrong }, { status: 502 });
  return new Response(relayLines(upstream.body), {
    headers: { "content-type": "application/x-ndjson; charset=utf-8", "cache-control": "no-store, no-transform", "x-accel-buffering": "no" },
  });
}
