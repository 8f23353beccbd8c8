import type { Submission } from "@conform-to/react";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { safeRedirectPath } from "../../domain/navigation";
import { TemplateActionSchema, type TemplateAction } from "../../domain/schemas/templates";
import {
  closedDialogHref,
  DEFAULT_QUERY,
  parseTemplatesDialogQuery,
  splitPath,
  TEMPLATE_PARAMS,
} from "../components/templates/params";
import type { TemplatesActionAnswer } from "../components/templates/templates-modal";
import { TemplatesModal } from "../components/templates/templates-modal";
import { loadTemplatesDialog } from "./_shell.templates.server";
import { routeErrorBoundary } from "../components/ui/route-error-boundary";
import { ApiError } from "../lib/api.server";
import { handleIntent, readIntentForm, replyWithApiError, submittedId, type IntentHandlers } from "../lib/forms.server";
import { requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";

/**
 * /templates: where the Templates modal's forms post, from whichever page it was opened over. Its loader
 * answers the modal's data (for a component that opens the modal itself); its page shows the modal again
 * when a save was refused without JavaScript, with the errors under the fields.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const dialog = await loadTemplatesDialog(context, account);
  if (!dialog) throw new Response(MESSAGES.forbidden, { status: 403 });
  return dialog;
}

const FIELD_LABELS = {
  name: MESSAGES.name,
  message: MESSAGES.channelScreen.message,
  entity_type: MESSAGES.templateVisibleFor,
  entity_ids: MESSAGES.teams,
  categories: MESSAGES.networks,
  languages: MESSAGES.languages,
};

/** The page the modal was open over, with its state changed (only a same-origin path is followed). */
function backTo(value: FormDataEntryValue | null, changes: Record<string, string | null> = {}): string {
  const path = safeRedirectPath(typeof value === "string" ? value : "/");
  const { pathname, params } = splitPath(path);
  for (const [name, next] of Object.entries(changes)) {
    if (next === null) params.delete(name);
    else params.set(name, next);
  }
  params.delete(TEMPLATE_PARAMS.confirmDelete);
  const search = params.toString();
  return search ? `${pathname}?${search}` : pathname;
}

type TemplateAnswer = ReturnType<typeof data<TemplatesActionAnswer>>;
type TemplateSuccess = NonNullable<TemplatesActionAnswer["toast"]>;

/** What a handler of the modal's forms is given beside the parsed value. */
interface TemplateHandlerContext {
  context: AppLoadContext;
  submission: Submission<unknown, string[]>;
  /** The page the modal was open over, as posted. */
  back: FormDataEntryValue | null;
  /** A success: the toast, as data to a fetcher, or flashed over the page the modal goes back to. */
  done: (toast: TemplateSuccess, answer: TemplatesActionAnswer, redirectTo: string) => TemplateAnswer;
  /** A failure the form cannot show under a field: logged, and the generic toast (spec §8). */
  failed: (error: unknown, answer: TemplatesActionAnswer) => TemplateAnswer;
}

/** The API call and success message of a row's button. */
const ROW_ACTIONS = {
  delete: { call: (context: AppLoadContext, id: number) => context.api.delete(`/v1/templates/${id}`), message: MESSAGES.templateDeleted },
  pin: { call: (context: AppLoadContext, id: number) => context.api.post(`/v1/templates/${id}/pin`), message: MESSAGES.templatePinned },
  unpin: { call: (context: AppLoadContext, id: number) => context.api.delete(`/v1/templates/${id}/pin`), message: MESSAGES.templateUnpinned },
} as const;

/** Delete, pin or unpin one template (its row's button, or the delete confirmation). */
async function rowAction(
  { intent, id }: Extract<TemplateAction, { intent: keyof typeof ROW_ACTIONS }>,
  { context, back, done, failed }: TemplateHandlerContext,
): Promise<TemplateAnswer> {
  try {
    await ROW_ACTIONS[intent].call(context, id);
  } catch (error) {
    return failed(error, { intent, templateId: id });
  }
  return done({ kind: "success", message: ROW_ACTIONS[intent].message }, { intent, templateId: id }, backTo(back));
}

/** One handler per intent of TemplateActionSchema (ADR 028). */
const TEMPLATE_ACTIONS: IntentHandlers<TemplateAction, TemplateHandlerContext, Promise<TemplateAnswer>> = {
  async save({ intent, id, ...template }, { context, submission, back, done, failed }) {
    const formFor = id === undefined ? "new" : String(id);
    // What the form leaves out (no network, no language ticked) is sent as none, so an edit can clear it.
    const body = {
      ...template,
      categories: template.categories ?? [],
      languages: template.languages ?? [],
      entity_ids: template.entity_ids ?? [],
      active: template.active ?? true,
    };
    let saved: { id: number; name: string };
    try {
      saved = id === undefined ? await context.api.post("/v1/templates", body) : await context.api.patch(`/v1/templates/${id}`, body);
    } catch (error) {
      // Field errors go under their fields ('{field} {message}', spec §5); anything else is a toast.
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.fields).length > 0) {
        const result = replyWithApiError(submission, error, { labels: FIELD_LABELS });
        return data<TemplatesActionAnswer>({ intent, formFor, back: answerBack(back), result }, { status: 422 });
      }
      return failed(error, { intent, formFor });
    }
    const toast = {
      kind: "success" as const,
      message: id === undefined ? MESSAGES.templateCreated(saved.name) : MESSAGES.templateUpdated(saved.name),
    };
    return done(toast, { intent, formFor, templateId: saved.id }, backTo(back, { [TEMPLATE_PARAMS.selected]: String(saved.id) }));
  },
  delete: rowAction,
  pin: rowAction,
  unpin: rowAction,
};

