import { getFormProps, useForm, type Submission, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type AppLoadContext, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import type * as z from "zod";
import { formatDateTime } from "../../domain/format";
import { MESSAGES } from "../../domain/messages";
import { isNetworkId } from "../../domain/networks";
import { hasPermission } from "../../domain/permissions";
import { pageTitle } from "../../domain/product";
import { languageLabel } from "../../domain/reference/languages";
import type { QueryToSend } from "../../domain/request-types";
import type { StatusListQuerySchema } from "../../domain/schemas/statuses";
import { StreamPageActionSchema, StreamUpdateSchema, type StreamPageAction } from "../../domain/schemas/streams";
import { FEED_INTERVAL, STREAM_SOURCE_LABELS } from "../../domain/streams";
import { CopyField } from "../components/ui/copy-field";
import { categoryLabel, ingestCurlExample, intervalLabel, pageParam, safeHttpUrl } from "../components/channels/format";
import { ImportForm } from "../components/channels/import-form";
import { ImportHistory } from "../components/channels/import-result";
import { FEED_INTERVAL_CHOICES as INTERVAL_CHOICES } from "../../domain/streams";
import { MentionList, type MentionRow } from "../components/channels/mention-list";
import { NetworkName } from "../components/channels/network-name";
import { errorTitle, routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import { HealthCard } from "../components/channels/stream-health";
import type { ApiImportRecordList, ApiPollOutcome, ApiStatusList, ApiStream, ImportOutcome } from "../components/channels/types";
import { isMultipart, streamImport } from "./_shell.settings.channels.$id.server";
import { Button } from "../components/ui/button";
import { ConfirmDialog } from "../components/ui/confirm-dialog";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import { ApiError, type ApiClient } from "../lib/api.server";
import { handleIntent, readIntentForm, replyWithApiError, statusOf, type IntentHandlers } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import type { RootData } from "../lib/root-data";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";
import { driversText, sentimentLabel, sentimentName } from "../components/sentiment/format";
import { useFormKey } from "../lib/use-form-key";
import { useOpenPerLocation } from "../lib/use-open-per-location";
import { orNotFound, recordIdOr404 } from "../lib/not-found.server";

const CHANNEL_LABELS = MESSAGES.channelScreen;

const CHANNELS_PATH = "/settings/channels";
const MENTIONS_PER_PAGE = 20;



export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  const id = recordIdOr404(params.id);
  recordPageView(request, context, account);
  const url = new URL(request.url);
  const page = pageParam(url.searchParams.get("page"));
  const [stream, imports, statuses] = await orNotFound(
    Promise.all([
      context.api.get<ApiStream>(`/v1/streams/${id}`),
      context.api.get<ApiImportRecordList>(`/v1/streams/${id}/imports`),
      // One more than a page tells whether an older page exists.
      context.api.get<ApiStatusList>("/v1/statuses", {
        query: {
          filters: JSON.stringify({ stream_ids: [id] }),
          orderBy: "created_at",
          direction: "desc",
          limit: MENTIONS_PER_PAGE + 1,
          offset: (page - 1) * MENTIONS_PER_PAGE,
        } satisfies QueryToSend<typeof StatusListQuerySchema>,
      }),
    ]),
  );
  const timeZone = account.businessProfile.timeZone;
  const canManage = hasPermission(account.permissions, "channels.index.write");
  const mentions: MentionRow[] = statuses.data.slice(0, MENTIONS_PER_PAGE).map((status) => {
    const sentiment = sentimentName(status.sentiment);
    return {
      id: status.id,
      network: isNetworkId(status.socialType) ? status.socialType : stream.socialType,
      author: status.authorName || status.authorUsername,
      username: status.authorUsername,
      time: formatDateTime(status.createdAt, timeZone),
      isoTime: status.createdAt,
      language: languageLabel(status.language),
      sentiment,
      sentimentLabel: sentimentLabel(status.sentiment),
      reasons: driversText(status.sentimentDrivers ?? []),
      title: status.title,
      text: status.description,
      url: safeHttpUrl(status.postUrl),
    };
  });
  const dialog = url.searchParams.get("dialog");
  return {
    canManage,
    timeZone,
    stream: {
      id: stream.id,
      name: stream.name,
      network: stream.socialType,
      category: stream.category,
      source: stream.source,
      sourceLabel: STREAM_SOURCE_LABELS[stream.source] ?? stream.source,
      pinned: stream.pinned,
      canEdit: canManage && stream.flags.edit,
      config: stream.config,
      health: stream.health,
      webhook: stream.webhook,
      ingestKey: stream.ingestKey,
    },
    // The curl example names this site: the address the browser used to reach it.
    siteUrl: url.origin,
    imports: imports.data,
    mentions,
    page,
    hasOlder: statuses.data.length > MENTIONS_PER_PAGE,
    rotateDialog: dialog === "rotate" && canManage && stream.source === "api",
  };
}


async function pollToast(api: ApiClient, id: number) {
  const outcome = await api.post<ApiPollOutcome>(`/v1/streams/${id}/poll`);
  if (outcome.status === "failed")
    return { kind: "error" as const, message: CHANNEL_LABELS.failing(outcome.reason) };
  if (outcome.status === "not-modified") return { kind: "success" as const, message: CHANNEL_LABELS.pollNotModified };
  return {
    kind: "success" as const,
    message: CHANNEL_LABELS.pollFinished(outcome.report.accepted, outcome.report.duplicates),
  };
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const id = recordIdOr404(params.id);
  const here = `${CHANNELS_PATH}/${id}`;

  // The file import without JavaScript: multipart, streamed to the API part by part (never read whole).
  if (isMultipart(request)) {
    const { outcome, status } = await streamImport(request, context, id);
    return data(
      { intent: "import" as const, result: undefined, importOutcome: outcome as ImportOutcome | undefined },
      { status },
    );
  }

  const { formData: form, submission, intent } = await readIntentForm(request, context, StreamPageActionSchema);
  if (submission.status !== "success") return data({ intent, result: submission.reply(), importOutcome: undefined }, { status: 400 });
  return handleIntent(STREAM_PAGE_ACTIONS, submission.value, { context, id, here, form, submission });
}

/** What each intent's handler is given beside the parsed value. */
interface StreamPageContext {
  context: AppLoadContext;
  id: number;
  here: string;
  form: FormData;
  submission: Submission<unknown, string[]>;
}

/** The key rotation and the poll: no form of their own to show an error in, so a refusal is a toast. */
async function withToastRefusal(context: AppLoadContext, here: string, run: () => Promise<void>): Promise<never> {
  try {
    await run();
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
    flashToast(context, { kind: "error", message: error.reason });
  }
  throw redirect(here);
}

/** One handler per intent of StreamPageActionSchema (ADR 028). */
const STREAM_PAGE_ACTIONS: IntentHandlers<
  StreamPageAction,
  StreamPageContext,
  Promise<ReturnType<typeof data<{ intent: "update"; result: SubmissionResult<string[]>; importOutcome: undefined }>>>
> = {
  async update(action, { context, id, here, form, submission }) {
    try {
      const stream = await context.api.patch<ApiStream>(`/v1/streams/${id}`, {
        name: action.name,
        feed_url: action.feed_url,
        interval_seconds: action.interval_seconds,
        // Only webhook streams' form has the field; there an emptied field (left out by the form) removes it.
        ...(form.get("reply_url") !== null ? { reply_url: action.reply_url ?? null } : {}),
      });
      flashToast(context, { kind: "success", message: MESSAGES.streamUpdated(stream.name) });
    } catch (error) {
      const labels = {
        name: MESSAGES.inboxName,
        feed_url: CHANNEL_LABELS.feedUrl,
        interval_seconds: CHANNEL_LABELS.interval,
        reply_url: MESSAGES.replies.replyDeliveryUrl,
      };
      return data(
        { intent: "update" as const, result: replyWithApiError(submission, error, { labels }), importOutcome: undefined },
        { status: statusOf(error) },
      );
    }
    throw redirect(here);
  },
  rotate: (_action, { context, here, id }) =>
    withToastRefusal(context, here, async () => {
      await context.api.post(`/v1/streams/${id}/rotate-key`);
      flashToast(context, { kind: "success", message: MESSAGES.ingestKeyRotated });
    }),
  poll: (_action, { context, here, id }) =>
    withToastRefusal(context, here, async () => {
      flashToast(context, await pollToast(context.api, id));
    }),
};

type LoaderData = ReturnType<typeof useLoaderData<typeof loader>>;
type Stream = LoaderData["stream"];
type EditFields = { name: string; feed_url: string; interval_seconds: string; reply_url: string };

export default function StreamRoute() {
  const { canManage, timeZone, stream, siteUrl, imports, mentions, page, hasOlder, rotateDialog } =
    useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const formsKey = useFormKey(actionData);
  const polled = stream.source === "feed" || stream.source === "review";

  return (
    <div className="space-y-6">
      <header className="space-y-2" data-testid="stream-header">
        <Link to={CHANNELS_PATH} className="text-sm text-brand-600 underline">
          {CHANNEL_LABELS.backToChannels}
        </Link>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h2 className="break-words text-xl font-semibold">{stream.name}</h2>
          {canManage && polled ? <PollForm /> : null}
        </div>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600">
          <NetworkName network={stream.network} />
          <span aria-hidden>·</span>
          <span>{categoryLabel(stream.category)}</span>
          <span aria-hidden>·</span>
          <span>{stream.sourceLabel}</span>
          {stream.pinned ? (
            <span className="rounded-full bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-700">
              {CHANNEL_LABELS.pinned}
            </span>
          ) : null}
        </p>
      </header>

      <HealthCard health={stream.health} timeZone={timeZone} polled={polled} />

      <ConnectionCard stream={stream} canManage={canManage} siteUrl={siteUrl} rotateDialog={rotateDialog} />

      {stream.canEdit || canManage ? (
        <div className="grid items-start gap-6 lg:grid-cols-2">
          {stream.canEdit ? (
            <EditStreamForm
              key={formsKey}
              stream={stream}
              lastResult={
                actionData?.intent === "update" ? (actionData.result as SubmissionResult<string[]>) : undefined
              }
            />
          ) : null}
          {canManage ? (
            <section
              aria-labelledby="import-heading"
              className={`space-y-3 rounded-lg border border-slate-200 bg-white p-4 ${stream.canEdit ? "" : "lg:col-span-2"}`}
            >
              <h2 id="import-heading" className="text-lg font-semibold">
                {CHANNEL_LABELS.importFile}
              </h2>
              <ImportForm
                streamId={stream.id}
                outcome={actionData?.intent === "import" ? actionData.importOutcome : undefined}
              />
            </section>
          ) : null}
        </div>
      ) : null}

      <ImportHistory imports={imports} timeZone={timeZone} />

      <section aria-labelledby="mentions-heading" className="space-y-3">
        <h2 id="mentions-heading" className="text-lg font-semibold">
          {CHANNEL_LABELS.latestMentions}
        </h2>
        <MentionList mentions={mentions} />
        <MentionPages page={page} hasOlder={hasOlder} />
      </section>
    </div>
  );
}

function PollForm() {
  const navigation = useNavigation();
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "poll";
  return (
    <Form method="post">
      <CsrfInput />
      <Button variant="secondary" name="intent" value="poll" pending={submitting}>
        {CHANNEL_LABELS.pollNow}
      </Button>
    </Form>
  );
}

/** How mentions reach the stream: the webhook address and secret, the ingest key, the feed or review source. */
function ConnectionCard({
  stream,
  canManage,
  siteUrl,
  rotateDialog,
}: {
  stream: Stream;
  canManage: boolean;
  siteUrl: string;
  rotateDialog: boolean;
}) {
  return (
    <section
      aria-labelledby="connection-heading"
      className="space-y-4 rounded-lg border border-slate-200 bg-white p-4"
      data-testid="connection"
    >
      <h2 id="connection-heading" className="text-lg font-semibold">
        {stream.sourceLabel}
      </h2>
      {stream.source === "webhook" && stream.webhook ? (
        <>
          <CopyField label={CHANNEL_LABELS.webhookUrl} value={stream.webhook.url} testId="webhook-url" />
          {stream.webhook.secret ? (
            <CopyField label={CHANNEL_LABELS.signingSecret} value={stream.webhook.secret} testId="webhook-secret" />
          ) : null}
          {stream.webhook.signatureHelp ? (
            <p className="text-sm text-slate-600">
              <span className="font-medium text-slate-700">{CHANNEL_LABELS.signature}: </span>
              {stream.webhook.signatureHelp}
            </p>
          ) : null}
        </>
      ) : null}
      {stream.source === "api" ? (
        <IngestApiDetails stream={stream} canManage={canManage} siteUrl={siteUrl} rotateDialog={rotateDialog} />
      ) : null}
      {stream.source === "feed" ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-2">
          <div className="min-w-0">
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.feedUrl}</dt>
            <dd className="break-all" data-testid="feed-url">
              {stream.config.feedUrl ?? "—"}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.interval}</dt>
            <dd>{intervalLabel(stream.config.intervalSeconds ?? FEED_INTERVAL.default)}</dd>
          </div>
        </dl>
      ) : null}
      {stream.source === "review" ? (
        <dl className="grid gap-3 text-sm sm:grid-cols-3">
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">
              {CHANNEL_LABELS.businessName}
            </dt>
            <dd>{stream.config.businessName ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.appId}</dt>
            <dd>{stream.config.appId ?? "—"}</dd>
          </div>
          <div>
            <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{CHANNEL_LABELS.country}</dt>
            <dd>{stream.config.country?.toUpperCase() ?? "—"}</dd>
          </div>
        </dl>
      ) : null}
      {stream.source === "import" ? <p className="text-sm text-slate-600">{CHANNEL_LABELS.importSourceHint}</p> : null}
    </section>
  );
}

