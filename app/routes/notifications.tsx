import { redirect, type ActionFunctionArgs, type AppLoadContext } from "@remix-run/node";
import * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import {
  isUnread,
  MARK_AS_READ_MAX_IDS,
  NOTIFICATIONS_OPEN,
  NOTIFICATIONS_OPEN_ALL,
  NOTIFICATIONS_OPEN_PARAM,
} from "../../domain/notifications";
import { safeRedirectPath } from "../../domain/navigation";
import type { BodyToSend } from "../../domain/request-types";
import type { MarkNotificationsReadBodySchema, NotificationUpdateBodySchema } from "../../domain/schemas/notifications";
import type { ApiNotificationList, ApiNotificationsRead, ShellNotification } from "../components/layout/shell-data";
import type { NotificationIntent, NotificationsAnswer } from "../components/notifications/types";
import { ApiError } from "../lib/api.server";
import { handleIntent, readIntentForm, statusOf, type IntentHandlers } from "../lib/forms.server";
import { requireAccount, requireAccountOr401 } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";

// The notifications popover's actions (a resource route, spec core §2): Dismiss, Mark all as read, and
// reading one on hover. Without JavaScript a post redirects back to the page it came from, popover open,
// with a toast when it failed; with JavaScript (`enhanced`) it answers JSON for the popover to apply.

/** The address typed or bookmarked: the popover is on every page, so the dashboard with it open. */
export function loader() {
  return redirect(`/?${NOTIFICATIONS_OPEN_PARAM}=${NOTIFICATIONS_OPEN}`);
}

const Ids = z.array(z.coerce.number().int().positive()).max(MARK_AS_READ_MAX_IDS).optional();

const NotificationFormSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("dismiss"), id: z.coerce.number().int().positive() }),
  z.object({ intent: z.literal("mark-read"), ids: Ids }),
  z.object({ intent: z.literal("mark-all-read"), ids: Ids }),
]);

/** Spec §8's toast for each action that fails (reading on hover fails quietly). */
const FAILURE: Record<NotificationIntent, string> = {
  dismiss: MESSAGES.notificationDismissFailed,
  "mark-all-read": MESSAGES.markAllReadFailed,
  "mark-read": MESSAGES.somethingWentWrong,
};

type NotificationAction = z.output<typeof NotificationFormSchema>;

/** Reads these notifications (none: nothing to ask); answers them as they are now. */
async function markRead(context: AppLoadContext, ids: readonly number[]): Promise<ShellNotification[]> {
  if (!ids.length) return [];
  const body: BodyToSend<typeof MarkNotificationsReadBodySchema> = { ids: [...ids] };
  return (await context.api.post<ApiNotificationsRead>("/v1/notifications/mark_as_read", body)).data;
}

/** One handler per intent of NotificationFormSchema (ADR 028): each answers the notifications it changed. */
const NOTIFICATION_ACTIONS: IntentHandlers<NotificationAction, AppLoadContext, Promise<ShellNotification[]>> = {
  dismiss: async (form, context) => [
    await context.api.patch<ShellNotification>(`/v1/notifications/${form.id}`, { dismissed: true } satisfies BodyToSend<typeof NotificationUpdateBodySchema>),
  ],
  "mark-read": (form, context) => markRead(context, form.ids ?? []),
  // 'Mark all as read' also reads those the popover did not list (it lists the newest few at first).
  "mark-all-read": async (form, context) =>
    markRead(context, [...new Set([...(form.ids ?? []), ...(await unreadIds(context))])]),
};

export async function action({ request, context }: ActionFunctionArgs) {
  // The popover's script posts asking for JSON, and a signed-out one gets 401 (not the login page);
  // a form posted without JavaScript goes to /login as any page's form does.
  const scripted = request.headers.get("accept") === "application/json";
  await (scripted ? requireAccountOr401 : requireAccount)(request, context);
  // An intent outside the union is a bad request (400) before anything else.
  const { formData, submission, intent } = await readIntentForm(request, context, NotificationFormSchema);
  const enhanced = formData.get("enhanced") === "1";

  let notifications: ShellNotification[] = [];
  let failure: { status: number } | null = null;
  if (submission.status !== "success") {
    failure = { status: 400 };
  } else {
    try {
      notifications = await handleIntent(NOTIFICATION_ACTIONS, submission.value, context);
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      failure = { status: statusOf(error) };
    }
  }

  const message = FAILURE[intent];
  if (enhanced) {
    const answer: NotificationsAnswer = failure
      ? { ok: false, intent, error: message }
      : { ok: true, intent, notifications };
    return Response.json(answer, { status: failure?.status ?? 200 });
  }
  if (failure) flashToast(context, { kind: "error", message });
  throw redirect(backWithPopoverOpen(formData.get("redirect_to")));
}

async function unreadIds(context: AppLoadContext): Promise<number[]> {
  const { data } = await context.api.get<ApiNotificationList>("/v1/notifications");
  return data.filter(isUnread).map((n) => n.id);
}

/** The page the form was on (same-origin paths only), with the popover open again (listing all if it did). */
function backWithPopoverOpen(value: FormDataEntryValue | null): string {
  const url = new URL(safeRedirectPath(typeof value === "string" ? value : null), "http://earshot.invalid");
  if (url.searchParams.get(NOTIFICATIONS_OPEN_PARAM) !== NOTIFICATIONS_OPEN_ALL)
    url.searchParams.set(NOTIFICATIONS_OPEN_PARAM, NOTIFICATIONS_OPEN);
  return url.pathname + url.search;
}
