import { getFormProps, getSelectProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { Form, useNavigation } from "@remix-run/react";
import { useState, type ReactNode } from "react";
import type * as z from "zod";
import { MESSAGES } from "../../../domain/messages";
import { TopicFormSchema } from "../../../domain/schemas/topics";
import { useHydrated } from "../../lib/use-hydrated";
import { Button } from "../ui/button";
import { CsrfInput } from "../ui/csrf-input";
import { FieldErrors, FormErrors, TextField } from "../ui/field";
import { stringList, TOPIC_TYPE_OPTIONS, withPendingKeyword } from "./format";
import { KeywordsField, type ServerSuggestions } from "./keyword-field";
import { QueryField } from "./query-field";
import { VisibilityField } from "./visibility-field";

const LABELS = MESSAGES.topicsScreen;

/** What the form holds, as conform sees the posted strings (the shared zod schema coerces them). */
export interface TopicFields {
  name: string;
  type: string;
  topic_group_id: string;
  keywords: string[];
  keyword_entry: string;
  query: string;
  entity_type: string;
  entity_ids: string[];
}

export interface TopicFormProps {
  formId: string;
  /** The id of the heading that names the form. */
  labelledBy: string;
  defaultValue: TopicFields;
  groups: ReadonlyArray<{ id: number; name: string }>;
  teams: ReadonlyArray<{ id: number; name: string }>;
  lastResult: SubmissionResult<string[]> | undefined;
  serverSuggestions: ServerSuggestions | null;
  submitLabel: string;
  /** Beside the submit button (the edit page's Delete). */
  actions?: ReactNode;
}

/**
 * The topic form of both /topics (create) and /topics/{id} (edit): name, type, group, the keyword
 * list or the boolean query, and who sees it. Validated with the shared TopicFormSchema in the browser
 * and again by the action; its buttons post `intent` (save, add-keyword, suggest), a suggestion its
 * `keyword` (pick) and a keyword chip its `keyword_index` (remove): TopicFormActionSchema.
 */
export function TopicForm({
  formId,
  labelledBy,
  defaultValue,
  groups,
  teams,
  lastResult,
  serverSuggestions,
  submitLabel,
  actions,
}: TopicFormProps) {
  const navigation = useNavigation();
  const hydrated = useHydrated();
  const [form, fields] = useForm<TopicFields, z.output<typeof TopicFormSchema>>({
    id: formId,
    lastResult,
    defaultValue,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseWithZod(withPendingKeyword(formData), { schema: TopicFormSchema }),
  });
  const [type, setType] = useState(String(fields.type.initialValue ?? ""));
  // Before JavaScript loads both definitions show; once hydrated, the one of the chosen type (both
  // while none is chosen). The action keeps the definition of the chosen type only.
  const showKeywords = !hydrated || type !== "query";
  const showQuery = !hydrated || type !== "keywords";
  const submitting = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const typeErrors = fields.type.errors ?? [];
  const groupErrors = fields.topic_group_id.errors ?? [];

  return (
    <Form method="post" {...getFormProps(form)} aria-labelledby={labelledBy} className="space-y-5">
      {/* The default button: Enter in a text field saves (not the keyword list's Add, which comes first). */}
      <button type="submit" name="intent" value="save" hidden tabIndex={-1} aria-hidden />
      <CsrfInput />
      <FormErrors id={form.errorId} errors={form.errors} />

      <TextField label={LABELS.topicName} field={fields.name} autoComplete="off" />

      <div className="grid gap-4 sm:grid-cols-2">
        <div className="space-y-1">
          <label htmlFor={fields.type.id} className="block text-sm font-medium text-slate-700">
            {LABELS.type}
          </label>
          <select
            {...getSelectProps(fields.type)}
            key={fields.type.key}
            onChange={(event) => setType(event.target.value)}
            className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${typeErrors.length ? "border-red-500" : "border-slate-300"}`}
          >
            <option value="">{LABELS.chooseType}</option>
            {TOPIC_TYPE_OPTIONS.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.type.errorId} errors={typeErrors} />
        </div>
        <div className="space-y-1">
          <label htmlFor={fields.topic_group_id.id} className="block text-sm font-medium text-slate-700">
            {LABELS.group}
          </label>
          <select
            {...getSelectProps(fields.topic_group_id)}
            key={fields.topic_group_id.key}
            className={`block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm ${groupErrors.length ? "border-red-500" : "border-slate-300"}`}
          >
            <option value="">{LABELS.noGroup}</option>
            {groups.map((group) => (
              <option key={group.id} value={group.id}>
                {group.name}
              </option>
            ))}
          </select>
          <FieldErrors id={fields.topic_group_id.errorId} errors={groupErrors} />
        </div>
      </div>

      <fieldset hidden={!showKeywords} disabled={!showKeywords} className="rounded-md border border-slate-200 p-3">
        <KeywordsField
          initialKeywords={stringList(fields.keywords.initialValue)}
          initialEntry={String(fields.keyword_entry.initialValue ?? "")}
          // A keyword's own error (e.g. one too long) is keyed keywords[N]: shown under the list too.
          errors={[...new Set(Object.values(fields.keywords.allErrors).flat())]}
          errorId={fields.keywords.errorId}
          serverSuggestions={serverSuggestions}
        />
      </fieldset>

      <fieldset hidden={!showQuery} disabled={!showQuery} className="rounded-md border border-slate-200 p-3">
        <QueryField field={fields.query} label={LABELS.query} />
      </fieldset>

      <VisibilityField
        legend={LABELS.visibleFor}
        typeField={fields.entity_type}
        teamsField={fields.entity_ids}
        teams={teams}
      />

      <div className="flex flex-wrap items-center justify-end gap-3 border-t border-slate-100 pt-4">
        {actions}
        <Button name="intent" value="save" pending={submitting}>
          {submitLabel}
        </Button>
      </div>
    </Form>
  );
}
