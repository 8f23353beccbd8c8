// The topic form's action, shared by /topics (create) and /topics/{id} (edit).
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { KEYWORD_SUGGESTION_LIMIT } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import { TopicFormSchema } from "../../domain/schemas/topics";
import { VISIBILITY, visibilityEntityIds, type Visibility } from "../../domain/visibility";
import { ApiError, type Account } from "../lib/api.server";
import { readForm, replyWithApiError, statusOf } from "../lib/forms.server";
import { flashToast } from "../lib/toast.server";
import {
  cleanKeyword,
  faultText,
  KEYWORD_ENTRY_FIELD,
  keywordsOf,
  TOPICS_PATH,
  withKeyword,
  withPendingKeyword,
} from "../components/topics/format";
import type { ServerSuggestions } from "../components/topics/keyword-field";
import type { ApiKeywordSuggestions, ApiTopic, QueryValidation, TopicInput } from "../components/topics/types";

const LABELS = MESSAGES.topicsScreen;

/** How the API's field names read in '{field} {message}'. */
const FIELD_LABELS: Record<string, string> = {
  name: LABELS.topicName,
  type: LABELS.type,
  topic_group_id: LABELS.group,
  keywords: MESSAGES.keywords,
  query: LABELS.query,
  entity_type: LABELS.visibleFor,
  entity_ids: MESSAGES.teams,
};

export interface TopicActionData {
  result: SubmissionResult<string[]>;
  suggestions: ServerSuggestions | null;
}

/**
 * Without JavaScript the keyword list changes on the server: Add, a picked suggestion and a chip's
 * remove button post the form, and the page comes back with the list changed and nothing validated.
 */
function keepForm(formData: FormData, change: { keywords: string[]; entry: string }): SubmissionResult<string[]> {
  const { payload } = parseWithZod(formData, { schema: TopicFormSchema });
  return { initialValue: { ...payload, keywords: change.keywords, [KEYWORD_ENTRY_FIELD]: change.entry } as never };
}

/**
 * Reads the topic form and does what its `intent` asks: `save` validates with the shared schema, lints
 * the query (each fault with its position), then creates or updates the topic and goes to its page with a
 * toast; `suggest`, `add-keyword`, `pick:{word}` and `remove:{index}` are the keyword list's own buttons.
 */
export async function topicFormAction(
  request: Request,
  context: AppLoadContext,
  account: Account,
  save: (input: TopicInput) => Promise<ApiTopic>,
  toast: (name: string) => string,
) {
  const { formData } = await readForm(request, context, TopicFormSchema);
  const intent = String(formData.get("intent") ?? "save");
  const keywords = keywordsOf(formData);
  const entry = String(formData.get(KEYWORD_ENTRY_FIELD) ?? "");

  if (intent === "suggest") {
    const word = cleanKeyword(entry);
    const suggestions = word
      ? await context.api.get<ApiKeywordSuggestions>("/v1/keywords", { query: { word, limit: KEYWORD_SUGGESTION_LIMIT } }).then((r) => r.data, (error: unknown) => {
          if (error instanceof ApiError) return [];
          throw error;
        })
      : [];
    return data<TopicActionData>({
      result: keepForm(formData, { keywords, entry }),
      suggestions: word ? { word, suggestions } : null,
    });
  }
  if (intent === "add-keyword" || intent.startsWith("pick:")) {
    const word = intent === "add-keyword" ? entry : intent.slice("pick:".length);
    return data<TopicActionData>({
      // A picked suggestion replaces what was typed to find it.
      result: keepForm(formData, { keywords: withKeyword(keywords, word), entry: "" }),
      suggestions: null,
    });
  }
  if (intent.startsWith("remove:")) {
    const index = Number(intent.slice("remove:".length));
    return data<TopicActionData>({
      result: keepForm(formData, { keywords: keywords.filter((_, i) => i !== index), entry }),
      suggestions: null,
    });
  }
  if (intent !== "save") throw new Response(MESSAGES.badRequest, { status: 400 });

  const submission = parseWithZod(withPendingKeyword(formData), { schema: TopicFormSchema });
  if (submission.status !== "success") {
    return data<TopicActionData>({ result: submission.reply(), suggestions: null }, { status: 400 });
  }
  const value = submission.value;
  // A textarea posts CRLF line breaks; the query is kept (and its faults counted) with LF, as typed.
  const query = value.type === "query" ? (value.query ?? "").replace(/\r\n?/g, "\n") : "";
  if (query.trim()) {
    let faults: string[];
    try {
      const lint = await context.api.post<QueryValidation>("/v1/queries/validate", { query });
      faults = lint.valid ? [] : lint.errors.map((fault) => faultText(query, fault));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      faults = [error.message];
    }
    if (faults.length) {
      return data<TopicActionData>(
        { result: submission.reply({ fieldErrors: { query: faults } }), suggestions: null },
        { status: 400 },
      );
    }
  }
  const visibility = (value.entity_type ?? VISIBILITY.everyone) as Visibility;
  let topic: ApiTopic;
  try {
    topic = await save({
      name: value.name,
      type: value.type,
      topicGroupId: value.topic_group_id ?? null,
      keywords: value.type === "keywords" ? (value.keywords ?? []) : [],
      query,
      entityType: visibility,
      entityIds: visibilityEntityIds({
        visibility,
        accountId: account.id,
        businessProfileId: account.businessProfile.id,
        teamIds: value.entity_ids,
      }),
    });
  } catch (error) {
    return data<TopicActionData>(
      { result: replyWithApiError(submission, error, { labels: FIELD_LABELS }), suggestions: null },
      { status: statusOf(error) },
    );
  }
  flashToast(context, { kind: "success", message: toast(topic.name) });
  throw redirect(`${TOPICS_PATH}/${topic.id}`);
}
