import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Form,
  Link,
  NavLink,
  Outlet,
  useActionData,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigation,
} from "@remix-run/react";
import type * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import type { QueryToSend } from "../../domain/request-types";
import {
  RenameTopicGroupFormSchema,
  type DeleteTopicGroupQuerySchema,
  TopicGroupFormSchema,
  TopicListActionSchema,
  type TopicListAction,
} from "../../domain/schemas/topics";
import { backfillPercent, topicTypeLabel, TOPICS_PATH } from "../components/topics/format";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { useDetailsDismiss } from "../lib/use-details-dismiss";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import { Modal } from "../components/ui/modal";
import type { ApiTopic, ApiTopicGroupList, ApiTopicList } from "../components/topics/types";
import { ApiError } from "../lib/api.server";
import {
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { useRowDialog } from "../lib/use-row-dialog";
import { useFormKey } from "../lib/use-form-key";
import { compareByName } from "../../domain/format";
import { safeRedirectPathUnder } from "../../domain/navigation";

const LABELS = MESSAGES.topicsScreen;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  // Custom Topics is open to any signed-in user (spec §2); changing them needs topics.index.write, and
  // the screen only hides what the API would refuse.
  const canWrite = hasPermission(account.permissions, "topics.index.write");
  const [topics, groups] = await Promise.all([
    context.api.get<ApiTopicList>("/v1/topics").then((r) => r.data),
    context.api.get<ApiTopicGroupList>("/v1/topic_groups").then((r) => r.data),
  ]);
  const rows = topics
    .map((topic) => ({
      id: topic.id,
      name: topic.name,
      groupId: topic.topicGroupId,
      pinned: topic.pinned,
      typeLabel: topicTypeLabel(topic.type),
      /** Percent applied to the stored mentions while the backfill runs; null once finished. */
      applying: topic.backfill.finished ? null : backfillPercent(topic.backfill),
    }))
    // Pinned first, then by name (as the saved-search sidebar orders its entries).
    .sort((a, b) => Number(b.pinned) - Number(a.pinned) || compareByName(a, b));
  const groupIds = new Set(groups.map((group) => group.id));
  const params = new URL(request.url).searchParams;
  const dialogId = params.get("dialog") === "delete-group" ? Number(params.get("id")) : NaN;
  return {
    canWrite,
    groups: [...groups].sort(compareByName).map((group) => ({
      id: group.id,
      name: group.name,
      topics: rows.filter((topic) => topic.groupId === group.id),
    })),
    ungrouped: rows.filter((topic) => topic.groupId === null || !groupIds.has(topic.groupId)),
    deleteGroupId: canWrite ? (groups.find((group) => group.id === dialogId)?.id ?? null) : null,
  };
}

/** Where a form of the list sends the user back to: the page it was sent from (a topic's, or the list). */
function backTo(value: FormDataEntryValue | null): string {
  return safeRedirectPathUnder(value, /^\/topics(\/\d{1,9})?$/, TOPICS_PATH);
}

type TopicListIntent = TopicListAction["intent"];
/** What the list's handlers are given: the form handler context, and the page the form was sent from. */
type TopicListContext = FormHandlerContext<TopicListIntent> & { back: string };
const GROUP_NAME_LABELS = { name: LABELS.groupName };

