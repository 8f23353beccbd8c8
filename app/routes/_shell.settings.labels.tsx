import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { LabelActionSchema, LabelFormSchema, LabelRenameFormSchema, type LabelAction } from "../../domain/schemas/inbox";
import { groupLabels } from "../components/inbox/format";
import type { ApiLabel, ApiLabelList } from "../components/inbox/types";
import { Button } from "../components/ui/button";
import { useRowConfirmDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import {
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";
import { useDetailsDismiss } from "../lib/use-details-dismiss";
import { useHydrated } from "../lib/use-hydrated";
import { useFormKey } from "../lib/use-form-key";
import { compareNames } from "../../domain/format";
import { pageOfList } from "../../domain/limits";
import { ListPager } from "../components/ui/list-pager";

const LABELS = MESSAGES.inboxUi;
const LABELS_PATH = "/settings/labels";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const { data: labels } = await context.api.get<ApiLabelList>("/v1/labels");
  const params = new URL(request.url).searchParams;
  const dialogId = params.get("dialog") === "delete" ? Number(params.get("id")) : NaN;
  // One page of the labels in screen order (group, then name); the groups' sizes count every page (ADR 026).
  const allGroups = groupLabels(labels);
  const ordered = allGroups.flatMap((group) => group.labels.map((label) => ({ ...label, category: group.category })));
  const { items, page, pageCount } = pageOfList(ordered, params.get("page") ?? undefined);
  return {
    canWrite: hasPermission(account.permissions, "labels.index.write"),
    groups: groupLabels(items),
    groupSizes: Object.fromEntries(allGroups.map((group) => [group.category, group.labels.length])) as Record<string, number>,
    page,
    pageCount,
    categories: [...new Set(labels.map((label) => label.category?.trim() ?? "").filter(Boolean))].sort((a, b) =>
      compareNames(a, b),
    ),
    categoryOf: Object.fromEntries(labels.map((label) => [label.id, label.category ?? ""])) as Record<number, string>,
    deleteId: labels.find((label) => label.id === dialogId)?.id ?? null,
  };
}

/** How the API's field names read in '{field} {message}' (spec §5). */
const FIELD_LABELS = { name: MESSAGES.name, category: MESSAGES.topicsScreen.group };

type LabelIntent = LabelAction["intent"];

/** One handler per intent of LabelActionSchema: a refusal comes back as the form's errors. */
const LABEL_ACTIONS: IntentHandlers<LabelAction, FormHandlerContext<LabelIntent>, Promise<FormRefusal<LabelIntent>>> = {
  async create(action, { context, refused }) {
    let created: ApiLabel;
    try {
      created = await context.api.post<ApiLabel>("/labels", { name: action.name, category: action.category ?? null });
    } catch (error) {
      return refused(error, { labels: FIELD_LABELS });
    }
    flashToast(context, { kind: "success", message: MESSAGES.inboxActions.labelCreated(created.name) });
    throw redirect(LABELS_PATH);
  },
  async update({ id, name, category }, { context, refused }) {
    let updated: ApiLabel;
    try {
      updated = await context.api.patch<ApiLabel>(`/v1/labels/${id}`, { name, category: category ?? null });
    } catch (error) {
      return refused(error, { gone: LABELS_PATH, labels: FIELD_LABELS });
    }
    flashToast(context, { kind: "success", message: LABELS.labelUpdated(updated.name) });
    throw redirect(LABELS_PATH);
  },
  async delete({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/labels/${id}`);
    } catch (error) {
      return refused(error, { gone: LABELS_PATH });
    }
    flashToast(context, { kind: "success", message: LABELS.labelDeleted });
    throw redirect(LABELS_PATH);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, LabelActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  return handleIntent(LABEL_ACTIONS, submission.value, formHandlerContext(context, submission, intent));
}

type LastResult = SubmissionResult<string[]> | undefined;

export default function LabelsRoute() {
  const { canWrite, groups, groupSizes, page, pageCount, categories, categoryOf, deleteId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);
  const labels = groups.flatMap((group) => group.labels);

  // The delete dialog: ?dialog=delete&id= renders it on the server; once hydrated the Delete link opens
  // it in place; a refused delete shows it again with the reason.
  const { dialog: confirmDialog, open: openConfirm } = useRowConfirmDialog({
    records: labels,
    idFromUrl: deleteId,
    actionData,
    intent: "delete",
    path: LABELS_PATH,
    subject: (label) => label.name,
  });

  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-sm text-slate-600">{LABELS.labelsIntro}</p>

      <datalist id="label-groups">
        {categories.map((category) => (
          <option key={category} value={category} />
        ))}
      </datalist>

      {canWrite ? (
        <NewLabelForm key={formsKey} lastResult={actionData?.intent === "create" ? actionData.result : undefined} />
      ) : null}

      <section aria-labelledby="labels-heading" className="space-y-3">
        <h2 id="labels-heading" className="text-lg font-semibold">
          {LABELS.labels}
        </h2>
        {groups.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500" data-testid="labels-empty">
            {LABELS.noLabelsYet}
          </p>
        ) : (
          groups.map((group) => (
            <section
              key={group.category || "-"}
              aria-labelledby={`group-${group.category || "none"}`}
              className="overflow-hidden rounded-lg border border-slate-200 bg-white"
              data-testid="label-group"
            >
              <h3 id={`group-${group.category || "none"}`} className="border-b border-slate-100 bg-slate-50 px-4 py-2 text-xs font-semibold uppercase tracking-wide text-slate-500">
                {group.category || MESSAGES.topicsScreen.noGroup} <span className="font-normal normal-case text-slate-400">({groupSizes[group.category] ?? group.labels.length})</span>
              </h3>
              <ul className="divide-y divide-slate-100">
                {group.labels.map((label) => (
                  <LabelRow
                    key={label.id}
                    label={{ ...label, category: categoryOf[label.id] ?? "" }}
                    canWrite={canWrite}
                    lastResult={actionData?.intent === "update" && actionData.id === label.id ? actionData.result : undefined}
                    onDelete={() => openConfirm(label.id)}
                  />
                ))}
              </ul>
            </section>
          ))
        )}
        <ListPager page={page} pageCount={pageCount} path={LABELS_PATH} />
      </section>

      {confirmDialog}
    </div>
  );
}

function NewLabelForm({ lastResult }: { lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "new-label",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LabelFormSchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "create";
  return (
    <section aria-labelledby="new-label-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="new-label-heading" className="mb-3 text-base font-semibold">
        {LABELS.newLabelHeading}
      </h2>
      <Form method="post" {...getFormProps(form)} aria-labelledby="new-label-heading" className="space-y-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1 basis-56">
            <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
          </div>
          <div className="min-w-0 flex-1 basis-48">
            <TextField label={MESSAGES.topicsScreen.group} field={fields.category} autoComplete="off" list="label-groups" hint={LABELS.labelGroupHint} />
          </div>
          <Button pending={submitting} className="sm:mt-6">
            {LABELS.createLabel}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function LabelRow({
  label,
  canWrite,
  lastResult,
  onDelete,
}: {
  label: { id: number; name: string; category: string };
  canWrite: boolean;
  lastResult: LastResult;
  onDelete: () => void;
}) {
  const hydrated = useHydrated();
  const refused = lastResult?.status === "error";
  const ref = useDetailsDismiss({ answered: refused });
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: `label-${label.id}`,
    lastResult,
    defaultValue: { name: label.name, category: label.category },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: LabelRenameFormSchema }),
  });
  const submitting =
    navigation.state === "submitting" && navigation.formData?.get("intent") === "update" && navigation.formData.get("id") === String(label.id);
  return (
    <li className="flex flex-wrap items-center gap-3 px-4 py-2.5" data-testid="label-row" data-label-id={label.id}>
      <span className="inline-flex items-center gap-2 text-sm font-medium" data-testid="label-name">
        <span aria-hidden className="size-2.5 rounded-full bg-brand-500/70" />
        {label.name}
      </span>
      {canWrite ? (
        <div className="ml-auto flex items-center gap-2">
          {/* Rename and regroup in a <details>: it opens without JavaScript; a refused save shows it open. */}
          <details ref={ref} className="group relative" open={refused || undefined}>
            <summary className="cursor-pointer list-none rounded-md border border-slate-300 bg-white px-2.5 py-1 text-sm font-medium hover:bg-slate-50" aria-label={LABELS.editLabelOf(label.name)}>
              {MESSAGES.edit}
            </summary>
            <div className="absolute right-0 z-20 mt-1 w-80 rounded-lg border border-slate-200 bg-white p-3 shadow-xl">
              <Form method="post" {...getFormProps(form)} aria-label={LABELS.editLabelOf(label.name)} className="space-y-3">
                <CsrfInput />
                <input type="hidden" name="intent" value="update" />
                <input type="hidden" name="id" value={label.id} />
                <FormErrors id={form.errorId} errors={form.errors} />
                <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
                <TextField label={MESSAGES.topicsScreen.group} field={fields.category} autoComplete="off" list="label-groups" />
                <Button pending={submitting} className="w-full">
                  {MESSAGES.save}
                </Button>
              </Form>
            </div>
          </details>
          <a
            href={`${LABELS_PATH}?dialog=delete&id=${label.id}`}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onDelete();
            }}
            className="rounded-md px-2.5 py-1 text-sm font-medium text-red-700 hover:bg-red-50"
            aria-label={MESSAGES.topicsScreen.deleteGroup(label.name)}
          >
            {MESSAGES.delete}
          </a>
        </div>
      ) : null}
    </li>
  );
}

export const meta = titleMeta(LABELS.labels);
