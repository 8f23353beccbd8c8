import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import type { QueryToSend } from "../../domain/request-types";
import type { LabelListQuerySchema } from "../../domain/schemas/inbox";
import {
  RuleActionSchema,
  type RuleAction,
  type RuleAuthorListResponseSchema,
  type RuleAuthorsQuerySchema,
  type RuleListResponseSchema,
  type RuleResponseSchema,
  type RuleTestResponseSchema,
} from "../../domain/schemas/rules";
import { isNetworkId, networkById } from "../../domain/networks";
import type { ApiStreamList } from "../components/channels/types";
import type { ApiLabelList } from "../components/inbox/types";
import type { ApiSearchItemList, QueryFault, QueryValidation } from "../components/search/types";
import type { ApiTopicGroupList, ApiTopicList } from "../components/topics/types";
import { ApiError, fallbackOnRefusal, type ApiAccountList, type ApiTeamList } from "../lib/api.server";
import {
  formFields,
  handleIntent,
  readIntentForm,
  redirectIfGone,
  replyWithApiError,
  statusOf,
  submittedId,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

// The rules screen (issue 24, ADR 031): /settings/rules lists the tenant's rules; ?new=1 or ?edit={id}
// opens the form, ?dialog=delete&id= the delete confirmation. One form posts create / update / test;
// apply and delete post their own small forms. Everything works without JavaScript.

export type ApiRule = FromWire<typeof RuleResponseSchema>;
type ApiRuleList = FromWire<typeof RuleListResponseSchema>;
type ApiRuleAuthorList = FromWire<typeof RuleAuthorListResponseSchema>;
export type ApiRuleTest = FromWire<typeof RuleTestResponseSchema>;

const RULES_PATH = "/settings/rules";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const params = new URL(request.url).searchParams;
  const [rules, streams, searches, topics, groups, labels, members, teams] = await Promise.all([
    context.api.get<ApiRuleList>("/v1/admin/rules"),
    context.api.get<ApiStreamList>("/v1/streams").catch(fallbackOnRefusal<ApiStreamList>({ data: [] })),
    context.api.get<ApiSearchItemList>("/search/items").catch(fallbackOnRefusal<ApiSearchItemList>({ data: [] })),
    context.api.get<ApiTopicList>("/v1/topics").catch(fallbackOnRefusal<ApiTopicList>({ data: [] })),
    context.api.get<ApiTopicGroupList>("/v1/topic_groups").catch(fallbackOnRefusal<ApiTopicGroupList>({ data: [] })),
    context.api
      .get<ApiLabelList>("/v1/labels", { query: { itemsCount: "0" } satisfies QueryToSend<typeof LabelListQuerySchema> })
      .catch(fallbackOnRefusal<ApiLabelList>({ data: [] })),
    context.api.get<ApiAccountList>("/v1/accounts").catch(fallbackOnRefusal<ApiAccountList>({ data: [] })),
    context.api.get<ApiTeamList>("/v1/teams").catch(fallbackOnRefusal<ApiTeamList>({ data: [] })),
  ]);
  const editId = Number(params.get("edit"));
  const editingAuthors = rules.data.find((rule) => rule.id === editId)?.identities ?? [];
  const authors = await context.api
    .get<ApiRuleAuthorList>("/v1/admin/rules/authors", {
      query: (editingAuthors.length ? { ids: editingAuthors.join(",") } : {}) satisfies QueryToSend<typeof RuleAuthorsQuerySchema>,
    })
    .catch(fallbackOnRefusal<ApiRuleAuthorList>({ data: [] }));
  const deleteId = params.get("dialog") === "delete" ? Number(params.get("id")) : NaN;
  const editing = rules.data.find((rule) => rule.id === editId) ?? null;
  return {
    rules: rules.data,
    editing,
    showForm: editing !== null || params.get("new") === "1",
    deleteId: rules.data.find((rule) => rule.id === deleteId)?.id ?? null,
    // A rule applying to stored mentions: the page offers to look again (and refreshes itself with JavaScript).
    applying: rules.data.some((rule) => rule.apply?.status === "running"),
    options: {
      sources: [
        { label: MESSAGES.streams, type: 1, items: streams.data.map((s) => ({ id: s.id, name: s.name })) },
        {
          label: MESSAGES.inboxUi.savedSearches,
          type: 2,
          items: searches.data.map((s) => ({ id: s.id, name: s.name })),
        },
        {
          label: MESSAGES.topicsScreen.topicsHeading,
          type: 3,
          items: topics.data.map((t) => ({ id: t.id, name: t.name })),
        },
        {
          label: MESSAGES.topicsScreen.groupsHeading,
          type: 4,
          items: groups.data.map((g) => ({ id: g.id, name: g.name })),
        },
      ],
      labels: labels.data.map((l) => ({ id: l.id, name: l.name })),
      users: members.data
        .filter((m) => m.state === 1)
        .map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email })),
      teams: teams.data.map((t) => ({ id: t.id, name: t.name })),
      // Grouped by network, as the sources are.
      authors: authorGroups(authors.data),
    },
  };
}

function authorGroups(authors: ApiRuleAuthorList["data"]) {
  const groups = new Map<string, Array<{ id: number; name: string }>>();
  for (const author of authors) {
    const name =
      author.name && author.name !== author.username ? `${author.name} (@${author.username})` : `@${author.username}`;
    const list = groups.get(author.socialType) ?? [];
    list.push({ id: author.id, name });
    groups.set(author.socialType, list);
  }
  return [...groups].map(([network, items]) => ({
    network,
    label: isNetworkId(network) ? networkById(network).name : network,
    items,
  }));
}

