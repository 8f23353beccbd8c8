import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import type { Submission, SubmissionResult } from "@conform-to/react";
import * as z from "zod";
import type { FromWire } from "../../domain/key-case";
import { MESSAGES } from "../../domain/messages";
import { AlertFormSchema, AlertItemActionSchema, type AlertItemAction, type AlertListResponseSchema, type AlertResponseSchema } from "../../domain/schemas/alerts";
import type { ApiSearchItem } from "../components/search/types";
import type { ApiTopic } from "../components/topics/types";
import { formFields, handleIntent, readForm, readIntentForm, redirectIfGone, replyWithApiError, statusOf, type IntentHandlers } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { orNotFound, recordIdOr404 } from "../lib/not-found.server";
import { flashToast } from "../lib/toast.server";

// The alerts' screens (issue 24, ADR 029): the list (/alerts), a new alert on a saved search or topic
// (/alerts/new?search_id= or ?topic_id=) and one alert (/alerts/:id). Every form works without JavaScript.

export const ALERTS_PATH = "/alerts";
export type ApiAlert = FromWire<typeof AlertResponseSchema>;
type ApiAlertList = FromWire<typeof AlertListResponseSchema>;

// ── /alerts ──────────────────────────────────────────────────────────────────────────────────────

export async function alertsLoader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const { data: alerts } = await context.api.get<ApiAlertList>("/v1/alerts");
  return { alerts };
}

const ToggleSchema = z.object({ intent: z.literal("toggle"), id: z.coerce.number().int().positive() });

export async function alertsAction({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission } = await readForm(request, context, ToggleSchema);
  if (submission.status !== "success") throw new Response(MESSAGES.badRequest, { status: 400 });
  try {
    const alert = await context.api.post<ApiAlert>(`/alerts/${submission.value.id}/toggle-state`);
    flashToast(context, { kind: "success", message: alert.isActive ? MESSAGES.alerts.turnedOn(alert.name) : MESSAGES.alerts.turnedOff(alert.name) });
  } catch (error) {
    redirectIfGone(context, error, ALERTS_PATH);
    flashToast(context, { kind: "error", message: error instanceof Error ? error.message : MESSAGES.somethingWentWrong });
  }
  throw redirect(ALERTS_PATH);
}

// ── /alerts/new ──────────────────────────────────────────────────────────────────────────────────

/** What a new alert watches, from ?search_id= or ?topic_id=: its kind, id and name (404 if not seen). */
export async function newAlertLoader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const params = new URL(request.url).searchParams;
  const searchId = params.get("search_id");
  const topicId = params.get("topic_id");
  if (searchId !== null) {
    const id = recordIdOr404(searchId);
    const search = await orNotFound(context.api.get<ApiSearchItem>(`/search/items/${id}`));
    return { target: { kind: "search" as const, id, name: search.name } };
  }
  const id = recordIdOr404(topicId ?? undefined);
  const topic = await orNotFound(context.api.get<ApiTopic>(`/v1/topics/${id}`));
  return { target: { kind: "topic" as const, id, name: topic.name } };
}

export async function newAlertAction({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission } = await readForm(request, context, AlertFormSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  try {
    const alert = await context.api.post<ApiAlert>("/alerts", submission.value);
    flashToast(context, { kind: "success", message: MESSAGES.alerts.created(alert.name) });
  } catch (error) {
    return data({ result: replyWithApiError(submission, error) }, { status: statusOf(error) });
  }
  throw redirect(ALERTS_PATH);
}

// ── /alerts/:id ──────────────────────────────────────────────────────────────────────────────────

export async function alertLoader({ request, context, params }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const alert = await orNotFound(context.api.get<ApiAlert>(`/alerts/${recordIdOr404(params.alertId)}`));
  return { alert };
}

/** One handler per intent of AlertItemActionSchema (ADR 028): save the alert's form, or delete it. */
interface AlertHandlerContext {
  context: AppLoadContext;
  id: number;
  submission: Submission<unknown, string[]>;
}

const ALERT_ACTIONS: IntentHandlers<AlertItemAction, AlertHandlerContext, Promise<ReturnType<typeof data<{ result: SubmissionResult<string[]> }>>>> = {
  async save(action, { context, id, submission }) {
    try {
      const alert = await context.api.put<ApiAlert>(`/alerts/${id}`, formFields(action));
      flashToast(context, { kind: "success", message: MESSAGES.alerts.updated(alert.name) });
    } catch (error) {
      redirectIfGone(context, error, ALERTS_PATH);
      return data({ result: replyWithApiError(submission, error) }, { status: statusOf(error) });
    }
    throw redirect(ALERTS_PATH);
  },
  async delete(_action, { context, id }) {
    try {
      await context.api.delete(`/alerts/${id}`);
      flashToast(context, { kind: "success", message: MESSAGES.alerts.deleted });
    } catch (error) {
      redirectIfGone(context, error, ALERTS_PATH);
      flashToast(context, { kind: "error", message: error instanceof Error ? error.message : MESSAGES.somethingWentWrong });
      throw redirect(`${ALERTS_PATH}/${id}`);
    }
    throw redirect(ALERTS_PATH);
  },
};

export async function alertAction({ request, context, params }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const id = recordIdOr404(params.alertId);
  const { submission } = await readIntentForm(request, context, AlertItemActionSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  return handleIntent(ALERT_ACTIONS, submission.value, { context, id, submission });
}