/** A row's button posts nothing but its record: a malformed one is a bad request. */
function badRow(): never {
  throw new Response(MESSAGES.badRequest, { status: 400 });
}

/** A form refused before any handler ran: the save form's errors under its fields, else 400. */
const TEMPLATE_REFUSALS: Record<TemplateAction["intent"], (submission: Submission<unknown, string[]>, back: FormDataEntryValue | null) => TemplateAnswer> = {
  save(submission, back) {
    const id = submittedId(submission.payload);
    const formFor = id === null ? "new" : String(id);
    return data<TemplatesActionAnswer>({ intent: "save", formFor, back: answerBack(back), result: submission.reply() }, { status: 400 });
  },
  delete: badRow,
  pin: badRow,
  unpin: badRow,
};

/** The page a refused save shows the modal over again (without JavaScript). */
function answerBack(back: FormDataEntryValue | null): string {
  return typeof back === "string" ? safeRedirectPath(back) : "/";
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { formData, submission, intent } = await readIntentForm(request, context, TemplateActionSchema);
  const back = formData.get("back");
  // The modal posts through fetchers once JavaScript runs: it then takes the answer as data and stays.
  const viaFetcher = formData.get("js") === "1";

  if (submission.status !== "success") return TEMPLATE_REFUSALS[intent](submission, back);

  return handleIntent(TEMPLATE_ACTIONS, submission.value, {
    context,
    submission,
    back,
    done: (toast, answer, redirectTo) => {
      if (viaFetcher) return data<TemplatesActionAnswer>({ ...answer, ok: true, toast });
      flashToast(context, toast);
      throw redirect(redirectTo);
    },
    failed: (error, answer) => {
      context.reportError(error);
      const toast = { kind: "error" as const, message: MESSAGES.somethingWentWrong };
      if (viaFetcher) return data<TemplatesActionAnswer>({ ...answer, ok: false, toast }, { status: error instanceof ApiError ? error.status : 500 });
      flashToast(context, toast);
      throw redirect(backTo(back));
    },
  });
}

export default function TemplatesRoute() {
  const dialog = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const navigate = useNavigate();
  const back = answer?.back ?? "/";
  const { pathname, params } = splitPath(back);
  const query = parseTemplatesDialogQuery(params) ?? DEFAULT_QUERY;
  return (
    <section className="space-y-2">
      <h1 className="text-2xl font-semibold">{MESSAGES.templates}</h1>
      <TemplatesModal
        open
        data={dialog}
        query={query}
        pathname={pathname}
        params={params}
        onClose={() => navigate(closedDialogHref(pathname, params))}
        lastResult={answer?.result}
      />
    </section>
  );
}

export const meta = titleMeta(MESSAGES.templates);

export const ErrorBoundary = routeErrorBoundary();
