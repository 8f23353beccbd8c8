import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import {
  MutedKeywordActionSchema,
  MutedKeywordsEntrySchema,
  MUTED_KEYWORD_MAX,
  newMutedKeywords,
  splitMutedKeywords,
  type MutedKeywordAction,
} from "../../domain/schemas/streams";
import type { MutedKeywordListResponseSchema, MutedKeywordResponseSchema } from "../../domain/schemas/streams";
import { Button } from "../components/ui/button";
import { useRowConfirmDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FormErrors, TextField } from "../components/ui/field";
import {
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormAnswer,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { titleMeta } from "../lib/meta";
import { useFormKey } from "../lib/use-form-key";
import { pageOfList } from "../../domain/limits";
import { ListPager } from "../components/ui/list-pager";

const MUTED_KEYWORDS_PATH = "/settings/muted-keywords";

/** A muted keyword, and the list GET and POST /v1/muted_keywords answer (camelCased by the API client). */
type MutedKeyword = FromWire<typeof MutedKeywordResponseSchema>;
type ApiMutedKeywordList = FromWire<typeof MutedKeywordListResponseSchema>;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const { data: keywords } = await context.api.get<ApiMutedKeywordList>("/v1/muted_keywords");
  const params = new URL(request.url).searchParams;
  const dialogId = params.get("dialog") === "remove" ? Number(params.get("id")) : NaN;
  // One page of chips (ADR 026); the form still knows every muted word, to skip those already muted.
  const { items, page, pageCount } = pageOfList(keywords, params.get("page") ?? undefined);
  return {
    keywords: items,
    allValues: keywords.map((keyword) => keyword.value),
    page,
    pageCount,
    removeId: items.find((keyword) => keyword.id === dialogId)?.id ?? null,
  };
}

/**
 * The shared entry schema, plus spec §5's rule seen from this screen: when every word is already muted
 * nothing is sent (the browser checks it here, the action in its handler).
 */
function mutedKeywordsFormSchema(alreadyMuted: readonly string[]) {
  return MutedKeywordsEntrySchema.superRefine(({ value }, ctx) => {
    const words = splitMutedKeywords([value]);
    if (words.length && words.every((word) => word.length <= MUTED_KEYWORD_MAX) && !newMutedKeywords([value], alreadyMuted).length) {
      ctx.addIssue({ code: "custom", path: ["value"], message: MESSAGES.mutedKeywordsNothingNew });
    }
  });
}

type MutedIntent = MutedKeywordAction["intent"];

