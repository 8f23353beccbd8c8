import { redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { hasPermission } from "../../domain/permissions";
import { STREAM_SOURCE_LABELS } from "../../domain/streams";
import { categoryLabel, groupStreamsByNetwork } from "../components/channels/format";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { HealthSummary } from "../components/channels/stream-health";
import type { ApiStream, ApiStreamList } from "../components/channels/types";
import { StreamRowActionSchema, type StreamRowAction } from "../../domain/schemas/streams";
import { useRowConfirmDialog } from "../components/ui/confirm-form-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { ApiError, type ApiPinned } from "../lib/api.server";
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
import { useHydrated } from "../lib/use-hydrated";

const CHANNEL_LABELS = MESSAGES.channelScreen;

const CHANNELS_PATH = "/settings/channels";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const { data: streams } = await context.api.get<ApiStreamList>("/v1/streams");
  // The API decides (channels.index.write: admins); the screen only hides what it would refuse.
  const canManage = hasPermission(account.permissions, "channels.index.write");
  const rows = streams.map((stream) => ({
    id: stream.id,
    name: stream.name,
    socialType: stream.socialType,
    category: stream.category,
    sourceLabel: STREAM_SOURCE_LABELS[stream.source] ?? stream.source,
    pinned: stream.pinned,
    health: stream.health,
    canPin: stream.flags.pin,
    canDuplicate: canManage && stream.flags.duplicate,
    canDelete: canManage && stream.flags.delete,
  }));
  const params = new URL(request.url).searchParams;
  const dialogId = params.get("dialog") === "delete" ? Number(params.get("id")) : NaN;
  return {
    canManage,
    timeZone: account.businessProfile.timeZone,
    groups: groupStreamsByNetwork(rows),
    deleteId: rows.find((row) => row.id === dialogId && row.canDelete)?.id ?? null,
  };
}

type RowIntent = StreamRowAction["intent"];

/** Row buttons have no form of their own to show an error in: a refusal comes back as a toast. */
function toastRefusal(context: AppLoadContext, error: unknown): never {
  if (!(error instanceof ApiError)) throw error;
  flashToast(context, { kind: "error", message: error.reason });
  throw redirect(CHANNELS_PATH);
}

