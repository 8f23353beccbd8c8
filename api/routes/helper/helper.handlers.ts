import {
  HelperChatListResponseSchema,
  HelperChatResponseSchema,
  HelperDefaultSettingsResponseSchema,
  HelperFeaturesResponseSchema,
  HelperGifListResponseSchema,
  HelperStreamPartSchema,
  HelperMessageResponseSchema,
  HelperPinnedQuestionListResponseSchema,
  HelperPinnedQuestionResponseSchema,
  HelperVoteListResponseSchema,
} from "../../../domain/schemas/helper";
import { isAppError } from "../../../domain/errors";
import type { FromWire } from "../../../domain/key-case";
import { MESSAGES } from "../../../domain/messages";
import { askInChat, askInChatParts, createChat, getChat, listChats, listHelperVotes, recoverMessage, voteMessage } from "../../../services/helper/chats";
import { gifSearchEnabled, searchGifs } from "../../../services/helper/gifs";
import { deletePinnedQuestion, listPinnedQuestions, pinQuestion, updatePinnedQuestion } from "../../../services/helper/pinned-questions";
import { getHelperSettings, saveHelperSettings } from "../../../services/helper/settings";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import {
  askRoute,
  askStreamRoute,
  featuresRoute,
  gifSearchRoute,
  createChatRoute,
  createPinnedRoute,
  deletePinnedRoute,
  downVoteRoute,
  getChatRoute,
  getSettingsRoute,
  listChatsRoute,
  listPinnedRoute,
  listVotesRoute,
  putSettingsRoute,
  recoverRoute,
  updatePinnedRoute,
  upVoteRoute,
} from "./helper.routes";

type StreamPart = FromWire<typeof HelperStreamPartSchema>;

/**
 * An answer's parts as NDJSON, one line each as it is produced. The first part was taken before the
 * answer began (so a chat that is not the caller's is a plain 404); a failure after that ends the stream
 * with an `error` line.
 */
function ndjsonStream(first: IteratorResult<StreamPart, StreamPart>, rest: () => Promise<IteratorResult<StreamPart, StreamPart>>, logError: (error: unknown) => void): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const line = (part: StreamPart) => encoder.encode(`${JSON.stringify(toWire(HelperStreamPartSchema, part))}\n`);
  let pending: IteratorResult<StreamPart, StreamPart> | null = first;
  let finished = false;
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (finished) return;
        try {
          const next = pending ?? (await rest());
          pending = null;
          controller.enqueue(line(next.value));
          if (next.done) {
            finished = true;
            controller.close();
          }
        } catch (error) {
          finished = true;
          if (!isAppError(error)) logError(error);
          controller.enqueue(line({ type: "error", message: isAppError(error) ? error.message : MESSAGES.helperChat.streamFailed }));
          controller.close();
        }
      },
      // The asker went away: the answer is still made and kept in the chat, as a plain ask's is.
      async cancel() {
        if (finished) return;
        finished = true;
        try {
          let next = await rest();
          while (!next.done) next = await rest();
        } catch (error) {
          if (!isAppError(error)) logError(error);
        }
      },
    },
    { highWaterMark: 0 },
  );
}

