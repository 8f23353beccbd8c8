import { getInputProps, type FieldMetadata, type FormMetadata } from "@conform-to/react";
import { MESSAGES } from "../../../domain/messages";
import { NETWORKS } from "../../../domain/networks";
import { COUNTRIES } from "../../../domain/reference/countries";
import { LANGUAGES } from "../../../domain/reference/languages";
import { useHydrated } from "../../lib/use-hydrated";
import { FieldErrors } from "../ui/field";
import type { FormGroup } from "./format";

const LABELS = MESSAGES.searchScreen;

/** The filter types offered for a new value (ADR 012); a stored value of another type keeps its own. */
const OFFERED_FILTER_TYPES = ["keywords", "networks", "languages", "countries", "sentiment"] as const;

const FILTER_TYPE_LABELS: Readonly<Record<string, string>> = {
  keywords: MESSAGES.keywords,
  networks: MESSAGES.networks,
  languages: MESSAGES.languages,
  countries: LABELS.countries,
  sentiment: MESSAGES.sentiment,
  labels: LABELS.labelIds,
  topics: LABELS.topicIds,
  authors: LABELS.authorIds,
};

/** Reference data as select options (value, label). */
const CHOICES: Readonly<Record<string, ReadonlyArray<{ value: string; label: string }>>> = {
  networks: NETWORKS.map((network) => ({ value: network.id, label: network.name })),
  languages: LANGUAGES.map((language) => ({ value: language.code, label: language.label })),
  countries: COUNTRIES.filter((country) => country.code).map((country) => ({ value: country.code, label: country.label })),
  sentiment: [
    { value: "1", label: MESSAGES.sentimentPositive },
    { value: "0", label: MESSAGES.sentimentNeutral },
    { value: "-1", label: MESSAGES.sentimentNegative },
  ],
};

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the editor form, whatever else it holds
type EditorFields = any;

const SMALL_BUTTON =
  "inline-flex items-center gap-1 rounded-md border border-slate-300 bg-white px-2.5 py-1 text-xs font-medium text-ink hover:bg-slate-50";
const CONTROL = "block w-full min-w-0 rounded-md border bg-white px-2.5 py-1.5 text-sm shadow-sm";

/**
 * The must / must-not groups after the main query (the form's query[1…]). Adding and removing groups and
 * values are conform's list intents: submit buttons, so they work before JavaScript loads too (the
 * server answers with the form as it now is).
 */
export function GroupsEditor({
  form,
  groups,
  disabled,
}: {
  form: FormMetadata<EditorFields, string[]>;
  groups: FieldMetadata<FormGroup[], EditorFields, string[]>;
  disabled?: boolean;
}) {
  const list = groups.getFieldList();
  return (
    <div className="space-y-3" data-testid="groups-editor">
      <div>
        <h4 className="text-sm font-medium text-slate-700">{LABELS.filtersHeading}</h4>
        <p className="text-xs text-slate-500">{LABELS.filtersHint}</p>
      </div>
      {list.length > 1 ? (
        <ol className="space-y-3">
          {list.slice(1).map((group, i) => (
            <GroupRow key={group.key} form={form} groups={groups} group={group} index={i + 1} disabled={disabled} />
          ))}
        </ol>
      ) : null}
      <FieldErrors id={groups.errorId} errors={groups.errors} />
      {disabled ? null : (
        <button
          {...form.insert.getButtonProps({
            name: groups.name,
            defaultValue: { type: "must", values: [{ filterType: "networks", value: "" }] },
          })}
          className={SMALL_BUTTON}
        >
          <span aria-hidden>+</span> {LABELS.addGroup}
        </button>
      )}
    </div>
  );
}

function GroupRow({
  form,
  groups,
  group,
  index,
  disabled,
}: {
  form: FormMetadata<EditorFields, string[]>;
  groups: FieldMetadata<FormGroup[], EditorFields, string[]>;
  group: FieldMetadata<FormGroup, EditorFields, string[]>;
  index: number;
  disabled?: boolean;
}) {
  const { type, values } = group.getFieldset();
  const valueList = values.getFieldList();
  const legend = LABELS.groupNumber(index);
  return (
    <li data-testid="query-group" className="rounded-md border border-slate-200 bg-slate-50 p-3">
      <fieldset className="space-y-2">
        <legend className="sr-only">{legend}</legend>
        <div className="flex flex-wrap items-center gap-2">
          <span aria-hidden className="text-xs font-semibold uppercase tracking-wide text-slate-500">
            {legend}
          </span>
          <label htmlFor={type.id} className="sr-only">
            {LABELS.groupType(index)}
          </label>
          <select
            id={type.id}
            name={type.name}
            key={type.key}
            defaultValue={typeof type.initialValue === "string" ? type.initialValue : "must"}
            disabled={disabled}
            className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
          >
            <option value="must">{LABELS.mustMatch}</option>
            <option value="must-not">{LABELS.mustNotMatch}</option>
          </select>
          {disabled ? null : (
            <button
              {...form.remove.getButtonProps({ name: groups.name, index })}
              className={`${SMALL_BUTTON} ml-auto text-red-700`}
              aria-label={LABELS.removeGroup(index)}
            >
              {MESSAGES.remove}
            </button>
          )}
        </div>
        <ul className="space-y-2">
          {valueList.map((value, valueIndex) => (
            <ValueRow
              key={value.key}
              form={form}
              values={values}
              value={value}
              groupIndex={index}
              valueIndex={valueIndex}
              removable={valueList.length > 1 && !disabled}
              disabled={disabled}
            />
          ))}
        </ul>
        <FieldErrors id={values.errorId} errors={values.errors} />
        {disabled ? null : (
          <button
            {...form.insert.getButtonProps({ name: values.name, defaultValue: { filterType: "networks", value: "" } })}
            className={SMALL_BUTTON}
            aria-label={LABELS.addValueTo(index)}
          >
            <span aria-hidden>+</span> {LABELS.addValue}
          </button>
        )}
      </fieldset>
    </li>
  );
}

