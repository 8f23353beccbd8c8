import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { HelperActionSchema } from "../../../domain/schemas/helper";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors } from "../ui/field";

const H = MESSAGES.helperChat;

export interface HelperSettingsFormProps {
  defaultContext: string;
  defaultPeriod: string;
  contexts: ReadonlyArray<{ value: string; label: string }>;
  periods: ReadonlyArray<{ value: string; label: string }>;
  /** The chat the page shows: the form goes back to it. */
  chatId: number | null;
  lastResult: SubmissionResult<string[]> | undefined;
}

/**
 * The helper's default settings (PUT /accounts/preferences/ui/tabs/helper/default_settings; ADR 042):
 * the context and period a question that names none is answered about. Plain selects posting intent
 * `save_settings`, validated with the API's own schema (HelperDefaultSettingsSchema, in the screen's
 * intent union) in the browser and by the action; works without JavaScript.
 */
export function HelperSettingsForm({ defaultContext, defaultPeriod, contexts, periods, chatId, lastResult }: HelperSettingsFormProps) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "helper-settings",
    lastResult,
    defaultValue: { intent: "save_settings", default_context: defaultContext, default_period: defaultPeriod },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: HelperActionSchema }),
  });
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save_settings";
  const contextErrors = fields.default_context.errors ?? [];
  const periodErrors = fields.default_period.errors ?? [];
  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby="helper-settings-title" className="space-y-2 text-sm" data-testid="helper-settings">
      <CsrfInput />
      <input type="hidden" name="intent" value="save_settings" />
      {chatId ? <input type="hidden" name="back_chat" value={chatId} /> : null}
      <p className="text-xs text-slate-600">{H.defaultSettingsIntro}</p>
      <FormErrors id={form.errorId} errors={form.errors} />
      <label htmlFor={fields.default_context.id} className="block font-medium text-slate-700">
        {H.defaultContext}
      </label>
      <select
        {...getSelectProps(fields.default_context, { ariaAttributes: true })}
        key={fields.default_context.key}
        className={`block w-full min-w-0 rounded-md border bg-white px-2 py-1.5 ${contextErrors.length ? "border-red-500" : "border-slate-300"}`}
      >
        {contexts.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <FieldErrors id={fields.default_context.errorId} errors={contextErrors} />
      <label htmlFor={fields.default_period.id} className="block font-medium text-slate-700">
        {H.defaultPeriod}
      </label>
      <select
        {...getSelectProps(fields.default_period, { ariaAttributes: true })}
        key={fields.default_period.key}
        className={`block w-full min-w-0 rounded-md border bg-white px-2 py-1.5 ${periodErrors.length ? "border-red-500" : "border-slate-300"}`}
      >
        {periods.map((p) => (
          <option key={p.value} value={p.value}>
            {p.label}
          </option>
        ))}
      </select>
      <FieldErrors id={fields.default_period.errorId} errors={periodErrors} />
      <Button variant="secondary" className="px-3 py-1" pending={saving}>
        {H.saveDefaultSettings}
      </Button>
    </Form>
  );
}