/** The helper chat (spec analytics §7 "Helper"; issue 27; ADR 042). */
export function registerHelperRoutes(app: ApiApp) {
  app.openapi(createChatRoute, async (c) =>
    c.json(toWire(HelperChatResponseSchema, await createChat(c.get("deps"), requireActor(c), c.req.valid("json") ?? {})), 201),
  );
  app.openapi(listChatsRoute, async (c) =>
    c.json(toWire(HelperChatListResponseSchema, { data: await listChats(c.get("deps"), requireActor(c)) }), 200),
  );
  app.openapi(getChatRoute, async (c) =>
    c.json(toWire(HelperChatResponseSchema, await getChat(c.get("deps"), requireActor(c), c.req.valid("param").id)), 200),
  );
  app.openapi(askRoute, async (c) =>
    c.json(
      toWire(HelperMessageResponseSchema, await askInChat(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json").question)),
      201,
    ),
  );
  app.openapi(askStreamRoute, async (c) => {
    const parts = askInChatParts(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json").question);
    const step = async (): Promise<IteratorResult<StreamPart, StreamPart>> => {
      const next = await parts.next();
      return next.done ? { done: true, value: { type: "done", message: next.value } } : { done: false, value: next.value };
    };
    // The chat is checked (404) and the question read before anything is sent.
    const first = await step();
    const deps = c.get("deps");
    // A body the route's typed answers (JSON refusals beside NDJSON) cannot name, as the logo's bytes.
    return c.body(ndjsonStream(first, step, (error) => deps.reportError?.(error)), 200, {
      "content-type": "application/x-ndjson; charset=utf-8",
      "cache-control": "no-store, no-transform",
      "x-accel-buffering": "no",
    }) as never;
  });
  app.openapi(recoverRoute, async (c) => {
    const { session, id } = c.req.valid("param");
    return c.json(toWire(HelperMessageResponseSchema, await recoverMessage(c.get("deps"), requireActor(c), session, id)), 200);
  });
  app.openapi(upVoteRoute, async (c) => {
    const { session, id } = c.req.valid("param");
    const reason = c.req.valid("json")?.reason;
    return c.json(toWire(HelperMessageResponseSchema, await voteMessage(c.get("deps"), requireActor(c), session, id, 1, reason)), 200);
  });
  app.openapi(downVoteRoute, async (c) => {
    const { session, id } = c.req.valid("param");
    const reason = c.req.valid("json")?.reason;
    return c.json(toWire(HelperMessageResponseSchema, await voteMessage(c.get("deps"), requireActor(c), session, id, -1, reason)), 200);
  });
  app.openapi(listVotesRoute, async (c) =>
    c.json(toWire(HelperVoteListResponseSchema, { data: await listHelperVotes(c.get("deps"), requireActor(c)) }), 200),
  );

  app.openapi(listPinnedRoute, async (c) =>
    c.json(toWire(HelperPinnedQuestionListResponseSchema, { data: await listPinnedQuestions(c.get("deps"), requireActor(c)) }), 200),
  );
  app.openapi(createPinnedRoute, async (c) =>
    c.json(toWire(HelperPinnedQuestionResponseSchema, await pinQuestion(c.get("deps"), requireActor(c), c.req.valid("json"))), 201),
  );
  app.openapi(updatePinnedRoute, async (c) =>
    c.json(
      toWire(HelperPinnedQuestionResponseSchema, await updatePinnedQuestion(c.get("deps"), requireActor(c), c.req.valid("param").id, c.req.valid("json"))),
      200,
    ),
  );
  app.openapi(deletePinnedRoute, async (c) => {
    await deletePinnedQuestion(c.get("deps"), requireActor(c), c.req.valid("param").id);
    return c.body(null, 204);
  });

  app.openapi(featuresRoute, (c) => {
    const deps = c.get("deps");
    requireActor(c);
    return c.json(toWire(HelperFeaturesResponseSchema, { gifSearch: gifSearchEnabled(deps), model: !!deps.helper?.llmUrl }), 200);
  });
  app.openapi(gifSearchRoute, async (c) =>
    c.json(toWire(HelperGifListResponseSchema, { data: await searchGifs(c.get("deps"), requireActor(c), c.req.valid("query").q) }), 200),
  );

  app.openapi(getSettingsRoute, async (c) =>
    c.json(toWire(HelperDefaultSettingsResponseSchema, await getHelperSettings(c.get("deps"), requireActor(c))), 200),
  );
  app.openapi(putSettingsRoute, async (c) =>
    c.json(toWire(HelperDefaultSettingsResponseSchema, await saveHelperSettings(c.get("deps"), requireActor(c), c.req.valid("json"))), 200),
  );
}