/** One handler per intent of TopicListActionSchema (ADR 028). */
const TOPIC_LIST_ACTIONS: IntentHandlers<TopicListAction, TopicListContext, Promise<FormRefusal<TopicListIntent>>> = {
  async "create-group"({ name }, { context, refused, back }) {
    try {
      await context.api.post("/v1/topic_groups", { name });
    } catch (error) {
      return refused(error, { labels: GROUP_NAME_LABELS });
    }
    flashToast(context, { kind: "success", message: LABELS.groupCreated(name) });
    throw redirect(back);
  },
  async "rename-group"({ id, name }, { context, refused, back }) {
    try {
      await context.api.put(`/v1/topic_groups/${id}`, { name });
    } catch (error) {
      return refused(error, { gone: back, labels: GROUP_NAME_LABELS });
    }
    flashToast(context, { kind: "success", message: LABELS.groupRenamed(name) });
    throw redirect(back);
  },
  async "delete-group"({ id, remove_topics: removeTopics }, { context, refused, back }) {
    try {
      await context.api.delete(`/v1/topic_groups/${id}`, {
        query: { removeTopics: removeTopics ? "true" : "false" } satisfies QueryToSend<typeof DeleteTopicGroupQuerySchema>,
      });
    } catch (error) {
      return refused(error, { gone: back });
    }
    flashToast(context, {
      kind: "success",
      message: removeTopics ? LABELS.groupDeletedWithTopics : LABELS.groupDeleted,
    });
    // The topic on screen may have gone with the group.
    throw redirect(removeTopics ? TOPICS_PATH : back);
  },
  async "move-topic"({ id, topic_group_id }, { context, back }) {
    // A row button has no room for an error under it: a refusal comes back as a toast.
    try {
      const topic = await context.api.put<ApiTopic>(`/v1/topics/move/${id}`, { topic_group_id });
      const groups = topic.topicGroupId === null ? [] : (await context.api.get<ApiTopicGroupList>("/v1/topic_groups")).data;
      const group = groups.find((candidate) => candidate.id === topic.topicGroupId)?.name ?? LABELS.noGroup;
      flashToast(context, { kind: "success", message: LABELS.topicMoved(topic.name, group) });
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      flashToast(context, { kind: "error", message: error.reason });
    }
    throw redirect(back);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { formData, submission, intent } = await readIntentForm(request, context, TopicListActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  const back = backTo(formData.get("back"));
  return handleIntent(TOPIC_LIST_ACTIONS, submission.value, { ...formHandlerContext(context, submission, intent), back });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Group = LoaderData["groups"][number];
type TopicRow = Group["topics"][number];
type GroupChoice = { id: number; name: string };
type LastResult = SubmissionResult<string[]> | undefined;

export default function TopicsLayoutRoute() {
  const { canWrite, groups, ungrouped, deleteGroupId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const location = useLocation();
  const formsKey = useFormKey(actionData);
  const navigate = useNavigate();
  const here = location.pathname;

  // The delete dialog: ?dialog=delete-group&id= renders it on the server (no JavaScript needed); once
  // hydrated the Delete link opens it in place; a refused delete shows it again with the reason.
  const [deletingId, setDeletingId] = useRowDialog(deleteGroupId ?? null, actionData, "delete-group");
  const deleting = groups.find((group) => group.id === deletingId) ?? null;
  const closeDelete = () => {
    setDeletingId(null);
    if (deleteGroupId !== null) navigate(here, { replace: true, preventScrollReset: true });
  };
  const choices: GroupChoice[] = groups.map((group) => ({ id: group.id, name: group.name }));
  const resultFor = (intent: string, id: number | null) =>
    actionData?.intent === intent && actionData.id === id ? actionData.result : undefined;
  const empty = groups.length === 0 && ungrouped.length === 0;

  return (
    <section className="space-y-6">
      <header className="space-y-1">
        <h1 className="text-2xl font-semibold">{MESSAGES.customTopics}</h1>
        <p className="max-w-3xl text-sm text-slate-600">{LABELS.intro}</p>
      </header>

      <div className="grid items-start gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <aside aria-labelledby="topic-list-heading" className="space-y-4">
          <div className="flex items-center justify-between gap-3">
            <h2 id="topic-list-heading" className="text-lg font-semibold">
              {LABELS.topicsHeading}
            </h2>
            {canWrite ? (
              <Link
                to={TOPICS_PATH}
                className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50"
              >
                {LABELS.newTopic}
              </Link>
            ) : null}
          </div>

          {empty ? (
            <p
              className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500"
              data-testid="topics-empty"
            >
              {LABELS.noTopicsYet}
            </p>
          ) : null}

          {groups.map((group) => (
            <GroupCard
              key={`${group.id}-${formsKey}`}
              group={group}
              canWrite={canWrite}
              choices={choices}
              back={here}
              renameResult={resultFor("rename-group", group.id)}
              onDelete={() => setDeletingId(group.id)}
            />
          ))}
          {ungrouped.length ? (
            <section
              aria-labelledby="ungrouped-heading"
              className="rounded-lg border border-slate-200 bg-white"
              data-testid="topic-group"
            >
              <h3
                id="ungrouped-heading"
                className="rounded-t-lg border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold text-slate-700"
              >
                {LABELS.ungrouped} <span className="font-normal text-slate-500">({ungrouped.length})</span>
              </h3>
              <TopicList topics={ungrouped} label={LABELS.ungrouped} choices={canWrite ? choices : null} back={here} />
            </section>
          ) : null}

          {canWrite ? <NewGroupForm key={formsKey} back={here} lastResult={resultFor("create-group", null)} /> : null}
        </aside>

        <div className="min-w-0">
          <Outlet />
        </div>
      </div>

      {deleting ? (
        <DeleteGroupDialog
          group={deleting}
          closeHref={here}
          lastResult={resultFor("delete-group", deleting.id)}
          onClose={closeDelete}
        />
      ) : null}
    </section>
  );
}

const SMALL_BUTTON =
  "inline-flex cursor-pointer list-none items-center rounded-md border px-2.5 py-1 text-xs font-medium";
const SMALL_SECONDARY = `${SMALL_BUTTON} border-slate-300 bg-white text-ink hover:bg-slate-50`;

function GroupCard({
  group,
  canWrite,
  choices,
  back,
  renameResult,
  onDelete,
}: {
  group: Group;
  canWrite: boolean;
  choices: GroupChoice[];
  back: string;
  renameResult: LastResult;
  onDelete: () => void;
}) {
  const hydrated = useHydrated();
  const headingId = `topic-group-${group.id}`;
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-slate-200 bg-white"
      data-testid="topic-group"
      data-group-id={group.id}
    >
      <div className="flex flex-wrap items-center justify-between gap-2 rounded-t-lg border-b border-slate-200 bg-slate-50 px-4 py-2">
        <h3 id={headingId} className="min-w-0 break-words text-sm font-semibold">
          {group.name} <span className="font-normal text-slate-500">({group.topics.length})</span>
        </h3>
        {canWrite ? (
          <div className="flex items-center gap-2" role="group" aria-label={group.name}>
            <RenameGroup group={group} back={back} lastResult={renameResult} />
            <a
              href={`${back}?dialog=delete-group&id=${group.id}`}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                onDelete();
              }}
              aria-label={LABELS.deleteGroup(group.name)}
              className={`${SMALL_BUTTON} border-red-200 bg-white text-red-700 hover:bg-red-50`}
            >
              {MESSAGES.delete}
            </a>
          </div>
        ) : null}
      </div>
      {group.topics.length ? (
        <TopicList
          topics={group.topics}
          label={LABELS.topicsOf(group.name)}
          choices={canWrite ? choices : null}
          back={back}
        />
      ) : (
        <p className="px-4 py-3 text-sm text-slate-500">{LABELS.emptyGroup}</p>
      )}
    </section>
  );
}

/** Rename in place: a <details> disclosure, so it opens without JavaScript; open again after a refusal. */
function RenameGroup({ group, back, lastResult }: { group: Group; back: string; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ id: string; name: string }, z.output<typeof RenameTopicGroupFormSchema>>({
    id: `rename-group-${group.id}`,
    lastResult,
    defaultValue: { id: String(group.id), name: group.name },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: RenameTopicGroupFormSchema }),
  });
  // A refused rename shows the popover open, with its reason.
  const refused = lastResult?.status === "error";
  const popover = useDetailsDismiss({ answered: refused });
  const submitting =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "rename-group" &&
    navigation.formData.get("id") === String(group.id);
  return (
    <details ref={popover} className="relative" open={refused || undefined}>
      <summary className={SMALL_SECONDARY} aria-label={LABELS.renameGroup(group.name)}>
        {LABELS.rename}
      </summary>
      <Form
        method="post"
        action={TOPICS_PATH}
        {...getFormProps(form)}
        aria-label={LABELS.renameGroup(group.name)}
        className="absolute right-0 z-20 mt-2 w-72 space-y-3 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
      >
        <CsrfInput />
        <input type="hidden" name="id" value={group.id} />
        <input type="hidden" name="back" value={back} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={LABELS.groupName} field={fields.name} autoComplete="off" />
        <div className="flex justify-end">
          <Button variant="secondary" name="intent" value="rename-group" pending={submitting}>
            {MESSAGES.save}
          </Button>
        </div>
      </Form>
    </details>
  );
}

