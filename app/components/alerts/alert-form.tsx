import { getFormProps, getInputProps, getSelectProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { ALERT_TIME_SPANS, AlertFormSchema, AlertUpdateSchema, DEFAULT_ALERT_TIME_SPAN } from "../../../domain/schemas/alerts";
import type { ApiAlert } from "../../routes/_shell.alerts.server";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../ui/field";

const A = MESSAGES.alerts;

/**
 * The alert form (issue 24, ADR 029): name, recipients, description, threshold mode and value, time
 * span, mute and on/off. A plain form: it validates in the browser with the shared schema once
 * JavaScript has loaded, and on the server always.
 */
export function AlertForm({
  alert,
  target,
  lastResult,
}: {
  alert?: ApiAlert;
  /** A new alert's saved search or topic. */
  target?: { kind: "search" | "topic"; id: number };
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const schema = alert ? AlertUpdateSchema : AlertFormSchema;
  const [form, fields] = useForm({
    id: alert ? `alert-${alert.id}` : "new-alert",
    lastResult,
    defaultValue: {
      name: alert?.name ?? "",
      recipient_emails: alert?.recipientEmails.join(", ") ?? "",
      email_description: alert?.emailDescription ?? "",
      threshold_count_mode: alert?.thresholdCountMode ?? "count",
      threshold_count_value: alert ? String(alert.thresholdCountValue) : "",
      alert_time_span: String(alert?.alertTimeSpan ?? DEFAULT_ALERT_TIME_SPAN),
      is_muted: alert?.isMuted ? "on" : undefined,
      is_active: alert ? String(alert.isActive) : "true",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const descriptionErrors = fields.email_description.errors ?? [];
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4 rounded-lg border border-slate-200 bg-white p-4">
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      {target ? <input type="hidden" name={target.kind === "search" ? "search_id" : "topic_id"} value={target.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
      <TextField label={A.recipients} field={fields.recipient_emails} hint={A.recipientsHint} autoComplete="off" />
      <div className="space-y-1">
        <label htmlFor={fields.email_description.id} className="block text-sm font-medium text-slate-700">
          {MESSAGES.dashboardUi.description}
        </label>
        <textarea
          {...getTextareaProps(fields.email_description, { ariaAttributes: true })}
          key={fields.email_description.key}
          rows={3}
          className={`block w-full rounded-md border px-3 py-2 text-sm shadow-sm ${descriptionErrors.length ? "border-red-500" : "border-slate-300"}`}
        />
        <p className="text-xs text-slate-500">{A.descriptionHint}</p>
        <FieldErrors id={fields.email_description.errorId} errors={descriptionErrors} />
      </div>
      <fieldset className="space-y-1">
        <legend className="text-sm font-medium text-slate-700">{A.mode}</legend>
        {(["count", "spike"] as const).map((mode) => (
          <label key={mode} className="flex items-start gap-2 text-sm">
            <input
              {...getInputProps(fields.threshold_count_mode, { type: "radio", value: mode })}
              key={`${fields.threshold_count_mode.key}-${mode}`}
              className="mt-0.5"
            />
            <span>{mode === "count" ? A.modeCount : A.modeSpike}</span>
          </label>
        ))}
        <FieldErrors id={fields.threshold_count_mode.errorId} errors={fields.threshold_count_mode.errors} />
      </fieldset>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={A.value} field={fields.threshold_count_value} inputMode="numeric" autoComplete="off" />
        <div className="space-y-1">
          <label htmlFor={fields.alert_time_span.id} className="block text-sm font-medium text-slate-700">
            {A.timeSpan}
          </label>
          <select
            {...getSelectProps(fields.alert_time_span, { ariaAttributes: true })}
            key={fields.alert_time_span.key}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm shadow-sm"
          >
            {ALERT_TIME_SPANS.map((minutes) => (
              <option key={minutes} value={minutes}>
                {A.timeSpanLabel(minutes)}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.alert_time_span.errorId} errors={fields.alert_time_span.errors} />
        </div>
      </div>
      <label className="flex items-center gap-2 text-sm">
        <input {...getInputProps(fields.is_muted, { type: "checkbox" })} key={fields.is_muted.key} />
        <span>{A.muted}</span>
      </label>
      <fieldset className="flex flex-wrap items-center gap-4">
        <legend className="mb-1 text-sm font-medium text-slate-700">{MESSAGES.inboxUi.state}</legend>
        {(["true", "false"] as const).map((value) => (
          <label key={value} className="flex items-center gap-2 text-sm">
            <input {...getInputProps(fields.is_active, { type: "radio", value })} key={`${fields.is_active.key}-${value}`} />
            <span>{value === "true" ? A.on : A.off}</span>
          </label>
        ))}
      </fieldset>
      <Button pending={submitting}>{A.save}</Button>
    </Form>
  );
}