/** One handler per intent of MutedKeywordActionSchema: a refusal comes back as the form's errors. */
const MUTED_KEYWORD_ACTIONS: IntentHandlers<MutedKeywordAction, MutedKeywordContext, Promise<FormRefusal<MutedIntent>>> = {
  async add(action, { context, refused, submission }) {
    const { data: muted } = await context.api.get<ApiMutedKeywordList>("/v1/muted_keywords");
    const fresh = newMutedKeywords([action.value], muted.map((keyword) => keyword.value));
    if (!fresh.length) {
      return data<FormAnswer<MutedIntent>>(
        { intent: action.intent, id: null, result: submission.reply({ fieldErrors: { value: [MESSAGES.mutedKeywordsNothingNew] } }) },
        { status: 400 },
      );
    }
    let added: MutedKeyword[];
    try {
      ({ data: added } = await context.api.post<ApiMutedKeywordList>("/v1/muted_keywords", {
        mutedKeywords: fresh.map((value) => ({ value })),
      }));
    } catch (error) {
      return refused(error, { labels: { muted_keywords: MESSAGES.keywords } });
    }
    flashToast(context, {
      kind: "success",
      message: added.length ? MESSAGES.mutedKeywordsAdded(added.length) : MESSAGES.mutedKeywordsNothingNew,
    });
    throw redirect(MUTED_KEYWORDS_PATH);
  },
  async remove({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/muted_keywords/${id}`);
    } catch (error) {
      return refused(error, { gone: MUTED_KEYWORDS_PATH });
    }
    flashToast(context, { kind: "success", message: MESSAGES.mutedKeywordRemoved });
    throw redirect(MUTED_KEYWORDS_PATH);
  },
};

type MutedKeywordContext = FormHandlerContext<MutedIntent> & { submission: Submission<unknown, string[]> };

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, MutedKeywordActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  return handleIntent(MUTED_KEYWORD_ACTIONS, submission.value, { ...formHandlerContext(context, submission, intent), submission });
}

type LastResult = SubmissionResult<string[]> | undefined;

export default function MutedKeywordsRoute() {
  const { keywords, allValues, page, pageCount, removeId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);

  // The removal dialog: ?dialog=remove&id= renders it on the server (no JavaScript needed); once
  // hydrated the remove button opens it in place; a refused removal shows it again with the reason.
  const { dialog: confirmDialog, open: openConfirm } = useRowConfirmDialog({
    records: keywords,
    idFromUrl: removeId,
    actionData,
    intent: "remove",
    path: MUTED_KEYWORDS_PATH,
    subject: (keyword) => keyword.value,
  });

  return (
    <div className="max-w-3xl space-y-6">
      <p className="text-sm text-slate-600">{MESSAGES.mutedKeywordsIntro}</p>

      <MuteKeywordsForm
        key={formsKey}
        alreadyMuted={allValues}
        lastResult={actionData?.intent === "add" ? actionData.result : undefined}
      />

      <section aria-labelledby="muted-keywords-heading" className="space-y-3">
        <h2 id="muted-keywords-heading" className="text-lg font-semibold">
          {MESSAGES.mutedKeywords}
        </h2>
        {keywords.length === 0 ? (
          <p className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500">
            {MESSAGES.noMutedKeywords}
          </p>
        ) : (
          <ul
            className="flex flex-wrap gap-2 rounded-lg border border-slate-200 bg-white p-4"
            aria-labelledby="muted-keywords-heading"
          >
            {keywords.map((keyword) => (
              <KeywordChip key={keyword.id} keyword={keyword} onRemove={() => openConfirm(keyword.id)} />
            ))}
          </ul>
        )}
        <ListPager page={page} pageCount={pageCount} path={MUTED_KEYWORDS_PATH} />
      </section>

      {confirmDialog}
    </div>
  );
}

function MuteKeywordsForm({ alreadyMuted, lastResult }: { alreadyMuted: string[]; lastResult: LastResult }) {
  const navigation = useNavigation();
  const [form, fields] = useForm<{ value: string }>({
    id: "mute-keywords",
    lastResult,
    defaultValue: { value: "" },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: mutedKeywordsFormSchema(alreadyMuted) }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "add";
  return (
    <section aria-labelledby="mute-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="mute-heading" className="sr-only">
        {MESSAGES.mute}
      </h2>
      <Form method="post" {...getFormProps(form)} className="space-y-3">
        <CsrfInput />
        <input type="hidden" name="intent" value="add" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <div className="flex flex-wrap items-start gap-3">
          <div className="min-w-0 flex-1 basis-64">
            <TextField
              label={MESSAGES.keywords}
              field={fields.value}
              autoComplete="off"
              hint={MESSAGES.mutedKeywordsHint}
            />
          </div>
          {/* Lined up with the input, below its label. */}
          <Button pending={submitting} className="sm:mt-6">
            {MESSAGES.mute}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function KeywordChip({ keyword, onRemove }: { keyword: MutedKeyword; onRemove: () => void }) {
  const hydrated = useHydrated();
  return (
    <li
      data-testid="muted-keyword"
      className="inline-flex items-center gap-1 rounded-full bg-slate-100 py-1 pl-3 pr-1 text-sm text-slate-800"
    >
      <span>{keyword.value}</span>
      <a
        href={`${MUTED_KEYWORDS_PATH}?dialog=remove&id=${keyword.id}`}
        onClick={(event) => {
          if (!hydrated) return;
          event.preventDefault();
          onRemove();
        }}
        aria-label={MESSAGES.removeKeyword(keyword.value)}
        title={MESSAGES.removeKeyword(keyword.value)}
        className="inline-flex size-6 items-center justify-center rounded-full text-slate-500 hover:bg-slate-200 hover:text-red-700"
      >
        <svg
          viewBox="0 0 16 16"
          className="size-3.5"
          aria-hidden
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
        >
          <path d="M4 4l8 8M12 4l-8 8" />
        </svg>
      </a>
    </li>
  );
}

export const meta = titleMeta(MESSAGES.mutedKeywords);