function IngestApiDetails({
  stream,
  canManage,
  siteUrl,
  rotateDialog,
}: {
  stream: Stream;
  canManage: boolean;
  siteUrl: string;
  rotateDialog: boolean;
}) {
  const hydrated = useHydrated();
  const navigate = useNavigate();
  const navigation = useNavigation();
  // Every navigation (the redirect after rotating included) shows the dialog only if the URL asks for it.
  const [rotating, setRotating] = useOpenPerLocation(rotateDialog);
  const here = `${CHANNELS_PATH}/${stream.id}`;
  const close = () => {
    setRotating(false);
    if (rotateDialog) navigate(here, { replace: true, preventScrollReset: true });
  };
  if (!stream.ingestKey) return <p className="text-sm text-slate-600">{CHANNEL_LABELS.ingestKeyAdminsOnly}</p>;
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "rotate";
  return (
    <div className="space-y-4">
      <CopyField
        label={CHANNEL_LABELS.ingestKey}
        value={stream.ingestKey}
        testId="ingest-key"
        action={
          canManage ? (
            <a
              href={`${here}?dialog=rotate`}
              onClick={(event) => {
                if (!hydrated) return;
                event.preventDefault();
                setRotating(true);
              }}
              className="inline-flex shrink-0 items-center rounded-md border border-red-200 bg-white px-3 py-2 text-sm font-medium text-red-700 hover:bg-red-50"
            >
              {CHANNEL_LABELS.rotateKey}
            </a>
          ) : null
        }
      />
      <CopyField
        label={CHANNEL_LABELS.curlExample}
        value={ingestCurlExample(siteUrl, stream.id, stream.ingestKey)}
        multiline
        testId="curl-example"
      />
      {rotating ? (
        <ConfirmDialog
          open
          onClose={close}
          cancelHref={here}
          message={CHANNEL_LABELS.rotateKeyMessage}
          confirmButton={
            <Form method="post" action={here}>
              <CsrfInput />
              <Button variant="danger" name="intent" value="rotate" pending={submitting}>
                {MESSAGES.confirm}
              </Button>
            </Form>
          }
        />
      ) : null}
    </div>
  );
}

