import { useState } from "react";
import { MESSAGES } from "../../../domain/messages";
import { useDetailsDismiss } from "../../lib/use-details-dismiss";
import { FieldErrors } from "../ui/field";

export interface CountSelectOption {
  value: string;
  label: string;
}

/**
 * A multi-select that shows only how many are chosen (spec §9): its button reads the placeholder, or
 * 'N chosen'. Native checkboxes in a <details> popover, so it posts without JavaScript; once hydrated
 * the count follows the ticks and a click outside or Escape closes it.
 */
export function CountSelect({
  label,
  placeholder,
  name,
  options,
  initial,
  form,
  errors,
  errorId,
  testId,
  onChange,
  hideLabel = false,
}: {
  label: string;
  placeholder: string;
  name: string;
  options: readonly CountSelectOption[];
  initial: readonly string[];
  /** The id of the form the boxes belong to, when they sit outside it. */
  form?: string;
  errors?: string[] | undefined;
  errorId?: string;
  testId?: string;
  onChange?: (chosen: string[]) => void;
  hideLabel?: boolean;
}) {
  const [chosen, setChosen] = useState(() => new Set(initial));
  const popover = useDetailsDismiss();
  const labelId = `${name}-${testId ?? "select"}-label`;
  const summary = chosen.size ? MESSAGES.chosenCount(chosen.size) : placeholder;
  // What was ticked when drawn comes first, so a long list never hides it.
  const ordered = [...options.filter((o) => initial.includes(o.value)), ...options.filter((o) => !initial.includes(o.value))];
  return (
    <div className="space-y-1">
      <span id={labelId} className={hideLabel ? "sr-only" : "block text-sm font-medium text-slate-700"}>
        {label}
      </span>
      <details ref={popover} className="group relative" data-testid={testId}>
        <summary
          aria-labelledby={`${labelId} ${labelId}-value`}
          aria-describedby={errors?.length ? errorId : undefined}
          className={`flex cursor-pointer list-none items-center justify-between gap-2 rounded-md border bg-white px-3 py-1.5 text-sm shadow-sm ${errors?.length ? "border-red-500" : "border-slate-300"}`}
        >
          <span id={`${labelId}-value`} className={chosen.size ? "text-ink" : "text-slate-500"}>
            {summary}
          </span>
          <svg viewBox="0 0 16 16" className="size-3.5 shrink-0 text-slate-500 group-open:rotate-180" aria-hidden fill="none" stroke="currentColor" strokeWidth="2">
            <path d="M4 6l4 4 4-4" />
          </svg>
        </summary>
        <div className="absolute left-0 z-20 mt-1 max-h-60 w-56 overflow-auto rounded-md border border-slate-200 bg-white p-2 shadow-lg">
          <ul aria-labelledby={labelId} className="space-y-0.5">
            {ordered.map((option) => (
              <li key={option.value}>
                <label className="flex items-center gap-2 rounded px-2 py-1 text-sm hover:bg-slate-50">
                  <input
                    type="checkbox"
                    name={name}
                    value={option.value}
                    form={form}
                    defaultChecked={initial.includes(option.value)}
                    onChange={(event) => {
                      const checked = event.target.checked;
                      const next = new Set(chosen);
                      if (checked) next.add(option.value);
                      else next.delete(option.value);
                      setChosen(next);
                      onChange?.([...next]);
                    }}
                    className="size-4 shrink-0 rounded border-slate-300 accent-brand-600"
                  />
                  <span className="truncate">{option.label}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      </details>
      <FieldErrors id={errorId} errors={errors} />
    </div>
  );
}
