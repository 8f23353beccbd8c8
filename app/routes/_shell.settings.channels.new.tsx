import { getFormProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type * as z from "zod";
import { MESSAGES } from "../../domain/messages";
import { isNetworkId, NETWORKS, type NetworkId } from "../../domain/networks";
import { hasPermission } from "../../domain/permissions";
import { COUNTRIES } from "../../domain/reference/countries";
import { StreamCreateSchema } from "../../domain/schemas/streams";
import {
  FEED_INTERVAL,
  networkVisibleTo,
  sourcesForNetwork,
  STREAM_CATALOGUE,
  STREAM_CATEGORIES,
  STREAM_SOURCE_LABELS,
  STREAM_SOURCES,
  type StreamSource,
} from "../../domain/streams";
import { categoryLabel } from "../components/channels/format";
import { FEED_INTERVAL_CHOICES as INTERVAL_CHOICES } from "../../domain/streams";
import { routeErrorBoundary, SCREEN_ERRORS } from "../components/ui/route-error-boundary";
import type { ApiStream } from "../components/channels/types";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../components/ui/field";
import { readForm, replyWithApiError, statusOf } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { titleMeta } from "../lib/meta";
import { flashToast } from "../lib/toast.server";
import { useHydrated } from "../lib/use-hydrated";

const CHANNEL_LABELS = MESSAGES.channelScreen;

const CHANNELS_PATH = "/settings/channels";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  // Connecting is channel management (admins): others have nothing to do here.
  if (!hasPermission(account.permissions, "channels.index.write")) throw redirect(CHANNELS_PATH);
  recordPageView(request, context, account);
  return {
    // wixan is for system admins only (spec core §2).
    networks: NETWORKS.filter((network) => networkVisibleTo(network.id, account.role)).map((network) => ({
      id: network.id,
      name: network.name,
    })),
  };
}

/** How the API's field names read in '{field} {message}'. */
const FIELD_LABELS: Record<string, string> = {
  name: MESSAGES.inboxName,
  social_type: MESSAGES.network,
  feed_url: CHANNEL_LABELS.feedUrl,
  interval_seconds: CHANNEL_LABELS.interval,
  business_name: CHANNEL_LABELS.businessName,
  app_id: CHANNEL_LABELS.appId,
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission } = await readForm(request, context, StreamCreateSchema);
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const value = submission.value;
  let stream: ApiStream;
  try {
    stream = await context.api.post<ApiStream>("/v1/streams", {
      name: value.name,
      socialType: value.social_type,
      category: value.category,
      source: value.source,
      feedUrl: value.feed_url,
      intervalSeconds: value.interval_seconds,
      businessName: value.business_name,
      appId: value.app_id,
      country: value.country,
    });
  } catch (error) {
    // A review platform that does not know the business comes back as a form-level message.
    return data(
      { result: replyWithApiError(submission, error, { labels: FIELD_LABELS }) },
      { status: statusOf(error) },
    );
  }
  flashToast(context, { kind: "success", message: MESSAGES.streamCreated(stream.name) });
  throw redirect(`${CHANNELS_PATH}/${stream.id}`);
}

// What the form holds, as conform sees the posted strings (the zod schema coerces them).
type ConnectFields = {
  name: string;
  social_type: string;
  category: string;
  source: string;
  feed_url: string;
  interval_seconds: string;
  business_name: string;
  app_id: string;
  country: string;
};
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any field of the connect form
type AnyField = FieldMetadata<any, any, string[]>;