function EditStreamForm({
  stream,
  lastResult,
}: {
  stream: Stream;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const isFeed = stream.source === "feed";
  const isWebhook = stream.source === "webhook";
  const interval = stream.config.intervalSeconds ?? FEED_INTERVAL.default;
  const [form, fields] = useForm<EditFields, z.output<typeof StreamUpdateSchema>>({
    id: `stream-${stream.id}`,
    lastResult,
    defaultValue: {
      name: stream.name,
      feed_url: stream.config.feedUrl ?? "",
      interval_seconds: String(interval),
      reply_url: stream.config.replyUrl ?? "",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StreamUpdateSchema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "update";
  // A stored interval outside the usual choices stays selectable, so saving does not change it unseen.
  const choices = INTERVAL_CHOICES.some((choice) => choice.seconds === interval)
    ? INTERVAL_CHOICES
    : [...INTERVAL_CHOICES, { seconds: interval, label: intervalLabel(interval) }];
  const intervalErrors = fields.interval_seconds.errors ?? [];
  return (
    <section aria-labelledby="edit-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <h2 id="edit-heading" className="text-lg font-semibold">
        {MESSAGES.edit}
      </h2>
      <Form method="post" {...getFormProps(form)} aria-labelledby="edit-heading" className="mt-3 space-y-4">
        <CsrfInput />
        <input type="hidden" name="intent" value="update" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField label={MESSAGES.inboxName} field={fields.name} autoComplete="off" />
        {isFeed ? (
          <>
            <TextField label={CHANNEL_LABELS.feedUrl} field={fields.feed_url} type="url" autoComplete="off" />
            <div className="space-y-1">
              <label htmlFor={fields.interval_seconds.id} className="block text-sm font-medium text-slate-700">
                {CHANNEL_LABELS.interval}
              </label>
              <select
                id={fields.interval_seconds.id}
                name={fields.interval_seconds.name}
                defaultValue={String(fields.interval_seconds.initialValue ?? interval)}
                aria-invalid={intervalErrors.length ? true : undefined}
                aria-describedby={intervalErrors.length ? fields.interval_seconds.errorId : undefined}
                className="block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm shadow-sm"
              >
                {choices.map((choice) => (
                  <option key={choice.seconds} value={choice.seconds}>
                    {choice.label}
                  </option>
                ))}
              </select>
              <FieldErrors id={fields.interval_seconds.errorId} errors={intervalErrors} />
            </div>
          </>
        ) : null}
        {isWebhook ? (
          <TextField
            label={MESSAGES.replies.replyDeliveryUrl}
            field={fields.reply_url}
            type="url"
            autoComplete="off"
            hint={MESSAGES.replies.replyDeliveryUrlHelp}
          />
        ) : null}
        <div className="flex justify-end">
          <Button variant="secondary" pending={submitting}>
            {MESSAGES.save}
          </Button>
        </div>
      </Form>
    </section>
  );
}

function MentionPages({ page, hasOlder }: { page: number; hasOlder: boolean }) {
  if (page === 1 && !hasOlder) return null;
  const link = "rounded-md border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium hover:bg-slate-50";
  return (
    <nav aria-label={CHANNEL_LABELS.latestMentions} className="flex items-center justify-between gap-3 text-sm">
      {page > 1 ? (
        <Link to={page === 2 ? "?" : `?page=${page - 1}`} preventScrollReset className={link}>
          {CHANNEL_LABELS.newerMentions}
        </Link>
      ) : (
        <span />
      )}
      <span className="text-slate-500">{CHANNEL_LABELS.pageNumber(page)}</span>
      {hasOlder ? (
        <Link to={`?page=${page + 1}`} preventScrollReset className={link}>
          {CHANNEL_LABELS.olderMentions}
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}

/** '{stream name} | {PRODUCT_NAME}'; the error's own title on the error screen ('Page not found', a 403's refusal). */
export const meta: MetaFunction<typeof loader> = ({ data, error, matches }) => [
  {
    title: pageTitle(
      error ? errorTitle(error) : (data?.stream.name ?? MESSAGES.pageNotFound),
      (matches[0]?.data as RootData | undefined)?.productName,
    ),
  },
];

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.channels);
