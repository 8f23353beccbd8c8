import { getCollectionProps, getInputProps, type FieldMetadata } from "@conform-to/react";
import { useId, useState } from "react";
import { NETWORKS } from "../../../domain/networks";
import { LANGUAGES } from "../../../domain/reference/languages";
import { FieldErrors, TextField } from "../ui/field";
import { useHydrated } from "../../lib/use-hydrated";
import { MESSAGES as TEXT } from "../../../domain/messages";

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- a field of either exclusion form (add or edit)
type AnyField<Value = string> = FieldMetadata<Value, any, string[]>;

export interface ExclusionFieldSet {
  text_to_exclude: AnyField;
  replace_with: AnyField;
  languages: AnyField<string[]>;
  social_types: AnyField<string[]>;
  global: AnyField;
}

const LANGUAGE_OPTIONS = LANGUAGES.map((language) => ({ value: language.code, label: language.label }));
const NETWORK_OPTIONS = NETWORKS.map((network) => ({ value: network.id, label: network.name }));

/**
 * The fields of an exclusion (add and edit forms): the text and its replacement, then the languages
 * and networks it applies to as plain checkboxes (they post without JavaScript; none ticked means
 * all), and for system admins the "all business profiles" switch.
 */
export function ExclusionFields({ fields, canSetGlobal }: { fields: ExclusionFieldSet; canSetGlobal: boolean }) {
  return (
    <div className="space-y-4">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField label={TEXT.textToExclude} field={fields.text_to_exclude} autoComplete="off" />
        <TextField
          label={TEXT.replaceWith}
          field={fields.replace_with}
          autoComplete="off"
          hint={TEXT.replaceWithHint}
        />
      </div>
      <CheckboxList
        legend={TEXT.languages}
        hint={TEXT.anyLanguageHint}
        field={fields.languages}
        options={LANGUAGE_OPTIONS}
        filterLabel={TEXT.filterLanguages}
        scroll
      />
      <CheckboxList
        legend={TEXT.networks}
        hint={TEXT.anyNetworkHint}
        field={fields.social_types}
        options={NETWORK_OPTIONS}
      />
      {canSetGlobal ? <GlobalCheckbox field={fields.global} /> : null}
    </div>
  );
}

function CheckboxList({
  legend,
  hint,
  field,
  options,
  filterLabel,
  scroll = false,
}: {
  legend: string;
  hint: string;
  field: AnyField<string[]>;
  options: ReadonlyArray<{ value: string; label: string }>;
  /** With JavaScript, a box that narrows a long list (the browser's find does it without). */
  filterLabel?: string;
  scroll?: boolean;
}) {
  const hydrated = useHydrated();
  const [filter, setFilter] = useState("");
  const filterId = useId();
  const hintId = `${field.id}-hint`;
  const errors = field.errors ?? [];
  // What was ticked when the form was drawn comes first, so a long list never hides it; the order
  // does not change while the user ticks (that would move boxes under the pointer).
  const initial = new Set([field.initialValue ?? []].flat());
  const ordered = [
    ...options.filter((option) => initial.has(option.value)),
    ...options.filter((option) => !initial.has(option.value)),
  ];
  const boxes = getCollectionProps(field, { type: "checkbox", options: ordered.map((option) => option.value) });
  const wanted = filter.trim().toLowerCase();
  return (
    <fieldset className="space-y-1.5" aria-describedby={errors.length ? `${hintId} ${field.errorId}` : hintId}>
      <div className="flex flex-wrap items-end justify-between gap-2">
        <legend className="text-sm font-medium text-slate-700">{legend}</legend>
        {filterLabel && hydrated ? (
          <div>
            <label htmlFor={filterId} className="sr-only">
              {filterLabel}
            </label>
            <input
              id={filterId}
              type="search"
              value={filter}
              onChange={(event) => setFilter(event.target.value)}
              placeholder={filterLabel}
              className="w-48 rounded-md border border-slate-300 px-2 py-1 text-sm"
            />
          </div>
        ) : null}
      </div>
      <p id={hintId} className="text-xs text-slate-500">
        {hint}
      </p>
      <div
        className={`grid grid-cols-2 gap-x-4 gap-y-1 rounded-md border border-slate-200 p-3 sm:grid-cols-3 ${scroll ? "max-h-44 overflow-y-auto" : ""}`}
      >
        {boxes.map(({ key, ...box }, index) => {
          const label = ordered[index]!.label;
          const hidden =
            wanted !== "" && !label.toLowerCase().includes(wanted) && !box.value.toLowerCase().startsWith(wanted);
          return (
            <label key={key ?? box.value} className={`items-center gap-2 text-sm ${hidden ? "hidden" : "inline-flex"}`}>
              <input {...box} className="size-4 shrink-0 rounded border-slate-300 accent-brand-600" />
              <span className="truncate">{label}</span>
            </label>
          );
        })}
      </div>
      <FieldErrors id={field.errorId} errors={errors} />
    </fieldset>
  );
}

function GlobalCheckbox({ field }: { field: AnyField }) {
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
          {TEXT.allBusinessProfiles}
        </label>
        <p id={helpId} className="text-sm text-slate-500">
          {TEXT.allBusinessProfilesHelp}
        </p>
        <FieldErrors id={field.errorId} errors={field.errors} />
      </div>
    </div>
  );
}
