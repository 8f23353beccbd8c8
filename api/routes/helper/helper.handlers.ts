import {
  HelperChatListResponseSchema,
  HelperChatResponseSchema,
  HelperDefaultSettingsResponseSchema,
  HelperMessageResponseSchema,
  HelperPinnedQuestionListResponseSchema,
  HelperPinnedQuestionResponseSchema,
  HelperVoteListResponseSchema,
} from "../../../domain/schemas/helper";
import { askInChat, createChat, getChat, listChats, listHelperVotes, recoverMessage, voteMessage } from "../../../services/helper/chats";
import { deletePinnedQuestion, listPinnedQuestions, pinQuestion, updatePinnedQuestion } from "../../../services/helper/pinned-questions";
import { getHelperSettings, saveHelperSettings } from "../../../services/helper/settings";
import type { ApiApp } from "../../env";
import { toWire } from "../../lib/case";
import { requireActor } from "../../middleware/auth";
import {
  askRoute,
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

  app.openapi(getSettingsRoute, async (c) =>
    c.json(toWire(HelperDefaultSettingsResponseSchema, await getHelperSettings(c.get("deps"), requireActor(c))), 200),
  );
  app.openapi(putSettingsRoute, async (c) =>
    c.json(toWire(HelperDefaultSettingsResponseSchema, await saveHelperSettings(c.get("deps"), requireActor(c), c.req.valid("json"))), 200),
  );
}