function TopicList({
  topics,
  label,
  choices,
  back,
}: {
  topics: TopicRow[];
  label: string;
  /** The groups a topic can move to; null when the user may not move topics. */
  choices: GroupChoice[] | null;
  back: string;
}) {
  return (
    <ul className="divide-y divide-slate-100" aria-label={label}>
      {topics.map((topic) => (
        <TopicListRow key={topic.id} topic={topic} choices={choices} back={back} />
      ))}
    </ul>
  );
}

function TopicListRow({ topic, choices, back }: { topic: TopicRow; choices: GroupChoice[] | null; back: string }) {
  const navigation = useNavigation();
  const moving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === "move-topic" &&
    navigation.formData.get("id") === String(topic.id);
  const selectId = `move-${topic.id}`;
  const popover = useDetailsDismiss();
  return (
    <li data-testid="topic-row" data-topic-id={topic.id} className="px-4 py-2">
      <div className="flex items-start justify-between gap-2">
        <div className="min-w-0">
          <NavLink
            to={`${TOPICS_PATH}/${topic.id}`}
            className={({ isActive }) =>
              `break-words text-sm font-medium underline-offset-2 hover:underline ${isActive ? "text-brand-700" : "text-ink"}`
            }
          >
            {topic.name}
          </NavLink>
          <p className="text-xs text-slate-500">
            {topic.typeLabel}
            {topic.applying !== null ? (
              <span className="ml-2 rounded-full bg-amber-50 px-1.5 py-0.5 font-medium text-amber-800">
                {LABELS.backfillBadge(topic.applying)}
              </span>
            ) : null}
          </p>
        </div>
        {choices ? (
          <details ref={popover} className="relative shrink-0">
            <summary className={SMALL_SECONDARY} aria-label={LABELS.moveTopic(topic.name)}>
              {LABELS.move}
            </summary>
            <Form
              method="post"
              action={TOPICS_PATH}
              aria-label={LABELS.moveTopic(topic.name)}
              className="absolute right-0 z-20 mt-2 w-64 space-y-2 rounded-lg border border-slate-200 bg-white p-3 shadow-lg"
            >
              <CsrfInput />
              <input type="hidden" name="id" value={topic.id} />
              <input type="hidden" name="back" value={back} />
              <label htmlFor={selectId} className="block text-sm font-medium text-slate-700">
                {LABELS.moveTopicTo(topic.name)}
              </label>
              <select
                id={selectId}
                name="topic_group_id"
                defaultValue={topic.groupId ?? ""}
                className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
              >
                <option value="">{LABELS.noGroup}</option>
                {choices.map((group) => (
                  <option key={group.id} value={group.id}>
                    {group.name}
                  </option>
                ))}
              </select>
              <div className="flex justify-end">
                <Button variant="secondary" name="intent" value="move-topic" pending={moving}>
                  {LABELS.move}
                </Button>
              </div>
            </Form>
          </details>
        ) : null}
      </div>
    </li>
  );
}

