import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { Submission, SubmissionResult } from "@conform-to/react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { PERIOD_PRESETS } from "../../domain/dashboard";
import { HELPER_QUESTION_MAX } from "../../domain/helper/plan";
import {
  HelperActionSchema,
  type HelperAction,
  type HelperChatListResponseSchema,
  type HelperChatResponseSchema,
  type HelperDefaultSettingsResponseSchema,
  type HelperFeaturesResponseSchema,
  type HelperMessageResponseSchema,
  type HelperPinnedQuestionListResponseSchema,
} from "../../domain/schemas/helper";
import { ALL_MENTIONS_TOKEN } from "../lib/dashboard-query";
import { loadDashboardSelector } from "../lib/dashboard-widgets.server";
import { searchGifsFor } from "../lib/gifs.server";
import { ApiError } from "../lib/api.server";
import { handleIntent, readIntentForm, replyWithApiError, statusOf, type IntentHandlers } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { orNotFound, recordIdOr404 } from "../lib/not-found.server";
import { flashToast } from "../lib/toast.server";
import { chatHref, HELPER_PATH } from "../components/helper/links";

// The helper chat's screen (issue 27, ADR 042): /helper lists the member's chats and pinned questions;
// /helper?chat=<id> reopens a chat (every view is a link). Every form posts to the server and works
// without JavaScript: a question's answer is rendered on the server with the page that follows.

export type ApiHelperChat = FromWire<typeof HelperChatResponseSchema>;
export type ApiHelperMessage = FromWire<typeof HelperMessageResponseSchema>;
type ApiHelperChatList = FromWire<typeof HelperChatListResponseSchema>;
type ApiPinnedList = FromWire<typeof HelperPinnedQuestionListResponseSchema>;
type ApiHelperSettings = FromWire<typeof HelperDefaultSettingsResponseSchema>;
type ApiHelperFeatures = FromWire<typeof HelperFeaturesResponseSchema>;

const SETTINGS_PATH = "/accounts/preferences/ui/tabs/helper/default_settings";
/** The periods a default may be: the dashboard's presets, but a custom range. */
const PERIOD_CHOICES = PERIOD_PRESETS.filter((p) => p.id !== "custom").map((p) => ({ value: p.id, label: p.label }));

export async function helperLoader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const params = new URL(request.url).searchParams;
  const chatParam = params.get("chat");
  try {
    const [chats, pinned, chat, settings, features, selector] = await Promise.all([
      context.api.get<ApiHelperChatList>("/v1/helper/chats"),
      context.api.get<ApiPinnedList>("/v1/helper/pinned_questions"),
      chatParam === null ? Promise.resolve(null) : orNotFound(context.api.get<ApiHelperChat>(`/v1/helper/chats/${recordIdOr404(chatParam)}`)),
      context.api.get<ApiHelperSettings>(SETTINGS_PATH),
      context.api.get<ApiHelperFeatures>("/v1/helper/features"),
      loadDashboardSelector(context.api, { defaultStreams: false }),
    ]);
    // Without JavaScript the GIF picker's GET form comes back here (gif_q), and a chosen GIF with its
    // address for the question field (question).
    const gifQ = params.get("gif_q");
    const gif = features.gifSearch && gifQ !== null ? await searchGifsFor(context.api, gifQ) : null;
    const contexts = [
      { value: ALL_MENTIONS_TOKEN, label: MESSAGES.widgetsUi.everyMention },
      ...selector.contexts.map((c) => ({ value: `${c.contextType}-${c.contextId}`, label: c.title })),
    ];
    return {
      chats: chats.data,
      pinned: pinned.data,
      chat,
      settings,
      gifSearch: features.gifSearch,
      gif,
      prefill: (params.get("question") ?? "").slice(0, HELPER_QUESTION_MAX),
      contexts,
      periods: PERIOD_CHOICES,
    };
  } catch (error) {
    // Without the helper's permission (a guest by default) the screen is not theirs: to the dashboard,
    // as the navigation guard does on a role mismatch (spec core §2).
    if (error instanceof ApiError && error.status === 403) throw redirect("/");
    throw error;
  }
}

