import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { useActionData, useLoaderData, useNavigate } from "@remix-run/react";
import * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { safeRedirectPath } from "../../domain/navigation";
import { TemplateFormSchema } from "../../domain/schemas/templates";
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
import { readForm, readFormData, replyWithApiError } from "../lib/forms.server";
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

const IdSchema = z.object({ id: z.coerce.number().int().positive() });
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

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const posted = await readFormData(request.clone());
  const intent = String(posted.get("intent") ?? "");
  const back = posted.get("back");
  // The modal posts through fetchers once JavaScript runs: it then takes the answer as data and stays.
  const viaFetcher = posted.get("js") === "1";

  const done = (toast: NonNullable<TemplatesActionAnswer["toast"]>, answer: TemplatesActionAnswer, redirectTo: string) => {
    if (viaFetcher) return data<TemplatesActionAnswer>({ ...answer, ok: true, toast });
    flashToast(context, toast);
    throw redirect(redirectTo);
  };
  // A failed template action is logged and answered with the generic toast (spec §8).
  const failed = (error: unknown, answer: TemplatesActionAnswer) => {
    context.reportError(error);
    const toast = { kind: "error" as const, message: MESSAGES.somethingWentWrong };
    if (viaFetcher) return data<TemplatesActionAnswer>({ ...answer, ok: false, toast }, { status: error instanceof ApiError ? error.status : 500 });
    flashToast(context, toast);
    throw redirect(backTo(back));
  };

  if (intent === "save") {
    const { submission } = await readForm(request, context, TemplateFormSchema);
    const idResult = IdSchema.safeParse(submission.payload);
    const id = idResult.success ? idResult.data.id : null;
    const formFor = id === null ? "new" : String(id);
    const answerBack = typeof back === "string" ? safeRedirectPath(back) : "/";
    if (submission.status !== "success") {
      return data<TemplatesActionAnswer>({ intent, formFor, back: answerBack, result: submission.reply() }, { status: 400 });
    }
    const value = submission.value;
    const body = {
      name: value.name,
      message: value.message,
      categories: value.categories ?? [],
      languages: value.languages ?? [],
      entityType: value.entity_type,
      entityIds: value.entity_ids ?? [],
      active: value.active ?? true,
    };
    let saved: { id: number; name: string };
    try {
      saved = id === null ? await context.api.post("/v1/templates", body) : await context.api.patch(`/v1/templates/${id}`, body);
    } catch (error) {
      // Field errors go under their fields ('{field} {message}', spec §5); anything else is a toast.
      if (error instanceof ApiError && error.status === 422 && Object.keys(error.fields).length > 0) {
        const result = replyWithApiError(submission, error, { labels: FIELD_LABELS });
        return data<TemplatesActionAnswer>({ intent, formFor, back: answerBack, result }, { status: 422 });
      }
      return failed(error, { intent, formFor });
    }
    const toast = {
      kind: "success" as const,
      message: id === null ? MESSAGES.templateCreated(saved.name) : MESSAGES.templateUpdated(saved.name),
    };
    return done(toast, { intent, formFor, templateId: saved.id }, backTo(back, { [TEMPLATE_PARAMS.selected]: String(saved.id) }));
  }

  if (intent === "delete" || intent === "pin" || intent === "unpin") {
    const { submission } = await readForm(request, context, IdSchema);
    if (submission.status !== "success") throw new Response(MESSAGES.badRequest, { status: 400 });
    const id = submission.value.id;
    try {
      if (intent === "delete") await context.api.delete(`/v1/templates/${id}`);
      else if (intent === "pin") await context.api.post(`/v1/templates/${id}/pin`);
      else await context.api.delete(`/v1/templates/${id}/pin`);
    } catch (error) {
      return failed(error, { intent, templateId: id });
    }
    const message = intent === "delete" ? MESSAGES.templateDeleted : intent === "pin" ? MESSAGES.templatePinned : MESSAGES.templateUnpinned;
    return done({ kind: "success", message }, { intent, templateId: id }, backTo(back));
  }

  throw new Response(MESSAGES.badRequest, { status: 400 });
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
