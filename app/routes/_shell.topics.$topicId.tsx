import type { Submission } from "@conform-to/react";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useActionData, useLoaderData, useNavigate, useRouteLoaderData } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { TopicPageActionSchema, type TopicPageAction } from "../../domain/schemas/topics";
import { pageTitle } from "../../domain/product";
import { hasPermission } from "../../domain/permissions";
import { VISIBILITY, VISIBILITY_LABELS, type Visibility } from "../../domain/visibility";
import { BackfillProgress } from "../components/topics/backfill-progress";
import { topicTypeLabel, TOPICS_PATH } from "../components/topics/format";
import { errorTitle, routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { TOPIC_FORM_ACTIONS, TOPIC_FORM_READ, TOPIC_FORM_REFUSALS, type TopicFormAnswer, type TopicFormContext } from "./_shell.topics.server";
import { TopicForm } from "../components/topics/topic-form";
import { ConfirmFormDialog } from "../components/ui/confirm-form-dialog";
import type { ApiTopic } from "../components/topics/types";
import { ApiError, type ApiTeamList } from "../lib/api.server";
import {
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import type { RootData } from "../lib/root-data";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { useRowDialog } from "../lib/use-row-dialog";
import type { loader as topicsLoader } from "./_shell.topics";
import { useFormKey } from "../lib/use-form-key";
import { recordIdOr404 } from "../lib/not-found.server";

const LABELS = MESSAGES.topicsScreen;


export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const id = recordIdOr404(params.topicId);
  recordPageView(request, context, account);
  let topic;
  try {
    topic = await context.api.get<ApiTopic>(`/v1/topics/${id}`);
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) throw new Response(MESSAGES.notFound, { status: 404 });
    throw error;
  }
  // Changing it needs topics.index.write (the API says so per topic); others see it read-only.
  const canWrite = topic.editable && hasPermission(account.permissions, "topics.index.write");
  const teams = canWrite
    ? (await context.api.get<ApiTeamList>("/v1/teams")).data
    : [];
  const dialog = new URL(request.url).searchParams.get("dialog");
  return {
    canWrite,
    topic: {
      id: topic.id,
      name: topic.name,
      type: topic.type,
      typeLabel: topicTypeLabel(topic.type),
      topicGroupId: topic.topicGroupId,
      keywords: topic.keywords,
      query: topic.query ?? "",
      entityType: topic.entityType,
      entityIds: topic.entityIds,
      backfill: topic.backfill,
    },
    teams: teams.map((team) => ({ id: team.id, name: team.name })),
    deleteId: canWrite && dialog === "delete" ? topic.id : null,
  };
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;

type TopicPageIntent = TopicPageAction["intent"];
type TopicPageAnswer = TopicFormAnswer | FormRefusal<"delete">;

/** The topic page's handlers: the topic form's, and deleting the page's own topic. */
const TOPIC_PAGE_ACTIONS: IntentHandlers<
  TopicPageAction,
  TopicFormContext & { topicId: number },
  Promise<TopicPageAnswer>
> = {
  ...TOPIC_FORM_ACTIONS,
  async delete({ id }, { context, submission, topicId }) {
    // The form posts the page's own topic: another id is not a confirmation of deleting this one.
    if (id !== topicId) throw new Response(MESSAGES.badRequest, { status: 400 });
    try {
      await context.api.delete(`/v1/topics/${topicId}`);
    } catch (error) {
      return formHandlerContext(context, submission, "delete").refused(error);
    }
    flashToast(context, { kind: "success", message: LABELS.topicDeleted });
    throw redirect(TOPICS_PATH);
  },
};

/** Refused before any handler ran: the topic form's errors, or the delete confirmation's. */
const TOPIC_PAGE_REFUSALS: Record<TopicPageIntent, (submission: Submission<unknown, string[]>) => TopicPageAnswer> = {
  ...TOPIC_FORM_REFUSALS,
  delete: (submission) => formRefused("delete", submission),
};

export async function action({ request, context, params }: ActionFunctionArgs) {
  const account = await requireAccount(request, context);
  const topicId = recordIdOr404(params.topicId);
  const { formData, submission, intent } = await readIntentForm(request, context, TopicPageActionSchema, TOPIC_FORM_READ);
  if (submission.status !== "success") return TOPIC_PAGE_REFUSALS[intent](submission);
  return handleIntent(TOPIC_PAGE_ACTIONS, submission.value, {
    context,
    account,
    formData,
    submission,
    topicId,
    save: (input) => context.api.put<ApiTopic>(`/v1/topics/${topicId}`, input),
    toast: LABELS.topicUpdated,
  });
}

export default function TopicRoute() {
  const { canWrite, topic, teams, deleteId } = useLoaderData<typeof loader>();
  const layout = useRouteLoaderData<typeof topicsLoader>("routes/_shell.topics");
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const here = `${TOPICS_PATH}/${topic.id}`;
  const groups = layout?.groups.map((group) => ({ id: group.id, name: group.name })) ?? [];
  const groupName = groups.find((group) => group.id === topic.topicGroupId)?.name ?? LABELS.noGroup;

  // The delete dialog: ?dialog=delete renders it on the server; once hydrated the Delete link opens
  // it in place; a refused delete shows it again with the reason.
  const deleteData = actionData && "intent" in actionData ? actionData : undefined;
  const formData = actionData && "suggestions" in actionData ? actionData : undefined;
  const [deletingId, setDeletingId] = useRowDialog(deleteId ?? null, deleteData, "delete");
  const closeDelete = () => {
    setDeletingId(null);
    if (deleteId !== null) navigate(here, { replace: true, preventScrollReset: true });
  };

  return (
    <div className="space-y-4">
      <header className="space-y-1" data-testid="topic-header">
        <h2 className="break-words text-xl font-semibold">{topic.name}</h2>
        <p className="text-sm text-slate-600">
          {topic.typeLabel}
          <span aria-hidden> · </span>
          <span className="sr-only">, </span>
          {groupName}
        </p>
        <p className="text-sm">
          {/* An alert on this topic (issue 24, ADR 029). */}
          <Link to={`/alerts/new?topic_id=${topic.id}`} className="text-brand-700 hover:underline" data-testid="topic-alert-link">
            {MESSAGES.alerts.newAlert}
          </Link>
        </p>
      </header>

      <BackfillProgress backfill={topic.backfill} refreshHref={here} />

      {canWrite ? null : <TopicSummary topic={topic} />}

      {canWrite ? (
        <section aria-labelledby="edit-topic-heading" className="rounded-lg border border-slate-200 bg-white p-4">
          <h3 id="edit-topic-heading" className="mb-4 text-lg font-semibold">
            {MESSAGES.edit}
          </h3>
          <TopicForm
            key={formsKey}
            labelledBy="edit-topic-heading"
            formId={`topic-${topic.id}`}
            defaultValue={{
              name: topic.name,
              type: topic.type,
              topic_group_id: topic.topicGroupId === null ? "" : String(topic.topicGroupId),
              keywords: topic.keywords,
              keyword_entry: "",
              query: topic.query,
              entity_type: String(topic.entityType || VISIBILITY.everyone),
              entity_ids: topic.entityType === VISIBILITY.teams ? topic.entityIds.map(String) : [],
            }}
            groups={groups}
            teams={teams}
            lastResult={formData?.result}
            serverSuggestions={formData?.suggestions ?? null}
            submitLabel={MESSAGES.save}
            actions={
              <a
                href={`${here}?dialog=delete`}
                onClick={(event) => {
                  if (!hydrated) return;
                  event.preventDefault();
                  setDeletingId(topic.id);
                }}
                className="mr-auto inline-flex items-center rounded-md border border-red-200 bg-white px-4 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
              >
                {LABELS.deleteTopic}
              </a>
            }
          />
        </section>
      ) : null}

      {deletingId === topic.id ? (
        <ConfirmFormDialog
          formId={`delete-${topic.id}`}
          intent="delete"
          recordId={topic.id}
          subject={topic.name}
          closeHref={here}
          lastResult={deleteData?.result}
          onClose={closeDelete}
        />
      ) : null}
    </div>
  );
}

/** What a topic matches and who sees it, for those who may not change it. */
function TopicSummary({ topic }: { topic: LoaderData["topic"] }) {
  return (
    <section aria-labelledby="topic-summary-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="topic-summary-heading" className="sr-only">
        {topic.name}
      </h3>
      <p className="mb-3 text-sm text-slate-500">{LABELS.readOnly}</p>
      <dl className="space-y-3 text-sm">
        {topic.type === "keywords" ? (
          <div>
            <dt className="font-medium text-slate-700">{MESSAGES.keywords}</dt>
            <dd>
              <ul className="mt-1 flex flex-wrap gap-2" data-testid="keyword-list">
                {topic.keywords.map((keyword) => (
                  <li key={keyword} data-testid="keyword" className="rounded-full bg-brand-50 px-3 py-1 text-brand-800">
                    {keyword}
                  </li>
                ))}
              </ul>
            </dd>
          </div>
        ) : (
          <div>
            <dt className="font-medium text-slate-700">{LABELS.query}</dt>
            <dd>
              <pre className="mt-1 whitespace-pre-wrap break-words rounded-md bg-slate-50 px-3 py-2 font-mono">
                {topic.query}
              </pre>
            </dd>
          </div>
        )}
        <div>
          <dt className="font-medium text-slate-700">{LABELS.visibleFor}</dt>
          <dd>{VISIBILITY_LABELS[topic.entityType as Visibility] ?? "-"}</dd>
        </div>
      </dl>
    </section>
  );
}

/** '{topic name} | {PRODUCT_NAME}'; the error's own title on the error screen ('Page not found', a 403's refusal). */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  {
    title: pageTitle(
      error ? errorTitle(error) : (data?.topic.name ?? MESSAGES.pageNotFound),
      (matches[0]?.data as RootData | undefined)?.productName,
    ),
  },
];

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.topics);
