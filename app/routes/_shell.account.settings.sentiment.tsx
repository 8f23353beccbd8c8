import {
  getFormProps,
  getSelectProps,
  getTextareaProps,
  useForm,
  type FieldMetadata,
  type Submission,
  type SubmissionResult,
} from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type * as z from "zod";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { NETWORKS, isNetworkId, networkById } from "../../domain/networks";
import { LANGUAGES, languageLabel } from "../../domain/reference/languages";
import type { BodyToSend } from "../../domain/request-types";
import { ROLES } from "../../domain/roles";
import {
  SentimentActionSchema,
  SentimentExcludeWordSchema,
  SentimentExcludeWordUpdateFormSchema,
  SentimentPreviewFormSchema,
  type SentimentAction,
  type SentimentExcludeWordInput,
} from "../../domain/schemas/streams";
import type { ExcludeWordListResponseSchema, SentimentPreviewBodySchema } from "../../domain/schemas/streams";
import { ExclusionFields } from "../components/sentiment/exclusion-fields";
import { SentimentPreview, type SentimentPreviewResult } from "../components/sentiment/sentiment-preview";
import { Button } from "../components/ui/button";
import { useRowConfirmDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors } from "../components/ui/field";
import {
  handleIntent,
  readIntentForm,
  redirectIfGone,
  replyWithApiError,
  statusOf,
  submittedId,
  type FormAnswer,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { titleMeta } from "../lib/meta";
import { useFormKey } from "../lib/use-form-key";

const SENTIMENT_PATH = "/account/settings/sentiment";

/** The exclusion words GET /v1/sentiments/exclude_words answers (camelCased by the API client). */
type ApiExcludeWordList = FromWire<typeof ExcludeWordListResponseSchema>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  // Admins and system admins only: the route rule sends everyone else to the dashboard.
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const { data: entries } = await context.api.get<ApiExcludeWordList>("/v1/sentiments/exclude_words");
  const isSystemAdmin = account.role === ROLES.systemAdmin;
  const exclusions = entries.map((entry) => {
    const isGlobal = entry.businessProfileId === null;
    return {
      id: entry.id,
      textToExclude: entry.textToExclude,
      replaceWith: entry.replaceWith,
      languages: entry.languages,
      socialTypes: entry.socialTypes.filter(isNetworkId),
      isGlobal,
      // Global entries are written by system admins only (the API refuses everyone else).
      canEdit: !isGlobal || isSystemAdmin,
    };
  });
  const params = new URL(request.url).searchParams;
  const editable = (id: number) => exclusions.find((entry) => entry.id === id && entry.canEdit)?.id ?? null;
  return {
    canSetGlobal: isSystemAdmin,
    exclusions,
    editId: editable(Number(params.get("edit"))),
    deleteId: params.get("dialog") === "delete" ? editable(Number(params.get("id"))) : null,
  };
}

const ExcludeWordFormSchema = SentimentExcludeWordSchema;
const UpdateExcludeWordFormSchema = SentimentExcludeWordUpdateFormSchema;
const PreviewFormSchema = SentimentPreviewFormSchema;

const FIELD_LABELS = { social_types: MESSAGES.networks, languages: MESSAGES.languages };

type SentimentIntent = SentimentAction["intent"];
type SentimentAnswer = FormAnswer<SentimentIntent> & { preview: SentimentPreviewResult | null };
interface SentimentContext {
  context: AppLoadContext;
  canSetGlobal: boolean;
  submission: Submission<unknown, string[]>;
  refused: (error: unknown, options?: { gone?: string; labels?: Record<string, string> }) => ReturnType<typeof data<SentimentAnswer>>;
}

/** An exclusion as the API takes it: the form's fields; the global box counts for system admins only. */
function exclusionBody(exclusion: SentimentExcludeWordInput, canSetGlobal: boolean) {
  const { text_to_exclude, replace_with, languages, social_types, global } = exclusion;
  // The box is shown to system admins only; unticked, it posts nothing and means "this profile".
  return { text_to_exclude, replace_with, languages, social_types, global: canSetGlobal ? global === true : undefined };
}

