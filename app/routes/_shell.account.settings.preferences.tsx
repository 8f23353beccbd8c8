import { getFormProps, getInputProps, useForm, type FieldMetadata, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { MAX_DASHBOARD_CONTEXTS } from "../../domain/schemas/dashboard";
import { GeneralPreferencesSchema, PreferencesActionSchema, type PreferencesAction } from "../../domain/schemas/accounts";
import type { ApiStreamList } from "../components/channels/types";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors } from "../components/ui/field";
import { fallbackOnRefusal } from "../lib/api.server";
import {
  formFields,
  formHandlerContext,
  formRefused,
  handleIntent,
  readIntentForm,
  type FormHandlerContext,
  type FormRefusal,
  type IntentHandlers,
} from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const general = account.preferences.general;
  // The profile's streams to choose the default ones from (a caller who may not list them chooses none).
  const streams = await context.api.get<ApiStreamList>("/v1/streams").catch(fallbackOnRefusal<ApiStreamList>({ data: [] }));
  return {
    url_warning: general.urlWarning,
    review_on_reply: general.reviewOnReply,
    direct_email_to_network: general.directEmailToNetwork,
    defaultStreams: account.preferences.ui.defaultDashboardStreams,
    streams: streams.data.map((stream) => ({ id: stream.id, name: stream.name })),
  };
}

const PREFERENCES_PATH = "/account/settings/preferences";
type PreferencesIntent = PreferencesAction["intent"];

/** One handler per intent of PreferencesActionSchema (ADR 028): a refusal comes back as the form's errors. */
const PREFERENCES_ACTIONS: IntentHandlers<PreferencesAction, FormHandlerContext<PreferencesIntent>, Promise<FormRefusal<PreferencesIntent>>> = {
  async general(action, { context, refused }) {
    try {
      await context.api.put("/v1/accounts/preferences/general", formFields(action));
    } catch (error) {
      return refused(error);
    }
    flashToast(context, { kind: "success", message: MESSAGES.preferencesSaved });
    throw redirect(PREFERENCES_PATH);
  },
  async default_streams({ default_dashboard_streams }, { context, refused }) {
    try {
      await context.api.put("/v1/accounts/preferences/ui/default_streams", { defaultDashboardStreams: default_dashboard_streams });
    } catch (error) {
      return refused(error, { labels: { default_dashboard_streams: MESSAGES.defaultStreams.title } });
    }
    flashToast(context, { kind: "success", message: MESSAGES.defaultStreams.saved });
    throw redirect(PREFERENCES_PATH);
  },
};

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { intent, submission } = await readIntentForm(request, context, PreferencesActionSchema);
  if (submission.status !== "success") return formRefused(intent, submission);
  return handleIntent(PREFERENCES_ACTIONS, submission.value, formHandlerContext(context, submission, intent));
}

const PREFERENCES = [
  { name: "url_warning", label: MESSAGES.urlWarningLabel, help: MESSAGES.urlWarningHelp },
  { name: "review_on_reply", label: MESSAGES.reviewOnReplyLabel, help: MESSAGES.reviewOnReplyHelp },
  { name: "direct_email_to_network", label: MESSAGES.directEmailToNetworkLabel, help: MESSAGES.directEmailToNetworkHelp },
] as const;

export default function PreferencesRoute() {
  const preferences = useLoaderData<typeof loader>();
  const actionData = useActionData<typeof action>();
  const navigation = useNavigation();
  const lastOf = (intent: PreferencesIntent) => (actionData?.intent === intent ? (actionData.result as SubmissionResult<string[]>) : undefined);
  const [form, fields] = useForm({
    id: "preferences",
    lastResult: lastOf("general"),
    // A ticked checkbox posts "on"; an unticked one posts nothing.
    defaultValue: {
      url_warning: preferences.url_warning ? "on" : null,
      review_on_reply: preferences.review_on_reply ? "on" : null,
      direct_email_to_network: preferences.direct_email_to_network ? "on" : null,
    },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GeneralPreferencesSchema }),
  });
  const pending = (intent: PreferencesIntent) => navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <div className="space-y-6">
      <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-slate-200 bg-white p-6">
        <CsrfInput />
        <input type="hidden" name="intent" value="general" />
        <FormErrors id={form.errorId} errors={form.errors} />
        <fieldset className="space-y-5">
          <legend className="sr-only">{MESSAGES.preferences}</legend>
          {PREFERENCES.map((preference) => (
            <CheckboxField key={preference.name} field={fields[preference.name]} label={preference.label} help={preference.help} />
          ))}
        </fieldset>
        <Button pending={pending("general")}>{MESSAGES.save}</Button>
      </Form>
      <DefaultStreamsForm streams={preferences.streams} chosen={preferences.defaultStreams} lastResult={lastOf("default_streams")} pending={pending("default_streams")} />
    </div>
  );
}

const S = MESSAGES.defaultStreams;

/**
 * The streams seen first (ADR 040): one native select per place (works before JavaScript loads), as many
 * as the dashboard compares; "None" leaves a place empty.
 */
function DefaultStreamsForm(props: {
  streams: ReadonlyArray<{ id: number; name: string }>;
  chosen: readonly number[];
  lastResult: SubmissionResult<string[]> | undefined;
  pending: boolean;
}) {
  const [form, fields] = useForm({
    id: "default-streams",
    lastResult: props.lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: PreferencesActionSchema }),
  });
  const field = fields.default_dashboard_streams;
  const known = new Set(props.streams.map((s) => s.id));
  const chosen = props.chosen.filter((id) => known.has(id));
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="default-streams-heading" className="space-y-4 rounded-lg border border-slate-200 bg-white p-6" data-testid="default-streams-form">
      <CsrfInput />
      <input type="hidden" name="intent" value="default_streams" />
      <div>
        <h2 id="default-streams-heading" className="text-base font-semibold">
          {S.title}
        </h2>
        <p id="default-streams-help" className="text-sm text-slate-500">
          {S.help}
        </p>
      </div>
      <FormErrors id={form.errorId} errors={form.errors} />
      <div className="grid gap-3 sm:grid-cols-3">
        {Array.from({ length: MAX_DASHBOARD_CONTEXTS }, (_, place) => (
          <div key={place} className="space-y-1">
            <label htmlFor={`default-stream-${place}`} className="block text-sm font-medium text-slate-700">
              {S.field(place + 1)}
            </label>
            <select
              id={`default-stream-${place}`}
              name="default_dashboard_streams"
              defaultValue={chosen[place] ?? ""}
              aria-describedby="default-streams-help"
              className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
            >
              <option value="">{S.none}</option>
              {props.streams.map((stream) => (
                <option key={stream.id} value={stream.id}>
                  {stream.name}
                </option>
              ))}
            </select>
          </div>
        ))}
      </div>
      <FieldErrors id={field.errorId} errors={field.errors} />
      <Button pending={props.pending}>{S.save}</Button>
    </Form>
  );
}

/** A checkbox with its label and a one-line explanation (linked to it for screen readers). */
function CheckboxField({ field, label, help }: { field: FieldMetadata<unknown>; label: string; help: string }) {
  const helpId = `${field.id}-help`;
  return (
    <div className="flex gap-3">
      <input
        {...getInputProps(field, { type: "checkbox" })}
        key={field.key}
        aria-describedby={helpId}
        className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
      />
      <div>
        <label htmlFor={field.id} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={helpId} className="text-sm text-slate-500">
          {help}
        </p>
        <FieldErrors id={field.errorId} errors={field.errors} />
      </div>
    </div>
  );
}

export const meta = titleMeta("Account Settings");
