import { getFormProps, getInputProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, Link, useNavigation } from "@remix-run/react";
import { MESSAGES } from "../../../domain/messages";
import { BusinessProfileCreateSchema, BusinessProfileUpdateSchema, LOGO_CONTENT_TYPES } from "../../../domain/schemas/business-profiles";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../ui/field";

const L = MESSAGES.businessProfiles;

interface Props {
  /** The profile edited; none for a new one. */
  editing?: { id: number; name: string };
  /** A new profile may start from a copy of one of these. */
  sources?: ReadonlyArray<{ id: number; name: string }>;
  lastResult?: SubmissionResult<string[]>;
  cancelTo: string;
}

/**
 * The business profile's multipart form (spec analytics §7): name, logo, and for a new profile the one to
 * copy from. A plain form post works without JavaScript; an empty file input sends no logo.
 */
export function BusinessProfileForm({ editing, sources, lastResult, cancelTo }: Props) {
  const navigation = useNavigation();
  const schema = editing ? BusinessProfileUpdateSchema : BusinessProfileCreateSchema;
  // One shape for both forms (the new one's copy field, the edit's id), so one component renders either.
  const [form, fields] = useForm<{ id?: number; name: string; logo?: File; copied_business_profile_id?: number }>({
    id: editing ? `business-profile-${editing.id}` : "business-profile-new",
    lastResult,
    defaultValue: editing ? { id: String(editing.id), name: editing.name } : undefined,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema }),
  });
  const logo = fields.logo;
  const copied = fields.copied_business_profile_id;
  return (
    <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="max-w-xl space-y-4">
      <CsrfInput />
      {editing ? <input type="hidden" name="id" value={editing.id} /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />
      <div className="space-y-1">
        <label htmlFor={logo.id} className="block text-sm font-medium text-slate-700">
          {L.logo}
        </label>
        <input
          {...getInputProps(logo, { type: "file", ariaAttributes: true })}
          key={logo.key}
          accept={LOGO_CONTENT_TYPES.join(",")}
          className="block w-full text-sm text-slate-700 file:mr-3 file:rounded-md file:border file:border-slate-300 file:bg-white file:px-3 file:py-1.5"
          aria-describedby={`${logo.id}-hint${logo.errors?.length ? ` ${logo.errorId}` : ""}`}
        />
        <p id={`${logo.id}-hint`} className="text-xs text-slate-500">
          {L.logoHint}
        </p>
        <FieldErrors id={logo.errorId} errors={logo.errors} />
      </div>
      {sources && copied ? (
        <div className="space-y-1">
          <label htmlFor={copied.id} className="block text-sm font-medium text-slate-700">
            {L.copiedFrom}
          </label>
          <select
            {...getSelectProps(copied, { ariaAttributes: true })}
            key={copied.key}
            aria-describedby={`${copied.id}-hint${copied.errors?.length ? ` ${copied.errorId}` : ""}`}
            className="block w-full rounded-md border border-slate-300 px-3 py-2 text-sm"
          >
            <option value="">{L.copyNothing}</option>
            {sources.map((source) => (
              <option key={source.id} value={source.id}>
                {source.name}
              </option>
            ))}
          </select>
          <p id={`${copied.id}-hint`} className="text-xs text-slate-500">
            {L.copyHint}
          </p>
          <FieldErrors id={copied.errorId} errors={copied.errors} />
        </div>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" pending={navigation.state === "submitting"}>
          {editing ? L.save : L.create}
        </Button>
        <Link to={cancelTo} className="rounded-md px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-50">
          {MESSAGES.cancel}
        </Link>
      </div>
    </Form>
  );
}
