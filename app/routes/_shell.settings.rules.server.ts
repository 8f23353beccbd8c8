import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { Submission } from "@conform-to/react";
import * as z from "zod";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { RuleFormSchema, RuleTestSchema, type RuleListResponseSchema, type RuleResponseSchema, type RuleTestResponseSchema } from "../../domain/schemas/rules";
import type { ApiStreamList } from "../components/channels/types";
import type { ApiLabelList } from "../components/inbox/types";
import type { ApiSearchItemList, QueryFault, QueryValidation } from "../components/search/types";
import type { ApiTopicGroupList, ApiTopicList } from "../components/topics/types";
import { ApiError, type ApiAccountList, type ApiTeamList } from "../lib/api.server";
import { readForm, readFormData, redirectIfGone, replyWithApiError, statusOf, submittedId } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

// The rules screen (issue 24, ADR 031): /settings/rules lists the tenant's rules; ?new=1 or ?edit={id}
// opens the form, ?dialog=delete&id= the delete confirmation. One form posts create / update / test;
// apply and delete post their own small forms. Everything works without JavaScript.

export type ApiRule = FromWire<typeof RuleResponseSchema>;
type ApiRuleList = FromWire<typeof RuleListResponseSchema>;
export type ApiRuleTest = FromWire<typeof RuleTestResponseSchema>;

const RULES_PATH = "/settings/rules";

const softFail =
  <T>(fallback: T) =>
  (error: unknown): T => {
    if (error instanceof ApiError && error.status < 500) return fallback;
    throw error;
  };

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const params = new URL(request.url).searchParams;
  const [rules, streams, searches, topics, groups, labels, members, teams] = await Promise.all([
    context.api.get<ApiRuleList>("/v1/admin/rules"),
    context.api.get<ApiStreamList>("/v1/streams").catch(softFail<ApiStreamList>({ data: [] })),
    context.api.get<ApiSearchItemList>("/search/items").catch(softFail<ApiSearchItemList>({ data: [] })),
    context.api.get<ApiTopicList>("/v1/topics").catch(softFail<ApiTopicList>({ data: [] })),
    context.api.get<ApiTopicGroupList>("/v1/topic_groups").catch(softFail<ApiTopicGroupList>({ data: [] })),
    context.api.get<ApiLabelList>("/v1/labels", { query: { itemsCount: 0 } }).catch(softFail<ApiLabelList>({ data: [] })),
    context.api.get<ApiAccountList>("/v1/accounts").catch(softFail<ApiAccountList>({ data: [] })),
    context.api.get<ApiTeamList>("/v1/teams").catch(softFail<ApiTeamList>({ data: [] })),
  ]);
  const editId = Number(params.get("edit"));
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
        { label: MESSAGES.inboxUi.savedSearches, type: 2, items: searches.data.map((s) => ({ id: s.id, name: s.name })) },
        { label: MESSAGES.topicsScreen.topicsHeading, type: 3, items: topics.data.map((t) => ({ id: t.id, name: t.name })) },
        { label: MESSAGES.topicsScreen.groupsHeading, type: 4, items: groups.data.map((g) => ({ id: g.id, name: g.name })) },
      ],
      labels: labels.data.map((l) => ({ id: l.id, name: l.name })),
      users: members.data.filter((m) => m.state === 1).map((m) => ({ id: m.id, name: `${m.firstName} ${m.lastName}`.trim() || m.email })),
      teams: teams.data.map((t) => ({ id: t.id, name: t.name })),
    },
  };
}

/** The form's faults at their places, from the API's linter (as /search shows them). */
async function faultsOf(context: AppLoadContext, values: { query?: unknown; exclude_query?: unknown }) {
  const one = async (text: unknown): Promise<QueryFault[]> => {
    if (typeof text !== "string" || !text.trim()) return [];
    try {
      return (await context.api.post<QueryValidation>("/v1/queries/validate", { query: text.replace(/\r\n?/g, "\n") })).errors;
    } catch (error) {
      if (error instanceof ApiError && error.status === 400) return [{ message: error.message, offset: 0, length: text.length }];
      throw error;
    }
  };
  const [query, excludeQuery] = await Promise.all([one(values.query), one(values.exclude_query)]);
  return { query, excludeQuery };
}

