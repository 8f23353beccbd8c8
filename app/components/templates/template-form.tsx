import { getFormProps, getTextareaProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import type { FetcherWithComponents } from "@remix-run/react";
import { useEffect, useRef, type RefObject } from "react";
import type * as z from "zod";
import { TEMPLATE_CATEGORIES, TEMPLATE_CATEGORY_LABELS } from "../../../domain/inbox";
import { MESSAGES } from "../../../domain/messages";
import { LANGUAGES } from "../../../domain/reference/languages";
import { TemplateFormSchema } from "../../../domain/schemas/templates";
import { TEMPLATE_MESSAGE_ROWS } from "../../../domain/templates";
import { VISIBILITY } from "../../../domain/visibility";
import { useHydrated } from "../../lib/use-hydrated";
import { stringList } from "../topics/format";
import { VisibilityField } from "../topics/visibility-field";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../ui/field";
import { CountSelect } from "./count-select";
import type { TemplateItem } from "./types";

const LABELS = MESSAGES.templatesUi;

export const TEMPLATE_FORM_ID = "template-form";
/** Where the modal's forms post (app/routes/_shell.templates.tsx). */
export const TEMPLATES_ACTION = "/templates";

const NETWORK_OPTIONS = TEMPLATE_CATEGORIES.map((code) => ({ value: code, label: TEMPLATE_CATEGORY_LABELS[code] }));
const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.label }));

/** Fields that are not the template's own: they never make the form "changed". */
const NOT_CONTENT = new Set(["csrf", "js", "back", "intent", "id"]);

/** The form's content as one comparable string (what Save Template compares against). */
function contentOf(form: HTMLFormElement): string {
  const entries: string[] = [];
  for (const [name, value] of new FormData(form)) {
    if (!NOT_CONTENT.has(name) && typeof value === "string") entries.push(`${name}=${value}`);
  }
  return entries.sort().join("&");
}

/**
 * The visibility field preselects Everyone when the form holds none; a new template has none until the
 * author chooses (spec §5: the visibility's entity type is required, and says so under the field).
 */
function withoutDefault<Field extends { initialValue?: unknown }>(field: Field): Field {
  return new Proxy(field, {
    get: (target, key, receiver) => (key === "initialValue" ? (Reflect.get(target, key, receiver) ?? "") : Reflect.get(target, key, receiver)),
  });
}

interface TemplateFields {
  name: string;
  message: string;
  entity_type: string;
  entity_ids: string[];
  categories: string[];
  languages: string[];
  active: string;
}

/**
 * The detail form (spec core §2, §5): Name, Message (9 rows, 'Copy text'), 'Template visible for',
 * networks and languages, and whether replies are offered it. Validated on submit with the shared
 * TemplateFormSchema, errors under each field; the action validates again. The footer's Save Template
 * submits it (`form` attribute). Reports whether anything changed, so Save stays off until then.
 */