export default function ConnectStreamRoute() {
  const { networks } = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<ConnectFields, z.output<typeof StreamCreateSchema>>({
    id: "connect-stream",
    lastResult: actionData?.result,
    defaultValue: { source: "api", interval_seconds: String(FEED_INTERVAL.default) },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: StreamCreateSchema }),
  });

  // With JavaScript the choices follow the network; before it loads every choice shows and the server
  // checks the combination ('This network has no such category.').
  const initialNetwork = String(fields.social_type.initialValue ?? "");
  const [network, setNetwork] = useState<NetworkId | null>(isNetworkId(initialNetwork) ? initialNetwork : null);
  const [category, setCategory] = useState(String(fields.category.initialValue ?? ""));
  const [source, setSource] = useState(String(fields.source.initialValue ?? "api"));
  const narrowed = hydrated && network !== null;
  const categories = narrowed ? STREAM_CATALOGUE[network] : STREAM_CATEGORIES;
  const sources: readonly StreamSource[] = narrowed ? sourcesForNetwork(network) : STREAM_SOURCES;

  function chooseNetwork(value: string) {
    const next = isNetworkId(value) ? value : null;
    setNetwork(next);
    if (!next) return;
    if (!(STREAM_CATALOGUE[next] as readonly string[]).includes(category)) setCategory(STREAM_CATALOGUE[next][0]!);
    // The network's own way in (webhook, feed, review platform) first; the ingest API otherwise.
    setSource(sourcesForNetwork(next)[0]!);
  }

  const showFeed = !hydrated || source === "feed";
  const showReview = !hydrated || source === "review";
  const submitting = navigation.state === "submitting";

  return (
    <section aria-labelledby="connect-heading" className="rounded-lg border border-slate-200 bg-white p-4">
      <div className="flex items-baseline justify-between gap-3">
        <h2 id="connect-heading" className="text-lg font-semibold">
          {MESSAGES.connectStream}
        </h2>
        <Link to={CHANNELS_PATH} className="text-sm text-brand-600 underline">
          {CHANNEL_LABELS.backToChannels}
        </Link>
      </div>
      <Form method="post" {...getFormProps(form)} className="mt-4 grid max-w-3xl gap-4 md:grid-cols-2">
        <CsrfInput />
        {form.errors?.length ? (
          <div className="md:col-span-2">
            <FormErrors id={form.errorId} errors={form.errors} />
          </div>
        ) : null}

        <SelectField label={MESSAGES.network} field={fields.social_type} value={network ?? ""} onChange={chooseNetwork}>
          <option value="">{CHANNEL_LABELS.chooseNetwork}</option>
          {networks.map((option) => (
            <option key={option.id} value={option.id}>
              {option.name}
            </option>
          ))}
        </SelectField>

        <SelectField
          label={CHANNEL_LABELS.category}
          field={fields.category}
          value={(categories as readonly string[]).includes(category) ? category : categories[0]!}
          onChange={setCategory}
        >
          {categories.map((option) => (
            <option key={option} value={option}>
              {categoryLabel(option)}
            </option>
          ))}
        </SelectField>

        <fieldset
          className="space-y-1 md:col-span-2"
          aria-describedby={fields.source.errors?.length ? fields.source.errorId : undefined}
        >
          <legend className="text-sm font-medium text-slate-700">{CHANNEL_LABELS.source}</legend>
          <div className="flex flex-wrap gap-x-5 gap-y-2 pt-1">
            {sources.map((option) => (
              <label key={option} className="inline-flex items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={fields.source.name}
                  value={option}
                  checked={(sources.includes(source as StreamSource) ? source : sources[0]) === option}
                  onChange={() => setSource(option)}
                  className="size-4 border-slate-300"
                />
                {STREAM_SOURCE_LABELS[option]}
              </label>
            ))}
          </div>
          <FieldErrors id={fields.source.errorId} errors={fields.source.errors} />
        </fieldset>

        <div className="md:col-span-2">
          <TextField label={MESSAGES.inboxName} field={fields.name} autoComplete="off" />
        </div>

        {/* A hidden group is also disabled, so its stale values are neither validated nor posted. */}
        <fieldset
          hidden={!showFeed}
          disabled={!showFeed}
          className="grid gap-4 rounded-md border border-slate-200 p-3 md:col-span-2 md:grid-cols-2"
        >
          <legend className="px-1 text-sm font-medium text-slate-700">{CHANNEL_LABELS.feedSettings}</legend>
          <TextField
            label={CHANNEL_LABELS.feedUrl}
            field={fields.feed_url}
            type="url"
            placeholder="https://example.com/feed.xml"
            autoComplete="off"
          />
          <SelectField label={CHANNEL_LABELS.interval} field={fields.interval_seconds}>
            {INTERVAL_CHOICES.map((choice) => (
              <option key={choice.seconds} value={choice.seconds}>
                {choice.label}
              </option>
            ))}
          </SelectField>
        </fieldset>

        <fieldset
          hidden={!showReview}
          disabled={!showReview}
          className="grid gap-4 rounded-md border border-slate-200 p-3 md:col-span-2 md:grid-cols-3"
        >
          <legend className="px-1 text-sm font-medium text-slate-700">{CHANNEL_LABELS.reviewSettings}</legend>
          <TextField
            label={CHANNEL_LABELS.businessName}
            field={fields.business_name}
            hint={CHANNEL_LABELS.businessNameHint}
            autoComplete="off"
          />
          <TextField
            label={CHANNEL_LABELS.appId}
            field={fields.app_id}
            hint={CHANNEL_LABELS.appIdHint}
            autoComplete="off"
          />
          <SelectField label={CHANNEL_LABELS.country} field={fields.country}>
            <option value="">{CHANNEL_LABELS.anyCountry}</option>
            {COUNTRIES.filter((country) => country.code).map((country) => (
              <option key={country.code} value={country.code}>
                {country.label}
              </option>
            ))}
          </SelectField>
        </fieldset>

        <div className="flex items-center justify-end gap-3 md:col-span-2">
          <Link to={CHANNELS_PATH} className="text-sm text-slate-600 hover:text-ink">
            {MESSAGES.cancel}
          </Link>
          <Button pending={submitting}>{MESSAGES.connectStream}</Button>
        </div>
      </Form>
    </section>
  );
}

/** A labelled native <select> (works before JavaScript loads) with its errors underneath. */
function SelectField({
  label,
  field,
  value,
  onChange,
  children,
}: {
  label: string;
  field: AnyField;
  /** Controlled when given (the choices that follow the network); otherwise the form's initial value. */
  value?: string;
  onChange?: (value: string) => void;
  children: ReactNode;
}) {
  const errors = field.errors ?? [];
  const controlled =
    value !== undefined
      ? { value, onChange: (event: { target: { value: string } }) => onChange?.(event.target.value) }
      : { defaultValue: field.initialValue as string | undefined };
  return (
    <div className="space-y-1">
      <label htmlFor={field.id} className="block text-sm font-medium text-slate-700">
        {label}
      </label>
      <select
        id={field.id}
        name={field.name}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={errors.length ? field.errorId : undefined}
        {...controlled}
        className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${errors.length ? "border-red-500" : "border-slate-300"}`}
      >
        {children}
      </select>
      <FieldErrors id={field.errorId} errors={errors} />
    </div>
  );
}

export const meta = titleMeta(MESSAGES.connectStream);

export const ErrorBoundary = routeErrorBoundary(SCREEN_ERRORS.channels);