const NO_FAULTS = { query: [] as QueryFault[], excludeQuery: [] as QueryFault[] };

const IdSchema = z.object({ id: z.coerce.number().int().positive() });

type Intent = "save" | "test" | "apply" | "delete";

function failed(intent: Intent, submission: Submission<unknown>, error: unknown, extra: { id?: number | null; faults?: typeof NO_FAULTS } = {}) {
  return data(
    { intent, id: extra.id ?? null, result: replyWithApiError(submission, error), faults: extra.faults ?? NO_FAULTS, test: null },
    { status: statusOf(error) },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const posted = await readFormData(request.clone());
  const intent = posted.get("intent");

  if (intent === "create" || intent === "update") {
    const { submission } = await readForm(request, context, RuleFormSchema);
    const id = submittedId(submission.payload);
    if (submission.status !== "success") {
      return data({ intent: "save" as const, id, result: submission.reply(), faults: await faultsOf(context, submission.payload), test: null }, { status: 400 });
    }
    let saved: ApiRule;
    try {
      saved =
        intent === "update" && id !== null
          ? await context.api.patch<ApiRule>(`/v1/admin/rules/${id}`, submission.value)
          : await context.api.post<ApiRule>("/v1/admin/rules", submission.value);
    } catch (error) {
      if (intent === "update") redirectIfGone(context, error, RULES_PATH);
      const faults = error instanceof ApiError && error.status === 422 ? await faultsOf(context, submission.value) : NO_FAULTS;
      return failed("save", submission, error, { id, faults });
    }
    flashToast(context, { kind: "success", message: intent === "update" ? MESSAGES.rulesScreen.updated(saved.name) : MESSAGES.rulesScreen.created(saved.name) });
    throw redirect(RULES_PATH);
  }

  if (intent === "test") {
    const { submission } = await readForm(request, context, RuleTestSchema);
    const id = submittedId(submission.payload);
    // The form keeps what was typed: its values come back as the result's initial values.
    const kept = submission.reply();
    if (submission.status !== "success") {
      return data({ intent: "test" as const, id, result: kept, faults: await faultsOf(context, submission.payload), test: null }, { status: 400 });
    }
    try {
      const test = await context.api.post<ApiRuleTest>("/v1/admin/rules/test", submission.value);
      return data({ intent: "test" as const, id, result: kept, faults: NO_FAULTS, test });
    } catch (error) {
      const faults = error instanceof ApiError && error.status === 422 ? await faultsOf(context, submission.value) : NO_FAULTS;
      return failed("test", submission, error, { id, faults });
    }
  }

  if (intent === "apply" || intent === "delete") {
    const { submission } = await readForm(request, context, IdSchema);
    const id = submittedId(submission.payload);
    if (submission.status !== "success") return data({ intent, id, result: submission.reply(), faults: NO_FAULTS, test: null }, { status: 400 });
    try {
      if (intent === "apply") {
        const rule = await context.api.post<ApiRule>(`/v1/admin/rules/${submission.value.id}/apply`);
        flashToast(context, { kind: "success", message: MESSAGES.rulesScreen.applyStarted(rule.name) });
      } else {
        await context.api.delete(`/v1/admin/rules/${submission.value.id}`);
        flashToast(context, { kind: "success", message: MESSAGES.rulesScreen.deleted });
      }
    } catch (error) {
      redirectIfGone(context, error, RULES_PATH);
      if (intent === "apply" && error instanceof ApiError) {
        flashToast(context, { kind: "error", message: error.reason });
        throw redirect(RULES_PATH);
      }
      return failed(intent, submission, error, { id });
    }
    throw redirect(RULES_PATH);
  }

  throw new Response(MESSAGES.badRequest, { status: 400 });
}