/** One handler per intent of SentimentActionSchema. */
const SENTIMENT_ACTIONS: IntentHandlers<SentimentAction, SentimentContext, Promise<ReturnType<typeof data<SentimentAnswer>>>> = {
  async create(action, { context, canSetGlobal, refused }) {
    try {
      await context.api.post("/v1/sentiments/exclude_words", exclusionBody(action, canSetGlobal));
    } catch (error) {
      return refused(error, { labels: FIELD_LABELS });
    }
    flashToast(context, { kind: "success", message: MESSAGES.excludeWordSaved });
    throw redirect(SENTIMENT_PATH);
  },
  async update(action, { context, canSetGlobal, refused }) {
    try {
      await context.api.put(`/v1/sentiments/exclude_words/${action.id}`, exclusionBody(action, canSetGlobal));
    } catch (error) {
      return refused(error, { gone: SENTIMENT_PATH, labels: FIELD_LABELS });
    }
    flashToast(context, { kind: "success", message: MESSAGES.excludeWordSaved });
    throw redirect(SENTIMENT_PATH);
  },
  async delete({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/sentiments/exclude_words/${id}`);
    } catch (error) {
      return refused(error, { gone: SENTIMENT_PATH });
    }
    flashToast(context, { kind: "success", message: MESSAGES.excludeWordDeleted });
    throw redirect(SENTIMENT_PATH);
  },
  async preview({ intent, text, language, social_type }, { context, submission, refused }) {
    try {
      const body: BodyToSend<typeof SentimentPreviewBodySchema> = { text, language, socialType: social_type };
      const preview = await context.api.post<SentimentPreviewResult>("/v1/sentiments/preview", body);
      return data<SentimentAnswer>({ intent, id: null, result: submission.reply(), preview });
    } catch (error) {
      return refused(error);
    }
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  const account = await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, SentimentActionSchema);
  const id = submittedId(submission.payload);
  if (submission.status !== "success") return data<SentimentAnswer>({ intent, id, result: submission.reply(), preview: null }, { status: 400 });
  return handleIntent(SENTIMENT_ACTIONS, submission.value, {
    context,
    canSetGlobal: account.role === ROLES.systemAdmin,
    submission,
    refused: (error, options = {}) => {
      if (options.gone) redirectIfGone(context, error, options.gone);
      const result = replyWithApiError(submission, error, { labels: options.labels });
      return data<SentimentAnswer>({ intent, id, result, preview: null }, { status: statusOf(error) });
    },
  });
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type ExclusionRow = LoaderData["exclusions"][number];
type LastResult = SubmissionResult<string[]> | undefined;
// What the forms hold, as conform sees the posted strings (the zod schemas coerce them).
type ExclusionFormFields = {
  text_to_exclude: string;
  replace_with: string;
  languages: string[];
  social_types: string[];
  global: string;
};
type ExclusionUpdateFields = ExclusionFormFields & { id: string };
type PreviewFields = { text: string; language: string; social_type: string };

export default function SentimentExclusionsRoute() {
  const { canSetGlobal, exclusions, editId, deleteId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);

  const { dialog: confirmDialog, open: openConfirm } = useRowConfirmDialog({
    records: exclusions.filter((entry) => entry.canEdit),
    idFromUrl: deleteId,
    actionData,
    intent: "delete",
    path: SENTIMENT_PATH,
    subject: (entry) => <ExclusionSummary entry={entry} />,
  });
  // A refused edit stays open with its errors, whatever the address says.
  const failedEditId = actionData?.intent === "update" ? actionData.id : null;

  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{MESSAGES.sentimentExclusionsIntro}</p>

      <section aria-labelledby="exclusions-heading" className="space-y-3">
        <h2 id="exclusions-heading" className="text-lg font-semibold">
          {MESSAGES.sentimentExclusions}
        </h2>
        {exclusions.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
            {MESSAGES.noExclusionsYet}
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 overflow-hidden rounded-lg border border-slate-200 bg-white">
            {exclusions.map((entry) =>
              entry.canEdit && (entry.id === editId || entry.id === failedEditId) ? (
                <EditExclusionRow
                  key={`${entry.id}-${formsKey}`}
                  entry={entry}
                  canSetGlobal={canSetGlobal}
                  lastResult={
                    actionData?.intent === "update" && actionData.id === entry.id ? actionData.result : undefined
                  }
                />
              ) : (
                <ExclusionListRow key={entry.id} entry={entry} onDelete={() => openConfirm(entry.id)} />
              ),
            )}
          </ul>
        )}
      </section>

      <NewExclusionForm
        key={formsKey}
        canSetGlobal={canSetGlobal}
        lastResult={actionData?.intent === "create" ? actionData.result : undefined}
      />

      <TryItForm
        lastResult={actionData?.intent === "preview" ? actionData.result : undefined}
        preview={actionData?.intent === "preview" ? actionData.preview : null}
      />

      {confirmDialog}
    </div>
  );
}

function useIsSubmitting(intent: string, id?: number) {
  const navigation = useNavigation();
  return (
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (id === undefined || navigation.formData.get("id") === String(id))
  );
}

function NewExclusionForm({ canSetGlobal, lastResult }: { canSetGlobal: boolean; lastResult: LastResult }) {
  const [form, fields] = useForm<ExclusionFormFields, z.output<typeof ExcludeWordFormSchema>>({
    id: "exclusion-new",
    lastResult,
    defaultValue: { text_to_exclude: "", replace_with: "", languages: [], social_types: [] },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: ExcludeWordFormSchema }),
  });
  const submitting = useIsSubmitting("create");
  return (
    <section aria-labelledby="new-exclusion-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="new-exclusion-heading" className="text-lg font-semibold">
        {MESSAGES.newExclusion}
      </h2>
      <Form method="post" {...getFormProps(form)} className="mt-3 space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="create" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <ExclusionFields fields={fields} canSetGlobal={canSetGlobal} />
        <div className="flex justify-end">
          <Button pending={submitting}>{MESSAGES.addExclusion}</Button>
        </div>
      </Form>
    </section>
  );
}

/** "killer" → removed, or "sick" → "great". */
function ExclusionSummary({ entry }: { entry: ExclusionRow }) {
  return (
    <span className="break-words">
      <q className="font-medium text-ink">{entry.textToExclude}</q>
      <span aria-hidden className="mx-2 text-slate-400">
        →
      </span>
      <span className="sr-only"> replaced with </span>
      {entry.replaceWith ? (
        <q className="font-medium text-ink">{entry.replaceWith}</q>
      ) : (
        <em className="text-slate-500">{MESSAGES.textRemoved}</em>
      )}
    </span>
  );
}

function ExclusionScope({ entry }: { entry: ExclusionRow }) {
  const languages = entry.languages.length ? entry.languages.map(languageLabel).join(", ") : MESSAGES.allLanguages;
  const networks = entry.socialTypes.length
    ? entry.socialTypes.map((id) => networkById(id).name).join(", ")
    : MESSAGES.allNetworks;
  return (
    <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 text-sm">
      <dt className="text-slate-500">{MESSAGES.languages}</dt>
      <dd className="min-w-0 break-words text-slate-700">{languages}</dd>
      <dt className="text-slate-500">{MESSAGES.networks}</dt>
      <dd className="min-w-0 break-words text-slate-700">{networks}</dd>
    </dl>
  );
}

function ExclusionListRow({ entry, onDelete }: { entry: ExclusionRow; onDelete: () => void }) {
  const hydrated = useHydrated();
  return (
    <li
      data-testid="exclusion"
      data-exclusion-id={entry.id}
      className="flex flex-wrap items-start justify-between gap-3 px-4 py-3"
    >
      <div className="min-w-0 flex-1 space-y-1.5">
        <div className="flex flex-wrap items-center gap-2">
          <ExclusionSummary entry={entry} />
          {entry.isGlobal ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700 ring-1 ring-inset ring-brand-100">
              {MESSAGES.allBusinessProfiles}
            </span>
          ) : null}
        </div>
        <ExclusionScope entry={entry} />
      </div>
      {entry.canEdit ? (
        <div className="flex shrink-0 gap-2">
          <Link
            to={`${SENTIMENT_PATH}?edit=${entry.id}`}
            preventScrollReset
            className="inline-flex items-center rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-ink hover:bg-slate-50"
          >
            {MESSAGES.edit}
            <span className="sr-only"> {entry.textToExclude}</span>
          </Link>
          <a
            href={`${SENTIMENT_PATH}?dialog=delete&id=${entry.id}`}
            onClick={(event) => {
              if (!hydrated) return;
              event.preventDefault();
              onDelete();
            }}
            className="inline-flex items-center rounded-md border border-red-200 bg-white px-3 py-1.5 text-sm font-medium text-red-700 hover:bg-red-50"
          >
            {MESSAGES.delete}
            <span className="sr-only"> {entry.textToExclude}</span>
          </a>
        </div>
      ) : null}
    </li>
  );
}

function EditExclusionRow({
  entry,
  canSetGlobal,
  lastResult,
}: {
  entry: ExclusionRow;
  canSetGlobal: boolean;
  lastResult: LastResult;
}) {
  const [form, fields] = useForm<ExclusionUpdateFields, z.output<typeof UpdateExcludeWordFormSchema>>({
    id: `exclusion-${entry.id}`,
    lastResult,
    defaultValue: {
      id: String(entry.id),
      text_to_exclude: entry.textToExclude,
      replace_with: entry.replaceWith,
      languages: entry.languages,
      social_types: entry.socialTypes,
      global: entry.isGlobal ? "on" : "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: UpdateExcludeWordFormSchema }),
  });
  const submitting = useIsSubmitting("update", entry.id);
  return (
    <li data-testid="exclusion" data-exclusion-id={entry.id} className="bg-slate-50 px-4 py-4">
      <Form
        method="post"
        {...getFormProps(form)}
        className="space-y-4"
        aria-label={`${MESSAGES.editExclusion} ${entry.textToExclude}`}
      >
        <h3 className="font-semibold">{MESSAGES.editExclusion}</h3>
        <CsrfInput />
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="id" value={entry.id} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <ExclusionFields fields={fields} canSetGlobal={canSetGlobal} />
        <div className="flex justify-end gap-2">
          <Link
            to={SENTIMENT_PATH}
            preventScrollReset
            className="inline-flex items-center justify-center rounded-md border border-slate-300 bg-white px-4 py-2 text-sm font-medium text-ink hover:bg-slate-50"
          >
            {MESSAGES.cancel}
          </Link>
          <Button pending={submitting}>{MESSAGES.save}</Button>
        </div>
      </Form>
    </li>
  );
}

const TRY_IT_ID = "try-it";

function TryItForm({ lastResult, preview }: { lastResult: LastResult; preview: SentimentPreviewResult | null }) {
  const [form, fields] = useForm<PreviewFields, z.output<typeof PreviewFormSchema>>({
    id: "sentiment-preview",
    lastResult,
    defaultValue: { text: "", language: "", social_type: "twitter" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PreviewFormSchema }),
  });
  const submitting = useIsSubmitting("preview");
  const textErrors = fields.text.errors ?? [];
  return (
    <section
      id={TRY_IT_ID}
      aria-labelledby="try-it-heading"
      className="scroll-mt-4 space-y-3 rounded-lg border border-slate-200 bg-white p-4"
    >
      <div>
        <h2 id="try-it-heading" className="text-lg font-semibold">
          {MESSAGES.tryIt}
        </h2>
        <p className="text-sm text-slate-600">{MESSAGES.tryItIntro}</p>
      </div>
      {/* The answer is drawn below the form: without JavaScript, the #fragment brings the reloaded page back here. */}
      <Form
        method="post"
        action={`${SENTIMENT_PATH}#${TRY_IT_ID}`}
        {...getFormProps(form)}
        className="space-y-4"
        preventScrollReset
      >
        <CsrfInput />
        <input type="hidden" name="intent" value="preview" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="space-y-1">
          <label htmlFor={fields.text.id} className="block text-sm font-medium text-slate-700">
            {MESSAGES.previewText}
          </label>
          <textarea
            {...getTextareaProps(fields.text, { ariaAttributes: true })}
            key={fields.text.key}
            rows={3}
            className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm ${textErrors.length ? "border-red-500" : "border-slate-300"}`}
          />
          <FieldErrors id={fields.text.errorId} errors={textErrors} />
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          <SelectField label={MESSAGES.language} field={fields.language} options={LANGUAGE_CHOICES} />
          <SelectField label={MESSAGES.network} field={fields.social_type} options={NETWORK_CHOICES} />
        </div>
        <div className="flex justify-end">
          <Button variant="secondary" pending={submitting}>
            {MESSAGES.tryIt}
          </Button>
        </div>
      </Form>
      {preview ? <SentimentPreview result={preview} /> : null}
    </section>
  );
}

const LANGUAGE_CHOICES = [
  { value: "", label: MESSAGES.detectLanguage },
  ...LANGUAGES.map((l) => ({ value: l.code, label: l.label })),
];
const NETWORK_CHOICES = NETWORKS.map((network) => ({ value: network.id, label: network.name }));

function SelectField({
  label,
  field,
  options,
}: {
  label: string;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of the preview form
  field: FieldMetadata<string, any, string[]>;
  options: ReadonlyArray<{ value: string; label: string }>;
}) {
  const errors = field.errors ?? [];
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        {...getSelectProps(field, { ariaAttributes: true })}
        key={field.key}
        className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
      >
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </select>
      <FieldErrors id={field.errorId} errors={errors} />
    </div>
  );
}

export const meta = titleMeta(MESSAGES.sentimentExclusions);