interface HelperHandlerContext {
  context: AppLoadContext;
  submission: Submission<unknown, string[]>;
}
type HelperAnswer = Promise<ReturnType<typeof data<{ intent: string; result: SubmissionResult<string[]> }>>>;

function refused(intent: string, submission: Submission<unknown, string[]>, error: unknown) {
  return data({ intent, result: replyWithApiError(submission, error) }, { status: statusOf(error) });
}

/** A message's own calls: /v1/helper/chats/{session}/messages/{id}/… */
const messagePath = (chatId: number, messageId: number, action: string) => `/v1/helper/chats/${chatId}/messages/${messageId}/${action}`;

const HELPER_ACTIONS: IntentHandlers<HelperAction, HelperHandlerContext, HelperAnswer> = {
  async ask(action, { context, submission }) {
    let chatId = action.chat_id;
    let messageId: number;
    try {
      if (chatId === undefined) {
        const chat = await context.api.post<ApiHelperChat>("/v1/helper/chats/", { question: action.question });
        chatId = chat.id;
        messageId = chat.messages.at(-1)!.id;
      } else {
        messageId = (await context.api.post<ApiHelperMessage>(`/v1/helper/chats/${chatId}/messages`, { question: action.question })).id;
      }
    } catch (error) {
      return refused("ask", submission, error);
    }
    throw redirect(chatHref(chatId, messageId));
  },
  async pin(action, { context, submission }) {
    try {
      await context.api.post("/v1/helper/pinned_questions", { text: action.text });
      flashToast(context, { kind: "success", message: MESSAGES.helperChat.pinned });
    } catch (error) {
      return refused("pin", submission, error);
    }
    throw redirect(backTo(submission));
  },
  async unpin(action, { context, submission }) {
    try {
      await context.api.delete(`/v1/helper/pinned_questions/${action.id}`);
      flashToast(context, { kind: "success", message: MESSAGES.helperChat.unpinnedDone });
    } catch (error) {
      return refused("unpin", submission, error);
    }
    throw redirect(backTo(submission));
  },
  async recover(action, { context, submission }) {
    try {
      await context.api.post(messagePath(action.chat_id, action.message_id, "recover"));
      flashToast(context, { kind: "success", message: MESSAGES.helperChat.recovered });
    } catch (error) {
      return refused("recover", submission, error);
    }
    throw redirect(chatHref(action.chat_id, action.message_id));
  },
  async up_vote(action, { context, submission }) {
    try {
      await context.api.post(messagePath(action.chat_id, action.message_id, "up_vote"), action.reason ? { reason: action.reason } : {});
      flashToast(context, { kind: "success", message: MESSAGES.helperChat.voted });
    } catch (error) {
      return refused("up_vote", submission, error);
    }
    throw redirect(chatHref(action.chat_id, action.message_id));
  },
  async save_settings(action, { context, submission }) {
    try {
      await context.api.put(SETTINGS_PATH, { default_context: action.default_context, default_period: action.default_period });
      flashToast(context, { kind: "success", message: MESSAGES.helperChat.settingsSaved });
    } catch (error) {
      return refused("save_settings", submission, error);
    }
    throw redirect(backTo(submission));
  },
  async down_vote(action, { context, submission }) {
    try {
      await context.api.post(messagePath(action.chat_id, action.message_id, "down_vote"), action.reason ? { reason: action.reason } : {});
      flashToast(context, { kind: "success", message: MESSAGES.helperChat.voted });
    } catch (error) {
      return refused("down_vote", submission, error);
    }
    throw redirect(chatHref(action.chat_id, action.message_id));
  },
};

/** Where a pin, an unpin or the settings go back to: the chat it was posted from, else the list. */
function backTo(submission: Submission<unknown, string[]>): string {
  const chat = Number(submission.payload.back_chat);
  return Number.isInteger(chat) && chat > 0 ? chatHref(chat) : HELPER_PATH;
}

export async function helperAction({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission, intent } = await readIntentForm(request, context, HelperActionSchema);
  if (submission.status !== "success") return data({ intent: String(intent), result: submission.reply() }, { status: 400 });
  return handleIntent(HELPER_ACTIONS, submission.value, { context, submission });
}