function NewGroupForm({ back, lastResult }: { back: string; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ name: string }>({
    id: "topic-group-new",
    lastResult,
    defaultValue: { name: "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TopicGroupFormSchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-group";
  return (
    <section aria-labelledby="new-group-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h3 id="new-group-heading" className="text-sm font-semibold">
        {LABELS.newGroup}
      </h3>
      <Form
        method="post"
        action={TOPICS_PATH}
        {...getFormProps(form)}
        aria-labelledby="new-group-heading"
        className="mt-2 space-y-3"
      >
        <CsrfInput />
        <input type="hidden" name="back" value={back} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={LABELS.groupName} field={fields.name} autoComplete="off" />
        <div className="flex justify-end">
          <Button variant="secondary" name="intent" value="create-group" pending={submitting}>
            {LABELS.createGroup}
          </Button>
        </div>
      </Form>
    </section>
  );
}

/**
 * Deleting a group asks whether its topics go too (DELETE /v1/topic_groups/{id}?remove_topics=). The
 * checkbox belongs to the Confirm button's form through its `form` attribute, so it works without JavaScript.
 */
function DeleteGroupDialog({
  group,
  closeHref,
  lastResult,
  onClose,
}: {
  group: Group;
  closeHref: string;
  lastResult: LastResult;
  onClose: () => void;
}) {
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [form] = useForm({ id: `delete-group-${group.id}`, lastResult });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "delete-group";
  const checkboxId = `${form.id}-remove-topics`;
  return (
    <Modal
      open
      onClose={onClose}
      title={LABELS.deleteGroupTitle}
      footer={
        <>
          {hydrated ? (
            <Button type="button" variant="secondary" onClick={onClose}>
              {MESSAGES.cancel}
            </Button>
          ) : (
            <a
              href={closeHref}
              className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50"
            >
              {MESSAGES.cancel}
            </a>
          )}
          <Form method="post" action={TOPICS_PATH} {...getFormProps(form)}>
            <CsrfInput />
            <input type="hidden" name="id" value={group.id} />
            <input type="hidden" name="back" value={closeHref} />
            <Button variant="danger" name="intent" value="delete-group" pending={submitting}>
              {MESSAGES.confirm}
            </Button>
          </Form>
        </>
      }
    >
      <p>{LABELS.deleteGroupMessage(group.name)}</p>
      {group.topics.length ? (
        <label htmlFor={checkboxId} className="mt-3 flex items-center gap-2 font-medium text-ink">
          <input
            id={checkboxId}
            type="checkbox"
            name="remove_topics"
            form={form.id}
            className="size-4 rounded border-slate-300"
          />
          {LABELS.alsoDeleteTopics}
          <span className="font-normal text-slate-500">({LABELS.topicCount(group.topics.length)})</span>
        </label>
      ) : null}
      {form.errors?.length ? (
        <p
          id={form.errorId}
          role="alert"
          className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-red-700"
        >
          {form.errors[0]}
        </p>
      ) : null}
    </Modal>
  );
}

export const meta = titleMeta(MESSAGES.customTopics);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.topics);