export function TemplateForm({
  template,
  isNew,
  teams,
  canWrite,
  back,
  FetcherForm,
  lastResult,
  formRef,
  onDirtyChange,
  onSubmitted,
  onCopy,
}: {
  /** The saved template, or null for the new one. */
  template: TemplateItem | null;
  isNew: boolean;
  teams: ReadonlyArray<{ id: number; name: string }>;
  canWrite: boolean;
  /** The page with the modal, to come back to after saving (without JavaScript). */
  back: string;
  /** The modal's save fetcher's form: with JavaScript the answer comes back without leaving the page. */
  FetcherForm: FetcherWithComponents<unknown>["Form"];
  lastResult: SubmissionResult<string[]> | undefined;
  formRef: RefObject<HTMLFormElement>;
  onDirtyChange: (dirty: boolean) => void;
  /** After a submit: whether it was sent (false: the browser's check kept it, errors are shown). */
  onSubmitted?: (sent: boolean) => void;
  onCopy: (text: string) => void;
}) {
  const hydrated = useHydrated();
  const messageRef = useRef<HTMLTextAreaElement>(null);
  const baseline = useRef<string | null>(null);
  const [form, fields] = useForm<TemplateFields, z.output<typeof TemplateFormSchema>>({
    id: TEMPLATE_FORM_ID,
    lastResult,
    defaultValue: {
      name: template?.name ?? "",
      message: template?.message ?? "",
      entity_type: template ? String(template.entityType) : "",
      entity_ids: template?.entityType === VISIBILITY.teams ? template.entityIds.map(String) : [],
      categories: template?.categories ?? [],
      languages: template?.languages ?? [],
      active: template?.active === false ? "false" : "true",
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: TemplateFormSchema }),
  });

  // What the form held when drawn; any difference from it is a change.
  useEffect(() => {
    if (formRef.current) baseline.current = contentOf(formRef.current);
    onDirtyChange(false);
  }, [formRef, onDirtyChange]);
  const track = () => {
    if (formRef.current && baseline.current !== null) onDirtyChange(contentOf(formRef.current) !== baseline.current);
  };

  const formProps = getFormProps(form);
  return (
    <FetcherForm
      method="post"
      action={TEMPLATES_ACTION}
      {...formProps}
      onSubmit={(event) => {
        formProps.onSubmit(event);
        onSubmitted?.(!event.defaultPrevented);
      }}
      ref={formRef}
      aria-label={isNew ? LABELS.newTemplate : (template?.name ?? LABELS.newTemplate)}
      onChange={track}
      onInput={track}
      className="space-y-4"
      data-testid="template-form"
    >
      <CsrfInput />
      <input type="hidden" name="intent" value="save" />
      <input type="hidden" name="back" value={back} />
      {template && !isNew ? <input type="hidden" name="id" value={template.id} /> : null}
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      <FormErrors id={form.errorId} errors={form.errors} />
      <fieldset disabled={!canWrite} className="space-y-4">
        <TextField label={MESSAGES.name} field={fields.name} autoComplete="off" />

        <div className="space-y-1">
          <div className="flex items-end justify-between gap-2">
            <label htmlFor={fields.message.id} className="block text-sm font-medium text-slate-700">
              {MESSAGES.channelScreen.message}
            </label>
            {/* Without JavaScript there is no clipboard: the text is there to select and copy. */}
            {hydrated ? (
              <button
                type="button"
                onClick={() => onCopy(messageRef.current?.value ?? "")}
                className="rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-medium text-ink hover:bg-slate-50"
              >
                {MESSAGES.copyText}
              </button>
            ) : null}
          </div>
          <textarea
            {...getTextareaProps(fields.message, { ariaAttributes: true })}
            key={fields.message.key}
            ref={messageRef}
            rows={TEMPLATE_MESSAGE_ROWS}
            className={`block w-full resize-y rounded-md border px-3 py-2 text-sm shadow-sm ${fields.message.errors?.length ? "border-red-500" : "border-slate-300"}`}
          />
          <FieldErrors id={fields.message.errorId} errors={fields.message.errors} />
        </div>

        <VisibilityField legend={MESSAGES.templateVisibleFor} typeField={withoutDefault(fields.entity_type)} teamsField={fields.entity_ids} teams={teams} />

        <div className="grid gap-3 sm:grid-cols-2">
          <CountSelect
            label={MESSAGES.networks}
            placeholder={LABELS.selectNetworks}
            name={fields.categories.name}
            options={NETWORK_OPTIONS}
            initial={stringList(fields.categories.initialValue)}
            errors={fields.categories.errors}
            errorId={fields.categories.errorId}
            testId="template-networks"
          />
          <CountSelect
            label={MESSAGES.languages}
            placeholder={LABELS.selectLanguages}
            name={fields.languages.name}
            options={LANGUAGE_OPTIONS}
            initial={stringList(fields.languages.initialValue)}
            errors={fields.languages.errors}
            errorId={fields.languages.errorId}
            testId="template-languages"
          />
        </div>

        <div className="flex items-start gap-2">
          {/* An unticked box posts nothing: the hidden 'false' before it says so (the last value wins). */}
          <input type="hidden" name="active" value="false" />
          <input
            id="template-active"
            type="checkbox"
            name="active"
            value="true"
            defaultChecked={stringList(fields.active.initialValue).at(-1) !== "false"}
            aria-describedby="template-active-hint"
            className="mt-0.5 size-4 shrink-0 rounded border-slate-300 accent-brand-600"
          />
          <div>
            <label htmlFor="template-active" className="text-sm font-medium text-slate-700">
              {MESSAGES.accountActive}
            </label>
            <p id="template-active-hint" className="text-xs text-slate-500">
              {LABELS.activeHint}
            </p>
          </div>
        </div>
      </fieldset>
    </FetcherForm>
  );
}
