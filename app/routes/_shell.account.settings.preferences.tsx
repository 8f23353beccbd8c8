import { getFormProps, getInputProps, useForm, type FieldMetadata } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from "@remix-run/node";
import { Form, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../domain/messages";
import { GeneralPreferencesSchema } from "../../domain/schemas/accounts";
import { Button } from "../components/ui/button";
import { CsrfInput } from "../components/ui/csrf-input";
import { FieldErrors, FormErrors } from "../components/ui/field";
import { readForm, replyWithApiError } from "../lib/forms.server";
import { recordPageView, requireAccount } from "../lib/guard.server";
import { flashToast } from "../lib/toast.server";
import { titleMeta } from "../lib/meta";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const account = await requireAccount(request, context);
  recordPageView(request, context, account);
  const general = account.preferences.general;
  return {
    url_warning: general.urlWarning,
    review_on_reply: general.reviewOnReply,
    direct_email_to_network: general.directEmailToNetwork,
  };
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireAccount(request, context);
  const { submission } = await readForm(request, context, GeneralPreferencesSchema);
  if (submission.status !== "success") return { result: submission.reply() };
  try {
    await context.api.put("/v1/accounts/preferences/general", submission.value);
  } catch (error) {
    return { result: replyWithApiError(submission, error) };
  }
  flashToast(context, { kind: "success", message: MESSAGES.preferencesSaved });
  throw redirect("/account/settings/preferences");
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
  const [form, fields] = useForm({
    id: "preferences",
    lastResult: actionData?.result,
    // A ticked checkbox posts "on"; an unticked one posts nothing.
    defaultValue: {
      url_warning: preferences.url_warning ? "on" : null,
      review_on_reply: preferences.review_on_reply ? "on" : null,
      direct_email_to_network: preferences.direct_email_to_network ? "on" : null,
    },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: GeneralPreferencesSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-6 rounded-lg border border-slate-200 bg-white p-6">
      <CsrfInput />
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset className="space-y-5">
        <legend className="sr-only">{MESSAGES.preferences}</legend>
        {PREFERENCES.map((preference) => (
          <CheckboxField key={preference.name} field={fields[preference.name]} label={preference.label} help={preference.help} />
        ))}
      </fieldset>
      <Button pending={navigation.state === "submitting"}>{MESSAGES.save}</Button>
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
