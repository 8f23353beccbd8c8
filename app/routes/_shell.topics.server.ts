// The topic form's action, shared by /topics (create) and /topics/{id} (edit).
import type { Submission, SubmissionResult } from "@conform-to/react";
import { data, redirect, type AppLoadContext } from "@remix-run/node";
import { KEYWORD_SUGGESTION_LIMIT } from "../../domain/constants";
import { MESSAGES } from "../../domain/messages";
import type { QueryToSend } from "../../domain/request-types";
import { TopicFormActionSchema, type KeywordSuggestionsQuerySchema, type TopicFormAction } from "../../domain/schemas/topics";
import { VISIBILITY, visibilityEntityIds, type Visibility } from "../../domain/visibility";
import { ApiError, type Account } from "../lib/api.server";
import {
  handleIntent,
  intentOfButton,
  readIntentForm,
  replyWithApiError,
  statusOf,
  type IntentFormOptions,
  type IntentHandlers,
} from "../lib/forms.server";
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

type TopicFormIntent = TopicFormAction["intent"];
export type TopicFormAnswer = ReturnType<typeof data<TopicActionData>>;

/**
 * How the topic form's post is read (readIntentForm): a suggestion or a chip's remove button posts its
 * `keyword` or `keyword_index` in place of an intent (it must send the whole form along), and a post
 * without any is a Save (Enter in a text field); on Save, a word still typed in the entry field joins
 * the list, as in the browser's check.
 */
export const TOPIC_FORM_READ: IntentFormOptions<TopicFormIntent> = {
  prepare: (formData) => intentOfButton<TopicFormIntent>(formData, { pick: "keyword", remove: "keyword_index" }, "save"),
  prepareIntent: { save: withPendingKeyword },
};

/** What the topic form's handlers are given beside the parsed value. */
export interface TopicFormContext {
  context: AppLoadContext;
  account: Account;
  formData: FormData;
  submission: Submission<unknown, string[]>;
  /** Creates or updates the topic (the route's own call). */
  save: (input: TopicInput) => Promise<ApiTopic>;
  /** The success toast for the saved topic's name. */
  toast: (name: string) => string;
}

/**
 * Without JavaScript the keyword list changes on the server: Add, a picked suggestion and a chip's
 * remove button post the form, and the page comes back with the list changed and nothing validated.
 */
function keepForm(
  { submission }: TopicFormContext,
  change: { keywords: string[]; entry: string },
  suggestions: ServerSuggestions | null = null,
): TopicFormAnswer {
  return data<TopicActionData>({
    result: { initialValue: { ...submission.payload, keywords: change.keywords, [KEYWORD_ENTRY_FIELD]: change.entry } as never },
    suggestions,
  });
}

/**
 * One handler per intent of the topic form (ADR 028): `save` lints the query (each fault with its
 * position), then creates or updates the topic and goes to its page with a toast; `suggest`,
 * `add-keyword`, `pick` and `remove` are the keyword list's own buttons.
 */
export const TOPIC_FORM_ACTIONS: IntentHandlers<TopicFormAction, TopicFormContext, Promise<TopicFormAnswer>> = {
  async suggest({ keyword_entry: entry = "" }, form) {
    const word = cleanKeyword(entry);
    const suggestions = word
      ? await form.context.api
          .get<ApiKeywordSuggestions>("/v1/keywords", { query: { word, limit: KEYWORD_SUGGESTION_LIMIT } satisfies QueryToSend<typeof KeywordSuggestionsQuerySchema> })
          .then(
            (r) => r.data,
            (error: unknown) => {
              if (error instanceof ApiError) return [];
              throw error;
            },
          )
      : [];
    return keepForm(form, { keywords: keywordsOf(form.formData), entry }, word ? { word, suggestions } : null);
  },
  async "add-keyword"({ keyword_entry: entry = "" }, form) {
    return keepForm(form, { keywords: withKeyword(keywordsOf(form.formData), entry), entry: "" });
  },
  async pick({ keyword }, form) {
    // A picked suggestion replaces what was typed to find it.
    return keepForm(form, { keywords: withKeyword(keywordsOf(form.formData), keyword), entry: "" });
  },
  async remove({ keyword_index: index, keyword_entry: entry = "" }, form) {
    return keepForm(form, { keywords: keywordsOf(form.formData).filter((_, i) => i !== index), entry });
  },
  async save(value, { context, account, submission, save, toast }) {
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
  },
};

/** A keyword button posts nothing to refuse but a crafted word or index: a bad request. */
function badKeywordButton(): never {
  throw new Response(MESSAGES.badRequest, { status: 400 });
}

/** The topic form refused before any handler ran: Save's errors under the fields. */
export const TOPIC_FORM_REFUSALS: Record<TopicFormIntent, (submission: Submission<unknown, string[]>) => TopicFormAnswer> = {
  save: (submission) => data<TopicActionData>({ result: submission.reply(), suggestions: null }, { status: 400 }),
  suggest: badKeywordButton,
  "add-keyword": badKeywordButton,
  pick: badKeywordButton,
  remove: badKeywordButton,
};

/** /topics (new topic): the topic form's post, read once and handed to its intent's handler. */
export async function topicFormAction(
  request: Request,
  context: AppLoadContext,
  account: Account,
  save: (input: TopicInput) => Promise<ApiTopic>,
  toast: (name: string) => string,
) {
  const { formData, submission, intent } = await readIntentForm(request, context, TopicFormActionSchema, TOPIC_FORM_READ);
  if (submission.status !== "success") return TOPIC_FORM_REFUSALS[intent](submission);
  return handleIntent(TOPIC_FORM_ACTIONS, submission.value, { context, account, formData, submission, save, toast });
}