/** The form's faults at their places, from the API's linter (as /search shows them). */
async function faultsOf(context: AppLoadContext, values: { query?: unknown; exclude_query?: unknown }) {
  const one = async (text: unknown): Promise<QueryFault[]> => {
    if (typeof text !== "string" || !text.trim()) return [];
    try {
      return (await context.api.post<QueryValidation>("/v1/queries/validate", { query: text.replace(/\r\n?/g, "\n") }))
        .errors;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400)
        return [{ message: error.message, offset: 0, length: text.length }];
      throw error;
    }
  };
  const [query, excludeQuery] = await Promise.all([one(values.query), one(values.exclude_query)]);
  return { query, excludeQuery };
}

const NO_FAULTS = { query: [] as QueryFault[], excludeQuery: [] as QueryFault[] };

type ShownIntent = "save" | "test" | "apply" | "delete";
type RuleIntent = RuleAction["intent"];

/** The form a post answers for: create and update are the one rule form ("save"). */
const SHOWN_INTENT: Record<RuleIntent, ShownIntent> = {
  create: "save",
  update: "save",
  test: "test",
  apply: "apply",
  delete: "delete",
};

/** What every handler is given beside the parsed value: the post as conform read it, the rule's id. */
interface RuleHandlerContext {
  context: AppLoadContext;
  submission: Submission<unknown, string[]>;
  id: number | null;
}

function failed(
  intent: ShownIntent,
  submission: Submission<unknown>,
  error: unknown,
  extra: { id?: number | null; faults?: typeof NO_FAULTS } = {},
) {
  return data(
    {
      intent,
      id: extra.id ?? null,
      result: replyWithApiError(submission, error),
      faults: extra.faults ?? NO_FAULTS,
      test: null as ApiRuleTest | null,
    },
    { status: statusOf(error) },
  );
}

type RuleAnswer = ReturnType<typeof failed>;

async function save(
  action: Extract<RuleAction, { intent: "create" | "update" }>,
  { context, submission, id }: RuleHandlerContext,
  updating: boolean,
): Promise<RuleAnswer> {
  const fields = formFields(action);
  let saved: ApiRule;
  try {
    saved = updating
      ? await context.api.patch<ApiRule>(`/v1/admin/rules/${id}`, fields)
      : await context.api.post<ApiRule>("/v1/admin/rules", fields);
  } catch (error) {
    if (updating) redirectIfGone(context, error, RULES_PATH);
    const faults = error instanceof ApiError && error.status === 422 ? await faultsOf(context, fields) : NO_FAULTS;
    return failed("save", submission, error, { id, faults });
  }
  flashToast(context, {
    kind: "success",
    message: updating ? MESSAGES.rulesScreen.updated(saved.name) : MESSAGES.rulesScreen.created(saved.name),
  });
  throw redirect(RULES_PATH);
}

/** One handler per intent of RuleActionSchema (ADR 028). */
const RULE_ACTIONS: IntentHandlers<RuleAction, RuleHandlerContext, Promise<RuleAnswer>> = {
  create: (action, handlerContext) => save(action, handlerContext, false),
  update: (action, handlerContext) => save(action, handlerContext, handlerContext.id !== null),
  async test(action, { context, submission, id }) {
    // The form keeps what was typed: its values come back as the result's initial values.
    const kept = submission.reply();
    const fields = formFields(action);
    try {
      const test = await context.api.post<ApiRuleTest>("/v1/admin/rules/test", fields);
      return data({ intent: "test" as ShownIntent, id, result: kept, faults: NO_FAULTS, test });
    } catch (error) {
      const faults = error instanceof ApiError && error.status === 422 ? await faultsOf(context, fields) : NO_FAULTS;
      return failed("test", submission, error, { id, faults });
    }
  },
  async apply({ id }, { context }) {
    try {
      const rule = await context.api.post<ApiRule>(`/v1/admin/rules/${id}/apply`);
      flashToast(context, { kind: "success", message: MESSAGES.rulesScreen.applyStarted(rule.name) });
    } catch (error) {
      redirectIfGone(context, error, RULES_PATH);
      if (!(error instanceof ApiError)) throw error;
      flashToast(context, { kind: "error", message: error.reason });
    }
    throw redirect(RULES_PATH);
  },
  async delete({ id }, { context, submission }) {
    try {
      await context.api.delete(`/v1/admin/rules/${id}`);
    } catch (error) {
      redirectIfGone(context, error, RULES_PATH);
      return failed("delete", submission, error, { id });
    }
    flashToast(context, { kind: "success", message: MESSAGES.rulesScreen.deleted });
    throw redirect(RULES_PATH);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission, intent } = await readIntentForm(request, context, RuleActionSchema);
  const id = submittedId(submission.payload);
  if (submission.status !== "success") {
    const shown = SHOWN_INTENT[intent];
    // The rule form's own errors, with the query's faults at their places (as /search shows them).
    const faults = shown === "save" || shown === "test" ? await faultsOf(context, submission.payload) : NO_FAULTS;
    return data(
      { intent: shown, id, result: submission.reply(), faults, test: null as ApiRuleTest | null },
      { status: 400 },
    );
  }
  return handleIntent(RULE_ACTIONS, submission.value, { context, submission, id });
}