function ValueRow({
  form,
  values,
  value,
  groupIndex,
  valueIndex,
  removable,
  disabled,
}: {
  form: FormMetadata<EditorFields, string[]>;
  values: FieldMetadata<FormGroup["values"], EditorFields, string[]>;
  value: FieldMetadata<FormGroup["values"][number], EditorFields, string[]>;
  groupIndex: number;
  valueIndex: number;
  removable: boolean;
  disabled?: boolean;
}) {
  const hydrated = useHydrated();
  const { filterType, value: content } = value.getFieldset();
  const initialType = typeof filterType.initialValue === "string" ? filterType.initialValue : "keywords";
  const currentType = typeof filterType.value === "string" ? filterType.value : initialType;
  const types = (OFFERED_FILTER_TYPES as readonly string[]).includes(initialType)
    ? OFFERED_FILTER_TYPES
    : [...OFFERED_FILTER_TYPES, initialType];
  // A value typed for another filter type would not fit the new one: it starts empty.
  const initial = currentType === initialType && typeof content.initialValue === "string" ? content.initialValue : "";
  const errors = content.errors ?? [];
  const position = LABELS.valuePosition(groupIndex, valueIndex + 1);
  const choices = CHOICES[currentType];
  return (
    <li data-testid="query-value" className="flex flex-wrap items-start gap-2">
      <div className="w-36 shrink-0">
        <label htmlFor={filterType.id} className="sr-only">
          {LABELS.filterOn(position)}
        </label>
        <select
          id={filterType.id}
          name={filterType.name}
          key={filterType.key}
          defaultValue={initialType}
          disabled={disabled}
          className={`${CONTROL} border-slate-300`}
        >
          {types.map((type) => (
            <option key={type} value={type}>
              {FILTER_TYPE_LABELS[type] ?? type}
            </option>
          ))}
        </select>
      </div>
      {hydrated || disabled ? null : (
        // Without JavaScript the value field follows a new filter type once the form comes back.
        <button {...form.validate.getButtonProps({ name: filterType.name })} className={SMALL_BUTTON}>
          {LABELS.applyFilterType}
        </button>
      )}
      <div className="min-w-0 flex-1 basis-48 space-y-1">
        <label htmlFor={content.id} className="sr-only">
          {LABELS.valueOf(position)}
        </label>
        {choices ? (
          <select
            id={content.id}
            name={content.name}
            key={`${content.key}-${currentType}`}
            defaultValue={initial}
            disabled={disabled}
            aria-invalid={errors.length ? true : undefined}
            aria-describedby={errors.length ? content.errorId : undefined}
            className={`${CONTROL} ${errors.length ? "border-red-500" : "border-slate-300"}`}
          >
            <option value="">{LABELS.chooseValue}</option>
            {choices.map((choice) => (
              <option key={choice.value} value={choice.value}>
                {choice.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            {...getInputProps(content, { type: "text", ariaAttributes: true })}
            key={`${content.key}-${currentType}`}
            defaultValue={initial}
            disabled={disabled}
            autoComplete="off"
            spellCheck={false}
            placeholder={currentType === "keywords" ? LABELS.keywordsValuePlaceholder : LABELS.idsPlaceholder}
            className={`${CONTROL} ${currentType === "keywords" ? "font-mono" : ""} ${errors.length ? "border-red-500" : "border-slate-300"}`}
          />
        )}
        <FieldErrors id={content.errorId} errors={errors} />
      </div>
      {removable ? (
        <button
          {...form.remove.getButtonProps({ name: values.name, index: valueIndex })}
          className={`${SMALL_BUTTON} text-red-700`}
          aria-label={LABELS.removeValue(position)}
        >
          <span aria-hidden>×</span>
        </button>
      ) : null}
    </li>
  );
}