/** One handler per intent of StreamRowActionSchema. */
const STREAM_ROW_ACTIONS: IntentHandlers<StreamRowAction, FormHandlerContext<RowIntent>, Promise<FormRefusal<RowIntent>>> = {
  async pin({ id }, { context }) {
    let pinned: boolean;
    try {
      ({ pinned } = await context.api.post<ApiPinned>(`/v1/streams/${id}/toggle-pin`));
    } catch (error) {
      toastRefusal(context, error);
    }
    flashToast(context, { kind: "success", message: pinned ? MESSAGES.streamPinned : MESSAGES.streamUnpinned });
    throw redirect(CHANNELS_PATH);
  },
  async duplicate({ id }, { context }) {
    let copy: ApiStream;
    try {
      copy = await context.api.post<ApiStream>(`/v1/streams/${id}/duplicate`);
    } catch (error) {
      toastRefusal(context, error);
    }
    flashToast(context, { kind: "success", message: MESSAGES.streamDuplicated(copy.name) });
    throw redirect(CHANNELS_PATH);
  },
  async delete({ id }, { context, refused }) {
    try {
      await context.api.delete(`/v1/streams/${id}`);
    } catch (error) {
      return refused(error, { gone: CHANNELS_PATH });
    }
    flashToast(context, { kind: "success", message: MESSAGES.streamDeleted });
    throw redirect(CHANNELS_PATH);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, StreamRowActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  return handleIntent(STREAM_ROW_ACTIONS, submission.value, formHandlerContext(context, submission, intent));
}

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Group = LoaderData["groups"][number];
type StreamRow = Group["shown"][number];

export default function ChannelsRoute() {
  const { canManage, groups, timeZone, deleteId } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();

  // The delete dialog, as on the other settings screens: ?dialog=delete&id= renders it on the server;
  // once hydrated the Delete link opens it in place; a refused delete shows it again with the reason.
  const streams = groups.flatMap((group) => [...group.shown, ...group.folded]);
  const { dialog: confirmDialog, open: openConfirm } = useRowConfirmDialog({
    records: streams.filter((stream) => stream.canDelete),
    idFromUrl: deleteId,
    actionData,
    intent: "delete",
    path: CHANNELS_PATH,
    subject: (stream) => stream.name,
  });

  return (
    <div className="space-y-6">
      <header className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-lg font-semibold">{MESSAGES.channels}</h2>
        {canManage ? (
          <Link
            to={`${CHANNELS_PATH}/new`}
            className="inline-flex items-center justify-center rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
          >
            {MESSAGES.connectStream}
          </Link>
        ) : (
          <p className="text-sm text-slate-500">{CHANNEL_LABELS.onlyAdminsManage}</p>
        )}
      </header>

      {groups.length === 0 ? (
        <p
          className="rounded-lg border border-dashed border-slate-300 bg-white px-4 py-6 text-center text-sm text-slate-500"
          data-testid="channels-empty"
        >
          {CHANNEL_LABELS.noStreamsYet}
        </p>
      ) : (
        groups.map((group) => (
          <NetworkGroup key={group.network} group={group} timeZone={timeZone} onDelete={openConfirm} />
        ))
      )}

      {confirmDialog}
    </div>
  );
}

function NetworkGroup({
  group,
  timeZone,
  onDelete,
}: {
  group: Group;
  timeZone: string;
  onDelete: (id: number) => void;
}) {
  const headingId = `network-${group.network}`;
  const rows = (list: StreamRow[]) =>
    list.map((stream) => (
      <StreamListRow key={stream.id} stream={stream} timeZone={timeZone} onDelete={() => onDelete(stream.id)} />
    ));
  return (
    <section
      aria-labelledby={headingId}
      className="overflow-hidden rounded-lg border border-slate-200 bg-white"
      data-testid="network-group"
    >
      <h3
        id={headingId}
        className="flex items-center gap-2 border-b border-slate-200 bg-slate-50 px-4 py-2 text-sm font-semibold"
      >
        <span
          aria-hidden
          className="inline-block size-2.5 rounded-full ring-1 ring-black/10"
          style={{ backgroundColor: group.color }}
        />
        {group.name}
        <span className="font-normal text-slate-500">({group.shown.length + group.folded.length})</span>
      </h3>
      <ul className="divide-y divide-slate-100">{rows(group.shown)}</ul>
      {group.folded.length ? (
        // The 'show more' divider (spec core §2): a <details>, so it opens without JavaScript.
        <details className="group border-t border-slate-100">
          <summary className="flex cursor-pointer list-none items-center gap-3 px-4 py-2 text-xs font-medium text-slate-600 hover:text-ink">
            <span aria-hidden className="h-px flex-1 bg-slate-200" />
            <span className="group-open:hidden">{CHANNEL_LABELS.showMore(group.folded.length)}</span>
            <span className="hidden group-open:inline">{CHANNEL_LABELS.showLess}</span>
            <span aria-hidden className="h-px flex-1 bg-slate-200" />
          </summary>
          <ul className="divide-y divide-slate-100 border-t border-slate-100">{rows(group.folded)}</ul>
        </details>
      ) : null}
    </section>
  );
}

/** A separator read as a pause: a dot on screen, a comma for screen readers. */
function Dot() {
  return (
    <>
      <span aria-hidden> · </span>
      <span className="sr-only">, </span>
    </>
  );
}

const ROW_BUTTON = "inline-flex items-center rounded-md border px-3 py-1.5 text-xs font-medium";
const ROW_SECONDARY = `${ROW_BUTTON} border-slate-300 bg-white text-ink hover:bg-slate-50 aria-busy:opacity-60`;

function StreamListRow({ stream, timeZone, onDelete }: { stream: StreamRow; timeZone: string; onDelete: () => void }) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const busy = (intent: string) =>
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    navigation.formData.get("id") === String(stream.id);
  return (
    <li
      data-testid="stream-row"
      data-stream-id={stream.id}
      className="flex flex-col gap-2 px-4 py-2.5 sm:flex-row sm:items-center sm:justify-between"
    >
      <div className="min-w-0 space-y-0.5">
        <p className="flex flex-wrap items-center gap-2">
          <Link
            to={`${CHANNELS_PATH}/${stream.id}`}
            className="font-medium text-ink underline-offset-2 hover:underline"
          >
            {stream.name}
          </Link>
          {stream.pinned ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              {CHANNEL_LABELS.pinned}
            </span>
          ) : null}
        </p>
        <HealthSummary
          health={stream.health}
          timeZone={timeZone}
          prefix={
            <>
              {categoryLabel(stream.category)}
              <Dot />
              {stream.sourceLabel}
              <Dot />
            </>
          }
        />
      </div>
      {stream.canPin || stream.canDuplicate || stream.canDelete ? (
        <div
          className="flex shrink-0 flex-wrap items-center gap-2"
          role="group"
          aria-label={CHANNEL_LABELS.actionsOf(stream.name)}
        >
          {stream.canPin || stream.canDuplicate ? (
            <Form method="post" className="flex gap-2">
              <CsrfInput />
              <input type="hidden" name="id" value={stream.id} />
              {stream.canPin ? (
                <button
                  type="submit"
                  name="intent"
                  value="pin"
                  aria-busy={busy("pin") || undefined}
                  className={ROW_SECONDARY}
                >
                  {stream.pinned ? CHANNEL_LABELS.unpin : CHANNEL_LABELS.pin}
                  <span className="sr-only"> {stream.name}</span>
                </button>
              ) : null}
              {stream.canDuplicate ? (
                <button
                  type="submit"
                  name="intent"
                  value="duplicate"
                  aria-busy={busy("duplicate") || undefined}
                  className={ROW_SECONDARY}
                >
                  {CHANNEL_LABELS.duplicate}
                  <span className="sr-only"> {stream.name}</span>
                </button>
              ) : null}
            </Form>
          ) : null}
          {stream.canDelete ? (
            <a
              href={`${CHANNELS_PATH}?dialog=delete&id=${stream.id}`}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                onDelete();
              }}
              className={`${ROW_BUTTON} border-red-200 bg-white text-red-700 hover:bg-red-50`}
            >
              {MESSAGES.delete}
              <span className="sr-only"> {stream.name}</span>
            </a>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

export const meta = titleMeta(MESSAGES.channels);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.channels);
